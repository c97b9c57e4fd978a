import { defineModule } from '../module.js';
import { loginLogRoutes } from './routes.js';
import { loginLogService } from './service.js';

export default defineModule(({ route, ctx }) => {
  loginLogRoutes(route, loginLogService(ctx));
});
