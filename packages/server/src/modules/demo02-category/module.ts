import { defineModule } from '../module.js';
import { demo02CategoryRoutes } from './routes.js';
import { demo02CategoryService } from './service.js';

export default defineModule(({ route, ctx }) => {
  demo02CategoryRoutes(route, demo02CategoryService(ctx));
});
