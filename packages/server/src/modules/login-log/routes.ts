import { loginLogExport, loginLogExportExcel, loginLogPage } from '@app/contract';
import type { RouteRegistrar } from '../../plugins/routes.js';
import { sendXlsx } from '../../lib/crud/index.js';
import type { LoginLogService } from './service.js';

export const loginLogRoutes = (route: RouteRegistrar, logs: LoginLogService): void => {
  route(loginLogPage, ({ user, query }) => logs.page(user, query));
  for (const endpoint of [loginLogExport, loginLogExportExcel])
    route.raw(endpoint, async ({ user, query }, reply) =>
      sendXlsx(reply, '登录日志.xlsx', await logs.exportExcel(user, query)),
    );
};
