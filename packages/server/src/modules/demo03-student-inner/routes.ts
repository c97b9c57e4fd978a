import {
  demo03InnerCourseListByStudentId,
  demo03InnerGradeGetByStudentId,
  demo03StudentInnerCreate,
  demo03StudentInnerDelete,
  demo03StudentInnerDeleteList,
  demo03StudentInnerExport,
  demo03StudentInnerGet,
  demo03StudentInnerPage,
  demo03StudentInnerUpdate,
} from '@app/contract';
import type { RouteRegistrar } from '../../plugins/routes.js';
import { sendXlsx } from '../../lib/crud/index.js';
import type { Demo03StudentInnerService } from './service.js';

export const demo03StudentInnerRoutes = (route: RouteRegistrar, service: Demo03StudentInnerService): void => {
  route(demo03StudentInnerPage, ({ user, query }) => service.page(user, query));
  route(demo03StudentInnerGet, ({ user, query }) => service.get(user, query.id));
  route(demo03StudentInnerCreate, ({ user, body }) => service.create(user, body));
  route(demo03StudentInnerUpdate, ({ user, body }) => service.update(user, body));
  route(demo03StudentInnerDelete, ({ user, query }) => service.delete(user, query.id));
  route(demo03StudentInnerDeleteList, ({ user, query }) => service.deleteList(user, query.ids));
  route(demo03InnerCourseListByStudentId, ({ user, query }) =>
    service.demo03InnerCourseList(user, query.studentId),
  );
  route(demo03InnerGradeGetByStudentId, ({ user, query }) =>
    service.demo03InnerGradeGet(user, query.studentId),
  );
  route.raw(demo03StudentInnerExport, async ({ user, query }, reply) =>
    sendXlsx(reply, '学生（内嵌）.xlsx', await service.export(user, query)),
  );
};
