import {
  demo03ErpCourseCreate,
  demo03ErpCourseDelete,
  demo03ErpCourseDeleteList,
  demo03ErpCourseGet,
  demo03ErpCoursePage,
  demo03ErpCourseUpdate,
  demo03ErpCourseUpdateByPost,
  demo03ErpGradeCreate,
  demo03ErpGradeDelete,
  demo03ErpGradeDeleteList,
  demo03ErpGradeGet,
  demo03ErpGradePage,
  demo03ErpGradeUpdate,
  demo03ErpGradeUpdateByPost,
  demo03StudentErpCreate,
  demo03StudentErpDelete,
  demo03StudentErpDeleteList,
  demo03StudentErpExport,
  demo03StudentErpGet,
  demo03StudentErpPage,
  demo03StudentErpUpdate,
} from '@app/contract';
import type { RouteRegistrar } from '../../plugins/routes.js';
import { sendXlsx } from '../../lib/crud/index.js';
import type { Demo03StudentErpService } from './service.js';

export const demo03StudentErpRoutes = (route: RouteRegistrar, service: Demo03StudentErpService): void => {
  route(demo03StudentErpPage, ({ user, query }) => service.page(user, query));
  route(demo03StudentErpGet, ({ user, query }) => service.get(user, query.id));
  route(demo03StudentErpCreate, ({ user, body }) => service.create(user, body));
  route(demo03StudentErpUpdate, ({ user, body }) => service.update(user, body));
  route(demo03StudentErpDelete, ({ user, query }) => service.delete(user, query.id));
  route(demo03StudentErpDeleteList, ({ user, query }) => service.deleteList(user, query.ids));
  route(demo03ErpCoursePage, ({ user, query }) => service.demo03ErpCoursePage(user, query));
  route(demo03ErpCourseGet, ({ user, query }) => service.demo03ErpCourseGet(user, query.id));
  route(demo03ErpCourseCreate, ({ user, body }) => service.demo03ErpCourseCreate(user, body));
  route(demo03ErpCourseUpdate, ({ user, body }) => service.demo03ErpCourseUpdate(user, body));
  route(demo03ErpCourseUpdateByPost, ({ user, body }) => service.demo03ErpCourseUpdate(user, body));
  route(demo03ErpCourseDelete, ({ user, query }) => service.demo03ErpCourseDelete(user, query.id));
  route(demo03ErpCourseDeleteList, ({ user, query }) => service.demo03ErpCourseDeleteList(user, query.ids));
  route(demo03ErpGradePage, ({ user, query }) => service.demo03ErpGradePage(user, query));
  route(demo03ErpGradeGet, ({ user, query }) => service.demo03ErpGradeGet(user, query.id));
  route(demo03ErpGradeCreate, ({ user, body }) => service.demo03ErpGradeCreate(user, body));
  route(demo03ErpGradeUpdate, ({ user, body }) => service.demo03ErpGradeUpdate(user, body));
  route(demo03ErpGradeUpdateByPost, ({ user, body }) => service.demo03ErpGradeUpdate(user, body));
  route(demo03ErpGradeDelete, ({ user, query }) => service.demo03ErpGradeDelete(user, query.id));
  route(demo03ErpGradeDeleteList, ({ user, query }) => service.demo03ErpGradeDeleteList(user, query.ids));
  route.raw(demo03StudentErpExport, async ({ user, query }, reply) =>
    sendXlsx(reply, '学生（ERP）.xlsx', await service.export(user, query)),
  );
};
