import { defineModule } from '../module.js';
import { configRoutes } from './routes.js';
import { configService } from './service.js';

export default defineModule(({ route, ctx }) => {
  configRoutes(route, configService(ctx));
});
