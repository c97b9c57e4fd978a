import { z } from 'zod';
import { defineEndpoint, permission } from '../endpoint.js';
import { readTimeRange, stringOrList } from '../query.js';
import { epochMillis, pageParam, pageResult } from '../result.js';
import { adminFormFields } from './dict-admin.js';
import { booleanFilter } from './login-log.js';

/* The operate log (/system/operate-log): every write through the API, recorded by the server; read-only. */

const { textFilter } = adminFormFields;

/** Dictionary system_operate_type. */
export const OPERATE_TYPE = {
  OTHER: 0,
  GET: 1,
  CREATE: 2,
  UPDATE: 3,
  DELETE: 4,
  EXPORT: 5,
  IMPORT: 6,
} as const;

export const operateLog = z.object({
  id: z.number().int(),
  traceId: z.string(),
  userId: z.number().int(),
  /** 2 = admin user. */
  userType: z.number().int(),
  /** The user's nickname now (null when the user no longer exists). */
  userNickname: z.string().nullable(),
  /** The endpoint's tag, e.g. 岗位. */
  module: z.string(),
  /** The endpoint's summary. */
  name: z.string(),
  /** Dictionary system_operate_type. */
  type: z.number().int(),
  content: z.string(),
  exts: z.record(z.string(), z.unknown()).nullable(),
  requestMethod: z.string(),
  requestUrl: z.string(),
  userIp: z.string(),
  userAgent: z.string(),
  /** The contract endpoint that handled the request (the reference's Java method). */
  javaMethod: z.string(),
  /** The request's query and body as JSON, with secrets masked; capped in size. */
  javaMethodArgs: z.string(),
  startTime: epochMillis,
  /** Milliseconds. */
  duration: z.number().int(),
  /** The envelope's code: 0 is success. */
  resultCode: z.number().int(),
  resultMsg: z.string(),
  /** The envelope's data as JSON; capped in size. */
  resultData: z.string(),
});
export type OperateLog = z.output<typeof operateLog>;

const filterFields = {
  module: textFilter('操作模块', 50),
  userNickname: textFilter('操作人员', 30),
  type: z
    .enum(['0', '1', '2', '3', '4', '5', '6', ''], { error: '操作类型只能是 0 到 6 的整数' })
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : Number(v))),
  /** true: result code 0 only; false: the failures only; '' counts as not sent. */
  success: booleanFilter('操作状态只能是 true（成功）或 false（失败）'),
  startTime: stringOrList.optional(),
  'startTime[0]': z.string().optional(),
  'startTime[1]': z.string().optional(),
};

const readFilter = (
  raw: { module?: string; userNickname?: string; type?: number; success?: boolean } & Record<string, unknown>,
  ctx: z.RefinementCtx,
) => ({
  module: raw.module,
  userNickname: raw.userNickname,
  type: raw.type,
  success: raw.success,
  startTime: readTimeRange(raw, 'startTime', '操作时间', ctx),
});
export type OperateLogFilter = ReturnType<typeof readFilter>;

export const operateLogPageReq = pageParam
  .extend(filterFields)
  .transform((raw, ctx) => ({ pageNo: raw.pageNo, pageSize: raw.pageSize, ...readFilter(raw, ctx) }));
export type OperateLogPageReq = z.input<typeof operateLogPageReq>;

export const operateLogExportReq = z.object(filterFields).transform((raw, ctx) => readFilter(raw, ctx));
export type OperateLogExportReq = z.input<typeof operateLogExportReq>;

const TAG = '操作日志';

export const operateLogPage = defineEndpoint({
  method: 'GET',
  path: '/system/operate-log/page',
  summary:
    '查看操作日志分页列表（module、userNickname 模糊匹配；type 操作类型；success 是否成功；startTime[0]、startTime[1] 为时间范围；最新在前）',
  tag: TAG,
  access: permission('system:operate-log:query'),
  query: operateLogPageReq,
  data: pageResult(operateLog),
});

const exportSummary = '导出操作日志 Excel（.xlsx，条件同分页，不分页）';

export const operateLogExport = defineEndpoint({
  method: 'GET',
  path: '/system/operate-log/export',
  summary: exportSummary,
  tag: TAG,
  access: permission('system:operate-log:export'),
  query: operateLogExportReq,
  response: 'binary',
  data: z.unknown(),
});

/** The same export under the name newer clients use. */
export const operateLogExportExcel = defineEndpoint({
  ...operateLogExport,
  path: '/system/operate-log/export-excel',
});
