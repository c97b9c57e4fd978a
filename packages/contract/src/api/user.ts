import { z } from 'zod';
import { defineEndpoint, permission, SIGNED_IN } from '../endpoint.js';
import { readTimeRange, stringOrList } from '../query.js';
import { epochMillis, pageParam, pageResult } from '../result.js';
import {
  commonStatus,
  emailText,
  idListTooLong,
  idQuery,
  MAX_ID_LIST,
  optionalText,
  statusParam,
  textParam,
} from '../fields.js';
import { MOBILE_PATTERN } from './profile.js';

/** A user as `get` answers. */
export const adminUser = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  remark: z.string().nullable(),
  deptId: z.number().int().nullable(),
  postIds: z.array(z.number().int()),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  /** Dictionary `system_user_sex`: 1 男, 2 女. */
  sex: z.number().int().nullable(),
  avatar: z.string().nullable(),
  status: z.number().int(),
  loginIp: z.string().nullable(),
  loginDate: epochMillis.nullable(),
  createTime: epochMillis,
});
export type AdminUser = z.output<typeof adminUser>;

/** A row of the user page: the user plus its department. */
export const userPageItem = adminUser.extend({
  dept: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type UserPageItem = z.output<typeof userPageItem>;

export const userSimple = z.object({ id: z.number().int(), nickname: z.string() });
export type UserSimple = z.output<typeof userSimple>;

const optionalId = (label: string) =>
  z
    .union([
      z.literal(''),
      z.coerce
        .number({ error: `${label}必须是数字` })
        .int(`${label}必须是整数`)
        .positive(),
    ])
    .optional()
    .transform((v) => (v === '' ? undefined : v));

const userFilter = {
  username: textParam,
  mobile: textParam,
  status: statusParam,
  /** The department and every department below it. */
  deptId: optionalId('部门编号'),
  createTime: stringOrList.optional(),
  'createTime[0]': z.string().optional(),
  'createTime[1]': z.string().optional(),
};

const readUserFilter = (
  raw: Record<string, unknown> & { username?: string; mobile?: string; status?: number; deptId?: number },
  ctx: z.RefinementCtx,
) => ({
  username: raw.username,
  mobile: raw.mobile,
  status: raw.status,
  deptId: raw.deptId,
  createTime: readTimeRange(raw, 'createTime', '创建时间', ctx),
});

export const userPageReq = pageParam.extend(userFilter).transform((raw, ctx) => ({
  pageNo: raw.pageNo,
  pageSize: raw.pageSize,
  ...readUserFilter(raw, ctx),
}));
export type UserPageReq = z.input<typeof userPageReq>;

export const userExportReq = z.object(userFilter).transform((raw, ctx) => readUserFilter(raw, ctx));
export type UserExportReq = z.input<typeof userExportReq>;

export const USERNAME_PATTERN = /^[a-zA-Z0-9]{4,30}$/;

const password = z
  .string({ error: '密码不能为空' })
  .min(1, '密码不能为空')
  .min(4, '密码长度为 4-16 位')
  .max(16, '密码长度为 4-16 位');

const userFields = {
  username: z
    .string({ error: '用户账号不能为空' })
    .trim()
    .min(1, '用户账号不能为空')
    .regex(USERNAME_PATTERN, '用户账号由 4-30 位数字、字母组成'),
  nickname: z
    .string({ error: '用户昵称不能为空' })
    .trim()
    .min(1, '用户昵称不能为空')
    .max(30, '用户昵称长度不能超过 30 个字符'),
  remark: optionalText(z.string().trim().max(500, '备注长度不能超过 500 个字符')),
  deptId: z
    .number({ error: '部门编号必须是数字' })
    .int()
    .positive('部门编号不正确')
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  postIds: z
    .array(z.number({ error: '岗位编号必须是数字' }).int().positive('岗位编号不正确'), {
      error: '岗位编号列表不正确',
    })
    .max(MAX_ID_LIST, idListTooLong('岗位编号'))
    .nullable()
    .optional()
    .transform((v) => [...new Set(v ?? [])]),
  email: optionalText(emailText),
  mobile: optionalText(z.string().trim().regex(MOBILE_PATTERN, '手机号格式不正确')),
  sex: z
    .union([z.literal(1), z.literal(2)], { error: '用户性别只能是 1（男）或 2（女）' })
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  avatar: optionalText(z.string().trim().max(512, '头像地址长度不能超过 512 个字符')),
};

export const userCreateReq = z.object({ ...userFields, password });
export type UserCreateReq = z.input<typeof userCreateReq>;
export const userUpdateReq = z.object({
  id: z.number({ error: '用户编号不能为空' }).int().positive('用户编号不能为空'),
  ...userFields,
});
export type UserUpdateReq = z.input<typeof userUpdateReq>;

export const userUpdatePasswordReq = z.object({
  id: z.number({ error: '用户编号不能为空' }).int().positive('用户编号不能为空'),
  password,
});
export type UserUpdatePasswordReq = z.input<typeof userUpdatePasswordReq>;

export const userUpdateStatusReq = z.object({
  id: z.number({ error: '用户编号不能为空' }).int().positive('用户编号不能为空'),
  status: commonStatus,
});
export type UserUpdateStatusReq = z.input<typeof userUpdateStatusReq>;

/** What an import did, by username; failures carry their reason. */
export const userImportResult = z.object({
  createUsernames: z.array(z.string()),
  updateUsernames: z.array(z.string()),
  failureUsernames: z.record(z.string(), z.string()),
});
export type UserImportResult = z.output<typeof userImportResult>;

const TAG = '用户';

export const userPage = defineEndpoint({
  method: 'GET',
  path: '/system/user/page',
  summary: '获得用户分页（用户账号、手机号模糊，状态、部门（含下级部门）、创建时间范围过滤；按数据权限过滤）',
  tag: TAG,
  access: permission('system:user:list'),
  query: userPageReq,
  data: pageResult(userPageItem),
});

const simpleListSummary = '获取用户精简信息列表（只包含开启的用户，按数据权限过滤，用于下拉选项）';

export const userListAllSimple = defineEndpoint({
  method: 'GET',
  path: '/system/user/list-all-simple',
  summary: simpleListSummary,
  tag: TAG,
  access: SIGNED_IN,
  data: z.array(userSimple),
});

/** The same list under the name newer clients use. */
export const userSimpleList = defineEndpoint({
  method: 'GET',
  path: '/system/user/simple-list',
  summary: simpleListSummary,
  tag: TAG,
  access: SIGNED_IN,
  data: z.array(userSimple),
});

export const userGet = defineEndpoint({
  method: 'GET',
  path: '/system/user/get',
  summary: '获得用户详情',
  tag: TAG,
  access: permission('system:user:query'),
  query: idQuery,
  data: adminUser,
});

export const userCreate = defineEndpoint({
  method: 'POST',
  path: '/system/user/create',
  summary: '新增用户，返回编号（账号、手机号、邮箱不能重复；受租户账号额度限制）',
  tag: TAG,
  access: permission('system:user:create'),
  body: userCreateReq,
  data: z.number().int(),
});

export const userUpdate = defineEndpoint({
  method: 'PUT',
  path: '/system/user/update',
  summary: '修改用户（不修改密码与状态）',
  tag: TAG,
  access: permission('system:user:update'),
  body: userUpdateReq,
  data: z.boolean(),
});

export const userDelete = defineEndpoint({
  method: 'DELETE',
  path: '/system/user/delete',
  summary: '删除用户（连同其角色与岗位关联）',
  tag: TAG,
  access: permission('system:user:delete'),
  query: idQuery,
  data: z.boolean(),
});

export const userUpdatePassword = defineEndpoint({
  method: 'PUT',
  path: '/system/user/update-password',
  summary: '重置用户密码',
  tag: TAG,
  access: permission('system:user:update-password'),
  body: userUpdatePasswordReq,
  data: z.boolean(),
});

export const userUpdateStatus = defineEndpoint({
  method: 'PUT',
  path: '/system/user/update-status',
  summary: '修改用户状态',
  tag: TAG,
  access: permission('system:user:update'),
  body: userUpdateStatusReq,
  data: z.boolean(),
});

const exportSummary = '导出用户 Excel（.xlsx，条件同分页，不分页）';

export const userExport = defineEndpoint({
  method: 'GET',
  path: '/system/user/export',
  summary: exportSummary,
  tag: TAG,
  access: permission('system:user:export'),
  query: userExportReq,
  response: 'binary',
  data: z.unknown(),
});

/** The same export under the name newer clients use. */
export const userExportExcel = defineEndpoint({
  method: 'GET',
  path: '/system/user/export-excel',
  summary: exportSummary,
  tag: TAG,
  access: permission('system:user:export'),
  query: userExportReq,
  response: 'binary',
  data: z.unknown(),
});

export const userImportTemplate = defineEndpoint({
  method: 'GET',
  path: '/system/user/get-import-template',
  summary: '获得用户导入模板（.xlsx）',
  tag: TAG,
  access: permission('system:user:import'),
  response: 'binary',
  data: z.unknown(),
});

/** Largest import file accepted. */
export const USER_IMPORT_MAX_BYTES = 2 * 1024 * 1024;

export const userImport = defineEndpoint({
  method: 'POST',
  path: '/system/user/import',
  summary:
    '导入用户（multipart/form-data：文件字段 file 为 .xlsx，updateSupport=true 时更新已存在的用户；按用户账号报告新增、更新与失败）',
  tag: TAG,
  access: permission('system:user:import'),
  files: ['file'],
  query: z.object({
    updateSupport: z
      .union([z.boolean(), z.enum(['true', 'false'])], { error: '是否支持更新只能是 true 或 false' })
      .optional()
      .transform((v) => v === true || v === 'true'),
  }),
  data: userImportResult,
});
