import type {
  PageResult,
  permissionAssignRoleDataScopeReq,
  permissionAssignRoleMenuReq,
  permissionAssignUserRoleReq,
  Role,
  roleCreateReq,
  RoleFilters,
  rolePageReq,
  RoleSimple,
  roleUpdateReq,
  roleUpdateStatusReq,
} from '@app/contract';
import {
  DATA_SCOPE,
  DICT_TYPE,
  MenuError,
  ROLE_TYPE,
  RoleError,
  SUPER_ADMIN_ROLE,
  UserError,
} from '@app/contract';
import type { z } from 'zod';
import { STATUS_ENABLED, type AppContext, type LoginUser } from '../../context.js';
import { fail } from '../../lib/errors.js';
import { tenantMenuIds } from '../tenant-package/tenant-menus.js';
import { loadDictLabels, toXlsx } from '../../lib/crud/index.js';
import { roleRepository, type RoleRow } from './repository.js';

type Out<S extends z.ZodType> = z.output<S>;

const parseIds = (json: string): number[] => {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is number => Number.isSafeInteger(v)) : [];
  } catch {
    return [];
  }
};

export const toRole = (row: RoleRow): Role => ({
  id: row.id,
  name: row.name,
  code: row.code,
  sort: row.sort,
  status: row.status,
  type: row.type,
  remark: row.remark,
  dataScope: row.dataScope,
  dataScopeDeptIds: parseIds(row.dataScopeDeptIds),
  createTime: row.createTime,
});

/**
 * Roles of a tenant and what they grant: menus per role, roles per user, and the data scope.
 * Every write that changes grants publishes 'permission', so guarded requests and the next
 * get-permission-info see it at once (here and, with Redis, on every instance).
 */
export const roleService = (ctx: AppContext) => {
  const repo = roleRepository(ctx.db.kysely);
  const grantsChanged = () => ctx.bus.publish('permission');

  const mustExist = async (tenantId: number, id: number): Promise<RoleRow> => {
    const row = await repo.findById(tenantId, id);
    if (!row) throw fail(RoleError.ROLE_NOT_EXISTS);
    return row;
  };

  /** Built-in roles (type 1) are never changed through the API. */
  const mustBeChangeable = async (tenantId: number, id: number): Promise<RoleRow> => {
    const row = await mustExist(tenantId, id);
    if (row.type === ROLE_TYPE.SYSTEM) throw fail(RoleError.ROLE_CAN_NOT_UPDATE_SYSTEM_TYPE_ROLE);
    return row;
  };

  const mustBeUnique = async (tenantId: number, name: string, code: string, exceptId = 0) => {
    if (code === SUPER_ADMIN_ROLE) throw fail(RoleError.ROLE_ADMIN_CODE_ERROR, code);
    if (await repo.findOtherBy(tenantId, 'name', name, exceptId))
      throw fail(RoleError.ROLE_NAME_DUPLICATE, name);
    if (await repo.findOtherBy(tenantId, 'code', code, exceptId))
      throw fail(RoleError.ROLE_CODE_DUPLICATE, code);
  };

  return {
    async page(user: LoginUser, query: Out<typeof rolePageReq>): Promise<PageResult<Role>> {
      const { pageNo, pageSize, ...filters } = query;
      const { list, total } = await repo.page(user.tenantId, filters, { pageNo, pageSize });
      return { list: list.map(toRole), total };
    },

    async get(user: LoginUser, id: number): Promise<Role> {
      return toRole(await mustExist(user.tenantId, id));
    },

    listEnabledSimple: (user: LoginUser): Promise<RoleSimple[]> => repo.enabledSimple(user.tenantId),

    async create(user: LoginUser, body: Out<typeof roleCreateReq>): Promise<number> {
      await mustBeUnique(user.tenantId, body.name, body.code);
      const at = ctx.now();
      return repo.insert({
        tenantId: user.tenantId,
        name: body.name,
        code: body.code,
        sort: body.sort,
        remark: body.remark,
        status: STATUS_ENABLED,
        type: ROLE_TYPE.CUSTOM,
        dataScope: DATA_SCOPE.ALL,
        dataScopeDeptIds: '[]',
        creator: String(user.id),
        updater: String(user.id),
        createTime: at,
        updateTime: at,
      });
    },

    async update(user: LoginUser, body: Out<typeof roleUpdateReq>): Promise<boolean> {
      await mustBeChangeable(user.tenantId, body.id);
      await mustBeUnique(user.tenantId, body.name, body.code, body.id);
      await repo.update(user.tenantId, body.id, {
        name: body.name,
        code: body.code,
        sort: body.sort,
        remark: body.remark,
        updater: String(user.id),
        updateTime: ctx.now(),
      });
      await grantsChanged();
      return true;
    },

    async updateStatus(user: LoginUser, body: Out<typeof roleUpdateStatusReq>): Promise<boolean> {
      await mustBeChangeable(user.tenantId, body.id);
      await repo.update(user.tenantId, body.id, {
        status: body.status,
        updater: String(user.id),
        updateTime: ctx.now(),
      });
      await grantsChanged();
      return true;
    },

    async delete(user: LoginUser, id: number): Promise<boolean> {
      await mustBeChangeable(user.tenantId, id);
      await repo.delete(user.tenantId, id, ctx.now(), String(user.id));
      await grantsChanged();
      return true;
    },

    /** The filtered roles as an .xlsx workbook with the reference's Chinese headers. */
    async exportExcel(user: LoginUser, filters: RoleFilters): Promise<Buffer> {
      const rows = await repo.list(user.tenantId, filters);
      const { label } = await loadDictLabels(ctx.db.kysely, [
        DICT_TYPE.SYSTEM_DATA_SCOPE,
        DICT_TYPE.COMMON_STATUS,
      ]);
      return toXlsx<RoleRow>(
        '角色列表',
        [
          { header: '角色序号', width: 10, value: (r) => r.id },
          { header: '角色名称', width: 20, value: (r) => r.name },
          { header: '角色标志', width: 20, value: (r) => r.code },
          { header: '角色排序', width: 10, value: (r) => r.sort },
          { header: '数据范围', width: 22, value: (r) => label(DICT_TYPE.SYSTEM_DATA_SCOPE, r.dataScope) },
          { header: '角色状态', width: 10, value: (r) => label(DICT_TYPE.COMMON_STATUS, r.status) },
        ],
        rows,
      );
    },

    async listRoleMenus(user: LoginUser, roleId: number): Promise<number[]> {
      await mustExist(user.tenantId, roleId);
      return repo.menuIdsOfRole(user.tenantId, roleId);
    },

    async assignRoleMenu(user: LoginUser, body: Out<typeof permissionAssignRoleMenuReq>): Promise<boolean> {
      await mustExist(user.tenantId, body.roleId);
      const existing = new Set(await repo.existingMenuIds(body.menuIds));
      const missing = body.menuIds.find((id) => !existing.has(id));
      if (missing !== undefined) throw fail(MenuError.MENU_NOT_EXISTS);
      // A tenant's roles hold only menus of its package; to the tenant, the others do not exist.
      const allowed = await tenantMenuIds(ctx.db.kysely, user.tenantId);
      if (allowed && body.menuIds.some((id) => !allowed.has(id))) throw fail(MenuError.MENU_NOT_EXISTS);
      await repo.replaceRoleMenus(user.tenantId, body.roleId, body.menuIds, ctx.now(), String(user.id));
      await grantsChanged();
      return true;
    },

    async assignRoleDataScope(
      user: LoginUser,
      body: Out<typeof permissionAssignRoleDataScopeReq>,
    ): Promise<boolean> {
      await mustBeChangeable(user.tenantId, body.roleId);
      const deptIds = body.dataScope === DATA_SCOPE.DEPT_CUSTOM ? body.dataScopeDeptIds : [];
      await repo.update(user.tenantId, body.roleId, {
        dataScope: body.dataScope,
        dataScopeDeptIds: JSON.stringify(deptIds),
        updater: String(user.id),
        updateTime: ctx.now(),
      });
      await grantsChanged();
      return true;
    },

    async listUserRoles(user: LoginUser, userId: number): Promise<number[]> {
      return repo.roleIdsOfUser(user.tenantId, userId);
    },

    async assignUserRole(user: LoginUser, body: Out<typeof permissionAssignUserRoleReq>): Promise<boolean> {
      if (!(await repo.userExists(user.tenantId, body.userId))) throw fail(UserError.USER_NOT_EXISTS);
      const roles = await repo.findByIds(user.tenantId, body.roleIds);
      if (roles.length !== body.roleIds.length) throw fail(RoleError.ROLE_NOT_EXISTS);
      await repo.replaceUserRoles(user.tenantId, body.userId, body.roleIds, ctx.now(), String(user.id));
      await grantsChanged();
      return true;
    },
  };
};
export type RoleService = ReturnType<typeof roleService>;
