import type { LoginLog, LoginLogFilter, PageResult } from '@app/contract';
import { DICT_TYPE, type loginLogPageReq } from '@app/contract';
import type { z } from 'zod';
import type { AppContext, LoginUser } from '../../context.js';
import { formatDateTime, loadDictLabels, toXlsx } from '../../lib/crud/index.js';
import { checkExportSize, EXPORT_MAX_ROWS } from '../../lib/export-limit.js';
import { type LoginLogRow, loginLogReadRepository } from './repository.js';

const toLoginLog = (row: LoginLogRow): LoginLog => ({
  id: row.id,
  logType: row.logType,
  traceId: row.traceId,
  userId: row.userId,
  userType: row.userType,
  username: row.username,
  result: row.result,
  userIp: row.userIp,
  userAgent: row.userAgent,
  createTime: row.createTime,
});

/** The login log of the caller's tenant (read-only; sign-in and sign-out write it). */
export const loginLogService = (ctx: AppContext) => {
  const repo = loginLogReadRepository(ctx.db.kysely);

  return {
    async page(user: LoginUser, query: z.output<typeof loginLogPageReq>): Promise<PageResult<LoginLog>> {
      const { pageNo, pageSize, ...filter } = query;
      const { list, total } = await repo.page(user.tenantId, filter, { pageNo, pageSize });
      return { list: list.map(toLoginLog), total };
    },

    /** 登录日志 as .xlsx, newest first, with the type and result as their dictionary labels. */
    async exportExcel(user: LoginUser, filter: LoginLogFilter): Promise<Buffer> {
      const [rows, { label }] = await Promise.all([
        repo.list(user.tenantId, filter, EXPORT_MAX_ROWS + 1).then(checkExportSize),
        loadDictLabels(ctx.db.kysely, [DICT_TYPE.SYSTEM_LOGIN_TYPE, DICT_TYPE.SYSTEM_LOGIN_RESULT]),
      ]);
      return toXlsx<LoginLogRow>(
        '数据',
        [
          { header: '日志主键', width: 10, value: (r) => r.id },
          { header: '用户账号', width: 16, value: (r) => r.username },
          { header: '日志类型', width: 12, value: (r) => label(DICT_TYPE.SYSTEM_LOGIN_TYPE, r.logType) },
          { header: '登录结果', width: 18, value: (r) => label(DICT_TYPE.SYSTEM_LOGIN_RESULT, r.result) },
          { header: '登录 IP', width: 16, value: (r) => r.userIp },
          { header: '浏览器 UA', width: 40, value: (r) => r.userAgent },
          { header: '登录时间', width: 20, value: (r) => formatDateTime(r.createTime) },
        ],
        rows,
      );
    },
  };
};

export type LoginLogService = ReturnType<typeof loginLogService>;
