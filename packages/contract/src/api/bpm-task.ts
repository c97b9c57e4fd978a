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

/** A task of one instance, for the detail page's timeline and the viewer. */
export const instanceTask = todoTask.extend({
  endTime: epochMillis.nullable(),
  durationInMillis: z.number().int().nullable(),
  result: z.number().int(),
  reason: z.string().nullable(),
  definitionKey: z.string(),
  assigneeUser: bpmUser.nullable(),
});
export type InstanceTask = z.output<typeof instanceTask>;

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
