import { z } from 'zod';
import { defineEndpoint, permission } from '../endpoint.js';
import { epochMillis, pageParam, pageResult } from '../result.js';
import { idListTooLong, MAX_ID_LIST, textParam } from '../fields.js';

/* Process models, their deployed process definitions and the task assignment rules. */

/** Dictionary `bpm_model_form_type`. */
export const BPM_MODEL_FORM_TYPE = { NORMAL: 10, CUSTOM: 20 } as const;

/** Suspension state of a process definition: only active ones can be started. */
export const BPM_SUSPENSION_STATE = { ACTIVE: 1, SUSPENDED: 2 } as const;

/** Dictionary `bpm_task_assign_rule_type`: what a rule's `options` are the ids of. */
export const BPM_TASK_ASSIGN_RULE_TYPE = {
  ROLE: 10,
  DEPT_MEMBER: 20,
  DEPT_LEADER: 21,
  POST: 22,
  USER: 30,
  USER_GROUP: 40,
  SCRIPT: 50,
} as const;

/** Dictionary `bpm_task_assign_script`: the scripts a rule of type 50 may name. */
export const BPM_TASK_ASSIGN_SCRIPT = { START_USER: 10, LEADER_X1: 20, LEADER_X2: 21 } as const;

/**
 * A model key, as the reference checks it: an XML name (a letter or `_`, then letters, digits,
 * `-`, `_`, `.` or `$`), because it becomes the process element's id.
 */
export const BPM_MODEL_KEY_PATTERN = /^[a-zA-Z_][-_.0-9a-zA-Z$]*$/;

/** Ids of models and process definitions are strings, as Flowable gives them. */
const stringId = (label: string) =>
  z
    .string({ error: `${label}不能为空` })
    .trim()
    .min(1, `${label}不能为空`)
    .max(64, `${label}不正确`);
export const bpmStringIdQuery = z.object({ id: stringId('编号') });

const modelFormFields = {
  /** 10 流程表单 (`formId`), 20 业务表单 (the two paths), null when not chosen yet. */
  formType: z.number().int().nullable(),
  formId: z.number().int().nullable(),
  formCustomCreatePath: z.string().nullable(),
  formCustomViewPath: z.string().nullable(),
};

// ---------- models ----------

export const bpmModelPageItem = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  ...modelFormFields,
  formName: z.string().nullable(),
  createTime: epochMillis,
  /** The latest deployed definition, null before the first deploy. */
  processDefinition: z
    .object({
      id: z.string(),
      version: z.number().int(),
      deploymentTime: epochMillis,
      suspensionState: z.number().int(),
    })
    .nullable(),
});
export type BpmModelPageItem = z.output<typeof bpmModelPageItem>;

export const bpmModel = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  ...modelFormFields,
  bpmnXml: z.string().nullable(),
  createTime: epochMillis,
});
export type BpmModel = z.output<typeof bpmModel>;

export const bpmModelPageReq = pageParam.extend({
  /** Exact. */
  key: textParam,
  /** Contains. */
  name: textParam,
  /** Exact, dictionary `bpm_model_category`. */
  category: textParam,
});
export type BpmModelPageReq = z.input<typeof bpmModelPageReq>;

const modelName = z
  .string({ error: '流程名称不能为空' })
  .trim()
  .min(1, '流程名称不能为空')
  .max(64, '流程名称长度不能超过 64 个字符');
const modelDescription = z.string().trim().max(500, '流程描述长度不能超过 500 个字符');
const modelCategory = z.string().trim().max(64, '流程分类长度不能超过 64 个字符');

/** The fields of create and of import's form parts. */
export const bpmModelCreateReq = z.object({
  /** Checked by the server against BPM_MODEL_KEY_PATTERN (its own error code). */
  key: z
    .string({ error: '流程标识不能为空' })
    .trim()
    .min(1, '流程标识不能为空')
    .max(64, '流程标识长度不能超过 64 个字符'),
  name: modelName,
  description: modelDescription.nullable().optional(),
  category: modelCategory.nullable().optional(),
});
export type BpmModelCreateReq = z.input<typeof bpmModelCreateReq>;

const formPath = (label: string) =>
  z
    .string()
    .trim()
    .max(255, `${label}长度不能超过 255 个字符`)
    .refine((v) => v === '' || v.startsWith('/'), `${label}必须以 / 开头`);

/**
 * Update of a model. A field left out keeps its value (the designer sends just `id` and `bpmnXml`);
 * `null` clears description or category. The form binding travels as a group: when `formType` is
 * sent, formId and the two paths are taken from the request as well (null when absent).
 */
export const bpmModelUpdateReq = z
  .object({
    id: stringId('流程模型编号'),
    name: modelName.optional(),
    description: modelDescription.nullable().optional(),
    category: modelCategory.nullable().optional(),
    /** Empty keeps the stored diagram. */
    bpmnXml: z
      .string()
      .max(1024 * 1024, 'BPMN XML 不能超过 1MB')
      .optional(),
    formType: z
      .union([z.literal(BPM_MODEL_FORM_TYPE.NORMAL), z.literal(BPM_MODEL_FORM_TYPE.CUSTOM)], {
        error: '表单类型必须是 10（流程表单）或 20（业务表单）',
      })
      .nullable()
      .optional(),
    formId: z.number().int().positive('流程表单不正确').nullable().optional(),
    formCustomCreatePath: formPath('表单提交路由').nullable().optional(),
    formCustomViewPath: formPath('表单查看地址').nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.formType === BPM_MODEL_FORM_TYPE.NORMAL && !v.formId)
      ctx.addIssue({ code: 'custom', message: '流程表单不能为空', path: ['formId'] });
    if (v.formType === BPM_MODEL_FORM_TYPE.CUSTOM) {
      if (!v.formCustomCreatePath)
        ctx.addIssue({ code: 'custom', message: '表单提交路由不能为空', path: ['formCustomCreatePath'] });
      if (!v.formCustomViewPath)
        ctx.addIssue({ code: 'custom', message: '表单查看地址不能为空', path: ['formCustomViewPath'] });
    }
  });
export type BpmModelUpdateReq = z.input<typeof bpmModelUpdateReq>;

export const bpmModelUpdateStateReq = z.object({
  id: stringId('流程模型编号'),
  state: z.union([z.literal(BPM_SUSPENSION_STATE.ACTIVE), z.literal(BPM_SUSPENSION_STATE.SUSPENDED)], {
    error: '状态必须是 1（激活）或 2（挂起）',
  }),
});
export type BpmModelUpdateStateReq = z.input<typeof bpmModelUpdateStateReq>;

/** Largest .bpmn file `import` accepts. */
export const BPM_MODEL_IMPORT_MAX_BYTES = 1024 * 1024;

const MODEL_TAG = '流程模型';

export const bpmModelPage = defineEndpoint({
  method: 'GET',
  path: '/bpm/model/page',
  summary: '获得模型分页（标识精确、名称模糊、分类精确；按创建时间倒序），附表单名与最新部署的流程定义',
  tag: MODEL_TAG,
  access: permission('bpm:model:query'),
  query: bpmModelPageReq,
  data: pageResult(bpmModelPageItem),
});

export const bpmModelGet = defineEndpoint({
  method: 'GET',
  path: '/bpm/model/get',
  summary: '获得模型（含 BPMN XML）',
  tag: MODEL_TAG,
  access: permission('bpm:model:query'),
  query: bpmStringIdQuery,
  data: bpmModel,
});

export const bpmModelCreate = defineEndpoint({
  method: 'POST',
  path: '/bpm/model/create',
  summary: '新建模型，返回编号（标识须是 XML 名称且在租户内唯一；附带一个只有开始事件的初始流程图）',
  tag: MODEL_TAG,
  access: permission('bpm:model:create'),
  body: bpmModelCreateReq,
  data: z.string(),
});

export const bpmModelUpdate = defineEndpoint({
  method: 'PUT',
  path: '/bpm/model/update',
  summary: '修改模型（基本信息、表单、BPMN XML；未传的字段保持不变）',
  tag: MODEL_TAG,
  access: permission('bpm:model:update'),
  body: bpmModelUpdateReq,
  data: z.boolean(),
});

export const bpmModelImport = defineEndpoint({
  method: 'POST',
  path: '/bpm/model/import',
  summary: '导入模型（multipart/form-data：key、name、description 与 BPMN 文件 bpmnFile），返回编号',
  tag: MODEL_TAG,
  access: permission('bpm:model:import'),
  files: ['bpmnFile'],
  data: z.string(),
});

export const bpmModelDeploy = defineEndpoint({
  method: 'POST',
  path: '/bpm/model/deploy',
  summary: '部署模型为新版本的流程定义（校验表单、分配规则、流程图与变化；挂起旧版本）',
  tag: MODEL_TAG,
  access: permission('bpm:model:deploy'),
  query: bpmStringIdQuery,
  data: z.boolean(),
});

export const bpmModelUpdateState = defineEndpoint({
  method: 'PUT',
  path: '/bpm/model/update-state',
  summary: '激活或挂起模型最新部署的流程定义',
  tag: MODEL_TAG,
  access: permission('bpm:model:update'),
  body: bpmModelUpdateStateReq,
  data: z.boolean(),
});

export const bpmModelDelete = defineEndpoint({
  method: 'DELETE',
  path: '/bpm/model/delete',
  summary: '删除模型（已部署的流程定义保留，最新版本被挂起）',
  tag: MODEL_TAG,
  access: permission('bpm:model:delete'),
  query: bpmStringIdQuery,
  data: z.boolean(),
});

// ---------- process definitions ----------

export const bpmProcessDefinition = z.object({
  id: z.string(),
  /** The process key (the BPMN process id): what a call activity names. */
  key: z.string(),
  version: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  formType: z.number().int().nullable(),
  formId: z.number().int().nullable(),
  /** Copied from the form at deploy (form type 10). */
  formConf: z.string().nullable(),
  formFields: z.array(z.string()).nullable(),
  formCustomCreatePath: z.string().nullable(),
  formCustomViewPath: z.string().nullable(),
  suspensionState: z.number().int(),
});
export type BpmProcessDefinition = z.output<typeof bpmProcessDefinition>;

export const bpmProcessDefinitionPageItem = bpmProcessDefinition.extend({
  formName: z.string().nullable(),
  deploymentTime: epochMillis,
});
export type BpmProcessDefinitionPageItem = z.output<typeof bpmProcessDefinitionPageItem>;

export const bpmProcessDefinitionPageReq = pageParam.extend({ key: textParam });
export type BpmProcessDefinitionPageReq = z.input<typeof bpmProcessDefinitionPageReq>;

export const bpmProcessDefinitionListReq = z.object({
  suspensionState: z
    .union([z.literal(''), z.enum(['1', '2'])], { error: '挂起状态必须是 1（激活）或 2（挂起）' })
    .optional()
    .transform((v) => (v === '' || v === undefined ? undefined : Number(v))),
});
export type BpmProcessDefinitionListReq = z.input<typeof bpmProcessDefinitionListReq>;

const DEFINITION_TAG = '流程定义';

export const bpmProcessDefinitionPage = defineEndpoint({
  method: 'GET',
  path: '/bpm/process-definition/page',
  summary: '获得流程定义分页（标识精确；按版本倒序）',
  tag: DEFINITION_TAG,
  access: permission('bpm:process-definition:query'),
  query: bpmProcessDefinitionPageReq,
  data: pageResult(bpmProcessDefinitionPageItem),
});

export const bpmProcessDefinitionList = defineEndpoint({
  method: 'GET',
  path: '/bpm/process-definition/list',
  summary: '获得流程定义列表（suspensionState=1：可发起的激活版本）',
  tag: DEFINITION_TAG,
  access: permission('bpm:process-definition:query'),
  query: bpmProcessDefinitionListReq,
  data: z.array(bpmProcessDefinition),
});

export const bpmProcessDefinitionGetBpmnXml = defineEndpoint({
  method: 'GET',
  path: '/bpm/process-definition/get-bpmn-xml',
  summary: '获得流程定义的 BPMN XML',
  tag: DEFINITION_TAG,
  access: permission('bpm:process-definition:query'),
  query: bpmStringIdQuery,
  data: z.string(),
});

// ---------- task assignment rules ----------

const R = BPM_TASK_ASSIGN_RULE_TYPE;
const ruleType = z.union(
  [
    z.literal(R.ROLE),
    z.literal(R.DEPT_MEMBER),
    z.literal(R.DEPT_LEADER),
    z.literal(R.POST),
    z.literal(R.USER),
    z.literal(R.USER_GROUP),
    z.literal(R.SCRIPT),
  ],
  { error: '规则类型必须是 10、20、21、22、30、40 或 50' },
);
const ruleOptions = z
  .array(z.number({ error: '规则值必须是数字' }).int('规则值必须是整数').positive('规则值不正确'), {
    error: '规则值数组不能为空',
  })
  .max(MAX_ID_LIST, idListTooLong('规则值'))
  .transform((ids) => [...new Set(ids)]);

/**
 * One user task of a diagram with its rule. Tasks without a rule have `id`, `type` and `options`
 * null. Rules of a model have `processDefinitionId` ''; copies made at deploy carry both ids.
 */
export const bpmTaskAssignRule = z.object({
  id: z.number().int().nullable(),
  modelId: z.string().nullable(),
  processDefinitionId: z.string().nullable(),
  taskDefinitionKey: z.string(),
  taskDefinitionName: z.string(),
  type: z.number().int().nullable(),
  options: z.array(z.number().int()).nullable(),
});
export type BpmTaskAssignRule = z.output<typeof bpmTaskAssignRule>;

export const bpmTaskAssignRuleListReq = z
  .object({ modelId: textParam, processDefinitionId: textParam })
  .refine((v) => v.modelId !== undefined || v.processDefinitionId !== undefined, {
    message: '流程模型编号和流程定义编号不能同时为空',
  });
export type BpmTaskAssignRuleListReq = z.input<typeof bpmTaskAssignRuleListReq>;

export const bpmTaskAssignRuleCreateReq = z.object({
  modelId: stringId('流程模型的编号'),
  taskDefinitionKey: z
    .string({ error: '流程任务定义的编号不能为空' })
    .trim()
    .min(1, '流程任务定义的编号不能为空')
    .max(255, '流程任务定义的编号不正确'),
  type: ruleType,
  options: ruleOptions,
});
export type BpmTaskAssignRuleCreateReq = z.input<typeof bpmTaskAssignRuleCreateReq>;

export const bpmTaskAssignRuleUpdateReq = z.object({
  id: z.number({ error: '任务分配规则的编号不能为空' }).int().positive('任务分配规则的编号不能为空'),
  type: ruleType,
  options: ruleOptions,
});
export type BpmTaskAssignRuleUpdateReq = z.input<typeof bpmTaskAssignRuleUpdateReq>;

const RULE_TAG = '任务分配规则';

export const bpmTaskAssignRuleList = defineEndpoint({
  method: 'GET',
  path: '/bpm/task-assign-rule/list',
  summary: '获得流程模型或流程定义的任务分配规则（每个用户任务一行）',
  tag: RULE_TAG,
  access: permission('bpm:task-assign-rule:query'),
  query: bpmTaskAssignRuleListReq,
  data: z.array(bpmTaskAssignRule),
});

export const bpmTaskAssignRuleCreate = defineEndpoint({
  method: 'POST',
  path: '/bpm/task-assign-rule/create',
  summary: '为流程模型的用户任务创建分配规则，返回编号',
  tag: RULE_TAG,
  access: permission('bpm:task-assign-rule:create'),
  body: bpmTaskAssignRuleCreateReq,
  data: z.number().int(),
});

export const bpmTaskAssignRuleUpdate = defineEndpoint({
  method: 'PUT',
  path: '/bpm/task-assign-rule/update',
  summary: '修改流程模型的任务分配规则（已部署的副本不可修改）',
  tag: RULE_TAG,
  access: permission('bpm:task-assign-rule:update'),
  body: bpmTaskAssignRuleUpdateReq,
  data: z.boolean(),
});
