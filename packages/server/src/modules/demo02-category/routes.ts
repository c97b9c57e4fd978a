import {
  demo02CategoryCreate,
  demo02CategoryDelete,
  demo02CategoryExport,
  demo02CategoryGet,
  demo02CategoryList,
  demo02CategoryUpdate,
} from '@app/contract';
import type { RouteRegistrar } from '../../plugins/routes.js';
import { sendXlsx } from '../../lib/crud/index.js';
import type { Demo02CategoryService } from './service.js';

export const demo02CategoryRoutes = (route: RouteRegistrar, service: Demo02CategoryService): void => {
  route(demo02CategoryList, ({ user, query }) => service.list(user, query));
  route(demo02CategoryGet, ({ user, query }) => service.get(user, query.id));
  route(demo02CategoryCreate, ({ user, body }) => service.create(user, body));
  route(demo02CategoryUpdate, ({ user, body }) => service.update(user, body));
  route(demo02CategoryDelete, ({ user, query }) => service.delete(user, query.id));

  route.raw(demo02CategoryExport, async ({ user, query }, reply) =>
    sendXlsx(reply, '示例分类.xlsx', await service.export(user, query)),
  );
};
