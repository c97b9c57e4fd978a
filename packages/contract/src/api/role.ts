import { z } from 'zod';
import { defineEndpoint, permission, SIGNED_IN } from '../endpoint.js';
import { readTimeRange, stringOrList } from '../query.js';
import { epochMillis, pageParam, pageResult } from '../result.js';
import {
  commonStatus,
  idListTooLong,
  idQuery,
  MAX_ID_LIST,
  optionalText,
  statusParam,
  textParam,
} from '../fields.js';

/** Dictionary `system_role_type`: 1 内置 (cannot be changed or deleted), 2 自定义. */
export const ROLE_TYPE = { SYSTEM: 1, CUSTOM: 2 } as const;

/** Dictionary `system_data_scope`. */
export const DATA_SCOPE = {
  ALL: 1,
  DEPT_CUSTOM: 2,
  DEPT_ONLY: 3,
  DEPT_AND_CHILD: 4,
  SELF: 5,
} as const;

export const role = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  sort: z.number().int(),
  status: z.number().int(),
  type: z.number().int(),
  remark: z.string().nullable(),
  dataScope: z.number().int(),
  /** Departments of the custom data scope (dataScope 2). */
  dataScopeDeptIds: z.array(z.number().int()),
  createTime: epochMillis,
});
export type Role = z.output<typeof role>;

export const roleSimple = z.object({ id: z.number().int(), name: z.string() });
export type RoleSimple = z.output<typeof roleSimple>;

const roleFilters = {
  name: textParam,
  code: textParam,
  status: statusParam,
  createTime: stringOrList.optional(),
  'createTime[0]': z.string().optional(),
  'createTime[1]': z.string().optional(),
};
type RawRoleFilters = { name?: string; code?: string; status?: number } & Record<string, unknown>;
const readRoleFilters = (raw: RawRoleFilters, ctx: z.RefinementCtx) => ({
  name: raw.name,
  code: raw.code,
  status: raw.status,
  createTime: readTimeRange(raw, 'createTime', '创建时间', ctx),
});
export type RoleFilters = ReturnType<typeof readRoleFilters>;

export const rolePageReq = pageParam
  .extend(roleFilters)
  .transform((raw, ctx) => ({ pageNo: raw.pageNo, pageSize: raw.pageSize, ...readRoleFilters(raw, ctx) }));
export type RolePageReq = z.input<typeof rolePageReq>;

export const roleExportReq = z.object(roleFilters).transform(readRoleFilters);
export type RoleExportReq = z.input<typeof roleExportReq>;

const roleFields = {
  name: z
    .string({ error: '角色名称不能为空' })
    .trim()
    .min(1, '角色名称不能为空')
    .max(30, '角色名称长度不能超过 30 个字符'),
  code: z
    .string({ error: '角色标志不能为空' })
    .trim()
    .min(1, '角色标志不能为空')
    .max(100, '角色标志长度不能超过 100 个字符'),
  sort: z.number({ error: '显示顺序不能为空' }).int('显示顺序必须是整数').min(0, '显示顺序不能小于 0'),
  remark: optionalText(z.string().max(500, '备注长度不能超过 500 个字符')),
};
const roleId = z.number({ error: '角色编号不能为空' }).int('角色编号必须是整数').positive('角色编号不能为空');
const idList = (label: string) =>
  z
    .array(
      z
        .number({ error: `${label}必须是数字` })
        .int(`${label}必须是整数`)
        .positive(`${label}不正确`),
      {
        error: `${label}必须是数组`,
      },
    )
    .max(MAX_ID_LIST, idListTooLong(label))
    .nullable()
    .optional()
    .transform((ids) => [...new Set(ids ?? [])]);

export const roleCreateReq = z.object(roleFields);
export type RoleCreateReq = z.input<typeof roleCreateReq>;
export const roleUpdateReq = z.object({ id: roleId, ...roleFields });
export type RoleUpdateReq = z.input<typeof roleUpdateReq>;
export const roleUpdateStatusReq = z.object({ id: roleId, status: commonStatus });
export type RoleUpdateStatusReq = z.input<typeof roleUpdateStatusReq>;

const TAG = '角色';

export const rolePage = defineEndpoint({
  method: 'GET',
  path: '/system/role/page',
  summary: '获得角色分页（名称、标志模糊匹配，状态、创建时间过滤；按排序）',
  tag: TAG,
  access: permission('system:role:query'),
  query: rolePageReq,
  data: pageResult(role),
});

export const roleGet = defineEndpoint({
  method: 'GET',
  path: '/system/role/get',
  summary: '获得角色信息',
  tag: TAG,
  access: permission('system:role:query'),
  query: idQuery,
  data: role,
});

export const roleCreate = defineEndpoint({
  method: 'POST',
  path: '/system/role/create',
  summary: '创建角色（自定义类型，开启，全部数据权限），返回编号',
  tag: TAG,
  access: permission('system:role:create'),
  body: roleCreateReq,
  data: z.number().int(),
});

export const roleUpdate = defineEndpoint({
  method: 'PUT',
  path: '/system/role/update',
  summary: '修改角色（内置角色不能修改）',
  tag: TAG,
  access: permission('system:role:update'),
  body: roleUpdateReq,
  data: z.boolean(),
});

export const roleUpdateStatus = defineEndpoint({
  method: 'PUT',
  path: '/system/role/update-status',
  summary: '修改角色状态（内置角色不能修改）',
  tag: TAG,
  access: permission('system:role:update'),
  body: roleUpdateStatusReq,
  data: z.boolean(),
});

export const roleDelete = defineEndpoint({
  method: 'DELETE',
  path: '/system/role/delete',
  summary: '删除角色（内置角色不能删除；同时解除其用户与菜单的授权）',
  tag: TAG,
  access: permission('system:role:delete'),
  query: idQuery,
  data: z.boolean(),
});

const simpleListSummary = '获取角色精简信息列表（只包含开启的角色，用于下拉选项）';

export const roleListAllSimple = defineEndpoint({
  method: 'GET',
  path: '/system/role/list-all-simple',
  summary: simpleListSummary,
  tag: TAG,
  access: SIGNED_IN,
  data: z.array(roleSimple),
});

/** The same list under the name newer clients use. */
export const roleSimpleList = defineEndpoint({
  method: 'GET',
  path: '/system/role/simple-list',
  summary: simpleListSummary,
  tag: TAG,
  access: SIGNED_IN,
  data: z.array(roleSimple),
});

const exportSummary = '导出角色 Excel（与分页相同的过滤条件）';

export const roleExport = defineEndpoint({
  method: 'GET',
  path: '/system/role/export',
  summary: exportSummary,
  tag: TAG,
  access: permission('system:role:export'),
  query: roleExportReq,
  response: 'binary',
  data: z.unknown(),
});

/** The same export under the name the reference client calls. */
export const roleExportExcel = defineEndpoint({
  method: 'GET',
  path: '/system/role/export-excel',
  summary: exportSummary,
  tag: TAG,
  access: permission('system:role:export'),
  query: roleExportReq,
  response: 'binary',
  data: z.unknown(),
});

/* Permission assignment */

const PERMISSION_TAG = '权限';

export const permissionListRoleMenus = defineEndpoint({
  method: 'GET',
  path: '/system/permission/list-role-menus',
  summary: '获得角色拥有的菜单编号',
  tag: PERMISSION_TAG,
  access: permission('system:permission:assign-role-menu'),
  query: z.object({ roleId: z.coerce.number({ error: '角色编号不能为空' }).pipe(roleId) }),
  data: z.array(z.number().int()),
});

export const permissionAssignRoleMenuReq = z.object({ roleId, menuIds: idList('菜单编号') });
export type PermissionAssignRoleMenuReq = z.input<typeof permissionAssignRoleMenuReq>;

export const permissionAssignRoleMenu = defineEndpoint({
  method: 'POST',
  path: '/system/permission/assign-role-menu',
  summary: '赋予角色菜单（整体替换；菜单必须存在）',
  tag: PERMISSION_TAG,
  access: permission('system:permission:assign-role-menu'),
  body: permissionAssignRoleMenuReq,
  data: z.boolean(),
});

export const permissionAssignRoleDataScopeReq = z.object({
  roleId,
  dataScope: z.union(
    Object.values(DATA_SCOPE).map((v) => z.literal(v)),
    { error: '数据范围必须是 [1, 2, 3, 4, 5]' },
  ),
  dataScopeDeptIds: idList('部门编号'),
});
export type PermissionAssignRoleDataScopeReq = z.input<typeof permissionAssignRoleDataScopeReq>;

export const permissionAssignRoleDataScope = defineEndpoint({
  method: 'POST',
  path: '/system/permission/assign-role-data-scope',
  summary: '赋予角色数据权限（dataScopeDeptIds 只在数据范围为 2 指定部门时保存；内置角色不能修改）',
  tag: PERMISSION_TAG,
  access: permission('system:permission:assign-role-data-scope'),
  body: permissionAssignRoleDataScopeReq,
  data: z.boolean(),
});

export const permissionListUserRoles = defineEndpoint({
  method: 'GET',
  path: '/system/permission/list-user-roles',
  summary: '获得用户拥有的角色编号',
  tag: PERMISSION_TAG,
  access: permission('system:permission:assign-user-role'),
  query: z.object({
    userId: z.coerce
      .number({ error: '用户编号不能为空' })
      .int('用户编号必须是整数')
      .positive('用户编号不能为空'),
  }),
  data: z.array(z.number().int()),
});

export const permissionAssignUserRoleReq = z.object({
  userId: z.number({ error: '用户编号不能为空' }).int('用户编号必须是整数').positive('用户编号不能为空'),
  roleIds: idList('角色编号'),
});
export type PermissionAssignUserRoleReq = z.input<typeof permissionAssignUserRoleReq>;

export const permissionAssignUserRole = defineEndpoint({
  method: 'POST',
  path: '/system/permission/assign-user-role',
  summary: '赋予用户角色（整体替换；用户与角色必须存在于本租户）',
  tag: PERMISSION_TAG,
  access: permission('system:permission:assign-user-role'),
  body: permissionAssignUserRoleReq,
  data: z.boolean(),
});
