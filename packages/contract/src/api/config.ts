import { z } from 'zod';
import { defineEndpoint, permission, SIGNED_IN } from '../endpoint.js';
import { readTimeRange, stringOrList } from '../query.js';
import { epochMillis, pageParam, pageResult } from '../result.js';
import { adminFormFields } from './dict-admin.js';

/* Configuration parameters (/infra/config), global to all tenants as in the reference. */

const { idQuery, textFilter, requiredText, remarkField, bodyId } = adminFormFields;

/** infra_config_type: 1 系统内置 (cannot be deleted), 2 自定义. */
export const CONFIG_TYPE_VALUE = { SYSTEM: 1, CUSTOM: 2 } as const;

export const infraConfig = z.object({
  id: z.number().int(),
  category: z.string(),
  name: z.string(),
  key: z.string(),
  value: z.string(),
  type: z.number().int(),
  /** false: get-value-by-key refuses the key. */
  visible: z.boolean(),
  remark: z.string().nullable(),
  createTime: epochMillis,
});
export type InfraConfig = z.output<typeof infraConfig>;

const filterFields = {
  name: textFilter('参数名称'),
  key: textFilter('参数键名'),
  type: z
    .enum(['1', '2', ''], { error: '参数类型只能是 1（系统内置）或 2（自定义）' })
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : Number(v))),
  createTime: stringOrList.optional(),
  'createTime[0]': z.string().optional(),
  'createTime[1]': z.string().optional(),
};

const readFilter = (
  raw: { name?: string; key?: string; type?: number } & Record<string, unknown>,
  ctx: z.RefinementCtx,
) => ({
  name: raw.name,
  key: raw.key,
  type: raw.type,
  createTime: readTimeRange(raw, 'createTime', '创建时间', ctx),
});
export type InfraConfigFilter = ReturnType<typeof readFilter>;

export const infraConfigPageReq = pageParam
  .extend(filterFields)
  .transform((raw, ctx) => ({ pageNo: raw.pageNo, pageSize: raw.pageSize, ...readFilter(raw, ctx) }));
export type InfraConfigPageReq = z.input<typeof infraConfigPageReq>;

const editableFields = {
  category: requiredText('参数分组不能为空', 50, '参数分组不能超过50个字符'),
  name: requiredText('参数名称不能为空', 100, '参数名称不能超过100个字符'),
  value: z
    .string({ error: '参数键值不能为空' })
    .min(1, '参数键值不能为空')
    .max(500, '参数键值长度不能超过500个字符')
    .refine((v) => v.trim() !== '', '参数键值不能为空'),
  visible: z.boolean({ error: '是否可见不能为空' }),
  remark: remarkField,
};

export const infraConfigCreateReq = z.object({
  ...editableFields,
  key: requiredText('参数键名不能为空', 100, '参数键名长度不能超过100个字符'),
});
export type InfraConfigCreateReq = z.input<typeof infraConfigCreateReq>;

/** The key cannot change once created (code reads values by key). */
export const infraConfigUpdateReq = z.object({ id: bodyId('参数配置编号'), ...editableFields });
export type InfraConfigUpdateReq = z.input<typeof infraConfigUpdateReq>;

export const infraConfigPage = defineEndpoint({
  method: 'GET',
  path: '/infra/config/page',
  summary: '获取参数配置分页（name、key 模糊匹配；createTime[0]、createTime[1] 为时间范围）',
  tag: '参数配置',
  access: permission('infra:config:query'),
  query: infraConfigPageReq,
  data: pageResult(infraConfig),
});

export const infraConfigGet = defineEndpoint({
  method: 'GET',
  path: '/infra/config/get',
  summary: '获得参数配置（不存在时 data 为 null）',
  tag: '参数配置',
  access: permission('infra:config:query'),
  query: idQuery('参数配置编号'),
  data: infraConfig.nullable(),
});

export const infraConfigGetValueByKey = defineEndpoint({
  method: 'GET',
  path: '/infra/config/get-value-by-key',
  summary: '根据参数键名查询参数值（不可见的配置不返回；不存在时 data 为 null）',
  tag: '参数配置',
  access: SIGNED_IN,
  query: z.object({ key: requiredText('参数键名不能为空', 100, '参数键名长度不能超过100个字符') }),
  data: z.string().nullable(),
});

export const infraConfigCreate = defineEndpoint({
  method: 'POST',
  path: '/infra/config/create',
  summary: '创建参数配置（类型为自定义），返回编号',
  tag: '参数配置',
  access: permission('infra:config:create'),
  body: infraConfigCreateReq,
  data: z.number().int(),
});

export const infraConfigUpdate = defineEndpoint({
  method: 'PUT',
  path: '/infra/config/update',
  summary: '修改参数配置（键名不可修改）',
  tag: '参数配置',
  access: permission('infra:config:update'),
  body: infraConfigUpdateReq,
  data: z.boolean(),
});

export const infraConfigDelete = defineEndpoint({
  method: 'DELETE',
  path: '/infra/config/delete',
  summary: '删除参数配置（系统内置的不能删除）',
  tag: '参数配置',
  access: permission('infra:config:delete'),
  query: idQuery('参数配置编号'),
  data: z.boolean(),
});

export const infraConfigExport = defineEndpoint({
  method: 'GET',
  path: '/infra/config/export',
  summary: '导出参数配置 Excel（.xlsx，过滤条件同分页）',
  tag: '参数配置',
  access: permission('infra:config:export'),
  query: z.object(filterFields).transform((raw, ctx) => readFilter(raw, ctx)),
  response: 'binary',
  data: z.unknown(),
});

/** The same export under the later reference name (`export-excel`), which newer clients call. */
export const infraConfigExportExcel = defineEndpoint({
  ...infraConfigExport,
  path: '/infra/config/export-excel',
});
