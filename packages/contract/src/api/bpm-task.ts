import { z } from 'zod';
import { defineEndpoint, permission } from '../endpoint.js';
import { readTimeRange, stringOrList } from '../query.js';
import { epochMillis, pageParam, pageResult } from '../result.js';
import { textParam } from '../fields.js';
import { bpmUser, textId } from './bpm-process-instance.js';

/* Approval tasks (/bpm/task): to-do and done lists, the tasks of an instance, and the actions on a task. */

/** 1 激活, 2 挂起 (a task of a suspended definition's instance keeps its state). */
export const TASK_SUSPENSION_STATE = { ACTIVE: 1, SUSPENDED: 2 } as const;

const taskProcessInstance = z.object({
  id: z.string(),
  name: z.string(),
  startUserId: z.number().int(),
  startUserNickname: z.string(),
  processDefinitionId: z.string(),
});

export const todoTask = z.object({
  id: z.string(),
  name: z.string(),
  claimTime: epochMillis.nullable(),
  createTime: epochMillis,
  /** Not in the reference: the diagram's `dueDate` (截止时间), null when it sets none. */
  dueTime: epochMillis.nullable(),
  suspensionState: z.number().int(),
  processInstance: taskProcessInstance,
});
export type TodoTask = z.output<typeof todoTask>;

export const doneTask = todoTask.extend({
  endTime: epochMillis,
  durationInMillis: z.number().int(),
  result: z.number().int(),
  reason: z.string().nullable(),
});
export type DoneTask = z.output<typeof doneTask>;

/**
 * A task of one instance, for the detail page's timeline and the viewer. Tasks added by 加签 come
 * nested under the task they were added to (`children`, null when there are none).
 */
const instanceTaskFields = todoTask.extend({
  endTime: epochMillis.nullable(),
  durationInMillis: z.number().int().nullable(),
  result: z.number().int(),
  reason: z.string().nullable(),
  definitionKey: z.string(),
  assigneeUser: bpmUser.nullable(),
  /** Not in the reference: who may claim the open task nobody holds yet (its candidates); [] otherwise. */
  candidateUsers: z.array(bpmUser),
  /**
   * Not in the reference: who gets the task back (the one who delegated it or added tasks before
   * it), or, for a task added after another, whom it will go to.
   */
  ownerUser: bpmUser.nullable(),
  parentTaskId: z.string().nullable(),
});
export interface InstanceTask extends z.output<typeof instanceTaskFields> {
  children: InstanceTask[] | null;
}
export const instanceTask: z.ZodType<InstanceTask> = instanceTaskFields
  .extend({ children: z.lazy(() => z.array(instanceTask).nullable()) })
  .meta({ id: 'InstanceTask' });

const pageFilter = {
  name: textParam,
  createTime: stringOrList.optional(),
  'createTime[0]': z.string().optional(),
  'createTime[1]': z.string().optional(),
};
export const taskPageReq = pageParam.extend(pageFilter).transform((raw, ctx) => ({
  pageNo: raw.pageNo,
  pageSize: raw.pageSize,
  name: raw.name,
  createTime: readTimeRange(raw, 'createTime', '创建时间', ctx),
}));
export type TaskPageReq = z.input<typeof taskPageReq>;

const reason = (label: string) =>
  z
    .string({ error: `${label}不能为空` })
    .trim()
    .min(1, `${label}不能为空`)
    .max(500, `${label}不能超过 500 个字符`);
const userId = (label: string) =>
  z
    .number({ error: `${label}不能为空` })
    .int(`${label}格式不正确`)
    .positive(`${label}不能为空`);

export const taskApproveReq = z.object({ id: textId('任务编号'), reason: reason('审批意见') });
export type TaskApproveReq = z.input<typeof taskApproveReq>;
export const taskRejectReq = taskApproveReq;
export type TaskRejectReq = TaskApproveReq;
export const taskUpdateAssigneeReq = z.object({
  id: textId('任务编号'),
  assigneeUserId: userId('新审批人'),
});
export type TaskUpdateAssigneeReq = z.input<typeof taskUpdateAssigneeReq>;
export const taskDelegateReq = z.object({
  id: textId('任务编号'),
  delegateUserId: userId('被委派人'),
  reason: reason('委派理由'),
});
export type TaskDelegateReq = z.input<typeof taskDelegateReq>;
export const taskReturnReq = z.object({
  id: textId('任务编号'),
  targetDefinitionKey: textId('回退节点'),
  reason: reason('回退理由'),
});
export type TaskReturnReq = z.input<typeof taskReturnReq>;

/** 加签 types: `before` (向前加签) and `after` (向后加签), as the reference's BpmTaskAddSignTypeEnum. */
export const BPM_TASK_SIGN_TYPE = { BEFORE: 'before', AFTER: 'after' } as const;
export type BpmTaskSignType = (typeof BPM_TASK_SIGN_TYPE)[keyof typeof BPM_TASK_SIGN_TYPE];
export const BPM_TASK_SIGN_TYPE_LABELS: Record<BpmTaskSignType, string> = {
  before: '向前加签',
  after: '向后加签',
};

export const taskSignCreateReq = z.object({
  id: textId('任务编号'),
  userIdList: z
    .array(userId('加签用户'), { error: '加签用户不能为空' })
    .min(1, '加签用户不能为空')
    .max(50, '加签用户不能超过 50 个')
    .transform((ids) => [...new Set(ids)]),
  type: z.enum([BPM_TASK_SIGN_TYPE.BEFORE, BPM_TASK_SIGN_TYPE.AFTER], {
    error: '加签类型必须是 before（向前加签）或 after（向后加签）',
  }),
  reason: reason('加签原因'),
});
export type TaskSignCreateReq = z.input<typeof taskSignCreateReq>;
export const taskSignDeleteReq = z.object({ id: textId('任务编号'), reason: reason('减签原因') });
export type TaskSignDeleteReq = z.input<typeof taskSignDeleteReq>;

/** A task added by 加签 that can still be taken away (减签), with whoever holds or will hold it. */
export const signChildTask = z.object({
  id: z.string(),
  name: z.string(),
  result: z.number().int(),
  createTime: epochMillis,
  assigneeUser: bpmUser.nullable(),
});
export type SignChildTask = z.output<typeof signChildTask>;

/** A user task earlier on the instance's path that a task can be sent back to. */
export const returnTarget = z.object({ id: z.string(), name: z.string() });
export type ReturnTarget = z.output<typeof returnTarget>;

const TAG = '流程任务';
const taskQuery = permission('bpm:task:query');
const taskUpdate = permission('bpm:task:update');

export const taskTodoPage = defineEndpoint({
  method: 'GET',
  path: '/bpm/task/todo-page',
  summary: '获得我的待办任务分页（任务名模糊、创建时间过滤；新的在前）',
  tag: TAG,
  access: taskQuery,
  query: taskPageReq,
  data: pageResult(todoTask),
});

export const taskDonePage = defineEndpoint({
  method: 'GET',
  path: '/bpm/task/done-page',
  summary: '获得我的已办任务分页（任务名模糊、创建时间过滤；最近办结的在前）',
  tag: TAG,
  access: taskQuery,
  query: taskPageReq,
  data: pageResult(doneTask),
});

export const taskListByProcessInstanceId = defineEndpoint({
  method: 'GET',
  path: '/bpm/task/list-by-process-instance-id',
  summary: '获得流程实例的任务列表（审批记录）',
  tag: TAG,
  access: taskQuery,
  query: z.object({ processInstanceId: textId('流程实例的编号') }),
  data: z.array(instanceTask),
});

export const taskApprove = defineEndpoint({
  method: 'PUT',
  path: '/bpm/task/approve',
  summary: '通过任务（只有任务的审批人可以操作）',
  tag: TAG,
  access: taskUpdate,
  body: taskApproveReq,
  data: z.boolean(),
});

export const taskReject = defineEndpoint({
  method: 'PUT',
  path: '/bpm/task/reject',
  summary: '不通过任务：流程实例结束，结果为不通过',
  tag: TAG,
  access: taskUpdate,
  body: taskRejectReq,
  data: z.boolean(),
});

export const taskUpdateAssignee = defineEndpoint({
  method: 'PUT',
  path: '/bpm/task/update-assignee',
  summary: '转办任务给另一位用户',
  tag: TAG,
  access: taskUpdate,
  body: taskUpdateAssigneeReq,
  data: z.boolean(),
});

export const taskDelegate = defineEndpoint({
  method: 'PUT',
  path: '/bpm/task/delegate',
  summary: '委派任务给另一位用户（结果记为委派，由被委派人处理）',
  tag: TAG,
  access: taskUpdate,
  body: taskDelegateReq,
  data: z.boolean(),
});

export const taskReturnList = defineEndpoint({
  method: 'GET',
  path: '/bpm/task/return-list',
  summary: '获得任务可回退到的节点（同一路径上已经过的用户任务）',
  tag: TAG,
  access: taskQuery,
  query: z.object({ taskId: textId('任务编号') }),
  data: z.array(returnTarget),
});

export const taskReturn = defineEndpoint({
  method: 'PUT',
  path: '/bpm/task/return',
  summary: '回退任务到之前的节点（当前任务结果记为退回）',
  tag: TAG,
  access: taskUpdate,
  body: taskReturnReq,
  data: z.boolean(),
});

export const taskCreateSign = defineEndpoint({
  method: 'PUT',
  path: '/bpm/task/create-sign',
  summary: '加签：before 向前加签（加签人先审批，再回到自己），after 向后加签（自己通过后再由加签人审批）',
  tag: TAG,
  access: taskUpdate,
  body: taskSignCreateReq,
  data: z.boolean(),
});

export const taskDeleteSign = defineEndpoint({
  method: 'DELETE',
  path: '/bpm/task/delete-sign',
  summary: '减签：取消加签出来的任务（连同它的子任务）',
  tag: TAG,
  access: taskUpdate,
  body: taskSignDeleteReq,
  data: z.boolean(),
});

export const taskChildrenList = defineEndpoint({
  method: 'GET',
  path: '/bpm/task/children-list',
  summary: '获得能被减签的任务（加签出来、尚未结束的子任务）',
  tag: TAG,
  access: taskUpdate,
  query: z.object({ parentId: textId('父级任务编号') }),
  data: z.array(signChildTask),
});
