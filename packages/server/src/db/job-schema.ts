import type { Generated } from 'kysely';
import type { Audit } from '../lib/crud/audit.js';

/* Tables of the scheduler (migration 022); see schema.ts for the conventions. Global (no tenant). */

export interface JobTable extends Audit {
  id: Generated<number>;
  name: string;
  /** Dictionary infra_job_status: 0 初始化中, 1 正常, 2 暂停. */
  status: number;
  handlerName: string;
  handlerParam: string | null;
  cronExpression: string;
  retryCount: number;
  retryInterval: number;
  monitorTimeout: number;
  /**
   * Ours: when the job fires next (epoch ms), null while paused. Instances claim a fire by moving
   * it forward with a compare-and-set, so each fire runs in exactly one of them.
   */
  nextFireTime: number | null;
  /** Ours: the scheduler instance whose run holds the job, so two runs of one job never overlap… */
  leaseOwner: string | null;
  /** …until when (epoch ms): a holder that died leaves the job to others after it. */
  leaseUntil: number | null;
}

export interface JobLogTable extends Audit {
  id: Generated<number>;
  jobId: number;
  handlerName: string;
  handlerParam: string | null;
  executeIndex: number;
  beginTime: number;
  endTime: number | null;
  duration: number | null;
  /** Dictionary infra_job_log_status: 0 运行中, 1 成功, 2 失败. */
  status: number;
  result: string | null;
}
