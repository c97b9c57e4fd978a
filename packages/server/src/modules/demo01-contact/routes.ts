import {
  demo01ContactCreate,
  demo01ContactDelete,
  demo01ContactDeleteList,
  demo01ContactExport,
  demo01ContactGet,
  demo01ContactPage,
  demo01ContactUpdate,
} from '@app/contract';
import type { RouteRegistrar } from '../../plugins/routes.js';
import { sendXlsx } from '../../lib/crud/index.js';
import type { Demo01ContactService } from './service.js';

export const demo01ContactRoutes = (route: RouteRegistrar, service: Demo01ContactService): void => {
  route(demo01ContactPage, ({ user, query }) => service.page(user, query));
  route(demo01ContactGet, ({ user, query }) => service.get(user, query.id));
  route(demo01ContactCreate, ({ user, body }) => service.create(user, body));
  route(demo01ContactUpdate, ({ user, body }) => service.update(user, body));
  route(demo01ContactDelete, ({ user, query }) => service.delete(user, query.id));
  route(demo01ContactDeleteList, ({ user, query }) => service.deleteList(user, query.ids));
  route.raw(demo01ContactExport, async ({ user, query }, reply) =>
    sendXlsx(reply, '示例联系人.xlsx', await service.export(user, query)),
  );
};
