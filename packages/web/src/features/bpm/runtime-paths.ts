import { activityList, oaLeavePage, processInstanceGet, taskTodoPage } from '@app/contract';
import type { QueryClient } from '@tanstack/react-query';
import { invalidateEndpoints } from '../../shared/crud';

/** Addresses of the workflow runtime pages (static hidden routes). */
export const PROCESS_INSTANCE_CREATE_PATH = '/bpm/process-instance/create';
export const PROCESS_INSTANCE_DETAIL_PATH = '/bpm/process-instance/detail';
export const OA_LEAVE_CREATE_PATH = '/bpm/oa/leave/create';
export const OA_LEAVE_DETAIL_PATH = '/bpm/oa/leave/detail';

export const processDetailPath = (id: string): string =>
  `${PROCESS_INSTANCE_DETAIL_PATH}?id=${encodeURIComponent(id)}`;

export const oaLeaveDetailPath = (id: number | string): string =>
  `${OA_LEAVE_DETAIL_PATH}?id=${encodeURIComponent(String(id))}`;

/** After a workflow action: every read it may change (instances and their progress, tasks, leave requests). */
export const invalidateRuntime = (client: QueryClient): Promise<void> =>
  invalidateEndpoints(client, processInstanceGet, activityList, taskTodoPage, oaLeavePage);

/**
 * Workflow state changes through other people's actions (an approver acts, a task arrives), so a
 * runtime page reloads its data whenever it is shown again, e.g. when its tab is reopened.
 */
export const RUNTIME_STALE_TIME = 0;
