import { defineModule } from '../module.js';
import { demo03StudentErpRoutes } from './routes.js';
import { demo03StudentErpService } from './service.js';

export default defineModule(({ route, ctx }) => {
  demo03StudentErpRoutes(route, demo03StudentErpService(ctx));
});
