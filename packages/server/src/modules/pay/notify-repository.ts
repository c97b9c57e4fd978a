import { PAY_NOTIFY_STATUS, type PayNotifyFilter } from '@app/contract';
import type { Kysely, Selectable } from 'kysely';
import type { DialectName } from '../../db/database.js';
import type { PayNotifyTaskTable } from '../../db/pay-schema.js';
import type { Database } from '../../db/schema.js';
import { contains, createdStamp, fetchPage, notDeleted, type PageParams } from '../../lib/crud/index.js';

/** Seconds to wait before the next attempt after the n-th failed one (the reference's schedule). */
export const NOTIFY_FREQUENCY_SECONDS = [15, 15, 30, 180, 1800, 1800, 1800, 3600] as const;
export const MAX_NOTIFY_TIMES = NOTIFY_FREQUENCY_SECONDS.length + 1;

const TASK_COLUMNS = [
  'id',
  'tenantId',
  'appId',
  'type',
  'dataId',
  'merchantOrderId',
  'merchantRefundId',
  'status',
  'nextNotifyTime',
  'lastExecuteTime',
  'notifyTimes',
  'maxNotifyTimes',
  'notifyUrl',
  'createTime',
  'updateTime',
] as const;
export type NotifyTaskRow = Pick<Selectable<PayNotifyTaskTable>, (typeof TASK_COLUMNS)[number]>;

/** Statuses that will be tried again. */
const PENDING = [
  PAY_NOTIFY_STATUS.WAITING,
  PAY_NOTIFY_STATUS.REQUEST_SUCCESS,
  PAY_NOTIFY_STATUS.REQUEST_FAILURE,
];

export const notifyRepository = (db: Kysely<Database>, dialect: DialectName) => ({
  /** Queues the announcement of a result; run in the transaction that reached it. */
  async create(
    task: Pick<
      NotifyTaskRow,
      'tenantId' | 'appId' | 'type' | 'dataId' | 'merchantOrderId' | 'merchantRefundId' | 'notifyUrl'
    >,
    at: number,
  ): Promise<void> {
    await db
      .insertInto('payNotifyTask')
      .values({
        ...task,
        status: PAY_NOTIFY_STATUS.WAITING,
        nextNotifyTime: at,
        notifyTimes: 0,
        maxNotifyTimes: MAX_NOTIFY_TIMES,
        ...createdStamp(at, null),
      })
      .execute();
  },

  page(tenantId: number, f: PayNotifyFilter, page: PageParams) {
    let q = db.selectFrom('payNotifyTask').where('tenantId', '=', tenantId).where(notDeleted());
    if (f.appId !== undefined) q = q.where('appId', '=', f.appId);
    if (f.type !== undefined) q = q.where('type', '=', f.type);
    if (f.dataId !== undefined) q = q.where('dataId', '=', f.dataId);
    if (f.status !== undefined) q = q.where('status', '=', f.status);
    if (f.merchantOrderId !== undefined) q = q.where(contains('merchantOrderId', f.merchantOrderId));
    const [from, to] = f.createTime ?? [null, null];
    if (from !== null) q = q.where('createTime', '>=', from);
    if (to !== null) q = q.where('createTime', '<=', to);
    return fetchPage(q, page, (rows) => rows.select(TASK_COLUMNS).orderBy('id', 'desc'));
  },

  find: (tenantId: number, id: number) =>
    db
      .selectFrom('payNotifyTask')
      .select(TASK_COLUMNS)
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .where(notDeleted())
      .executeTakeFirst(),

  logsOf: (taskId: number) =>
    db
      .selectFrom('payNotifyLog')
      .select(['id', 'taskId', 'notifyTimes', 'response', 'status', 'createTime'])
      .where('taskId', '=', taskId)
      .orderBy('id', 'desc')
      .execute(),

  /**
   * Claims due tasks for `owner` until `now + leaseMs`: PostgreSQL skips rows another poller is
   * claiming; on SQLite the single UPDATE is the compare-and-swap.
   */
  claimDue(owner: string, now: number, leaseMs: number, limit: number): Promise<NotifyTaskRow[]> {
    const due = db
      .selectFrom('payNotifyTask')
      .select('id')
      .where('status', 'in', PENDING)
      .where('nextNotifyTime', '<=', now)
      .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<', now)]))
      .orderBy('nextNotifyTime')
      .limit(limit);
    return db
      .updateTable('payNotifyTask')
      .set({ lockedBy: owner, lockedUntil: now + leaseMs })
      .where('id', 'in', dialect === 'postgres' ? due.forUpdate().skipLocked() : due)
      .where('status', 'in', PENDING)
      .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<', now)]))
      .returning(TASK_COLUMNS)
      .execute();
  },

  /** Records one attempt and its outcome, and releases the claim (if `owner` still holds it). */
  async recordAttempt(
    task: NotifyTaskRow,
    owner: string,
    outcome: { status: number; response: string; nextNotifyTime: number },
    at: number,
  ): Promise<void> {
    await db.transaction().execute(async (tx) => {
      const updated = await tx
        .updateTable('payNotifyTask')
        .set({
          status: outcome.status,
          nextNotifyTime: outcome.nextNotifyTime,
          lastExecuteTime: at,
          notifyTimes: task.notifyTimes + 1,
          lockedBy: null,
          lockedUntil: null,
          updateTime: at,
        })
        .where('id', '=', task.id)
        .where('lockedBy', '=', owner)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return;
      await tx
        .insertInto('payNotifyLog')
        .values({
          tenantId: task.tenantId,
          taskId: task.id,
          notifyTimes: task.notifyTimes + 1,
          response: outcome.response.slice(0, 2048),
          status: outcome.status,
          createTime: at,
        })
        .execute();
    });
  },
});

export type NotifyRepository = ReturnType<typeof notifyRepository>;
