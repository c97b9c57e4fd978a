import type {
  BpmActivity,
  PageResult,
  ProcessInstanceDetail,
  ProcessInstancePageItem,
  processInstanceCancelReq,
  processInstanceCreateReq,
  processInstanceMyPageReq,
} from '@app/contract';
import { BPM_INSTANCE_STATUS, BPM_RESULT, BpmError } from '@app/contract';
import type { z } from 'zod';
import type { AppContext, LoginUser } from '../../../context.js';
import { fail } from '../../../lib/errors.js';
import { bpmDefinitionRepository } from '../definition/repository.js';
import { parseStringList } from '../json.js';
import { type BpmRuntime, TASK_REASON } from '../runtime/step.js';
import { bpmUsers, unknownUser } from '../runtime/users.js';
import { taskRepository } from '../task/repository.js';
import { readableInstance } from './access.js';
import { instanceRepository } from './repository.js';

const parseObject = (json: string): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
};

/** Process instances: the caller's own, starting, cancelling, and the detail and history of one. */
export const processInstanceService = (ctx: AppContext, runtime: BpmRuntime) => {
  const instances = instanceRepository(ctx.db.kysely);
  const tasks = taskRepository(ctx.db.kysely);
  const definitions = bpmDefinitionRepository(ctx.db.kysely);

  return {
    /** 我的流程: instances the caller started, newest first, each with its tasks still to do. */
    async myPage(
      user: LoginUser,
      query: z.output<typeof processInstanceMyPageReq>,
    ): Promise<PageResult<ProcessInstancePageItem>> {
      const { pageNo, pageSize, ...filter } = query;
      const { list, total } = await instances.pageOfStarter(user.tenantId, user.id, filter, {
        pageNo,
        pageSize,
      });
      const open = await tasks.openOfInstances(
        user.tenantId,
        list.map((i) => i.id),
      );
      return {
        list: list.map((i) => ({
          id: i.id,
          name: i.name,
          processDefinitionId: i.processDefinitionId,
          category: i.category,
          status: i.status,
          result: i.result,
          createTime: i.createTime,
          endTime: i.endTime,
          tasks: open.filter((t) => t.processInstanceId === i.id).map((t) => ({ id: t.id, name: t.name })),
        })),
        total,
      };
    },

    create: (user: LoginUser, body: z.output<typeof processInstanceCreateReq>): Promise<string> =>
      runtime.start(user, { processDefinitionId: body.processDefinitionId, variables: body.variables }),

    /** Cancels a running instance the caller started; its open tasks end as cancelled. */
    async cancel(user: LoginUser, body: z.output<typeof processInstanceCancelReq>): Promise<true> {
      if (!(await instances.findById(user.tenantId, body.id)))
        throw fail(BpmError.PROCESS_INSTANCE_CANCEL_FAIL_NOT_EXISTS);
      await runtime.step(user.tenantId, body.id, ({ instance }) => {
        if (instance.status !== BPM_INSTANCE_STATUS.RUNNING)
          throw fail(BpmError.PROCESS_INSTANCE_CANCEL_FAIL_NOT_EXISTS);
        if (instance.startUserId !== user.id) throw fail(BpmError.PROCESS_INSTANCE_CANCEL_FAIL_NOT_SELF);
        return Promise.resolve({
          action: { kind: 'none' },
          terminate: {
            result: BPM_RESULT.CANCEL,
            reason: body.reason,
            taskReason: TASK_REASON.cancel(body.reason),
          },
        });
      });
      return true;
    },

    async get(user: LoginUser, id: string): Promise<ProcessInstanceDetail> {
      const instance = await readableInstance(ctx, user, id);
      const [definition, people] = await Promise.all([
        definitions.findById(user.tenantId, instance.processDefinitionId),
        bpmUsers(ctx.db.kysely, user.tenantId, [instance.startUserId]),
      ]);
      if (!definition) throw fail(BpmError.PROCESS_DEFINITION_NOT_EXISTS);
      return {
        id: instance.id,
        name: instance.name,
        category: instance.category,
        status: instance.status,
        result: instance.result,
        createTime: instance.createTime,
        endTime: instance.endTime,
        formVariables: parseObject(instance.formVariables),
        businessKey: instance.businessKey,
        startUser: people.get(instance.startUserId) ?? unknownUser(instance.startUserId),
        processDefinition: {
          id: definition.id,
          formType: definition.formType,
          formId: definition.formId,
          formConf: definition.formConf,
          formFields: definition.formFields === null ? null : parseStringList(definition.formFields),
          formCustomCreatePath: definition.formCustomCreatePath,
          formCustomViewPath: definition.formCustomViewPath,
          bpmnXml: definition.bpmnXml,
        },
      };
    },

    /** The activities the instance went through, in order of start (with the sequence flows taken). */
    async activities(user: LoginUser, instanceId: string): Promise<BpmActivity[]> {
      await readableInstance(ctx, user, instanceId);
      return (await instances.activities(user.tenantId, instanceId)).map((a) => ({
        key: a.activityId,
        type: a.activityType,
        startTime: a.startTime,
        endTime: a.endTime,
        taskId: a.taskId,
        takenFlowIds: parseStringList(a.outgoing),
      }));
    },
  };
};

export type ProcessInstanceService = ReturnType<typeof processInstanceService>;
