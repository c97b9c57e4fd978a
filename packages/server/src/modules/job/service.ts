import type {
  InfraJob,
  InfraJobFilter,
  InfraJobLog,
  InfraJobLogFilter,
  PageResult,
  infraJobCreateReq,
  infraJobUpdateReq,
} from '@app/contract';
import { DICT_TYPE, JOB_STATUS, JobError } from '@app/contract';
import { cronProblem, nextFireTimes } from '@app/contract/cron';
import type { z } from 'zod';
import type { AppContext, LoginUser } from '../../context.js';
import {
  type PageParams,
  createdStamp,
  formatDateTime,
  loadDictLabels,
  toXlsx,
  updatedStamp,
} from '../../lib/crud/index.js';
import { fail } from '../../lib/errors.js';
import type { JobHandlers } from '../../lib/job-handlers.js';
import type { JobLogRow, JobRepository, JobRow } from './repository.js';
import { nextFireAfter, type JobScheduler } from './scheduler.js';

type CreateInput = z.output<typeof infraJobCreateReq>;
type UpdateInput = z.output<typeof infraJobUpdateReq>;

const toJob = (row: JobRow): InfraJob => ({
  id: row.id,
  name: row.name,
  status: row.status,
  handlerName: row.handlerName,
  handlerParam: row.handlerParam,
  cronExpression: row.cronExpression,
  retryCount: row.retryCount,
  retryInterval: row.retryInterval,
  monitorTimeout: row.monitorTimeout,
  createTime: row.createTime,
});

const toLog = (row: JobLogRow): InfraJobLog => ({ ...row });

/** The reference's rule: a Quartz expression or 1001001005. */
const validCron = (expression: string): string => {
  const cron = expression.trim().split(/\s+/).join(' ');
  if (cronProblem(cron) !== null) throw fail(JobError.JOB_CRON_EXPRESSION_VALID);
  return cron;
};

/** 定时任务 and 调度日志: jobs are global; only handlers registered in this server may be named. */
export const jobService = (
  ctx: AppContext,
  repo: JobRepository,
  handlers: JobHandlers,
  scheduler: JobScheduler,
) => {
  const existing = async (id: number) => {
    const row = await repo.findById(id);
    if (!row) throw fail(JobError.JOB_NOT_EXISTS);
    return row;
  };

  const settings = (input: CreateInput | UpdateInput, cronExpression: string) => ({
    name: input.name,
    handlerParam: input.handlerParam,
    cronExpression,
    retryCount: input.retryCount,
    retryInterval: input.retryInterval,
    monitorTimeout: input.monitorTimeout,
  });

  return {
    async page(query: InfraJobFilter & PageParams): Promise<PageResult<InfraJob>> {
      const { list, total } = await repo.page(query, query);
      return { list: list.map(toJob), total };
    },

    async get(id: number): Promise<InfraJob | null> {
      const row = await repo.findById(id);
      return row ? toJob(row) : null;
    },

    /** Created running: its first fire is the next one after now. */
    async create(user: LoginUser, input: CreateInput): Promise<number> {
      const cronExpression = validCron(input.cronExpression);
      if (!handlers.get(input.handlerName))
        throw fail(JobError.JOB_HANDLER_BEAN_NOT_EXISTS, input.handlerName);
      if (await repo.findByHandler(input.handlerName)) throw fail(JobError.JOB_HANDLER_EXISTS);
      const now = ctx.now();
      return repo.insert({
        ...settings(input, cronExpression),
        handlerName: input.handlerName,
        status: JOB_STATUS.NORMAL,
        nextFireTime: nextFireAfter(cronExpression, now),
        ...createdStamp(now, user.id),
      });
    },

    async update(user: LoginUser, input: UpdateInput): Promise<true> {
      const cronExpression = validCron(input.cronExpression);
      const row = await existing(input.id);
      if (row.status !== JOB_STATUS.NORMAL) throw fail(JobError.JOB_UPDATE_ONLY_NORMAL_STATUS);
      const now = ctx.now();
      await repo.update(input.id, {
        ...settings(input, cronExpression),
        nextFireTime: nextFireAfter(cronExpression, now),
        ...updatedStamp(now, user.id),
      });
      return true;
    },

    /** 1 resumes from the next fire after now (fires missed while paused are not made up); 2 pauses. */
    async updateStatus(user: LoginUser, id: number, status: number): Promise<true> {
      if (status !== JOB_STATUS.NORMAL && status !== JOB_STATUS.STOP)
        throw fail(JobError.JOB_CHANGE_STATUS_INVALID);
      const row = await existing(id);
      if (row.status === status) throw fail(JobError.JOB_CHANGE_STATUS_EQUALS);
      const now = ctx.now();
      await repo.update(id, {
        status,
        nextFireTime: status === JOB_STATUS.NORMAL ? nextFireAfter(row.cronExpression, now) : null,
        ...updatedStamp(now, user.id),
      });
      return true;
    },

    async delete(user: LoginUser, id: number): Promise<true> {
      await existing(id);
      await repo.delete(id, String(user.id), ctx.now());
      return true;
    },

    /** Runs the job now, unless a run of it is under way (then nothing happens, as with a fire). */
    async trigger(id: number): Promise<true> {
      await scheduler.trigger(await existing(id));
      return true;
    },

    async nextTimes(id: number, count: number): Promise<number[]> {
      const row = await existing(id);
      return nextFireTimes(row.cronExpression, count, ctx.now());
    },

    async export(filter: InfraJobFilter): Promise<Buffer> {
      const [rows, { label }] = await Promise.all([
        repo.list(filter),
        loadDictLabels(ctx.db.kysely, [DICT_TYPE.INFRA_JOB_STATUS]),
      ]);
      return toXlsx<JobRow>(
        '数据',
        [
          { header: '任务编号', width: 10, value: (r) => r.id },
          { header: '任务名称', width: 24, value: (r) => r.name },
          { header: '任务状态', width: 10, value: (r) => label(DICT_TYPE.INFRA_JOB_STATUS, r.status) },
          { header: '处理器的名字', width: 24, value: (r) => r.handlerName },
          { header: '处理器的参数', width: 24, value: (r) => r.handlerParam ?? '' },
          { header: 'CRON 表达式', width: 20, value: (r) => r.cronExpression },
          { header: '重试次数', width: 10, value: (r) => r.retryCount },
          { header: '重试间隔', width: 10, value: (r) => r.retryInterval },
          { header: '监控超时时间', width: 14, value: (r) => r.monitorTimeout },
          { header: '创建时间', width: 20, value: (r) => formatDateTime(r.createTime) },
        ],
        rows,
      );
    },

    async logPage(query: InfraJobLogFilter & PageParams): Promise<PageResult<InfraJobLog>> {
      const { list, total } = await repo.logPage(query, query);
      return { list: list.map(toLog), total };
    },

    async getLog(id: number): Promise<InfraJobLog | null> {
      const row = await repo.findLog(id);
      return row ? toLog(row) : null;
    },

    async exportLogs(filter: InfraJobLogFilter): Promise<Buffer> {
      const [rows, { label }] = await Promise.all([
        repo.logList(filter),
        loadDictLabels(ctx.db.kysely, [DICT_TYPE.INFRA_JOB_LOG_STATUS]),
      ]);
      return toXlsx<JobLogRow>(
        '数据',
        [
          { header: '日志编号', width: 10, value: (r) => r.id },
          { header: '任务编号', width: 10, value: (r) => r.jobId },
          { header: '处理器的名字', width: 24, value: (r) => r.handlerName },
          { header: '处理器的参数', width: 24, value: (r) => r.handlerParam ?? '' },
          { header: '第几次执行', width: 10, value: (r) => r.executeIndex },
          { header: '开始执行时间', width: 20, value: (r) => formatDateTime(r.beginTime) },
          {
            header: '结束执行时间',
            width: 20,
            value: (r) => (r.endTime === null ? '' : formatDateTime(r.endTime)),
          },
          { header: '执行时长（毫秒）', width: 14, value: (r) => r.duration ?? '' },
          { header: '任务状态', width: 10, value: (r) => label(DICT_TYPE.INFRA_JOB_LOG_STATUS, r.status) },
          { header: '执行结果', width: 40, value: (r) => r.result ?? '' },
        ],
        rows,
      );
    },
  };
};
export type JobService = ReturnType<typeof jobService>;
