import { defineModule } from '../module.js';
import { tenantRoutes } from './routes.js';

export default defineModule(({ route, tenants }) => {
  tenantRoutes(route, tenants);
});
