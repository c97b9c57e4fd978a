import {
  notifyMessageMyPage,
  notifyMessageUnreadCount,
  notifyMessageUnreadCountStream,
  notifyMessageUnreadList,
  notifyMessageUpdateAllRead,
  notifyMessageUpdateRead,
  notifyTemplateSendNotify,
} from '@app/contract';
import type { RouteRegistrar } from '../../plugins/routes.js';
import type { NotifyService } from './service.js';
import type { UnreadStreamHub } from './unread-stream.js';

export const notifyRoutes = (
  route: RouteRegistrar,
  notify: NotifyService,
  streams: UnreadStreamHub,
): void => {
  route(notifyMessageMyPage, ({ user, query }) => notify.myPage(user, query));
  route(notifyMessageUpdateRead, ({ user, query }) => notify.markRead(user, query.ids));
  route(notifyMessageUpdateAllRead, ({ user }) => notify.markRead(user, null));
  route(notifyMessageUnreadList, ({ user, query }) => notify.unreadList(user, query.size));
  route(notifyMessageUnreadCount, ({ user }) => notify.unreadCount(user.tenantId, user.id, user.userType));
  route.raw(notifyMessageUnreadCountStream, (req, reply) => streams.open(req.user, req.bearerToken, reply));
  route(notifyTemplateSendNotify, ({ user, body }) => notify.sendFromAdmin(user, body));
};
