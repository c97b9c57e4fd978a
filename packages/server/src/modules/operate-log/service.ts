import type { OperateLog, OperateLogFilter, PageResult } from '@app/contract';
import { DICT_TYPE, type operateLogPageReq } from '@app/contract';
import type { z } from 'zod';
import type { AppContext, LoginUser } from '../../context.js';
import { formatDateTime, loadDictLabels, toXlsx } from '../../lib/crud/index.js';
import { checkExportSize, EXPORT_MAX_ROWS } from '../../lib/export-limit.js';
import { type NewOperateLog, type OperateLogRow, operateLogRepository } from './repository.js';

const parseExts = (text: string | null): Record<string, unknown> | null => {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
};

const toOperateLog = (row: OperateLogRow): OperateLog => ({
  id: row.id,
  traceId: row.traceId,
  userId: row.userId,
  userType: row.userType,
  userNickname: row.userNickname,
  module: row.module,
  name: row.name,
  type: row.type,
  content: row.content,
  exts: parseExts(row.exts),
  requestMethod: row.requestMethod,
  requestUrl: row.requestUrl,
  userIp: row.userIp,
  userAgent: row.userAgent,
  javaMethod: row.javaMethod,
  javaMethodArgs: row.javaMethodArgs,
  startTime: row.startTime,
  duration: row.duration,
  resultCode: row.resultCode,
  resultMsg: row.resultMsg,
  resultData: row.resultData,
});

/** A row the operate-log plugin records: its tenant and time, and what happened. */
export interface OperateLogEntry {
  tenantId: number;
  at: number;
  entry: NewOperateLog;
}

/** The operate log of the caller's tenant: recorded by the operate-log plugin, read here. */
export const operateLogService = (ctx: AppContext) => {
  const repo = operateLogRepository(ctx.db.kysely);

  return {
    /** Rows of any tenants, in one statement (the plugin batches them). */
    recordAll: (rows: OperateLogEntry[]): Promise<void> => repo.insertAll(rows),

    async page(user: LoginUser, query: z.output<typeof operateLogPageReq>): Promise<PageResult<OperateLog>> {
      const { pageNo, pageSize, ...filter } = query;
      const { list, total } = await repo.page(user.tenantId, filter, { pageNo, pageSize });
      return { list: list.map(toOperateLog), total };
    },

    /** 操作日志 as .xlsx, newest first, with the type as its dictionary label. */
    async exportExcel(user: LoginUser, filter: OperateLogFilter): Promise<Buffer> {
      const [rows, { label }] = await Promise.all([
        repo.list(user.tenantId, filter, EXPORT_MAX_ROWS + 1).then(checkExportSize),
        loadDictLabels(ctx.db.kysely, [DICT_TYPE.SYSTEM_OPERATE_TYPE]),
      ]);
      return toXlsx<OperateLogRow>(
        '数据',
        [
          { header: '日志编号', width: 10, value: (r) => r.id },
          { header: '操作模块', width: 14, value: (r) => r.module },
          { header: '操作名', width: 30, value: (r) => r.name },
          { header: '操作类型', width: 10, value: (r) => label(DICT_TYPE.SYSTEM_OPERATE_TYPE, r.type) },
          { header: '操作人', width: 14, value: (r) => r.userNickname ?? '' },
          { header: '操作结果', width: 10, value: (r) => (r.resultCode === 0 ? '成功' : '失败') },
          { header: '操作时间', width: 20, value: (r) => formatDateTime(r.startTime) },
          { header: '执行时长（毫秒）', width: 16, value: (r) => r.duration },
          { header: '请求方法', width: 10, value: (r) => r.requestMethod },
          { header: '请求地址', width: 36, value: (r) => r.requestUrl },
          { header: '用户 IP', width: 16, value: (r) => r.userIp },
          { header: '结果码', width: 12, value: (r) => r.resultCode },
          { header: '结果提示', width: 30, value: (r) => r.resultMsg },
        ],
        rows,
      );
    },
  };
};

export type OperateLogService = ReturnType<typeof operateLogService>;
