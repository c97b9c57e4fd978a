import { z } from 'zod';
import { defineEndpoint, permission, SIGNED_IN } from '../endpoint.js';
import {
  commonStatus,
  idListTooLong,
  idQuery,
  MAX_ID_LIST,
  optionalText,
  statusParam,
  textParam,
} from '../fields.js';
import { readTimeRange, stringOrList } from '../query.js';
import { epochMillis, pageParam, pageResult } from '../result.js';

export const tenantPackage = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.number().int(),
  remark: z.string().nullable(),
  /** The menus the package's tenants may hold, parents included. */
  menuIds: z.array(z.number().int()),
  createTime: epochMillis,
});
export type TenantPackage = z.output<typeof tenantPackage>;

export const tenantPackageSimple = z.object({ id: z.number().int(), name: z.string() });
export type TenantPackageSimple = z.output<typeof tenantPackageSimple>;

const packageFilters = {
  name: textParam,
  status: statusParam,
  remark: textParam,
  createTime: stringOrList.optional(),
  'createTime[0]': z.string().optional(),
  'createTime[1]': z.string().optional(),
};
type RawPackageFilters = { name?: string; status?: number; remark?: string } & Record<string, unknown>;
const readPackageFilters = (raw: RawPackageFilters, ctx: z.RefinementCtx) => ({
  name: raw.name,
  status: raw.status,
  remark: raw.remark,
  createTime: readTimeRange(raw, 'createTime', '创建时间', ctx),
});
export type TenantPackageFilters = ReturnType<typeof readPackageFilters>;

export const tenantPackagePageReq = pageParam
  .extend(packageFilters)
  .transform((raw, ctx) => ({ pageNo: raw.pageNo, pageSize: raw.pageSize, ...readPackageFilters(raw, ctx) }));
export type TenantPackagePageReq = z.input<typeof tenantPackagePageReq>;

const packageFields = {
  name: z
    .string({ error: '套餐名不能为空' })
    .trim()
    .min(1, '套餐名不能为空')
    .max(30, '套餐名长度不能超过 30 个字符'),
  status: commonStatus,
  remark: optionalText(z.string().trim().max(256, '备注长度不能超过 256 个字符')),
  menuIds: z
    .array(z.number({ error: '菜单编号必须是数字' }).int().positive('菜单编号不正确'), {
      error: '关联的菜单编号不能为空',
    })
    .max(MAX_ID_LIST, idListTooLong('菜单编号'))
    .transform((ids) => [...new Set(ids)]),
};

export const tenantPackageCreateReq = z.object(packageFields);
export type TenantPackageCreateReq = z.input<typeof tenantPackageCreateReq>;
export const tenantPackageUpdateReq = z.object({
  id: z.number({ error: '套餐编号不能为空' }).int().positive('套餐编号不能为空'),
  ...packageFields,
});
export type TenantPackageUpdateReq = z.input<typeof tenantPackageUpdateReq>;

const TAG = '租户套餐';

export const tenantPackagePage = defineEndpoint({
  method: 'GET',
  path: '/system/tenant-package/page',
  summary: '获得租户套餐分页（套餐名、备注模糊，状态、创建时间过滤；仅系统租户）',
  tag: TAG,
  access: permission('system:tenant-package:query'),
  query: tenantPackagePageReq,
  data: pageResult(tenantPackage),
});

export const tenantPackageGet = defineEndpoint({
  method: 'GET',
  path: '/system/tenant-package/get',
  summary: '获得租户套餐（仅系统租户）',
  tag: TAG,
  access: permission('system:tenant-package:query'),
  query: idQuery,
  data: tenantPackage,
});

export const tenantPackageCreate = defineEndpoint({
  method: 'POST',
  path: '/system/tenant-package/create',
  summary: '创建租户套餐，返回编号（套餐名不能重复）',
  tag: TAG,
  access: permission('system:tenant-package:create'),
  body: tenantPackageCreateReq,
  data: z.number().int(),
});

export const tenantPackageUpdate = defineEndpoint({
  method: 'PUT',
  path: '/system/tenant-package/update',
  summary: '更新租户套餐；菜单变化时，使用该套餐的租户的角色随之收回套餐外的菜单',
  tag: TAG,
  access: permission('system:tenant-package:update'),
  body: tenantPackageUpdateReq,
  data: z.boolean(),
});

export const tenantPackageDelete = defineEndpoint({
  method: 'DELETE',
  path: '/system/tenant-package/delete',
  summary: '删除租户套餐（有租户在使用时不能删除）',
  tag: TAG,
  access: permission('system:tenant-package:delete'),
  query: idQuery,
  data: z.boolean(),
});

const simpleListSummary = '获取租户套餐精简信息列表（只包含开启的套餐，用于下拉选项；仅系统租户）';

export const tenantPackageGetSimpleList = defineEndpoint({
  method: 'GET',
  path: '/system/tenant-package/get-simple-list',
  summary: simpleListSummary,
  tag: TAG,
  access: SIGNED_IN,
  data: z.array(tenantPackageSimple),
});

/** The same list under the name newer clients use. */
export const tenantPackageSimpleList = defineEndpoint({
  method: 'GET',
  path: '/system/tenant-package/simple-list',
  summary: simpleListSummary,
  tag: TAG,
  access: SIGNED_IN,
  data: z.array(tenantPackageSimple),
});
