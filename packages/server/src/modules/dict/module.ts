import { defineModule } from '../module.js';
import { dictAdminRoutes } from './admin-routes.js';
import { dictAdminService } from './admin-service.js';
import { dictRoutes } from './routes.js';

export default defineModule(({ route, ctx }) => {
  dictRoutes(route, ctx);
  dictAdminRoutes(route, dictAdminService(ctx));
});
