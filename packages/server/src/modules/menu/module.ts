import { defineModule } from '../module.js';
import { menuRoutes } from './routes.js';
import { menuService } from './service.js';

export default defineModule(({ route, ctx }) => {
  menuRoutes(route, menuService(ctx));
});
