import type { TimeRange } from '@app/contract';
import type { Kysely } from 'kysely';
import { STATUS_ENABLED } from '../../context.js';
import type { DialectName } from '../../db/database.js';
import type { Database, NewUser, UserRow } from '../../db/schema.js';
import { type DataScope, userScopeCondition } from '../dept/data-scope.js';
import {
  type Page,
  type PageParams,
  contains,
  fetchPage,
  pageBounds,
  qualified,
  notDeleted,
  createdStamp,
  updatedStamp,
  softDeleted,
} from '../../lib/crud/index.js';
import { columns } from '../../db/columns.js';

export interface UserFilter {
  username?: string;
  mobile?: string;
  status?: number;
  /** Already widened to the department and everything below it. */
  deptIds?: number[];
  createTime?: TimeRange;
}

export type UserChanges = Pick<
  UserRow,
  'username' | 'nickname' | 'remark' | 'deptId' | 'email' | 'mobile' | 'sex' | 'avatar'
>;

const isSearch = (filter: UserFilter) => filter.username !== undefined || filter.mobile !== undefined;

/** The user administration's queries; every read goes through the caller's data scope. */
export const userAdminRepository = (db: Kysely<Database>, dialect: DialectName) => {
  const scoped = (tenantId: number, scope: DataScope, filter: UserFilter = {}) => {
    let query = db
      .selectFrom('systemUsers as u')
      .where('u.tenantId', '=', tenantId)
      .where(notDeleted('u'))
      .where((eb) => userScopeCondition(eb, scope));
    const { username, mobile } = filter;
    if (dialect === 'postgres') {
      // Answered from the trigram indexes (migration 016) together with the other filters.
      if (username !== undefined) query = query.where(contains('u.username', username));
      if (mobile !== undefined) query = query.where(contains('u.mobile', mobile));
    } else if (isSearch(filter)) {
      // SQLite reads every row for a substring search: matched inside a subquery, it reads the
      // narrow search indexes instead of whole rows (bench/system.ts).
      query = query.where('u.id', 'in', (eb) => {
        let matches = eb
          .selectFrom('systemUsers as m')
          .select('m.id')
          .where('m.tenantId', '=', tenantId)
          .where(notDeleted('m'));
        if (username !== undefined) matches = matches.where(contains('m.username', username));
        if (mobile !== undefined) matches = matches.where(contains('m.mobile', mobile));
        return matches;
      });
    }
    if (filter.status !== undefined) query = query.where('u.status', '=', filter.status);
    if (filter.deptIds !== undefined) query = query.where('u.deptId', 'in', filter.deptIds);
    const [from, to] = filter.createTime ?? [null, null];
    if (from !== null) query = query.where('u.createTime', '>=', from);
    if (to !== null) query = query.where('u.createTime', '<=', to);
    return query;
  };

  return {
    async page(
      tenantId: number,
      scope: DataScope,
      filter: UserFilter,
      page: PageParams,
    ): Promise<Page<UserRow>> {
      const { offset, limit } = pageBounds(page);
      if (isSearch(filter)) {
        // A search finds its matches once: the count and the page both read them, instead of a
        // second substring scan (or, on PostgreSQL, a page walking the id index past non-matches).
        const rows = await db
          .with(
            (cte) => cte('matches').materialized(),
            () => scoped(tenantId, scope, filter).select('u.id'),
          )
          .selectFrom('systemUsers as u')
          .select(qualified('u', columns.user))
          .select((eb) =>
            eb.selectFrom('matches').select(eb.fn.countAll<string | number>().as('n')).as('total'),
          )
          .where('u.id', 'in', (eb) =>
            eb
              .selectFrom('matches')
              .select('matches.id')
              .orderBy('matches.id', 'desc')
              .limit(limit)
              .offset(offset),
          )
          .orderBy('u.id', 'desc')
          .execute();
        if (rows.length === 0 && offset > 0) {
          const count = await scoped(tenantId, scope, filter)
            .select((eb) => eb.fn.countAll<string | number>().as('n'))
            .executeTakeFirstOrThrow();
          return { list: [], total: Number(count.n) };
        }
        return {
          list: rows.map(({ total: _total, ...row }) => row),
          total: Number(rows[0]?.total ?? 0),
        };
      }
      return fetchPage(scoped(tenantId, scope, filter), page, (rows) =>
        rows.select(qualified('u', columns.user)).orderBy('u.id', 'desc'),
      );
    },

    list: (tenantId: number, scope: DataScope, filter: UserFilter): Promise<UserRow[]> =>
      scoped(tenantId, scope, filter).select(qualified('u', columns.user)).orderBy('u.id', 'desc').execute(),

    listEnabled: (tenantId: number, scope: DataScope): Promise<{ id: number; nickname: string }[]> =>
      scoped(tenantId, scope, { status: STATUS_ENABLED })
        .select(['u.id', 'u.nickname'])
        .orderBy('u.id')
        .execute(),

    findVisible: (tenantId: number, scope: DataScope, id: number): Promise<UserRow | undefined> =>
      scoped(tenantId, scope).select(qualified('u', columns.user)).where('u.id', '=', id).executeTakeFirst(),

    /** Another user of the tenant holding `column` = `value` (uniqueness checks ignore the scope). */
    findOtherBy: (
      tenantId: number,
      column: 'username' | 'mobile' | 'email',
      value: string,
      exceptId: number | null,
    ): Promise<{ id: number } | undefined> => {
      let query = db
        .selectFrom('systemUsers')
        .select('id')
        .where('tenantId', '=', tenantId)
        .where(column, '=', value)
        .where(notDeleted());
      if (exceptId !== null) query = query.where('id', '<>', exceptId);
      return query.executeTakeFirst();
    },

    findByUsername: (tenantId: number, username: string): Promise<UserRow | undefined> =>
      db
        .selectFrom('systemUsers')
        .select(columns.user)
        .where('tenantId', '=', tenantId)
        .where('username', '=', username)
        .where(notDeleted())
        .executeTakeFirst(),

    async countOfTenant(tenantId: number): Promise<number> {
      const row = await db
        .selectFrom('systemUsers')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('tenantId', '=', tenantId)
        .where(notDeleted())
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Post ids of each user, by user id. */
    async postIdsOf(tenantId: number, userIds: number[]): Promise<Map<number, number[]>> {
      const result = new Map<number, number[]>(userIds.map((id) => [id, []]));
      if (userIds.length === 0) return result;
      const rows = await db
        .selectFrom('systemUserPost')
        .select(['userId', 'postId'])
        .where('tenantId', '=', tenantId)
        .where('userId', 'in', userIds)
        .where(notDeleted())
        .orderBy('postId')
        .execute();
      for (const r of rows) result.get(r.userId)?.push(r.postId);
      return result;
    },

    /** Departments by id (any status), for names and leaders. */
    deptsByIds: async (
      tenantId: number,
      ids: number[],
    ): Promise<Map<number, { id: number; name: string; leaderUserId: number | null }>> => {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('systemDept')
        .select(['id', 'name', 'leaderUserId'])
        .where('tenantId', '=', tenantId)
        .where('id', 'in', ids)
        .where(notDeleted())
        .execute();
      return new Map(rows.map((r) => [r.id, r]));
    },

    nicknamesByIds: async (tenantId: number, ids: number[]): Promise<Map<number, string>> => {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('systemUsers')
        .select(['id', 'nickname'])
        .where('tenantId', '=', tenantId)
        .where('id', 'in', ids)
        .execute();
      return new Map(rows.map((r) => [r.id, r.nickname]));
    },

    /** Inserts the user and its posts. */
    async insert(row: NewUser, postIds: number[]): Promise<number> {
      return db.transaction().execute(async (tx) => {
        const { id } = await tx
          .insertInto('systemUsers')
          .values(row)
          .returning('id')
          .executeTakeFirstOrThrow();
        const userId = Number(id);
        if (postIds.length > 0)
          await tx
            .insertInto('systemUserPost')
            .values(
              postIds.map((postId) => ({
                tenantId: row.tenantId,
                userId,
                postId,
                creator: row.creator,
                updater: row.updater,
                createTime: row.createTime,
                updateTime: row.updateTime,
              })),
            )
            .execute();
        return userId;
      });
    },

    /** Updates the user's fields; with `postIds`, replaces its posts too. */
    async update(
      tenantId: number,
      id: number,
      changes: Partial<UserChanges & Pick<UserRow, 'status' | 'password'>>,
      postIds: number[] | null,
      at: number,
      by: number,
    ): Promise<void> {
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('systemUsers')
          .set({ ...changes, ...updatedStamp(at, by) })
          .where('tenantId', '=', tenantId)
          .where('id', '=', id)
          .execute();
        if (postIds === null) return;
        await tx
          .deleteFrom('systemUserPost')
          .where('tenantId', '=', tenantId)
          .where('userId', '=', id)
          .execute();
        if (postIds.length > 0)
          await tx
            .insertInto('systemUserPost')
            .values(
              postIds.map((postId) => ({
                tenantId,
                userId: id,
                postId,
                ...createdStamp(at, by),
              })),
            )
            .execute();
      });
    },

    /** Logically deletes the user and drops its role and post links. */
    async softDelete(tenantId: number, id: number, at: number, by: number): Promise<void> {
      await db.transaction().execute(async (tx) => {
        const set = softDeleted(at, by);
        await tx
          .updateTable('systemUsers')
          .set(set)
          .where('tenantId', '=', tenantId)
          .where('id', '=', id)
          .execute();
        for (const table of ['systemUserRole', 'systemUserPost'] as const)
          await tx
            .updateTable(table)
            .set(set)
            .where('tenantId', '=', tenantId)
            .where('userId', '=', id)
            .execute();
      });
    },

    async configValue(key: string): Promise<string | null> {
      const row = await db
        .selectFrom('infraConfig')
        .select('value')
        .where('configKey', '=', key)
        .where(notDeleted())
        .executeTakeFirst();
      return row?.value ?? null;
    },
  };
};
