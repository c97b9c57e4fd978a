import { z } from 'zod';
import { defineEndpoint, permission } from '../endpoint.js';
import { commonStatus, idQuery, optionalText, statusParam, textParam } from '../fields.js';
import { readTimeRange, stringOrList } from '../query.js';
import { epochMillis, pageParam, pageResult } from '../result.js';
import { MOBILE_PATTERN } from './profile.js';
import { USERNAME_PATTERN } from './user.js';

/** `package_id` of the system tenant: it holds every menu and cannot be changed or deleted. */
export const TENANT_PACKAGE_ID_SYSTEM = 0;
/** Code of the built-in role each new tenant's administrator holds (the package's menus). */
export const TENANT_ADMIN_ROLE = 'tenant_admin';
/** 绑定域名: an http(s) address. */
export const TENANT_DOMAIN_PATTERN = /^https?:\/\/[^\s/?#]+\S*$/;

export const tenant = z.object({
  id: z.number().int(),
  name: z.string(),
  contactName: z.string(),
  contactMobile: z.string().nullable(),
  status: z.number().int(),
  /** 绑定域名. */
  domain: z.string().nullable(),
  /** 0 = the system tenant. */
  packageId: z.number().int(),
  expireTime: epochMillis,
  accountCount: z.number().int(),
  createTime: epochMillis,
});
export type Tenant = z.output<typeof tenant>;

const tenantFilters = {
  name: textParam,
  contactName: textParam,
  contactMobile: textParam,
  status: statusParam,
  createTime: stringOrList.optional(),
  'createTime[0]': z.string().optional(),
  'createTime[1]': z.string().optional(),
};
type RawTenantFilters = {
  name?: string;
  contactName?: string;
  contactMobile?: string;
  status?: number;
} & Record<string, unknown>;
const readTenantFilters = (raw: RawTenantFilters, ctx: z.RefinementCtx) => ({
  name: raw.name,
  contactName: raw.contactName,
  contactMobile: raw.contactMobile,
  status: raw.status,
  createTime: readTimeRange(raw, 'createTime', '创建时间', ctx),
});
export type TenantFilters = ReturnType<typeof readTenantFilters>;

export const tenantPageReq = pageParam
  .extend(tenantFilters)
  .transform((raw, ctx) => ({ pageNo: raw.pageNo, pageSize: raw.pageSize, ...readTenantFilters(raw, ctx) }));
export type TenantPageReq = z.input<typeof tenantPageReq>;

export const tenantExportReq = z.object(tenantFilters).transform(readTenantFilters);
export type TenantExportReq = z.input<typeof tenantExportReq>;

const tenantFields = {
  name: z
    .string({ error: '租户名不能为空' })
    .trim()
    .min(1, '租户名不能为空')
    .max(30, '租户名长度不能超过 30 个字符'),
  contactName: z
    .string({ error: '联系人不能为空' })
    .trim()
    .min(1, '联系人不能为空')
    .max(30, '联系人长度不能超过 30 个字符'),
  // Also the administrator's mobile on create, so it must be a mobile number.
  contactMobile: optionalText(z.string().trim().regex(MOBILE_PATTERN, '联系手机格式不正确')),
  status: commonStatus,
  domain: optionalText(
    z
      .string()
      .trim()
      .max(256, '绑定域名长度不能超过 256 个字符')
      .regex(TENANT_DOMAIN_PATTERN, '绑定域名的地址非 URL 格式'),
  ),
  packageId: z
    .number({ error: '租户套餐编号不能为空' })
    .int('租户套餐编号必须是整数')
    .min(0, '租户套餐编号不正确'),
  expireTime: z
    .number({ error: '过期时间不能为空' })
    .int('过期时间必须是毫秒时间戳')
    .min(0, '过期时间不正确'),
  accountCount: z
    .number({ error: '账号额度不能为空' })
    .int('账号额度必须是整数')
    .min(0, '账号额度不能小于 0'),
};

export const tenantCreateReq = z.object({
  ...tenantFields,
  /** The tenant administrator's account, created with the tenant. */
  username: z
    .string({ error: '用户账号不能为空' })
    .trim()
    .min(1, '用户账号不能为空')
    .regex(USERNAME_PATTERN, '用户账号由 4-30 位数字、字母组成'),
  password: z
    .string({ error: '密码不能为空' })
    .min(1, '密码不能为空')
    .min(4, '密码长度为 4-16 位')
    .max(16, '密码长度为 4-16 位'),
});
export type TenantCreateReq = z.input<typeof tenantCreateReq>;

export const tenantUpdateReq = z.object({
  id: z.number({ error: '租户编号不能为空' }).int().positive('租户编号不能为空'),
  ...tenantFields,
});
export type TenantUpdateReq = z.input<typeof tenantUpdateReq>;

const TAG = '租户';

export const tenantPage = defineEndpoint({
  method: 'GET',
  path: '/system/tenant/page',
  summary: '获得租户分页（租户名、联系人、联系手机模糊，状态、创建时间过滤；仅系统租户）',
  tag: TAG,
  access: permission('system:tenant:query'),
  query: tenantPageReq,
  data: pageResult(tenant),
});

export const tenantGet = defineEndpoint({
  method: 'GET',
  path: '/system/tenant/get',
  summary: '获得租户（仅系统租户）',
  tag: TAG,
  access: permission('system:tenant:query'),
  query: idQuery,
  data: tenant,
});

export const tenantCreate = defineEndpoint({
  method: 'POST',
  path: '/system/tenant/create',
  summary: '创建租户，同时创建其管理员账号与 tenant_admin 角色（拥有套餐的菜单），返回编号',
  tag: TAG,
  access: permission('system:tenant:create'),
  body: tenantCreateReq,
  data: z.number().int(),
});

export const tenantUpdate = defineEndpoint({
  method: 'PUT',
  path: '/system/tenant/update',
  summary: '更新租户；更换套餐时，租户各角色的菜单随之收窄（系统租户不能修改）',
  tag: TAG,
  access: permission('system:tenant:update'),
  body: tenantUpdateReq,
  data: z.boolean(),
});

export const tenantDelete = defineEndpoint({
  method: 'DELETE',
  path: '/system/tenant/delete',
  summary: '删除租户（系统租户不能删除）',
  tag: TAG,
  access: permission('system:tenant:delete'),
  query: idQuery,
  data: z.boolean(),
});

export const tenantExportExcel = defineEndpoint({
  method: 'GET',
  path: '/system/tenant/export-excel',
  summary: '导出租户 Excel（.xlsx，条件同分页，不分页）',
  tag: TAG,
  access: permission('system:tenant:export'),
  query: tenantExportReq,
  response: 'binary',
  data: z.unknown(),
});
