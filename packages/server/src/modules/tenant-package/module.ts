import { defineModule } from '../module.js';
import { tenantPackageRoutes } from './routes.js';
import { tenantPackageService } from './service.js';

export default defineModule(({ route, ctx }) => {
  tenantPackageRoutes(route, tenantPackageService(ctx));
});
