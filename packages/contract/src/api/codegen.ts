import { z } from 'zod';
import { defineEndpoint, permission } from '../endpoint.js';
import { readTimeRange, stringOrList } from '../query.js';
import { epochMillis, pageParam, pageResult } from '../result.js';
import { adminFormFields } from './dict-admin.js';

/*
 * Code generation (/infra/codegen), as the reference v2.0 admin API: tables of a data source are
 * imported with their columns, their generation settings edited, and a module of this project
 * (contract, server, web, migration, menus, API test) previewed or downloaded as a zip.
 */

const { textFilter } = adminFormFields;

/** infra_codegen_template_type, as the reference v2.0 knows them; see CODEGEN_SUPPORTED_TEMPLATES. */
export const CODEGEN_TEMPLATE_TYPE = {
  ONE: 1,
  TREE: 2,
  MASTER_NORMAL: 10,
  MASTER_ERP: 11,
  MASTER_INNER: 12,
  SUB: 15,
} as const;

/** The templates this generator writes (a sub-table's code comes with its master's). */
export const CODEGEN_SUPPORTED_TEMPLATES: readonly number[] = [
  CODEGEN_TEMPLATE_TYPE.ONE,
  CODEGEN_TEMPLATE_TYPE.TREE,
  CODEGEN_TEMPLATE_TYPE.MASTER_NORMAL,
  CODEGEN_TEMPLATE_TYPE.MASTER_ERP,
  CODEGEN_TEMPLATE_TYPE.MASTER_INNER,
  CODEGEN_TEMPLATE_TYPE.SUB,
];

/** infra_codegen_scene: 1 管理后台, 2 用户 APP (this project has no app API, so only 1 generates). */
export const CODEGEN_SCENE = { ADMIN: 1, APP: 2 } as const;

/** infra_codegen_front_type: the reference's Vue variants, and ours (React + antd on the CRUD kit). */
export const CODEGEN_FRONT_TYPE = { REACT_ANTD: 50 } as const;

/** The reference's Java types, kept as the column's type names; the generator maps them to zod and TypeScript. */
export const CODEGEN_JAVA_TYPES = [
  'Long',
  'String',
  'Integer',
  'Double',
  'BigDecimal',
  'LocalDateTime',
  'Boolean',
] as const;

/** 查询方式 (the reference client sends "<>" for its "<" option; both mean "less than" here, as there). */
export const CODEGEN_CONDITIONS = ['=', '!=', '>', '>=', '<', '<>', '<=', 'LIKE', 'BETWEEN'] as const;

/** 显示类型: the form widget of a column. */
export const CODEGEN_HTML_TYPES = [
  'input',
  'textarea',
  'select',
  'radio',
  'checkbox',
  'datetime',
  'imageUpload',
  'fileUpload',
  'editor',
] as const;

export const codegenTable = z.object({
  id: z.number().int(),
  dataSourceConfigId: z.number().int(),
  scene: z.number().int(),
  tableName: z.string(),
  tableComment: z.string(),
  remark: z.string().nullable(),
  moduleName: z.string(),
  businessName: z.string(),
  className: z.string(),
  classComment: z.string(),
  author: z.string(),
  templateType: z.number().int(),
  frontType: z.number().int(),
  parentMenuId: z.number().int().nullable(),
  masterTableId: z.number().int().nullable(),
  subJoinColumnId: z.number().int().nullable(),
  subJoinMany: z.boolean().nullable(),
  treeParentColumnId: z.number().int().nullable(),
  treeNameColumnId: z.number().int().nullable(),
  createTime: epochMillis,
  updateTime: epochMillis,
});
export type CodegenTable = z.output<typeof codegenTable>;

export const codegenColumn = z.object({
  id: z.number().int(),
  tableId: z.number().int(),
  columnName: z.string(),
  dataType: z.string(),
  columnComment: z.string(),
  nullable: z.boolean(),
  primaryKey: z.boolean(),
  autoIncrement: z.boolean(),
  ordinalPosition: z.number().int(),
  javaType: z.string(),
  javaField: z.string(),
  dictType: z.string(),
  example: z.string(),
  createOperation: z.boolean(),
  updateOperation: z.boolean(),
  listOperation: z.boolean(),
  listOperationCondition: z.string(),
  listOperationResult: z.boolean(),
  htmlType: z.string(),
  createTime: epochMillis,
});
export type CodegenColumn = z.output<typeof codegenColumn>;

export const codegenDetail = z.object({ table: codegenTable, columns: z.array(codegenColumn) });
export type CodegenDetail = z.output<typeof codegenDetail>;

/** A table of a data source, as the import dialog lists it. */
export const databaseTable = z.object({ name: z.string(), comment: z.string() });
export type DatabaseTable = z.output<typeof databaseTable>;

export const codegenPreviewFile = z.object({ filePath: z.string(), code: z.string() });
export type CodegenPreviewFile = z.output<typeof codegenPreviewFile>;

const numberText = (label: string, { min }: { min: number }) =>
  z.union([z.string(), z.number()], { error: `${label}不能为空` }).transform((v, ctx) => {
    const n = Number(v);
    if (String(v).trim() === '' || !Number.isSafeInteger(n) || n < min) {
      ctx.addIssue({ code: 'custom', message: `${label}格式不正确` });
      return z.NEVER;
    }
    return n;
  });

const dataSourceIdQuery = numberText('数据源配置编号', { min: 0 });
const tableIdQuery = z.object({ tableId: numberText('表定义编号', { min: 1 }) });

const pageFilterFields = {
  tableName: textFilter('表名称', 200),
  tableComment: textFilter('表描述', 500),
  className: textFilter('实体类名称', 100),
  createTime: stringOrList.optional(),
  'createTime[0]': z.string().optional(),
  'createTime[1]': z.string().optional(),
};

export const codegenTablePageReq = pageParam.extend(pageFilterFields).transform((raw, ctx) => ({
  pageNo: raw.pageNo,
  pageSize: raw.pageSize,
  tableName: raw.tableName,
  tableComment: raw.tableComment,
  className: raw.className,
  createTime: readTimeRange(raw, 'createTime', '创建时间', ctx),
}));
export type CodegenTablePageReq = z.input<typeof codegenTablePageReq>;
export type CodegenTableFilter = z.output<typeof codegenTablePageReq>;

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

const required = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `${message.replace('不能为空', '')}不能超过${max}个字符`);

const optionalId = (label: string) =>
  z
    .number({ error: `${label}格式不正确` })
    .int(`${label}格式不正确`)
    .nonnegative(`${label}格式不正确`)
    .nullish()
    .transform((v) => v ?? null);

export const codegenTableUpdate = z.object({
  id: z.number({ error: '表定义编号不能为空' }).int('表定义编号格式不正确').positive('表定义编号格式不正确'),
  scene: z.number({ error: '生成场景不能为空' }).int('生成场景格式不正确'),
  tableName: required('表名称不能为空', 200),
  tableComment: required('表描述不能为空', 500),
  remark: z
    .string({ error: '备注必须是文本' })
    .max(500, '备注不能超过500个字符')
    .nullish()
    .transform((v) => (v?.trim() ? v : null)),
  moduleName: required('模块名不能为空', 30).regex(
    /^[a-z][a-z0-9]*$/,
    '模块名只能包含小写字母和数字，且以字母开头',
  ),
  businessName: required('业务名不能为空', 30).regex(
    /^[a-z][a-z0-9]*(?:[-_][a-z0-9]+)*$/,
    '业务名只能包含小写字母、数字和连字符，且以字母开头',
  ),
  className: required('类名称不能为空', 60).regex(
    /^[A-Z][A-Za-z0-9]*$/,
    '类名称必须是大写字母开头的字母和数字',
  ),
  classComment: required('类描述不能为空', 60),
  author: required('作者不能为空', 60),
  templateType: z.number({ error: '生成模板不能为空' }).int('生成模板格式不正确'),
  frontType: z.number({ error: '前端类型不能为空' }).int('前端类型格式不正确'),
  parentMenuId: optionalId('上级菜单编号'),
  masterTableId: optionalId('主表编号'),
  subJoinColumnId: optionalId('子表关联的字段编号'),
  subJoinMany: z
    .boolean({ error: '关联关系格式不正确' })
    .nullish()
    .transform((v) => v ?? null),
  treeParentColumnId: optionalId('父编号字段'),
  treeNameColumnId: optionalId('树名称字段'),
});

export const codegenColumnUpdate = z.object({
  id: z.number({ error: '字段编号不能为空' }).int('字段编号格式不正确').positive('字段编号格式不正确'),
  columnComment: required('字段描述不能为空', 500),
  javaType: z.enum(CODEGEN_JAVA_TYPES, { error: `Java类型只能是 ${CODEGEN_JAVA_TYPES.join('、')} 之一` }),
  javaField: required('java属性不能为空', 64).regex(
    /^[a-z][A-Za-z0-9]*$/,
    'java属性必须是小写字母开头的字母和数字',
  ),
  dictType: z
    .string({ error: '字典类型必须是文本' })
    .max(200, '字典类型不能超过200个字符')
    .nullish()
    .transform((v) => v?.trim() ?? ''),
  example: z
    .string({ error: '示例必须是文本' })
    .max(64, '示例不能超过64个字符')
    .nullish()
    .transform((v) => v ?? ''),
  createOperation: z.boolean({ error: '插入不能为空' }),
  updateOperation: z.boolean({ error: '编辑不能为空' }),
  listOperation: z.boolean({ error: '查询不能为空' }),
  listOperationCondition: z.enum(CODEGEN_CONDITIONS, {
    error: `查询方式只能是 ${CODEGEN_CONDITIONS.join(' ')} 之一`,
  }),
  listOperationResult: z.boolean({ error: '列表不能为空' }),
  nullable: z.boolean({ error: '允许空不能为空' }),
  htmlType: z.enum(CODEGEN_HTML_TYPES, { error: `显示类型只能是 ${CODEGEN_HTML_TYPES.join('、')} 之一` }),
});

/** The reference client also sends a `params` object, which means nothing and is ignored. */
export const codegenUpdateReq = z.object({
  table: codegenTableUpdate,
  columns: z
    .array(codegenColumnUpdate, { error: '字段定义不能为空' })
    .min(1, '字段定义不能为空')
    .max(500, '字段不能超过500个'),
});
export type CodegenUpdateReq = z.input<typeof codegenUpdateReq>;
export type CodegenUpdate = z.output<typeof codegenUpdateReq>;

export const codegenCreateListReq = z.object({
  dataSourceConfigId: z
    .number({ error: '数据源配置编号不能为空' })
    .int('数据源配置编号格式不正确')
    .nonnegative('数据源配置编号格式不正确'),
  tableNames: z
    .array(z.string().regex(IDENTIFIER, '表名称格式不正确'), { error: '表名称不能为空' })
    .min(1, '请选择要导入的表')
    .max(50, '一次最多导入50张表'),
});
export type CodegenCreateListReq = z.input<typeof codegenCreateListReq>;

const TAG = '代码生成';

export const codegenDbTableList = defineEndpoint({
  method: 'GET',
  path: '/infra/codegen/db/table/list',
  summary: '获得数据源中尚未导入的表（name、comment 模糊匹配）',
  tag: TAG,
  access: permission('infra:codegen:query'),
  query: z.object({
    dataSourceConfigId: dataSourceIdQuery,
    name: textFilter('表名称', 200),
    comment: textFilter('表描述', 500),
  }),
  data: z.array(databaseTable),
});

export const codegenTableList = defineEndpoint({
  method: 'GET',
  path: '/infra/codegen/table/list',
  summary: '获得数据源中已导入的表定义（主子表选择主表时用）',
  tag: TAG,
  access: permission('infra:codegen:query'),
  query: z.object({ dataSourceConfigId: dataSourceIdQuery }),
  data: z.array(codegenTable),
});

export const codegenTablePage = defineEndpoint({
  method: 'GET',
  path: '/infra/codegen/table/page',
  summary:
    '获得表定义分页（tableName、tableComment、className 模糊匹配；createTime[0]、createTime[1] 为时间范围）',
  tag: TAG,
  access: permission('infra:codegen:query'),
  query: codegenTablePageReq,
  data: pageResult(codegenTable),
});

export const codegenDetailGet = defineEndpoint({
  method: 'GET',
  path: '/infra/codegen/detail',
  summary: '获得表和字段的生成配置',
  tag: TAG,
  access: permission('infra:codegen:query'),
  query: tableIdQuery,
  data: codegenDetail,
});

export const codegenCreateList = defineEndpoint({
  method: 'POST',
  path: '/infra/codegen/create-list',
  summary: '从数据源导入表定义（读取表结构生成默认配置），返回表定义编号',
  tag: TAG,
  access: permission('infra:codegen:create'),
  body: codegenCreateListReq,
  data: z.array(z.number().int()),
});

export const codegenUpdate = defineEndpoint({
  method: 'PUT',
  path: '/infra/codegen/update',
  summary: '修改表和字段的生成配置',
  tag: TAG,
  access: permission('infra:codegen:update'),
  body: codegenUpdateReq,
  data: z.boolean(),
});

export const codegenSyncFromDb = defineEndpoint({
  method: 'PUT',
  path: '/infra/codegen/sync-from-db',
  summary: '从数据库同步表结构（新增、修改、删除字段；未变的字段保留其配置）',
  tag: TAG,
  access: permission('infra:codegen:update'),
  query: tableIdQuery,
  data: z.boolean(),
});

export const codegenDelete = defineEndpoint({
  method: 'DELETE',
  path: '/infra/codegen/delete',
  summary: '删除表定义及其字段配置（不影响数据库中的表）',
  tag: TAG,
  access: permission('infra:codegen:delete'),
  query: tableIdQuery,
  data: z.boolean(),
});

export const codegenPreview = defineEndpoint({
  method: 'GET',
  path: '/infra/codegen/preview',
  summary: '预览生成的代码（每个文件的路径和内容）',
  tag: TAG,
  access: permission('infra:codegen:preview'),
  query: tableIdQuery,
  data: z.array(codegenPreviewFile),
});

export const codegenDownload = defineEndpoint({
  method: 'GET',
  path: '/infra/codegen/download',
  summary: '下载生成的代码（zip）',
  tag: TAG,
  access: permission('infra:codegen:download'),
  query: tableIdQuery,
  response: 'binary',
  data: z.unknown(),
});
