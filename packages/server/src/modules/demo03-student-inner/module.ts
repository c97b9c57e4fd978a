import { defineModule } from '../module.js';
import { demo03StudentInnerRoutes } from './routes.js';
import { demo03StudentInnerService } from './service.js';

export default defineModule(({ route, ctx }) => {
  demo03StudentInnerRoutes(route, demo03StudentInnerService(ctx));
});
