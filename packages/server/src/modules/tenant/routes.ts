import { tenantGetIdByName } from '@app/contract';
import type { RouteRegistrar } from '../../plugins/routes.js';
import type { TenantService } from './service.js';

export const tenantRoutes = (route: RouteRegistrar, tenants: TenantService): void => {
  route(tenantGetIdByName, ({ query }) => tenants.getIdByName(query.name));
};
