import {
  postCreate,
  postDelete,
  postExport,
  postExportExcel,
  postGet,
  postListAllSimple,
  postPage,
  postSimpleList,
  postUpdate,
} from '@app/contract';
import type { RouteRegistrar } from '../../plugins/routes.js';
import { sendXlsx } from '../../lib/crud/index.js';
import type { PostService } from './service.js';

export const postRoutes = (route: RouteRegistrar, posts: PostService): void => {
  route(postPage, ({ user, query }) => posts.page(user, query));
  route(postListAllSimple, ({ user }) => posts.simpleList(user));
  route(postSimpleList, ({ user }) => posts.simpleList(user));
  route(postGet, ({ user, query }) => posts.get(user, query.id));
  route(postCreate, ({ user, body }) => posts.create(user, body));
  route(postUpdate, ({ user, body }) => posts.update(user, body));
  route(postDelete, ({ user, query }) => posts.delete(user, query.id));
  for (const endpoint of [postExport, postExportExcel])
    route.raw(endpoint, async (req, reply) =>
      sendXlsx(reply, '岗位数据.xlsx', await posts.exportExcel(req.user, req.query)),
    );
};
