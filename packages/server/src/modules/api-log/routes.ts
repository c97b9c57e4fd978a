import {
  apiAccessLogExportExcel,
  apiAccessLogPage,
  apiErrorLogExportExcel,
  apiErrorLogPage,
  apiErrorLogUpdateStatus,
} from '@app/contract';
import { sendXlsx } from '../../lib/crud/index.js';
import type { RouteRegistrar } from '../../plugins/routes.js';
import type { ApiLogService } from './service.js';

export const apiLogRoutes = (route: RouteRegistrar, logs: ApiLogService): void => {
  route(apiAccessLogPage, ({ user, query }) => logs.accessPage(user, query));
  route.raw(apiAccessLogExportExcel, async ({ user, query }, reply) =>
    sendXlsx(reply, 'API 访问日志.xlsx', await logs.exportAccessLogs(user, query)),
  );
  route(apiErrorLogPage, ({ user, query }) => logs.errorPage(user, query));
  route.raw(apiErrorLogExportExcel, async ({ user, query }, reply) =>
    sendXlsx(reply, 'API 错误日志.xlsx', await logs.exportErrorLogs(user, query)),
  );
};

/** `update-status` reads its fields from the query or a form body (registered where forms are parsed). */
export const apiErrorLogStatusRoute = (route: RouteRegistrar, logs: ApiLogService): void => {
  route(apiErrorLogUpdateStatus, ({ user, query }) =>
    logs.updateErrorStatus(user, query.id, query.processStatus),
  );
};
