import type {
  ApiAccessLog,
  ApiAccessLogFilter,
  ApiErrorLog,
  ApiErrorLogFilter,
  apiAccessLogPageReq,
  apiErrorLogPageReq,
  PageResult,
} from '@app/contract';
import { API_ERROR_LOG_PROCESS_STATUS, ApiErrorLogError, DICT_TYPE } from '@app/contract';
import type { z } from 'zod';
import type { AppContext, LoginUser } from '../../context.js';
import { formatDateTime, loadDictLabels, toXlsx } from '../../lib/crud/index.js';
import { fail } from '../../lib/errors.js';
import { retainCutoff } from '../../lib/job-handlers.js';
import { checkExportSize, EXPORT_MAX_ROWS } from '../../lib/export-limit.js';
import { type ApiAccessLogRow, type ApiErrorLogRow, type ApiLogRepository } from './repository.js';

const requestOf = (row: ApiAccessLogRow | ApiErrorLogRow) => ({
  id: row.id,
  traceId: row.traceId,
  userId: row.userId,
  userType: row.userType,
  applicationName: row.applicationName,
  requestMethod: row.requestMethod,
  requestUrl: row.requestUrl,
  requestParams: row.requestParams,
  userIp: row.userIp,
  userAgent: row.userAgent,
  createTime: row.createTime,
});

const toAccessLog = (row: ApiAccessLogRow): ApiAccessLog => ({
  ...requestOf(row),
  responseBody: row.responseBody,
  operateModule: row.operateModule,
  operateName: row.operateName,
  operateType: row.operateType,
  beginTime: row.beginTime,
  endTime: row.endTime,
  duration: row.duration,
  resultCode: row.resultCode,
  resultMsg: row.resultMsg,
});

const toErrorLog = (row: ApiErrorLogRow): ApiErrorLog => ({
  ...requestOf(row),
  exceptionTime: row.exceptionTime,
  exceptionName: row.exceptionName,
  exceptionMessage: row.exceptionMessage,
  exceptionRootCauseMessage: row.exceptionRootCauseMessage,
  exceptionStackTrace: row.exceptionStackTrace,
  exceptionClassName: row.exceptionClassName,
  exceptionFileName: row.exceptionFileName,
  exceptionMethodName: row.exceptionMethodName,
  exceptionLineNumber: row.exceptionLineNumber,
  processStatus: row.processStatus,
  processTime: row.processTime,
  processUserId: row.processUserId,
});

/** The API logs of the caller's tenant: recorded by plugins/api-log.ts, read and processed here. */
export const apiLogService = (ctx: AppContext, repo: ApiLogRepository) => ({
  async accessPage(
    user: LoginUser,
    query: z.output<typeof apiAccessLogPageReq>,
  ): Promise<PageResult<ApiAccessLog>> {
    const { pageNo, pageSize, ...filter } = query;
    const { list, total } = await repo.accessPage(user.tenantId, filter, { pageNo, pageSize });
    return { list: list.map(toAccessLog), total };
  },

  async errorPage(
    user: LoginUser,
    query: z.output<typeof apiErrorLogPageReq>,
  ): Promise<PageResult<ApiErrorLog>> {
    const { pageNo, pageSize, ...filter } = query;
    const { list, total } = await repo.errorPage(user.tenantId, filter, { pageNo, pageSize });
    return { list: list.map(toErrorLog), total };
  },

  /** 已处理 or 已忽略, once: a row already processed answers 1001002001. */
  async updateErrorStatus(user: LoginUser, id: number, processStatus: number): Promise<true> {
    const row = await repo.findErrorStatus(user.tenantId, id);
    if (!row) throw fail(ApiErrorLogError.API_ERROR_LOG_NOT_FOUND);
    const unprocessed = API_ERROR_LOG_PROCESS_STATUS.INIT;
    if (row.processStatus !== unprocessed) throw fail(ApiErrorLogError.API_ERROR_LOG_PROCESSED);
    const changed = await repo.processError(
      user.tenantId,
      id,
      { processStatus, processUserId: user.id, at: ctx.now() },
      unprocessed,
    );
    if (!changed) throw fail(ApiErrorLogError.API_ERROR_LOG_PROCESSED);
    return true;
  },

  /** API 访问日志 as .xlsx, newest first, with dictionary labels. */
  async exportAccessLogs(user: LoginUser, filter: ApiAccessLogFilter): Promise<Buffer> {
    const [rows, { label }] = await Promise.all([
      repo.accessList(user.tenantId, filter, EXPORT_MAX_ROWS + 1).then(checkExportSize),
      loadDictLabels(ctx.db.kysely, [DICT_TYPE.USER_TYPE, DICT_TYPE.INFRA_OPERATE_TYPE]),
    ]);
    return toXlsx<ApiAccessLogRow>(
      '数据',
      [
        { header: '日志主键', width: 10, value: (r) => r.id },
        { header: '链路追踪', width: 38, value: (r) => r.traceId },
        { header: '用户编号', width: 10, value: (r) => r.userId },
        { header: '用户类型', width: 10, value: (r) => label(DICT_TYPE.USER_TYPE, r.userType) },
        { header: '应用名', width: 20, value: (r) => r.applicationName },
        { header: '请求方法名', width: 10, value: (r) => r.requestMethod },
        { header: '请求地址', width: 40, value: (r) => r.requestUrl },
        { header: '请求参数', width: 40, value: (r) => r.requestParams },
        { header: '用户 IP', width: 16, value: (r) => r.userIp },
        { header: '浏览器 UA', width: 30, value: (r) => r.userAgent },
        { header: '操作模块', width: 14, value: (r) => r.operateModule },
        { header: '操作名', width: 30, value: (r) => r.operateName },
        { header: '操作类型', width: 10, value: (r) => label(DICT_TYPE.INFRA_OPERATE_TYPE, r.operateType) },
        { header: '开始请求时间', width: 20, value: (r) => formatDateTime(r.beginTime) },
        { header: '结束请求时间', width: 20, value: (r) => formatDateTime(r.endTime) },
        { header: '执行时长（毫秒）', width: 16, value: (r) => r.duration },
        { header: '结果码', width: 12, value: (r) => r.resultCode },
        { header: '结果提示', width: 30, value: (r) => r.resultMsg },
      ],
      rows,
    );
  },

  /** API 错误日志 as .xlsx, newest first, with dictionary labels. */
  async exportErrorLogs(user: LoginUser, filter: ApiErrorLogFilter): Promise<Buffer> {
    const [rows, { label }] = await Promise.all([
      repo.errorList(user.tenantId, filter, EXPORT_MAX_ROWS + 1).then(checkExportSize),
      loadDictLabels(ctx.db.kysely, [DICT_TYPE.USER_TYPE, DICT_TYPE.INFRA_API_ERROR_LOG_PROCESS_STATUS]),
    ]);
    const status = DICT_TYPE.INFRA_API_ERROR_LOG_PROCESS_STATUS;
    return toXlsx<ApiErrorLogRow>(
      '数据',
      [
        { header: '编号', width: 10, value: (r) => r.id },
        { header: '链路追踪', width: 38, value: (r) => r.traceId },
        { header: '用户编号', width: 10, value: (r) => r.userId },
        { header: '用户类型', width: 10, value: (r) => label(DICT_TYPE.USER_TYPE, r.userType) },
        { header: '应用名', width: 20, value: (r) => r.applicationName },
        { header: '请求方法', width: 10, value: (r) => r.requestMethod },
        { header: '请求地址', width: 40, value: (r) => r.requestUrl },
        { header: '请求参数', width: 40, value: (r) => r.requestParams },
        { header: '用户 IP', width: 16, value: (r) => r.userIp },
        { header: '浏览器 UA', width: 30, value: (r) => r.userAgent },
        { header: '异常发生时间', width: 20, value: (r) => formatDateTime(r.exceptionTime) },
        { header: '异常名', width: 20, value: (r) => r.exceptionName },
        { header: '异常导致的消息', width: 40, value: (r) => r.exceptionRootCauseMessage },
        { header: '异常的栈轨迹', width: 40, value: (r) => r.exceptionStackTrace },
        { header: '异常发生的类全名', width: 30, value: (r) => r.exceptionClassName },
        { header: '异常发生的类文件', width: 30, value: (r) => r.exceptionFileName },
        { header: '异常发生的方法名', width: 20, value: (r) => r.exceptionMethodName },
        { header: '异常发生的方法所在行', width: 12, value: (r) => r.exceptionLineNumber },
        { header: '处理状态', width: 10, value: (r) => label(status, r.processStatus) },
        {
          header: '处理时间',
          width: 20,
          value: (r) => (r.processTime === null ? '' : formatDateTime(r.processTime)),
        },
        { header: '处理用户编号', width: 12, value: (r) => r.processUserId ?? '' },
      ],
      rows,
    );
  },

  /** The clean jobs: rows created more than `param` days ago (blank: 14), every tenant's. */
  async cleanAccessLogs(param: string): Promise<string> {
    const count = await repo.cleanAccessLogs(retainCutoff(param, ctx.now()).before);
    return `清理访问日志 ${count} 条`;
  },
  async cleanErrorLogs(param: string): Promise<string> {
    const count = await repo.cleanErrorLogs(retainCutoff(param, ctx.now()).before);
    return `清理错误日志 ${count} 条`;
  },
});

export type ApiLogService = ReturnType<typeof apiLogService>;
