import { withoutTenantScope } from '../../db/tenant-scope.js';
import { registerApiLog } from '../../plugins/api-log.js';
import { formParamRoutes } from '../../plugins/form-params.js';
import { defineModule } from '../module.js';
import { apiLogRepository } from './repository.js';
import { apiErrorLogStatusRoute, apiLogRoutes } from './routes.js';
import { apiLogService } from './service.js';

/** API 访问日志 and API 错误日志: the recorder of every API request, the pages, the clean jobs. */
export default defineModule(async ({ app, route, ctx, apiPrefix, appApiPrefix, jobHandlers }) => {
  const repo = apiLogRepository(ctx.db.kysely, ctx.db.dialect, ctx.db.offThread);
  const logs = apiLogService(ctx, repo);
  registerApiLog(app, {
    apiPrefix,
    appApiPrefix,
    repo,
    now: ctx.now,
    accessLog: ctx.config.apiAccessLog,
  });
  apiLogRoutes(route, logs);

  // The reference client sends `id` and `processStatus` as form fields or query parameters.
  await formParamRoutes(app, apiPrefix, (forms) => apiErrorLogStatusRoute(forms, logs));

  // Clean-ups cross tenants: every tenant's old rows go.
  jobHandlers.register('accessLogCleanJob', (param) => withoutTenantScope(() => logs.cleanAccessLogs(param)));
  jobHandlers.register('errorLogCleanJob', (param) => withoutTenantScope(() => logs.cleanErrorLogs(param)));
});
