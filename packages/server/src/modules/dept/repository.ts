import type { Kysely, Selectable } from 'kysely';
import type { Database, DeptTable } from '../../db/schema.js';
import { type DataScope, deptScopeCondition } from './data-scope.js';
import { contains, notDeleted, createdStamp, updatedStamp, softDeleted } from '../../lib/crud/index.js';

export type DeptRow = Pick<Selectable<DeptTable>, (typeof columns.dept)[number]>;
export type DeptChanges = Pick<
  DeptRow,
  'name' | 'parentId' | 'sort' | 'leaderUserId' | 'phone' | 'email' | 'status'
>;

/** The columns this repository reads: what its callers map into the API's shapes. */
export const columns = {
  dept: ['id', 'name', 'parentId', 'sort', 'leaderUserId', 'phone', 'email', 'status', 'createTime'],
} as const;

export const deptRepository = (db: Kysely<Database>) => ({
  /** Departments the scope shows, by sort; `name` matches anywhere in the name. */
  list: (
    tenantId: number,
    scope: DataScope,
    filter: { name?: string; status?: number },
  ): Promise<DeptRow[]> => {
    let query = db
      .selectFrom('systemDept as d')
      .select(columns.dept)
      .where('d.tenantId', '=', tenantId)
      .where(notDeleted('d'))
      .where((eb) => deptScopeCondition(eb, scope));
    if (filter.name !== undefined) query = query.where(contains('d.name', filter.name));
    if (filter.status !== undefined) query = query.where('d.status', '=', filter.status);
    return query.orderBy('d.sort').orderBy('d.id').execute();
  },

  /** Every department of the tenant, ids and parents only (tree walks). */
  tree: (tenantId: number): Promise<{ id: number; parentId: number }[]> =>
    db
      .selectFrom('systemDept')
      .select(['id', 'parentId'])
      .where('tenantId', '=', tenantId)
      .where(notDeleted())
      .execute(),

  findById: (tenantId: number, id: number): Promise<DeptRow | undefined> =>
    db
      .selectFrom('systemDept')
      .select(columns.dept)
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .where(notDeleted())
      .executeTakeFirst(),

  /** A sibling with the same name (names are unique below one parent). */
  findSibling: (tenantId: number, parentId: number, name: string): Promise<{ id: number } | undefined> =>
    db
      .selectFrom('systemDept')
      .select('id')
      .where('tenantId', '=', tenantId)
      .where('parentId', '=', parentId)
      .where('name', '=', name)
      .where(notDeleted())
      .executeTakeFirst(),

  async countChildren(tenantId: number, id: number): Promise<number> {
    const row = await db
      .selectFrom('systemDept')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('tenantId', '=', tenantId)
      .where('parentId', '=', id)
      .where(notDeleted())
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  async countUsers(tenantId: number, id: number): Promise<number> {
    const row = await db
      .selectFrom('systemUsers')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('tenantId', '=', tenantId)
      .where('deptId', '=', id)
      .where(notDeleted())
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  async insert(tenantId: number, values: DeptChanges, at: number, by: number): Promise<number> {
    const { id } = await db
      .insertInto('systemDept')
      .values({
        ...values,
        tenantId,
        ...createdStamp(at, by),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(id);
  },

  async update(tenantId: number, id: number, values: DeptChanges, at: number, by: number): Promise<void> {
    await db
      .updateTable('systemDept')
      .set({ ...values, ...updatedStamp(at, by) })
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .execute();
  },

  async softDelete(tenantId: number, id: number, at: number, by: number): Promise<void> {
    await db
      .updateTable('systemDept')
      .set(softDeleted(at, by))
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .execute();
  },
});
