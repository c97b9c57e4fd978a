import { oaLeaveCreate, oaLeaveGet, oaLeavePage } from '@app/contract';
import type { RouteRegistrar } from '../../../plugins/routes.js';
import type { OaLeaveService } from './service.js';

export const oaLeaveRoutes = (route: RouteRegistrar, leaves: OaLeaveService): void => {
  route(oaLeaveCreate, ({ user, body }) => leaves.create(user, body));
  route(oaLeaveGet, ({ user, query }) => leaves.get(user, query.id));
  route(oaLeavePage, ({ user, query }) => leaves.page(user, query));
};
