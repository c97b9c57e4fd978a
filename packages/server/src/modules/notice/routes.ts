import { noticeCreate, noticeDelete, noticeGet, noticePage, noticePush, noticeUpdate } from '@app/contract';
import type { RouteRegistrar } from '../../plugins/routes.js';
import type { NoticeService } from './service.js';

export const noticeRoutes = (route: RouteRegistrar, notices: NoticeService): void => {
  route(noticePage, ({ user, query }) => notices.page(user, query));
  route(noticeGet, ({ user, query }) => notices.get(user, query.id));
  route(noticeCreate, ({ user, body }) => notices.create(user, body));
  route(noticeUpdate, ({ user, body }) => notices.update(user, body));
  route(noticeDelete, ({ user, query }) => notices.delete(user, query.id));
  route(noticePush, ({ user, query }) => notices.push(user, query.id));
};
