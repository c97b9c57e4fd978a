import { z } from 'zod';
import { defineEndpoint, permission } from '../endpoint.js';
import { readTimeRange, stringOrList } from '../query.js';
import { epochMillis, pageParam, pageResult } from '../result.js';
import { textParam } from '../fields.js';

/* Running approval flows: process instances (/bpm/process-instance) and their activity history (/bpm/activity). */

/** `bpm_process_instance_status`: 1 进行中, 2 已完成. */
export const BPM_INSTANCE_STATUS = { RUNNING: 1, FINISH: 2 } as const;

/**
 * `bpm_process_instance_result`, for instances and tasks: 1 处理中, 2 通过, 3 不通过, 4 已取消,
 * 5 退回 (a task sent back), 6 委派 (a task handed to someone else, still to do).
 */
export const BPM_RESULT = {
  PROCESS: 1,
  APPROVE: 2,
  REJECT: 3,
  CANCEL: 4,
  BACK: 5,
  DELEGATE: 6,
  /** 加签: approved, waiting for the tasks added after it (an end result of the task itself). */
  SIGN_AFTER: 7,
  /** 加签: waiting for the tasks added before it, then back to its owner. */
  SIGN_BEFORE: 8,
  /** 加签: added after a task, waiting for that task to be approved. */
  WAIT_BEFORE_TASK: 9,
} as const;

/** A string id (instances, tasks and definitions are named by text ids, as the reference's engine does). */
export const textId = (label: string) =>
  z
    .string({ error: `${label}不能为空` })
    .trim()
    .min(1, `${label}不能为空`)
    .max(64, `${label}格式不正确`);

/** Someone as the workflow pages show them. */
export const bpmUser = z.object({
  id: z.number().int(),
  nickname: z.string(),
  deptId: z.number().int().nullable(),
  deptName: z.string().nullable(),
});
export type BpmUser = z.output<typeof bpmUser>;

/** Variables of an instance: the submitted form's values and what tasks added. */
export const processVariables = z.record(z.string(), z.unknown());

export const processInstancePageItem = z.object({
  id: z.string(),
  name: z.string(),
  processDefinitionId: z.string(),
  category: z.string().nullable(),
  status: z.number().int(),
  result: z.number().int(),
  createTime: epochMillis,
  endTime: epochMillis.nullable(),
  /** Tasks still to do. */
  tasks: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type ProcessInstancePageItem = z.output<typeof processInstancePageItem>;

export const processInstanceMyPageReq = pageParam
  .extend({
    name: textParam,
    processDefinitionId: textParam,
    category: textParam,
    status: z
      .enum(['1', '2', ''], { error: '流程状态只能是 1（进行中）或 2（已完成）' })
      .optional()
      .transform((v) => (v ? Number(v) : undefined)),
    result: z
      .enum(['1', '2', '3', '4', ''], { error: '流程结果不正确' })
      .optional()
      .transform((v) => (v ? Number(v) : undefined)),
    createTime: stringOrList.optional(),
    'createTime[0]': z.string().optional(),
    'createTime[1]': z.string().optional(),
  })
  .transform((raw, ctx) => ({
    pageNo: raw.pageNo,
    pageSize: raw.pageSize,
    name: raw.name,
    processDefinitionId: raw.processDefinitionId,
    category: raw.category,
    status: raw.status,
    result: raw.result,
    createTime: readTimeRange(raw, 'createTime', '提交时间', ctx),
  }));
export type ProcessInstanceMyPageReq = z.input<typeof processInstanceMyPageReq>;

export const processInstanceCreateReq = z.object({
  processDefinitionId: textId('流程定义编号'),
  /** The start form's values (process form), also the process variables. */
  variables: processVariables.optional().default({}),
});
export type ProcessInstanceCreateReq = z.input<typeof processInstanceCreateReq>;

export const processInstanceCancelReq = z.object({
  id: textId('流程实例的编号'),
  reason: z
    .string({ error: '取消原因不能为空' })
    .trim()
    .min(1, '取消原因不能为空')
    .max(500, '取消原因不能超过 500 个字符'),
});
export type ProcessInstanceCancelReq = z.input<typeof processInstanceCancelReq>;

export const processInstanceDetail = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string().nullable(),
  status: z.number().int(),
  result: z.number().int(),
  createTime: epochMillis,
  endTime: epochMillis.nullable(),
  formVariables: processVariables,
  businessKey: z.string().nullable(),
  startUser: bpmUser,
  processDefinition: z.object({
    id: z.string(),
    formType: z.number().int().nullable(),
    formId: z.number().int().nullable(),
    formConf: z.string().nullable(),
    formFields: z.array(z.string()).nullable(),
    formCustomCreatePath: z.string().nullable(),
    formCustomViewPath: z.string().nullable(),
    bpmnXml: z.string(),
  }),
});
export type ProcessInstanceDetail = z.output<typeof processInstanceDetail>;

/** One activity the instance went through (the viewer's history), in order of start. */
export const bpmActivity = z.object({
  key: z.string(),
  type: z.string(),
  startTime: epochMillis,
  endTime: epochMillis.nullable(),
  taskId: z.string().nullable(),
  /**
   * Ours: ids of the sequence flows taken when the activity was left (our viewer highlights them).
   * Not named `outgoing`: the reference's viewer reads that name as diagram flow objects.
   */
  takenFlowIds: z.array(z.string()),
});
export type BpmActivity = z.output<typeof bpmActivity>;

const TAG = '流程实例';

export const processInstanceMyPage = defineEndpoint({
  method: 'GET',
  path: '/bpm/process-instance/my-page',
  summary: '获得我发起的流程实例分页（名称模糊，定义、分类、状态、结果、提交时间过滤；新的在前）',
  tag: TAG,
  access: permission('bpm:process-instance:query'),
  query: processInstanceMyPageReq,
  data: pageResult(processInstancePageItem),
});

export const processInstanceCreate = defineEndpoint({
  method: 'POST',
  path: '/bpm/process-instance/create',
  summary: '发起流程实例（激活的流程定义，变量为表单的值），返回实例编号',
  tag: TAG,
  access: permission('bpm:process-instance:create', 'bpm:process-instance:query'),
  body: processInstanceCreateReq,
  data: z.string(),
});

export const processInstanceCancel = defineEndpoint({
  method: 'DELETE',
  path: '/bpm/process-instance/cancel',
  summary: '取消我发起的、运行中的流程实例（需填写原因）；未完成的任务记为已取消',
  tag: TAG,
  access: permission('bpm:process-instance:cancel'),
  body: processInstanceCancelReq,
  data: z.boolean(),
});

export const processInstanceGet = defineEndpoint({
  method: 'GET',
  path: '/bpm/process-instance/get',
  summary: '获得流程实例详情（发起人、表单、流程定义与流程图）；发起人或其任务的处理人可查看',
  tag: TAG,
  access: permission('bpm:process-instance:query'),
  query: z.object({ id: textId('流程实例的编号') }),
  data: processInstanceDetail,
});

export const activityList = defineEndpoint({
  method: 'GET',
  path: '/bpm/activity/list',
  summary: '获得流程实例经过的活动列表（流程图高亮用）',
  tag: '流程活动',
  access: permission('bpm:task:query'),
  query: z.object({ processInstanceId: textId('流程实例的编号') }),
  data: z.array(bpmActivity),
});
