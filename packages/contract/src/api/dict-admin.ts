import { z } from 'zod';
import { defineEndpoint, permission, SIGNED_IN } from '../endpoint.js';
import { idParam, readTimeRange, stringOrList } from '../query.js';
import { epochMillis, pageParam, pageResult } from '../result.js';
import { dictDataSimple } from './dict.js';

/* Dictionary types (/system/dict-type) and their data (/system/dict-data), as the reference admin API. */

const idQuery = (label: string) => z.object({ id: idParam(label) });

/** An optional text filter; blank counts as not sent. */
const textFilter = (label: string, max = 100) =>
  z
    .string()
    .max(max, `${label}长度不能超过${max}个字符`)
    .optional()
    .transform((v) => v?.trim() || undefined);

/** An optional common_status filter (0 开启, 1 关闭); blank counts as not sent. */
const statusFilter = z
  .enum(['0', '1', ''], { error: '状态只能是 0（开启）或 1（关闭）' })
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : Number(v)));

const requiredText = (missing: string, max: number, tooLong: string) =>
  z.string({ error: missing }).trim().min(1, missing).max(max, tooLong);

const statusField = z
  .number({ error: (issue) => (issue.input === undefined ? '状态不能为空' : '状态必须是数字') })
  .refine((v) => v === 0 || v === 1, '状态只能是 0（开启）或 1（关闭）');

const remarkField = z
  .string({ error: '备注必须是文本' })
  .max(500, '备注长度不能超过500个字符')
  .nullish()
  .transform((v) => (v?.trim() ? v : null));

const bodyId = (label: string) =>
  z
    .number({ error: `${label}不能为空` })
    .int(`${label}格式不正确`)
    .positive(`${label}格式不正确`);

/** Field helpers shared by the dictionary, config and notice contracts (one export to keep index.ts clean). */
export const adminFormFields = {
  idQuery,
  textFilter,
  statusFilter,
  requiredText,
  statusField,
  remarkField,
  bodyId,
};

// ---------- 字典类型 ----------

export const dictTypeRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  /** common_status: 0 开启, 1 关闭. */
  status: z.number().int(),
  remark: z.string().nullable(),
  createTime: epochMillis,
});
export type DictTypeRecord = z.output<typeof dictTypeRecord>;

export const dictTypeSimple = z.object({ id: z.number().int(), name: z.string(), type: z.string() });
export type DictTypeSimple = z.output<typeof dictTypeSimple>;

const dictTypeFilterFields = {
  name: textFilter('字典名称'),
  type: textFilter('字典类型'),
  status: statusFilter,
  createTime: stringOrList.optional(),
  'createTime[0]': z.string().optional(),
  'createTime[1]': z.string().optional(),
};

const readDictTypeFilter = (
  raw: { name?: string; type?: string; status?: number } & Record<string, unknown>,
  ctx: z.RefinementCtx,
) => ({
  name: raw.name,
  type: raw.type,
  status: raw.status,
  createTime: readTimeRange(raw, 'createTime', '创建时间', ctx),
});
export type DictTypeFilter = ReturnType<typeof readDictTypeFilter>;

export const dictTypePageReq = pageParam
  .extend(dictTypeFilterFields)
  .transform((raw, ctx) => ({ pageNo: raw.pageNo, pageSize: raw.pageSize, ...readDictTypeFilter(raw, ctx) }));
export type DictTypePageReq = z.input<typeof dictTypePageReq>;

export const dictTypeExportReq = z
  .object(dictTypeFilterFields)
  .transform((raw, ctx) => readDictTypeFilter(raw, ctx));

const dictTypeFields = {
  name: requiredText('字典名称不能为空', 100, '字典类型名称长度不能超过100个字符'),
  status: statusField,
  remark: remarkField,
};

export const dictTypeCreateReq = z.object({
  ...dictTypeFields,
  type: requiredText('字典类型不能为空', 100, '字典类型类型长度不能超过100个字符'),
});
export type DictTypeCreateReq = z.input<typeof dictTypeCreateReq>;

/** The type itself cannot change once created (its data refer to it). */
export const dictTypeUpdateReq = z.object({ id: bodyId('字典类型编号'), ...dictTypeFields });
export type DictTypeUpdateReq = z.input<typeof dictTypeUpdateReq>;

export const dictTypePage = defineEndpoint({
  method: 'GET',
  path: '/system/dict-type/page',
  summary: '获得字典类型的分页列表（name、type 模糊匹配；createTime[0]、createTime[1] 为时间范围）',
  tag: '字典类型',
  access: permission('system:dict:query'),
  query: dictTypePageReq,
  data: pageResult(dictTypeRecord),
});

export const dictTypeGet = defineEndpoint({
  method: 'GET',
  path: '/system/dict-type/get',
  summary: '查询字典类型详细（不存在时 data 为 null）',
  tag: '字典类型',
  access: permission('system:dict:query'),
  query: idQuery('字典类型编号'),
  data: dictTypeRecord.nullable(),
});

export const dictTypeCreate = defineEndpoint({
  method: 'POST',
  path: '/system/dict-type/create',
  summary: '创建字典类型，返回编号',
  tag: '字典类型',
  access: permission('system:dict:create'),
  body: dictTypeCreateReq,
  data: z.number().int(),
});

export const dictTypeUpdate = defineEndpoint({
  method: 'PUT',
  path: '/system/dict-type/update',
  summary: '修改字典类型（类型本身不可修改）',
  tag: '字典类型',
  access: permission('system:dict:update'),
  body: dictTypeUpdateReq,
  data: z.boolean(),
});

export const dictTypeDelete = defineEndpoint({
  method: 'DELETE',
  path: '/system/dict-type/delete',
  summary: '删除字典类型（还有字典数据时不能删除）',
  tag: '字典类型',
  access: permission('system:dict:delete'),
  query: idQuery('字典类型编号'),
  data: z.boolean(),
});

export const dictTypeListAllSimple = defineEndpoint({
  method: 'GET',
  path: '/system/dict-type/list-all-simple',
  summary: '获得全部字典类型列表（包括开启和关闭的，用于下拉选项）',
  tag: '字典类型',
  access: SIGNED_IN,
  data: z.array(dictTypeSimple),
});

export const dictTypeExport = defineEndpoint({
  method: 'GET',
  path: '/system/dict-type/export',
  summary: '导出字典类型 Excel（.xlsx，过滤条件同分页）',
  tag: '字典类型',
  access: permission('system:dict:export'),
  query: dictTypeExportReq,
  response: 'binary',
  data: z.unknown(),
});

// ---------- 字典数据 ----------

export const dictDataRecord = z.object({
  id: z.number().int(),
  sort: z.number().int(),
  label: z.string(),
  value: z.string(),
  dictType: z.string(),
  status: z.number().int(),
  /** default, primary, success, info, warning or danger (the tag colour). */
  colorType: z.string(),
  cssClass: z.string(),
  remark: z.string().nullable(),
  createTime: epochMillis,
});
export type DictDataRecord = z.output<typeof dictDataRecord>;

const dictDataFilterFields = {
  label: textFilter('字典标签'),
  dictType: textFilter('字典类型'),
  status: statusFilter,
};

export const dictDataPageReq = pageParam.extend(dictDataFilterFields);
export type DictDataPageReq = z.input<typeof dictDataPageReq>;

export const dictDataExportReq = z.object(dictDataFilterFields);
export type DictDataFilter = z.output<typeof dictDataExportReq>;

export const dictDataCreateReq = z.object({
  sort: z
    .number({ error: '显示顺序不能为空' })
    .int('显示顺序必须是整数')
    .min(0, '显示顺序不能小于 0')
    .max(999_999, '显示顺序不能大于 999999'),
  label: requiredText('字典标签不能为空', 100, '字典标签长度不能超过100个字符'),
  value: requiredText('字典键值不能为空', 100, '字典键值长度不能超过100个字符'),
  dictType: requiredText('字典类型不能为空', 100, '字典类型长度不能超过100个字符'),
  status: statusField,
  colorType: z
    .string({ error: '颜色类型必须是文本' })
    .max(100, '颜色类型长度不能超过100个字符')
    .nullish()
    .transform((v) => v?.trim() ?? ''),
  cssClass: z
    .string({ error: 'CSS 样式必须是文本' })
    .max(100, 'CSS 样式长度不能超过100个字符')
    .nullish()
    .transform((v) => v?.trim() ?? ''),
  remark: remarkField,
});
export type DictDataCreateReq = z.input<typeof dictDataCreateReq>;

export const dictDataUpdateReq = dictDataCreateReq.extend({ id: bodyId('字典数据编号') });
export type DictDataUpdateReq = z.input<typeof dictDataUpdateReq>;

export const dictDataPage = defineEndpoint({
  method: 'GET',
  path: '/system/dict-data/page',
  summary: '获得字典数据的分页列表（label 模糊匹配，dictType 精确匹配）',
  tag: '字典数据',
  access: permission('system:dict:query'),
  query: dictDataPageReq,
  data: pageResult(dictDataRecord),
});

export const dictDataGet = defineEndpoint({
  method: 'GET',
  path: '/system/dict-data/get',
  summary: '查询字典数据详细（不存在时 data 为 null）',
  tag: '字典数据',
  access: permission('system:dict:query'),
  query: idQuery('字典数据编号'),
  data: dictDataRecord.nullable(),
});

export const dictDataByType = defineEndpoint({
  method: 'GET',
  path: '/system/dict-data/type/{type}',
  summary: '获得一个字典类型下开启的字典数据（按排序）',
  tag: '字典数据',
  access: SIGNED_IN,
  params: z.object({ type: z.string() }),
  data: z.array(dictDataSimple),
});

export const dictDataCreate = defineEndpoint({
  method: 'POST',
  path: '/system/dict-data/create',
  summary: '新增字典数据，返回编号（字典类型须存在且开启，同一类型下键值唯一）',
  tag: '字典数据',
  access: permission('system:dict:create'),
  body: dictDataCreateReq,
  data: z.number().int(),
});

export const dictDataUpdate = defineEndpoint({
  method: 'PUT',
  path: '/system/dict-data/update',
  summary: '修改字典数据',
  tag: '字典数据',
  access: permission('system:dict:update'),
  body: dictDataUpdateReq,
  data: z.boolean(),
});

export const dictDataDelete = defineEndpoint({
  method: 'DELETE',
  path: '/system/dict-data/delete',
  summary: '删除字典数据',
  tag: '字典数据',
  access: permission('system:dict:delete'),
  query: idQuery('字典数据编号'),
  data: z.boolean(),
});

export const dictDataExport = defineEndpoint({
  method: 'GET',
  path: '/system/dict-data/export',
  summary: '导出字典数据 Excel（.xlsx，过滤条件同分页）',
  tag: '字典数据',
  access: permission('system:dict:export'),
  query: dictDataExportReq,
  response: 'binary',
  data: z.unknown(),
});

/** The same exports under the later reference name (`export-excel`), which newer clients call. */
export const dictTypeExportExcel = defineEndpoint({
  ...dictTypeExport,
  path: '/system/dict-type/export-excel',
});
export const dictDataExportExcel = defineEndpoint({
  ...dictDataExport,
  path: '/system/dict-data/export-excel',
});
