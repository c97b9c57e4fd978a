import { defineModule } from '../module.js';
import { demo01ContactRoutes } from './routes.js';
import { demo01ContactService } from './service.js';

export default defineModule(({ route, ctx }) => {
  demo01ContactRoutes(route, demo01ContactService(ctx));
});
