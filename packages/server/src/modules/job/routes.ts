import {
  infraJobCreate,
  infraJobDelete,
  infraJobExportExcel,
  infraJobGet,
  infraJobLogExportExcel,
  infraJobLogGet,
  infraJobLogPage,
  infraJobNextTimes,
  infraJobPage,
  infraJobTrigger,
  infraJobUpdate,
  infraJobUpdateStatus,
} from '@app/contract';
import type { RouteRegistrar } from '../../plugins/routes.js';
import { sendXlsx } from '../../lib/crud/index.js';
import type { JobService } from './service.js';

export const jobRoutes = (route: RouteRegistrar, jobs: JobService): void => {
  route(infraJobPage, ({ query }) => jobs.page(query));
  route(infraJobGet, ({ query }) => jobs.get(query.id));
  route(infraJobCreate, ({ user, body }) => jobs.create(user, body));
  route(infraJobUpdate, ({ user, body }) => jobs.update(user, body));
  route(infraJobDelete, ({ user, query }) => jobs.delete(user, query.id));
  route(infraJobTrigger, ({ query }) => jobs.trigger(query.id));
  route(infraJobNextTimes, ({ query }) => jobs.nextTimes(query.id, query.count));
  route.raw(infraJobExportExcel, async ({ query }, reply) =>
    sendXlsx(reply, '定时任务.xlsx', await jobs.export(query)),
  );
  route(infraJobLogPage, ({ query }) => jobs.logPage(query));
  route(infraJobLogGet, ({ query }) => jobs.getLog(query.id));
  route.raw(infraJobLogExportExcel, async ({ query }, reply) =>
    sendXlsx(reply, '定时任务日志.xlsx', await jobs.exportLogs(query)),
  );
};

/** The status change, whose parameters the reference's first client sends as form fields. */
export const jobStatusRoute = (route: RouteRegistrar, jobs: JobService): void => {
  route(infraJobUpdateStatus, ({ user, query }) => jobs.updateStatus(user, query.id, query.status));
};
