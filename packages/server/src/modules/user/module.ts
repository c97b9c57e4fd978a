import { defineModule } from '../module.js';
import { userAdminRoutes } from './admin-routes.js';
import { userAdminService } from './admin-service.js';

export default defineModule(({ route, ctx }) => {
  userAdminRoutes(route, ctx, userAdminService(ctx));
});
