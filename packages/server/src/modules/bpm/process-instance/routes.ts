import {
  activityList,
  processInstanceCancel,
  processInstanceCreate,
  processInstanceGet,
  processInstanceMyPage,
} from '@app/contract';
import type { RouteRegistrar } from '../../../plugins/routes.js';
import type { ProcessInstanceService } from './service.js';

export const processInstanceRoutes = (route: RouteRegistrar, instances: ProcessInstanceService): void => {
  route(processInstanceMyPage, ({ user, query }) => instances.myPage(user, query));
  route(processInstanceCreate, ({ user, body }) => instances.create(user, body));
  route(processInstanceCancel, ({ user, body }) => instances.cancel(user, body));
  route(processInstanceGet, ({ user, query }) => instances.get(user, query.id));
  route(activityList, ({ user, query }) => instances.activities(user, query.processInstanceId));
};
