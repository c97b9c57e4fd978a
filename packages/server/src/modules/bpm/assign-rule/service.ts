import type { BpmTaskAssignRule, ErrorCode } from '@app/contract';
import {
  BPM_TASK_ASSIGN_RULE_TYPE as RULE,
  BPM_TASK_ASSIGN_SCRIPT,
  BpmError,
  DeptError,
  GlobalError,
  PostError,
  RoleError,
  UserError,
  type bpmTaskAssignRuleCreateReq,
  type bpmTaskAssignRuleListReq,
  type bpmTaskAssignRuleUpdateReq,
} from '@app/contract';
import type { z } from 'zod';
import type { AppContext, LoginUser } from '../../../context.js';
import { STATUS_ENABLED } from '../../../context.js';
import { fail, ServiceError } from '../../../lib/errors.js';
import { bpmDefinitionRepository } from '../definition/repository.js';
import { outlineOf } from '../diagram.js';
import { bpmDirectory } from '../directory.js';
import { bpmModelRepository } from '../model/repository.js';
import { type BpmRule, bpmRuleRepository } from './repository.js';

const SCRIPTS: readonly number[] = Object.values(BPM_TASK_ASSIGN_SCRIPT);

/** One row per user task of the diagram, with its rule when it has one. */
const rulesOfDiagramTasks = (
  userTasks: readonly { id: string; name: string }[],
  rules: readonly BpmRule[],
): BpmTaskAssignRule[] =>
  userTasks.map((task) => {
    const rule = rules.find((r) => r.taskDefinitionKey === task.id);
    return {
      id: rule?.id ?? null,
      modelId: rule?.modelId ?? null,
      processDefinitionId: rule?.processDefinitionId ?? null,
      taskDefinitionKey: task.id,
      taskDefinitionName: task.name,
      type: rule?.type ?? null,
      options: rule?.options ?? null,
    };
  });

/** Task assignment rules: listed per diagram, edited on models only. */
export const bpmAssignRuleService = (ctx: AppContext) => {
  const rules = bpmRuleRepository(ctx.db.kysely);
  const models = bpmModelRepository(ctx.db.kysely);
  const definitions = bpmDefinitionRepository(ctx.db.kysely);
  const directory = bpmDirectory(ctx.db.kysely);

  /** Every id must name an existing, enabled row of the tenant. */
  const requireAll = (
    ids: number[],
    found: { id: number; name: string; status: number }[],
    missing: ErrorCode,
    disabled: ErrorCode,
  ): void => {
    if (found.length !== ids.length) throw fail(missing);
    const off = found.find((row) => row.status !== STATUS_ENABLED);
    if (off) throw fail(disabled, off.name);
  };

  const validateOptions = async (tenantId: number, type: number, options: number[]): Promise<void> => {
    switch (type) {
      case RULE.ROLE:
        return requireAll(
          options,
          await directory.roles(tenantId, options),
          RoleError.ROLE_NOT_EXISTS,
          RoleError.ROLE_IS_DISABLE,
        );
      case RULE.DEPT_MEMBER:
      case RULE.DEPT_LEADER:
        return requireAll(
          options,
          await directory.depts(tenantId, options),
          DeptError.DEPT_NOT_FOUND,
          DeptError.DEPT_NOT_ENABLE,
        );
      case RULE.POST:
        return requireAll(
          options,
          await directory.posts(tenantId, options),
          PostError.POST_NOT_FOUND,
          PostError.POST_NOT_ENABLE,
        );
      case RULE.USER:
        return requireAll(
          options,
          await directory.users(tenantId, options),
          UserError.USER_NOT_EXISTS,
          UserError.USER_IS_DISABLE,
        );
      case RULE.USER_GROUP:
        return requireAll(
          options,
          await directory.groups(tenantId, options),
          BpmError.USER_GROUP_NOT_EXISTS,
          BpmError.USER_GROUP_IS_DISABLE,
        );
      case RULE.SCRIPT: {
        const unknown = options.find((id) => !SCRIPTS.includes(id));
        if (unknown !== undefined) throw fail(BpmError.TASK_ASSIGN_SCRIPT_NOT_EXISTS, unknown);
        return;
      }
    }
  };

  const existingModel = async (tenantId: number, id: string) => {
    const model = await models.findById(tenantId, id);
    if (!model) throw fail(BpmError.MODEL_NOT_EXISTS);
    return model;
  };

  return {
    async list(
      user: LoginUser,
      query: z.output<typeof bpmTaskAssignRuleListReq>,
    ): Promise<BpmTaskAssignRule[]> {
      let xml: string | null;
      let found: BpmRule[];
      if (query.modelId !== undefined) {
        xml = (await existingModel(user.tenantId, query.modelId)).bpmnXml;
        found = await rules.listOfModel(user.tenantId, query.modelId);
      } else {
        const definition = await definitions.findById(user.tenantId, query.processDefinitionId!);
        if (!definition) throw fail(BpmError.PROCESS_DEFINITION_NOT_EXISTS);
        xml = definition.bpmnXml;
        found = await rules.listOfDefinition(user.tenantId, definition.id);
      }
      if (!xml) return [];
      return rulesOfDiagramTasks((await outlineOf(xml)).userTasks, found);
    },

    async create(user: LoginUser, body: z.output<typeof bpmTaskAssignRuleCreateReq>): Promise<number> {
      const model = await existingModel(user.tenantId, body.modelId);
      const tasks = model.bpmnXml ? (await outlineOf(model.bpmnXml)).userTasks : [];
      if (!tasks.some((t) => t.id === body.taskDefinitionKey))
        throw new ServiceError(
          GlobalError.BAD_REQUEST.code,
          `${GlobalError.BAD_REQUEST.msg}:流程图中没有用户任务(${body.taskDefinitionKey})`,
        );
      await validateOptions(user.tenantId, body.type, body.options);
      const own = await rules.listOfModel(user.tenantId, model.id);
      if (own.some((r) => r.taskDefinitionKey === body.taskDefinitionKey))
        throw fail(BpmError.TASK_ASSIGN_RULE_EXISTS, model.id, body.taskDefinitionKey);
      return rules.insert(
        user.tenantId,
        {
          modelId: model.id,
          processDefinitionId: '',
          taskDefinitionKey: body.taskDefinitionKey,
          type: body.type,
          options: body.options,
        },
        ctx.now(),
        user.id,
      );
    },

    async update(user: LoginUser, body: z.output<typeof bpmTaskAssignRuleUpdateReq>): Promise<boolean> {
      const rule = await rules.findById(user.tenantId, body.id);
      if (!rule) throw fail(BpmError.TASK_ASSIGN_RULE_NOT_EXISTS);
      if (rule.processDefinitionId !== '') throw fail(BpmError.TASK_UPDATE_FAIL_NOT_MODEL);
      await validateOptions(user.tenantId, body.type, body.options);
      await rules.update(
        user.tenantId,
        rule.id,
        { type: body.type, options: body.options },
        ctx.now(),
        user.id,
      );
      return true;
    },
  };
};

export type BpmAssignRuleService = ReturnType<typeof bpmAssignRuleService>;
