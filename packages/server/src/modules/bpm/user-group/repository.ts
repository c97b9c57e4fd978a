import type { TimeRange } from '@app/contract';
import type { Kysely, Selectable } from 'kysely';
import { STATUS_ENABLED } from '../../../context.js';
import type { BpmUserGroupTable, Database } from '../../../db/schema.js';
import {
  type Page,
  type PageParams,
  contains,
  fetchPage,
  notDeleted,
  createdStamp,
  updatedStamp,
  softDeleted,
} from '../../../lib/crud/index.js';

export type BpmUserGroupRow = Selectable<BpmUserGroupTable>;
export type BpmUserGroupChanges = Pick<BpmUserGroupRow, 'name' | 'description' | 'memberUserIds' | 'status'>;
export interface BpmUserGroupFilter {
  name?: string | undefined;
  status?: number | undefined;
  createTime?: TimeRange | undefined;
}

/** The columns this repository reads (every column of the table: its callers map whole rows). */
export const columns = {
  userGroup: [
    'id',
    'name',
    'description',
    'memberUserIds',
    'status',
    'tenantId',
    'creator',
    'createTime',
    'updater',
    'updateTime',
    'deleted',
  ],
} as const;

export const bpmUserGroupRepository = (db: Kysely<Database>) => {
  const filtered = (tenantId: number, filter: BpmUserGroupFilter) => {
    let query = db.selectFrom('bpmUserGroup').where('tenantId', '=', tenantId).where(notDeleted());
    if (filter.name) query = query.where(contains('name', filter.name));
    if (filter.status !== undefined) query = query.where('status', '=', filter.status);
    const [from, to] = filter.createTime ?? [null, null];
    if (from !== null) query = query.where('createTime', '>=', from);
    if (to !== null) query = query.where('createTime', '<=', to);
    return query;
  };

  return {
    async page(
      tenantId: number,
      filter: BpmUserGroupFilter,
      page: PageParams,
    ): Promise<Page<BpmUserGroupRow>> {
      return fetchPage(filtered(tenantId, filter), page, (rows) =>
        rows.select(columns.userGroup).orderBy('id', 'desc'),
      );
    },

    listEnabledSimple: (tenantId: number): Promise<{ id: number; name: string }[]> =>
      filtered(tenantId, { status: STATUS_ENABLED }).select(['id', 'name']).orderBy('id').execute(),

    findById: (tenantId: number, id: number): Promise<BpmUserGroupRow | undefined> =>
      filtered(tenantId, {}).select(columns.userGroup).where('id', '=', id).executeTakeFirst(),

    async insert(tenantId: number, values: BpmUserGroupChanges, at: number, by: number): Promise<number> {
      const { id } = await db
        .insertInto('bpmUserGroup')
        .values({
          ...values,
          tenantId,
          ...createdStamp(at, by),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    async update(
      tenantId: number,
      id: number,
      values: BpmUserGroupChanges,
      at: number,
      by: number,
    ): Promise<void> {
      await db
        .updateTable('bpmUserGroup')
        .set({ ...values, ...updatedStamp(at, by) })
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .execute();
    },

    async softDelete(tenantId: number, id: number, at: number, by: number): Promise<void> {
      await db
        .updateTable('bpmUserGroup')
        .set(softDeleted(at, by))
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .execute();
    },
  };
};
