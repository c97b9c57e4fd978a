import { z } from 'zod';
import { defineEndpoint, permission } from '../endpoint.js';
import { readTimeRange, stringOrList } from '../query.js';
import { epochMillis, pageParam, pageResult } from '../result.js';
import { adminFormFields } from './dict-admin.js';

/* The login log (/system/login-log): every sign-in attempt and sign-out, read-only. */

const { textFilter } = adminFormFields;

/** An optional true/false filter (also 1/0); blank counts as not sent. */
export const booleanFilter = (message: string) =>
  z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])], { error: message })
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : v === true || v === 'true' || v === '1'));

export const loginLog = z.object({
  id: z.number().int(),
  /** Dictionary system_login_type: 100 账号登录, 200 主动登出, … */
  logType: z.number().int(),
  traceId: z.string(),
  /** 0 when the account does not exist. */
  userId: z.number().int(),
  userType: z.number().int(),
  username: z.string(),
  /** Dictionary system_login_result: 0 成功, 10 账号或密码不正确, … */
  result: z.number().int(),
  userIp: z.string(),
  userAgent: z.string(),
  createTime: epochMillis,
});
export type LoginLog = z.output<typeof loginLog>;

const filterFields = {
  userIp: textFilter('登录地址', 50),
  username: textFilter('用户名称', 50),
  /** true: successful attempts only; false: failed ones only; '' counts as not sent. */
  status: booleanFilter('状态只能是 true（成功）或 false（失败）'),
  createTime: stringOrList.optional(),
  'createTime[0]': z.string().optional(),
  'createTime[1]': z.string().optional(),
};

const readFilter = (
  raw: { userIp?: string; username?: string; status?: boolean } & Record<string, unknown>,
  ctx: z.RefinementCtx,
) => ({
  userIp: raw.userIp,
  username: raw.username,
  status: raw.status,
  createTime: readTimeRange(raw, 'createTime', '登录时间', ctx),
});
export type LoginLogFilter = ReturnType<typeof readFilter>;

export const loginLogPageReq = pageParam
  .extend(filterFields)
  .transform((raw, ctx) => ({ pageNo: raw.pageNo, pageSize: raw.pageSize, ...readFilter(raw, ctx) }));
export type LoginLogPageReq = z.input<typeof loginLogPageReq>;

export const loginLogExportReq = z.object(filterFields).transform((raw, ctx) => readFilter(raw, ctx));
export type LoginLogExportReq = z.input<typeof loginLogExportReq>;

const TAG = '登录日志';

export const loginLogPage = defineEndpoint({
  method: 'GET',
  path: '/system/login-log/page',
  summary:
    '获得登录日志分页列表（userIp、username 模糊匹配；status 为 true 成功、false 失败；createTime[0]、createTime[1] 为时间范围；最新在前）',
  tag: TAG,
  access: permission('system:login-log:query'),
  query: loginLogPageReq,
  data: pageResult(loginLog),
});

const exportSummary = '导出登录日志 Excel（.xlsx，条件同分页，不分页）';

export const loginLogExport = defineEndpoint({
  method: 'GET',
  path: '/system/login-log/export',
  summary: exportSummary,
  tag: TAG,
  access: permission('system:login-log:export'),
  query: loginLogExportReq,
  response: 'binary',
  data: z.unknown(),
});

/** The same export under the name newer clients use. */
export const loginLogExportExcel = defineEndpoint({
  ...loginLogExport,
  path: '/system/login-log/export-excel',
});
