import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../context.js';
import type { NotifyService } from '../../notify/service.js';
import { bpmUsers } from './users.js';

/** In-site message templates of the workflow (seeded by migration 008). */
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
      startUserId: number;
      taskName: string;
    }
  | { kind: 'instance-approved'; userId: number; instanceId: string; instanceName: string }
  | { kind: 'instance-rejected'; userId: number; instanceId: string; instanceName: string; reason: string };

/**
 * Sends the notices of a committed step. A failure here is logged, never thrown: the step itself has
 * happened and the caller must hear so.
 */
export const bpmNotifier = (ctx: AppContext, notify: NotifyService, log: FastifyBaseLogger) => {
  const detailUrl = (instanceId: string) =>
    `${ctx.config.basePath}bpm/process-instance/detail?id=${encodeURIComponent(instanceId)}`;

  return async (tenantId: number, notices: readonly Notice[]): Promise<void> => {
    if (notices.length === 0) return;
    const starters = await bpmUsers(
      ctx.db.kysely,
      tenantId,
      notices.map((n) => (n.kind === 'task-assigned' ? n.startUserId : null)),
    );
    for (const n of notices) {
      try {
        if (n.kind === 'task-assigned') {
          await notify.sendNotifyMessage(tenantId, n.userId, BPM_TEMPLATE.TASK_ASSIGNED, {
            processInstanceName: n.instanceName,
            taskName: n.taskName,
            startUserNickname: starters.get(n.startUserId)?.nickname ?? '',
            detailUrl: detailUrl(n.instanceId),
          });
        } else if (n.kind === 'instance-approved') {
          await notify.sendNotifyMessage(tenantId, n.userId, BPM_TEMPLATE.INSTANCE_APPROVE, {
            processInstanceName: n.instanceName,
            detailUrl: detailUrl(n.instanceId),
          });
        } else {
          await notify.sendNotifyMessage(tenantId, n.userId, BPM_TEMPLATE.INSTANCE_REJECT, {
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
