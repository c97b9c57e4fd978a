import {
  infraConfigCreate,
  infraConfigDelete,
  infraConfigExport,
  infraConfigExportExcel,
  infraConfigGet,
  infraConfigGetValueByKey,
  infraConfigPage,
  infraConfigUpdate,
} from '@app/contract';
import type { RouteRegistrar } from '../../plugins/routes.js';
import { sendXlsx } from '../../lib/crud/index.js';
import type { ConfigService } from './service.js';

export const configRoutes = (route: RouteRegistrar, configs: ConfigService): void => {
  route(infraConfigPage, ({ query }) => configs.page(query));
  route(infraConfigGet, ({ query }) => configs.get(query.id));
  route(infraConfigGetValueByKey, ({ query }) => configs.valueByKey(query.key));
  route(infraConfigCreate, ({ user, body }) => configs.create(user, body));
  route(infraConfigUpdate, ({ user, body }) => configs.update(user, body));
  route(infraConfigDelete, ({ user, query }) => configs.delete(user, query.id));
  for (const endpoint of [infraConfigExport, infraConfigExportExcel])
    route.raw(endpoint, async ({ query }, reply) =>
      sendXlsx(reply, '参数配置.xlsx', await configs.export(query)),
    );
};
