import { defineModule } from '../module.js';
import { roleRoutes } from './routes.js';
import { roleService } from './service.js';

export default defineModule(({ route, ctx }) => {
  roleRoutes(route, roleService(ctx));
});
