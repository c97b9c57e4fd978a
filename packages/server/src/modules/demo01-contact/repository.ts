import type { Demo01ContactFilter } from '@app/contract';
import type { Generated, Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.js';
import {
  type Audit,
  type Page,
  type PageParams,
  contains,
  createdStamp,
  fetchPage,
  notDeleted,
  softDeleted,
  updatedStamp,
} from '../../lib/crud/index.js';

/** The table infra_demo01_contact (示例联系人表). */
export interface Demo01ContactTable extends Audit {
  id: Generated<number>;
  tenantId: number;
  /** 名字 */
  name: string;
  /** 性别 */
  sex: number;
  /** 出生年 */
  birthday: number;
  /** 简介 */
  description: string;
  /** 头像 */
  avatar: string | null;
}

declare module '../../db/schema.js' {
  interface Database {
    infraDemo01Contact: Demo01ContactTable;
  }
}

/** The columns this repository reads. */
export const columns = {
  demo01Contact: ['id', 'name', 'sex', 'birthday', 'description', 'avatar', 'createTime'],
} as const;

export type Demo01ContactRow = Pick<Selectable<Demo01ContactTable>, (typeof columns.demo01Contact)[number]>;
/** What a create or an update writes. */
export type Demo01ContactChanges = Partial<
  Pick<Demo01ContactRow, 'name' | 'sex' | 'birthday' | 'description' | 'avatar'>
>;

export const demo01ContactRepository = (db: Kysely<Database>) => {
  const rows = (tenantId: number) =>
    db.selectFrom('infraDemo01Contact').where('tenantId', '=', tenantId).where(notDeleted());

  const matching = (tenantId: number, filter: Demo01ContactFilter) => {
    let q = rows(tenantId);
    if (filter.name !== undefined) q = q.where(contains('name', filter.name));
    if (filter.sex !== undefined) q = q.where('sex', '=', filter.sex);
    const [birthdayFrom, birthdayTo] = filter.birthday ?? [null, null];
    if (birthdayFrom !== null) q = q.where('birthday', '>=', birthdayFrom);
    if (birthdayTo !== null) q = q.where('birthday', '<=', birthdayTo);
    const [createTimeFrom, createTimeTo] = filter.createTime ?? [null, null];
    if (createTimeFrom !== null) q = q.where('createTime', '>=', createTimeFrom);
    if (createTimeTo !== null) q = q.where('createTime', '<=', createTimeTo);
    return q;
  };

  return {
    page: (
      tenantId: number,
      filter: Demo01ContactFilter,
      page: PageParams,
    ): Promise<Page<Demo01ContactRow>> =>
      fetchPage(matching(tenantId, filter), page, (q) =>
        q.select(columns.demo01Contact).orderBy('id', 'desc'),
      ),

    list: (tenantId: number, filter: Demo01ContactFilter): Promise<Demo01ContactRow[]> =>
      matching(tenantId, filter).select(columns.demo01Contact).orderBy('id', 'desc').execute(),

    findById: (tenantId: number, id: number): Promise<Demo01ContactRow | undefined> =>
      rows(tenantId).select(columns.demo01Contact).where('id', '=', id).executeTakeFirst(),

    async insert(tenantId: number, values: Demo01ContactChanges, at: number, by: number): Promise<number> {
      const { id } = await db
        .insertInto('infraDemo01Contact')
        .values({ ...values, tenantId, ...createdStamp(at, by) } as Insertable<Demo01ContactTable>)
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    async update(
      tenantId: number,
      id: number,
      values: Demo01ContactChanges,
      at: number,
      by: number,
    ): Promise<void> {
      await db
        .updateTable('infraDemo01Contact')
        .set({ ...values, ...updatedStamp(at, by) })
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .execute();
    },

    async delete(tenantId: number, ids: readonly number[], at: number, by: number): Promise<void> {
      await db
        .updateTable('infraDemo01Contact')
        .set(softDeleted(at, by))
        .where('tenantId', '=', tenantId)
        .where('id', 'in', ids)
        .execute();
    },
  };
};
