import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../context.js';
import { ADMIN_USER_TYPE } from '../../../context.js';
import type { NotifyService } from '../../notify/service.js';
import { smsSender } from '../../sms/sender.js';

/**
 * Template codes of the workflow: in-site templates seeded by migration 008; an SMS template of the
 * same code, when an administrator adds one, sends an SMS too.
 */
export const BPM_TEMPLATE = {
  TASK_ASSIGNED: 'bpm_task_assigned',
  INSTANCE_APPROVE: 'bpm_process_instance_approve',
  INSTANCE_REJECT: 'bpm_process_instance_reject',
} as const;

/** A message a step sends once its transaction has committed. */
export type Notice =
  | {
      kind: 'task-assigned';
      userId: number;
      instanceId: string;
      instanceName: string;
      startUserNickname: string;
      taskName: string;
    }
  | { kind: 'instance-approved'; userId: number; instanceId: string; instanceName: string }
  | { kind: 'instance-rejected'; userId: number; instanceId: string; instanceName: string; reason: string };

/**
 * Sends the notices of a committed step: an in-site message, and an SMS to the user's mobile where
 * an SMS template of the same code exists. A failure here is logged, never thrown: the step itself
 * has happened and the caller must hear so.
 */
export const bpmNotifier = (ctx: AppContext, notify: NotifyService, log: FastifyBaseLogger) => {
  const detailUrl = (instanceId: string) =>
    `${ctx.config.basePath}bpm/process-instance/detail?id=${encodeURIComponent(instanceId)}`;
  const sms = smsSender(ctx);

  const send = async (tenantId: number, userId: number, code: string, params: Record<string, string>) => {
    await notify.postNotifyMessage(tenantId, userId, code, params);
    if (!(await sms.templateByCode(code))) return;
    const user = await ctx.db.kysely
      .selectFrom('systemUsers')
      .select('mobile')
      .where('tenantId', '=', tenantId)
      .where('id', '=', userId)
      .executeTakeFirst();
    if (user?.mobile) await sms.send(user.mobile, userId, ADMIN_USER_TYPE, code, params);
  };

  return async (tenantId: number, notices: readonly Notice[]): Promise<void> => {
    for (const n of notices) {
      try {
        if (n.kind === 'task-assigned') {
          await send(tenantId, n.userId, BPM_TEMPLATE.TASK_ASSIGNED, {
            processInstanceName: n.instanceName,
            taskName: n.taskName,
            startUserNickname: n.startUserNickname,
            detailUrl: detailUrl(n.instanceId),
          });
        } else if (n.kind === 'instance-approved') {
          await send(tenantId, n.userId, BPM_TEMPLATE.INSTANCE_APPROVE, {
            processInstanceName: n.instanceName,
            detailUrl: detailUrl(n.instanceId),
          });
        } else {
          await send(tenantId, n.userId, BPM_TEMPLATE.INSTANCE_REJECT, {
            processInstanceName: n.instanceName,
            reason: n.reason,
            detailUrl: detailUrl(n.instanceId),
          });
        }
      } catch (error) {
        log.error({ err: error, notice: n }, '工作流通知发送失败');
      }
    }
  };
};

export type BpmNotifier = ReturnType<typeof bpmNotifier>;
