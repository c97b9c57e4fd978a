import type { TimeRange } from '@app/contract';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { BpmOaLeaveTable, Database } from '../../../db/schema.js';
import { type Page, type PageParams, contains, fetchPage, notDeleted } from '../../../lib/crud/index.js';

export type LeaveRow = Pick<Selectable<BpmOaLeaveTable>, (typeof columns.leave)[number]>;

export interface LeaveFilter {
  result?: number | undefined;
  type?: number | undefined;
  reason?: string | undefined;
  createTime?: TimeRange | undefined;
}

/** The columns this repository reads: what its callers map into the API's shapes. */
export const columns = {
  leave: [
    'id',
    'userId',
    'type',
    'reason',
    'startTime',
    'endTime',
    'day',
    'result',
    'processInstanceId',
    'createTime',
  ],
} as const;

/** OA leave requests; every method is scoped by tenant. */
export const leaveRepository = (db: Kysely<Database>) => {
  const mine = (tenantId: number, userId: number, filter: LeaveFilter) => {
    let q = db
      .selectFrom('bpmOaLeave')
      .where('tenantId', '=', tenantId)
      .where('userId', '=', userId)
      .where(notDeleted());
    if (filter.result !== undefined) q = q.where('result', '=', filter.result);
    if (filter.type !== undefined) q = q.where('type', '=', filter.type);
    if (filter.reason !== undefined) q = q.where(contains('reason', filter.reason));
    const [from, to] = filter.createTime ?? [null, null];
    if (from !== null) q = q.where('createTime', '>=', from);
    if (to !== null) q = q.where('createTime', '<=', to);
    return q;
  };

  return {
    findById: (tenantId: number, id: number): Promise<LeaveRow | undefined> =>
      db
        .selectFrom('bpmOaLeave')
        .select(columns.leave)
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .where(notDeleted())
        .executeTakeFirst(),

    async page(
      tenantId: number,
      userId: number,
      filter: LeaveFilter,
      page: PageParams,
    ): Promise<Page<LeaveRow>> {
      return fetchPage(mine(tenantId, userId, filter), page, (rows) =>
        rows.select(columns.leave).orderBy('id', 'desc'),
      );
    },

    async insert(row: Insertable<BpmOaLeaveTable>): Promise<number> {
      const { id } = await db.insertInto('bpmOaLeave').values(row).returning('id').executeTakeFirstOrThrow();
      return Number(id);
    },

    async setProcessInstance(id: number, processInstanceId: string): Promise<void> {
      await db.updateTable('bpmOaLeave').set({ processInstanceId }).where('id', '=', id).execute();
    },

    /** The leave's result follows its instance's (called in the transaction that ends the instance). */
    async followInstanceResult(
      tenantId: number,
      processInstanceId: string,
      result: number,
      at: number,
    ): Promise<void> {
      await db
        .updateTable('bpmOaLeave')
        .set({ result, updateTime: at })
        .where('tenantId', '=', tenantId)
        .where('processInstanceId', '=', processInstanceId)
        .execute();
    },
  };
};
