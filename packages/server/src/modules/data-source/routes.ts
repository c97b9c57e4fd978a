import {
  dataSourceConfigCreate,
  dataSourceConfigDelete,
  dataSourceConfigGet,
  dataSourceConfigList,
  dataSourceConfigUpdate,
} from '@app/contract';
import type { RouteRegistrar } from '../../plugins/routes.js';
import type { DataSourceService } from './service.js';

export const dataSourceRoutes = (route: RouteRegistrar, sources: DataSourceService): void => {
  route(dataSourceConfigList, () => sources.list());
  route(dataSourceConfigGet, ({ query }) => sources.get(query.id));
  route(dataSourceConfigCreate, ({ user, body }) => sources.create(user, body));
  route(dataSourceConfigUpdate, ({ user, body }) => sources.update(user, body));
  route(dataSourceConfigDelete, ({ user, query }) => sources.delete(user, query.id));
};
