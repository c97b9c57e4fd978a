import {
  tenantCreate,
  tenantDelete,
  tenantExportExcel,
  tenantGet,
  tenantGetIdByName,
  tenantPage,
  tenantUpdate,
} from '@app/contract';
import type { RouteRegistrar } from '../../plugins/routes.js';
import { sendXlsx } from '../../lib/crud/index.js';
import type { TenantService } from './service.js';

export const tenantRoutes = (route: RouteRegistrar, tenants: TenantService): void => {
  route(tenantGetIdByName, ({ query }) => tenants.getIdByName(query.name));
  route(tenantPage, ({ user, query }) => tenants.page(user, query));
  route(tenantGet, ({ user, query }) => tenants.get(user, query.id));
  route(tenantCreate, ({ user, body }) => tenants.create(user, body));
  route(tenantUpdate, ({ user, body }) => tenants.update(user, body));
  route(tenantDelete, ({ user, query }) => tenants.delete(user, query.id));
  route.raw(tenantExportExcel, async ({ user, query }, reply) =>
    sendXlsx(reply, '租户.xlsx', await tenants.exportExcel(user, query)),
  );
};
