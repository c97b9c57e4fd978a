import {
  permissionAssignRoleDataScope,
  permissionAssignRoleMenu,
  permissionAssignUserRole,
  permissionListRoleMenus,
  permissionListUserRoles,
  roleCreate,
  roleDelete,
  roleExport,
  roleExportExcel,
  roleGet,
  roleListAllSimple,
  rolePage,
  roleSimpleList,
  roleUpdate,
  roleUpdateStatus,
} from '@app/contract';
import type { RouteRegistrar } from '../../plugins/routes.js';
import { sendXlsx } from '../../lib/crud/index.js';
import type { RoleService } from './service.js';

export const roleRoutes = (route: RouteRegistrar, roles: RoleService): void => {
  route(rolePage, ({ user, query }) => roles.page(user, query));
  route(roleGet, ({ user, query }) => roles.get(user, query.id));
  route(roleCreate, ({ user, body }) => roles.create(user, body));
  route(roleUpdate, ({ user, body }) => roles.update(user, body));
  route(roleUpdateStatus, ({ user, body }) => roles.updateStatus(user, body));
  route(roleDelete, ({ user, query }) => roles.delete(user, query.id));
  route(roleListAllSimple, ({ user }) => roles.listEnabledSimple(user));
  route(roleSimpleList, ({ user }) => roles.listEnabledSimple(user));
  for (const endpoint of [roleExport, roleExportExcel])
    route.raw(endpoint, async ({ user, query }, reply) =>
      sendXlsx(reply, '角色数据.xlsx', await roles.exportExcel(user, query)),
    );

  route(permissionListRoleMenus, ({ user, query }) => roles.listRoleMenus(user, query.roleId));
  route(permissionAssignRoleMenu, ({ user, body }) => roles.assignRoleMenu(user, body));
  route(permissionAssignRoleDataScope, ({ user, body }) => roles.assignRoleDataScope(user, body));
  route(permissionListUserRoles, ({ user, query }) => roles.listUserRoles(user, query.userId));
  route(permissionAssignUserRole, ({ user, body }) => roles.assignUserRole(user, body));
};
