import { z } from 'zod';
import { defineEndpoint, permission } from '../endpoint.js';
import { optionalPositiveInt, readTimeRange, stringOrList, SMALLINT_RANGE, INTEGER_RANGE } from '../query.js';
import { epochMillis, pageParam, pageResult } from '../result.js';
import { adminFormFields } from './dict-admin.js';

/*
 * The API logs (/infra/api-access-log, /infra/api-error-log): every /admin-api request and every
 * unexpected error, recorded by the server; read-only but for the error log's process status.
 */

const { textFilter } = adminFormFields;

/** Dictionary infra_api_error_log_process_status. */
export const API_ERROR_LOG_PROCESS_STATUS = {
  INIT: 0,
  DONE: 1,
  IGNORE: 2,
} as const;

/** An optional whole number ≥ 0 in a query string; blank counts as not sent. */
const wholeFilter = (label: string, max: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return undefined;
      const n = Number(v);
      if (!Number.isSafeInteger(n) || n < 0) {
        ctx.addIssue({ code: 'custom', message: `${label}必须是非负整数` });
        return z.NEVER;
      }
      if (n > max) {
        ctx.addIssue({ code: 'custom', message: `${label}超出范围` });
        return z.NEVER;
      }
      return n;
    });

/** The request part both logs share. */
const requestFields = {
  id: z.number().int(),
  traceId: z.string(),
  /** 0 for an anonymous request. */
  userId: z.number().int(),
  /** Dictionary user_type: 2 = admin user. */
  userType: z.number().int(),
  applicationName: z.string(),
  requestMethod: z.string(),
  requestUrl: z.string(),
  /** The request's query and body as JSON, with secrets masked; capped in size. */
  requestParams: z.string(),
  userIp: z.string(),
  userAgent: z.string(),
  createTime: epochMillis,
};

export const apiAccessLog = z.object({
  ...requestFields,
  /** Not recorded (the reference records it only where an endpoint asks): always null. */
  responseBody: z.string().nullable(),
  /** The endpoint's tag, e.g. 岗位. */
  operateModule: z.string(),
  /** The endpoint's summary. */
  operateName: z.string(),
  /** Dictionary infra_operate_type. */
  operateType: z.number().int(),
  beginTime: epochMillis,
  endTime: epochMillis,
  /** Milliseconds. */
  duration: z.number().int(),
  /** The envelope's code: 0 is success. */
  resultCode: z.number().int(),
  resultMsg: z.string(),
});
export type ApiAccessLog = z.output<typeof apiAccessLog>;

export const apiErrorLog = z.object({
  ...requestFields,
  exceptionTime: epochMillis,
  exceptionName: z.string(),
  exceptionMessage: z.string(),
  exceptionRootCauseMessage: z.string(),
  exceptionStackTrace: z.string(),
  exceptionClassName: z.string(),
  exceptionFileName: z.string(),
  exceptionMethodName: z.string(),
  exceptionLineNumber: z.number().int(),
  /** Dictionary infra_api_error_log_process_status: 0 未处理, 1 已处理, 2 已忽略. */
  processStatus: z.number().int(),
  processTime: epochMillis.nullable(),
  processUserId: z.number().int().nullable(),
});
export type ApiErrorLog = z.output<typeof apiErrorLog>;

const commonFilterFields = {
  userId: optionalPositiveInt('用户编号'),
  userType: wholeFilter('用户类型', SMALLINT_RANGE.max),
  applicationName: textFilter('应用名', 50),
  requestUrl: textFilter('请求地址', 255),
};

// ---------- 访问日志 ----------

const accessFilterFields = {
  ...commonFilterFields,
  /** Requests that took at least this many milliseconds. */
  duration: wholeFilter('执行时长', INTEGER_RANGE.max),
  resultCode: wholeFilter('结果码', INTEGER_RANGE.max),
  beginTime: stringOrList.optional(),
  'beginTime[0]': z.string().optional(),
  'beginTime[1]': z.string().optional(),
};

type CommonFilter = { userId?: number; userType?: number; applicationName?: string; requestUrl?: string };

const readAccessFilter = (
  raw: CommonFilter & { duration?: number; resultCode?: number } & Record<string, unknown>,
  ctx: z.RefinementCtx,
) => ({
  userId: raw.userId,
  userType: raw.userType,
  applicationName: raw.applicationName,
  requestUrl: raw.requestUrl,
  duration: raw.duration,
  resultCode: raw.resultCode,
  beginTime: readTimeRange(raw, 'beginTime', '请求时间', ctx),
});
export type ApiAccessLogFilter = ReturnType<typeof readAccessFilter>;

export const apiAccessLogPageReq = pageParam
  .extend(accessFilterFields)
  .transform((raw, ctx) => ({ pageNo: raw.pageNo, pageSize: raw.pageSize, ...readAccessFilter(raw, ctx) }));
export type ApiAccessLogPageReq = z.input<typeof apiAccessLogPageReq>;

export const apiAccessLogExportReq = z
  .object(accessFilterFields)
  .transform((raw, ctx) => readAccessFilter(raw, ctx));
export type ApiAccessLogExportReq = z.input<typeof apiAccessLogExportReq>;

const ACCESS_TAG = 'API 访问日志';

export const apiAccessLogPage = defineEndpoint({
  method: 'GET',
  path: '/infra/api-access-log/page',
  summary:
    '获得 API 访问日志分页（applicationName、requestUrl 模糊匹配；duration 为最短执行时长；beginTime[0]、beginTime[1] 为时间范围；最新在前）',
  tag: ACCESS_TAG,
  access: permission('infra:api-access-log:query'),
  query: apiAccessLogPageReq,
  data: pageResult(apiAccessLog),
});

export const apiAccessLogExportExcel = defineEndpoint({
  method: 'GET',
  path: '/infra/api-access-log/export-excel',
  summary: '导出 API 访问日志 Excel（.xlsx，条件同分页，不分页）',
  tag: ACCESS_TAG,
  access: permission('infra:api-access-log:export'),
  query: apiAccessLogExportReq,
  response: 'binary',
  data: z.unknown(),
});

// ---------- 错误日志 ----------

const processStatusFilter = z
  .enum(['0', '1', '2', ''], { error: '处理状态只能是 0（未处理）、1（已处理）或 2（已忽略）' })
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : Number(v)));

const errorFilterFields = {
  ...commonFilterFields,
  processStatus: processStatusFilter,
  exceptionTime: stringOrList.optional(),
  'exceptionTime[0]': z.string().optional(),
  'exceptionTime[1]': z.string().optional(),
};

const readErrorFilter = (
  raw: CommonFilter & { processStatus?: number } & Record<string, unknown>,
  ctx: z.RefinementCtx,
) => ({
  userId: raw.userId,
  userType: raw.userType,
  applicationName: raw.applicationName,
  requestUrl: raw.requestUrl,
  processStatus: raw.processStatus,
  exceptionTime: readTimeRange(raw, 'exceptionTime', '异常时间', ctx),
});
export type ApiErrorLogFilter = ReturnType<typeof readErrorFilter>;

export const apiErrorLogPageReq = pageParam
  .extend(errorFilterFields)
  .transform((raw, ctx) => ({ pageNo: raw.pageNo, pageSize: raw.pageSize, ...readErrorFilter(raw, ctx) }));
export type ApiErrorLogPageReq = z.input<typeof apiErrorLogPageReq>;

export const apiErrorLogExportReq = z
  .object(errorFilterFields)
  .transform((raw, ctx) => readErrorFilter(raw, ctx));
export type ApiErrorLogExportReq = z.input<typeof apiErrorLogExportReq>;

/** Query parameters or form fields, as the reference client sends them. */
export const apiErrorLogUpdateStatusReq = z.object({
  id: z.coerce.number({ error: '编号不能为空' }).int('编号必须是正整数').positive('编号必须是正整数'),
  processStatus: z.enum(['1', '2'], { error: '处理状态只能是 1（已处理）或 2（已忽略）' }).transform(Number),
});
export type ApiErrorLogUpdateStatusReq = z.input<typeof apiErrorLogUpdateStatusReq>;

const ERROR_TAG = 'API 错误日志';

export const apiErrorLogPage = defineEndpoint({
  method: 'GET',
  path: '/infra/api-error-log/page',
  summary:
    '获得 API 错误日志分页（applicationName、requestUrl 模糊匹配；processStatus 处理状态；exceptionTime[0]、exceptionTime[1] 为时间范围；最新在前）',
  tag: ERROR_TAG,
  access: permission('infra:api-error-log:query'),
  query: apiErrorLogPageReq,
  data: pageResult(apiErrorLog),
});

export const apiErrorLogExportExcel = defineEndpoint({
  method: 'GET',
  path: '/infra/api-error-log/export-excel',
  summary: '导出 API 错误日志 Excel（.xlsx，条件同分页，不分页）',
  tag: ERROR_TAG,
  access: permission('infra:api-error-log:export'),
  query: apiErrorLogExportReq,
  response: 'binary',
  data: z.unknown(),
});

export const apiErrorLogUpdateStatus = defineEndpoint({
  method: 'PUT',
  path: '/infra/api-error-log/update-status',
  summary: '更新 API 错误日志的处理状态（id、processStatus 为查询参数或表单字段；1 已处理，2 已忽略）',
  tag: ERROR_TAG,
  access: permission('infra:api-error-log:update-status'),
  query: apiErrorLogUpdateStatusReq,
  data: z.boolean(),
});
