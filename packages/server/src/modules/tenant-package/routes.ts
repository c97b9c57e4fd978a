import {
  tenantPackageCreate,
  tenantPackageDelete,
  tenantPackageGet,
  tenantPackageGetSimpleList,
  tenantPackagePage,
  tenantPackageSimpleList,
  tenantPackageUpdate,
} from '@app/contract';
import type { RouteRegistrar } from '../../plugins/routes.js';
import type { TenantPackageService } from './service.js';

export const tenantPackageRoutes = (route: RouteRegistrar, packages: TenantPackageService): void => {
  route(tenantPackagePage, ({ user, query }) => packages.page(user, query));
  route(tenantPackageGet, ({ user, query }) => packages.get(user, query.id));
  route(tenantPackageCreate, ({ user, body }) => packages.create(user, body));
  route(tenantPackageUpdate, ({ user, body }) => packages.update(user, body));
  route(tenantPackageDelete, ({ user, query }) => packages.delete(user, query.id));
  route(tenantPackageGetSimpleList, ({ user }) => packages.simpleList(user));
  route(tenantPackageSimpleList, ({ user }) => packages.simpleList(user));
};
