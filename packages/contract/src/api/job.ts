import { z } from 'zod';
import { defineEndpoint, permission } from '../endpoint.js';
import { optionalPositiveInt, parseDateTimeParam } from '../query.js';
import { epochMillis, pageParam, pageResult } from '../result.js';
import { adminFormFields } from './dict-admin.js';

/* The scheduler (/infra/job) and its run log (/infra/job-log), global to all tenants as in the reference. */

const { idQuery, textFilter, requiredText, bodyId } = adminFormFields;

/** Dictionary infra_job_status. */
export const JOB_STATUS = { INIT: 0, NORMAL: 1, STOP: 2 } as const;
/** Dictionary infra_job_log_status. */
export const JOB_LOG_STATUS = { RUNNING: 0, SUCCESS: 1, FAILURE: 2 } as const;

export const infraJob = z.object({
  id: z.number().int(),
  name: z.string(),
  /** infra_job_status: 0 初始化中, 1 正常, 2 暂停. */
  status: z.number().int(),
  handlerName: z.string(),
  handlerParam: z.string().nullable(),
  cronExpression: z.string(),
  retryCount: z.number().int(),
  /** Milliseconds between retries. */
  retryInterval: z.number().int(),
  /** Milliseconds after which a run is reported as overdue; 0: not monitored. */
  monitorTimeout: z.number().int(),
  createTime: epochMillis,
});
export type InfraJob = z.output<typeof infraJob>;

/** A status filter of a dictionary; blank counts as not sent. */
const statusFilter = (values: readonly [string, ...string[]], message: string) =>
  z
    .enum([...values, ''], { error: message })
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : Number(v)));

const jobFilterFields = {
  name: textFilter('任务名称', 32),
  status: statusFilter(['0', '1', '2'], '任务状态只能是 0（初始化中）、1（正常）或 2（暂停）'),
  handlerName: textFilter('处理器的名字', 64),
};
const readJobFilter = (raw: { name?: string; status?: number; handlerName?: string }) => ({
  name: raw.name,
  status: raw.status,
  handlerName: raw.handlerName,
});
export type InfraJobFilter = ReturnType<typeof readJobFilter>;

export const infraJobPageReq = pageParam
  .extend(jobFilterFields)
  .transform((raw) => ({ pageNo: raw.pageNo, pageSize: raw.pageSize, ...readJobFilter(raw) }));
export type InfraJobPageReq = z.input<typeof infraJobPageReq>;

/** A whole number of at least 0 (retries, milliseconds). */
const countField = (label: string, max: number) =>
  z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? `${label}不能为空` : `${label}必须是数字`,
    })
    .int(`${label}必须是整数`)
    .min(0, `${label}不能小于 0`)
    .max(max, `${label}不能大于 ${max}`);

const DAY_MS = 24 * 60 * 60 * 1000;

const editableFields = {
  name: requiredText('任务名称不能为空', 32, '任务名称长度不能超过32个字符'),
  handlerParam: z
    .string({ error: '处理器的参数必须是文本' })
    .max(255, '处理器的参数长度不能超过255个字符')
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null)),
  /** Checked against Quartz's rules on the server (1001001005 CRON 表达式不正确). */
  cronExpression: requiredText('CRON 表达式不能为空', 64, 'CRON 表达式长度不能超过64个字符'),
  retryCount: countField('重试次数', 10),
  retryInterval: countField('重试间隔', DAY_MS),
  /** Blank: not monitored (stored as 0). */
  monitorTimeout: z
    .number({ error: '监控超时时间必须是数字' })
    .int('监控超时时间必须是整数')
    .min(0, '监控超时时间不能小于 0')
    .max(DAY_MS, `监控超时时间不能大于 ${DAY_MS}`)
    .nullish()
    .transform((v) => v ?? 0),
};

export const infraJobCreateReq = z.object({
  ...editableFields,
  /** The registered handler the job runs; fixed once created. */
  handlerName: requiredText('处理器的名字不能为空', 64, '处理器的名字长度不能超过64个字符'),
});
export type InfraJobCreateReq = z.input<typeof infraJobCreateReq>;

export const infraJobUpdateReq = z.object({ id: bodyId('任务编号'), ...editableFields });
export type InfraJobUpdateReq = z.input<typeof infraJobUpdateReq>;

const intParam = (label: string) =>
  z.union([z.string(), z.number()], { error: `${label}不能为空` }).transform((v, ctx) => {
    const n = Number(v);
    if (String(v).trim() === '' || !Number.isSafeInteger(n)) {
      ctx.addIssue({ code: 'custom', message: `${label}格式不正确` });
      return z.NEVER;
    }
    return n;
  });

/** Query parameters, or form fields (`id=…&status=…`) as the reference's first client sends them. */
export const infraJobUpdateStatusReq = z.object({
  id: idQuery('任务编号').shape.id,
  status: intParam('任务状态'),
});

const TAG = '定时任务';

export const infraJobPage = defineEndpoint({
  method: 'GET',
  path: '/infra/job/page',
  summary: '获得定时任务分页（name、handlerName 模糊匹配；status 为 infra_job_status）',
  tag: TAG,
  access: permission('infra:job:query'),
  query: infraJobPageReq,
  data: pageResult(infraJob),
});

export const infraJobGet = defineEndpoint({
  method: 'GET',
  path: '/infra/job/get',
  summary: '获得定时任务（不存在时 data 为 null）',
  tag: TAG,
  access: permission('infra:job:query'),
  query: idQuery('任务编号'),
  data: infraJob.nullable(),
});

export const infraJobCreate = defineEndpoint({
  method: 'POST',
  path: '/infra/job/create',
  summary: '创建定时任务（校验 CRON 表达式与处理器，创建后即开启），返回编号',
  tag: TAG,
  access: permission('infra:job:create'),
  body: infraJobCreateReq,
  data: z.number().int(),
});

export const infraJobUpdate = defineEndpoint({
  method: 'PUT',
  path: '/infra/job/update',
  summary: '修改定时任务（仅开启状态的任务；处理器不可修改）',
  tag: TAG,
  access: permission('infra:job:update'),
  body: infraJobUpdateReq,
  data: z.boolean(),
});

export const infraJobUpdateStatus = defineEndpoint({
  method: 'PUT',
  path: '/infra/job/update-status',
  summary: '修改定时任务的状态（1 开启、2 暂停；参数可在查询串或表单中）',
  tag: TAG,
  access: permission('infra:job:update'),
  query: infraJobUpdateStatusReq,
  data: z.boolean(),
});

export const infraJobDelete = defineEndpoint({
  method: 'DELETE',
  path: '/infra/job/delete',
  summary: '删除定时任务（正在执行的一次会执行完）',
  tag: TAG,
  access: permission('infra:job:delete'),
  query: idQuery('任务编号'),
  data: z.boolean(),
});

export const infraJobTrigger = defineEndpoint({
  method: 'PUT',
  path: '/infra/job/trigger',
  summary: '立即执行一次定时任务（使用其处理器参数，结果见调度日志）',
  tag: TAG,
  access: permission('infra:job:trigger'),
  query: idQuery('任务编号'),
  data: z.boolean(),
});

export const infraJobNextTimes = defineEndpoint({
  method: 'GET',
  path: '/infra/job/get_next_times',
  summary: '获得定时任务的后续执行时间（count 默认 5，最多 100）',
  tag: TAG,
  access: permission('infra:job:query'),
  query: z.object({
    id: idQuery('任务编号').shape.id,
    count: z.coerce
      .number({ error: '数量必须是数字' })
      .int('数量必须是整数')
      .min(1, '数量最小为 1')
      .max(100, '数量最大为 100')
      .default(5),
  }),
  data: z.array(epochMillis),
});

export const infraJobExportExcel = defineEndpoint({
  method: 'GET',
  path: '/infra/job/export-excel',
  summary: '导出定时任务 Excel（.xlsx，条件同分页）',
  tag: TAG,
  access: permission('infra:job:export'),
  query: z.object(jobFilterFields).transform(readJobFilter),
  response: 'binary',
  data: z.unknown(),
});

// ---------- 调度日志 ----------

export const infraJobLog = z.object({
  id: z.number().int(),
  jobId: z.number().int(),
  handlerName: z.string(),
  handlerParam: z.string().nullable(),
  /** 1 for a fire, 2… for its retries. */
  executeIndex: z.number().int(),
  beginTime: epochMillis,
  endTime: epochMillis.nullable(),
  /** Milliseconds; null while running. */
  duration: z.number().int().nullable(),
  /** infra_job_log_status: 0 运行中, 1 成功, 2 失败. */
  status: z.number().int(),
  /** The handler's result text, or why it failed. */
  result: z.string().nullable(),
  createTime: epochMillis,
});
export type InfraJobLog = z.output<typeof infraJobLog>;

/** One date-time bound ('yyyy-MM-dd HH:mm:ss' or epoch ms); blank counts as not sent. */
const dateTimeBound = (label: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return undefined;
      const ms = parseDateTimeParam(v);
      if (ms === null) {
        ctx.addIssue({ code: 'custom', message: `${label}格式不正确，应为 yyyy-MM-dd HH:mm:ss` });
        return z.NEVER;
      }
      return ms;
    });

const jobLogFilterFields = {
  jobId: optionalPositiveInt('任务编号'),
  handlerName: textFilter('处理器的名字', 64),
  /** Runs that began at or after this time. */
  beginTime: dateTimeBound('开始执行时间'),
  /** Runs that ended at or before this time. */
  endTime: dateTimeBound('结束执行时间'),
  status: statusFilter(['0', '1', '2'], '任务状态只能是 0（运行中）、1（成功）或 2（失败）'),
};
const readJobLogFilter = (raw: {
  jobId?: number;
  handlerName?: string;
  beginTime?: number;
  endTime?: number;
  status?: number;
}) => ({
  jobId: raw.jobId,
  handlerName: raw.handlerName,
  beginTime: raw.beginTime,
  endTime: raw.endTime,
  status: raw.status,
});
export type InfraJobLogFilter = ReturnType<typeof readJobLogFilter>;

export const infraJobLogPageReq = pageParam
  .extend(jobLogFilterFields)
  .transform((raw) => ({ pageNo: raw.pageNo, pageSize: raw.pageSize, ...readJobLogFilter(raw) }));
export type InfraJobLogPageReq = z.input<typeof infraJobLogPageReq>;

const LOG_TAG = '定时任务日志';

export const infraJobLogPage = defineEndpoint({
  method: 'GET',
  path: '/infra/job-log/page',
  summary:
    '获得定时任务日志分页（jobId 等于；handlerName 模糊匹配；beginTime 之后开始、endTime 之前结束；最新在前）',
  tag: LOG_TAG,
  access: permission('infra:job:query'),
  query: infraJobLogPageReq,
  data: pageResult(infraJobLog),
});

export const infraJobLogGet = defineEndpoint({
  method: 'GET',
  path: '/infra/job-log/get',
  summary: '获得定时任务日志（不存在时 data 为 null）',
  tag: LOG_TAG,
  access: permission('infra:job:query'),
  query: idQuery('日志编号'),
  data: infraJobLog.nullable(),
});

export const infraJobLogExportExcel = defineEndpoint({
  method: 'GET',
  path: '/infra/job-log/export-excel',
  summary: '导出定时任务日志 Excel（.xlsx，条件同分页）',
  tag: LOG_TAG,
  access: permission('infra:job:export'),
  query: z.object(jobLogFilterFields).transform(readJobLogFilter),
  response: 'binary',
  data: z.unknown(),
});
