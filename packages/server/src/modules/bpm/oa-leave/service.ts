import type { OaLeave, PageResult, oaLeaveCreateReq, oaLeavePageReq } from '@app/contract';
import { BPM_RESULT, BpmError, GlobalError, OA_LEAVE_PROCESS_KEY } from '@app/contract';
import type { z } from 'zod';
import type { AppContext, LoginUser } from '../../../context.js';
import { fail } from '../../../lib/errors.js';
import { bpmDefinitionRepository } from '../definition/repository.js';
import type { BpmRuntime, InstanceEndListener } from '../runtime/step.js';
import { taskRepository } from '../task/repository.js';
import { type LeaveRow, leaveRepository } from './repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const toLeave = (row: LeaveRow): OaLeave => ({
  id: row.id,
  userId: row.userId,
  type: row.type,
  reason: row.reason,
  startTime: row.startTime,
  endTime: row.endTime,
  day: row.day,
  result: row.result,
  processInstanceId: row.processInstanceId,
  createTime: row.createTime,
});

/** A leave's result follows its process instance's: written in the transaction that ends the instance. */
export const leaveFollowsInstance: InstanceEndListener = (q, instance, result, at) =>
  leaveRepository(q).followInstanceResult(instance.tenantId, instance.id, result, at);

/** OA leave requests (请假申请), each driven by an instance of the latest active `oa_leave` process. */
export const oaLeaveService = (ctx: AppContext, runtime: BpmRuntime) => {
  const repo = leaveRepository(ctx.db.kysely);
  const definitions = bpmDefinitionRepository(ctx.db.kysely);
  const tasks = taskRepository(ctx.db.kysely);

  return {
    /**
     * Inserts the leave (result 处理中) and starts the process with the variable `day` (whole days
     * from start to end, at least 1) and the leave's id as business key, in one transaction.
     */
    async create(user: LoginUser, body: z.output<typeof oaLeaveCreateReq>): Promise<number> {
      const day = Math.floor((body.endTime - body.startTime) / DAY_MS);
      if (day <= 0) throw fail(BpmError.OA_DAY_LEAVE_ERROR);
      const definition = await definitions.findLatestActiveByKey(user.tenantId, OA_LEAVE_PROCESS_KEY);
      if (!definition) throw fail(BpmError.PROCESS_DEFINITION_NOT_EXISTS);
      const now = ctx.now();
      let leaveId = 0;
      await runtime.start(user, {
        processDefinitionId: definition.id,
        variables: { day },
        prepare: async (q, instanceId) => {
          leaveId = await leaveRepository(q).insert({
            tenantId: user.tenantId,
            userId: user.id,
            type: body.type,
            reason: body.reason,
            startTime: body.startTime,
            endTime: body.endTime,
            day,
            result: BPM_RESULT.PROCESS,
            processInstanceId: instanceId,
            creator: String(user.id),
            updater: String(user.id),
            createTime: now,
            updateTime: now,
          });
          return String(leaveId);
        },
      });
      return leaveId;
    },

    /** A leave of the caller's, or one whose process gave the caller a task. */
    async get(user: LoginUser, id: number): Promise<OaLeave> {
      const row = await repo.findById(user.tenantId, id);
      if (!row) throw fail(BpmError.OA_LEAVE_NOT_EXISTS);
      if (
        row.userId !== user.id &&
        !(row.processInstanceId && (await tasks.isHolder(user.tenantId, row.processInstanceId, user.id)))
      )
        throw fail(GlobalError.FORBIDDEN);
      return toLeave(row);
    },

    async page(user: LoginUser, query: z.output<typeof oaLeavePageReq>): Promise<PageResult<OaLeave>> {
      const { pageNo, pageSize, ...filter } = query;
      const { list, total } = await repo.page(user.tenantId, user.id, filter, { pageNo, pageSize });
      return { list: list.map(toLeave), total };
    },
  };
};

export type OaLeaveService = ReturnType<typeof oaLeaveService>;
