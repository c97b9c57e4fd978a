import { operateLogExport, operateLogExportExcel, operateLogPage } from '@app/contract';
import type { RouteRegistrar } from '../../plugins/routes.js';
import { sendXlsx } from '../../lib/crud/index.js';
import type { OperateLogService } from './service.js';

export const operateLogRoutes = (route: RouteRegistrar, logs: OperateLogService): void => {
  route(operateLogPage, ({ user, query }) => logs.page(user, query));
  for (const endpoint of [operateLogExport, operateLogExportExcel])
    route.raw(endpoint, async ({ user, query }, reply) =>
      sendXlsx(reply, '操作日志.xlsx', await logs.exportExcel(user, query)),
    );
};
