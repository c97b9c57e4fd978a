import { defineModule } from '../module.js';
import { demo03StudentNormalRoutes } from './routes.js';
import { demo03StudentNormalService } from './service.js';

export default defineModule(({ route, ctx }) => {
  demo03StudentNormalRoutes(route, demo03StudentNormalService(ctx));
});
