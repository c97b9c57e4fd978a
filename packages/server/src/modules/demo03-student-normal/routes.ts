import {
  demo03NormalCourseListByStudentId,
  demo03NormalGradeGetByStudentId,
  demo03StudentNormalCreate,
  demo03StudentNormalDelete,
  demo03StudentNormalDeleteList,
  demo03StudentNormalExport,
  demo03StudentNormalGet,
  demo03StudentNormalPage,
  demo03StudentNormalUpdate,
} from '@app/contract';
import type { RouteRegistrar } from '../../plugins/routes.js';
import { sendXlsx } from '../../lib/crud/index.js';
import type { Demo03StudentNormalService } from './service.js';

export const demo03StudentNormalRoutes = (
  route: RouteRegistrar,
  service: Demo03StudentNormalService,
): void => {
  route(demo03StudentNormalPage, ({ user, query }) => service.page(user, query));
  route(demo03StudentNormalGet, ({ user, query }) => service.get(user, query.id));
  route(demo03StudentNormalCreate, ({ user, body }) => service.create(user, body));
  route(demo03StudentNormalUpdate, ({ user, body }) => service.update(user, body));
  route(demo03StudentNormalDelete, ({ user, query }) => service.delete(user, query.id));
  route(demo03StudentNormalDeleteList, ({ user, query }) => service.deleteList(user, query.ids));
  route(demo03NormalCourseListByStudentId, ({ user, query }) =>
    service.demo03NormalCourseList(user, query.studentId),
  );
  route(demo03NormalGradeGetByStudentId, ({ user, query }) =>
    service.demo03NormalGradeGet(user, query.studentId),
  );
  route.raw(demo03StudentNormalExport, async ({ user, query }, reply) =>
    sendXlsx(reply, '学生（普通）.xlsx', await service.export(user, query)),
  );
};
