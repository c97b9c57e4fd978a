import {
  deptCreate,
  deptDelete,
  deptGet,
  deptList,
  deptListAllSimple,
  deptSimpleList,
  deptUpdate,
} from '@app/contract';
import type { RouteRegistrar } from '../../plugins/routes.js';
import type { DeptService } from './service.js';

export const deptRoutes = (route: RouteRegistrar, depts: DeptService): void => {
  route(deptList, ({ user, query }) => depts.list(user, query));
  route(deptListAllSimple, ({ user }) => depts.simpleList(user));
  route(deptSimpleList, ({ user }) => depts.simpleList(user));
  route(deptGet, ({ user, query }) => depts.get(user, query.id));
  route(deptCreate, ({ user, body }) => depts.create(user, body));
  route(deptUpdate, ({ user, body }) => depts.update(user, body));
  route(deptDelete, ({ user, query }) => depts.delete(user, query.id));
};
