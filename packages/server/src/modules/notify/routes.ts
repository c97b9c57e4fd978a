import {
  notifyMessageGet,
  notifyMessageMyPage,
  notifyMessagePage,
  notifyMessageUnreadCount,
  notifyMessageUnreadCountStream,
  notifyMessageUnreadList,
  notifyMessageUpdateAllRead,
  notifyMessageUpdateRead,
  notifyTemplateCreate,
  notifyTemplateDelete,
  notifyTemplateGet,
  notifyTemplatePage,
  notifyTemplateSendNotify,
  notifyTemplateUpdate,
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
  route(notifyTemplateCreate, ({ user, body }) => notify.createTemplate(user, body));
  route(notifyTemplateUpdate, ({ user, body }) => notify.updateTemplate(user, body));
  route(notifyTemplateDelete, ({ user, query }) => notify.deleteTemplate(user, query.id));
  route(notifyTemplateGet, ({ query }) => notify.getTemplate(query.id));
  route(notifyTemplatePage, ({ query }) => notify.templatePage(query));
  route(notifyMessagePage, ({ user, query }) => notify.messagePage(user, query));
  route(notifyMessageGet, ({ user, query }) => notify.getMessage(user, query.id));
};
