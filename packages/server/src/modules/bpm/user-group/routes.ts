import {
  bpmUserGroupCreate,
  bpmUserGroupDelete,
  bpmUserGroupGet,
  bpmUserGroupListAllSimple,
  bpmUserGroupPage,
  bpmUserGroupSimpleList,
  bpmUserGroupUpdate,
} from '@app/contract';
import type { RouteRegistrar } from '../../../plugins/routes.js';
import type { BpmUserGroupService } from './service.js';

export const bpmUserGroupRoutes = (route: RouteRegistrar, groups: BpmUserGroupService): void => {
  route(bpmUserGroupPage, ({ user, query }) => groups.page(user, query));
  route(bpmUserGroupListAllSimple, ({ user }) => groups.simpleList(user));
  route(bpmUserGroupSimpleList, ({ user }) => groups.simpleList(user));
  route(bpmUserGroupGet, ({ user, query }) => groups.get(user, query.id));
  route(bpmUserGroupCreate, ({ user, body }) => groups.create(user, body));
  route(bpmUserGroupUpdate, ({ user, body }) => groups.update(user, body));
  route(bpmUserGroupDelete, ({ user, query }) => groups.delete(user, query.id));
};
