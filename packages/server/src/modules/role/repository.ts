import type { RoleFilters } from '@app/contract';
import { type Insertable, type Kysely, type SelectQueryBuilder, type Updateable } from 'kysely';
import { STATUS_ENABLED } from '../../context.js';
import type { Database, RoleTable } from '../../db/schema.js';
import {
  type Page,
  type PageParams,
  contains,
  fetchPage,
  notDeleted,
  createdStamp,
  softDeleted,
} from '../../lib/crud/index.js';

export type RoleRow = {
  id: number;
  name: string;
  code: string;
  sort: number;
  status: number;
  type: number;
  remark: string | null;
  dataScope: number;
  dataScopeDeptIds: string;
  createTime: number;
};

const ROLE_COLUMNS = [
  'id',
  'name',
  'code',
  'sort',
  'status',
  'type',
  'remark',
  'dataScope',
  'dataScopeDeptIds',
  'createTime',
] as const;

const filtered = <O>(
  q: SelectQueryBuilder<Database, 'systemRole', O>,
  tenantId: number,
  filters: RoleFilters,
) => {
  let out = q.where('tenantId', '=', tenantId).where(notDeleted());
  if (filters.name) out = out.where(contains('name', filters.name));
  if (filters.code) out = out.where(contains('code', filters.code));
  if (filters.status !== undefined) out = out.where('status', '=', filters.status);
  const [from, to] = filters.createTime ?? [null, null];
  if (from !== null) out = out.where('createTime', '>=', from);
  if (to !== null) out = out.where('createTime', '<=', to);
  return out;
};

export const roleRepository = (db: Kysely<Database>) => ({
  async page(tenantId: number, filters: RoleFilters, page: PageParams): Promise<Page<RoleRow>> {
    const q = filtered(db.selectFrom('systemRole'), tenantId, filters);
    return fetchPage(q, page, (rows) => rows.select(ROLE_COLUMNS).orderBy('sort').orderBy('id'));
  },

  list: (tenantId: number, filters: RoleFilters): Promise<RoleRow[]> =>
    filtered(db.selectFrom('systemRole'), tenantId, filters)
      .select(ROLE_COLUMNS)
      .orderBy('sort')
      .orderBy('id')
      .execute(),

  enabledSimple: (tenantId: number): Promise<{ id: number; name: string }[]> =>
    db
      .selectFrom('systemRole')
      .select(['id', 'name'])
      .where('tenantId', '=', tenantId)
      .where(notDeleted())
      .where('status', '=', STATUS_ENABLED)
      .orderBy('sort')
      .orderBy('id')
      .execute(),

  findById: (tenantId: number, id: number): Promise<RoleRow | undefined> =>
    db
      .selectFrom('systemRole')
      .select(ROLE_COLUMNS)
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .where(notDeleted())
      .executeTakeFirst(),

  findByIds: (tenantId: number, ids: number[]): Promise<RoleRow[]> =>
    ids.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('systemRole')
          .select(ROLE_COLUMNS)
          .where('tenantId', '=', tenantId)
          .where('id', 'in', ids)
          .where(notDeleted())
          .execute(),

  /** Another role of the tenant with this name or code (uniqueness checks). */
  findOtherBy: (
    tenantId: number,
    column: 'name' | 'code',
    value: string,
    exceptId: number,
  ): Promise<{ id: number } | undefined> =>
    db
      .selectFrom('systemRole')
      .select('id')
      .where('tenantId', '=', tenantId)
      .where(column, '=', value)
      .where('id', '<>', exceptId)
      .where(notDeleted())
      .executeTakeFirst(),

  async insert(row: Insertable<RoleTable>): Promise<number> {
    const { id } = await db.insertInto('systemRole').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(id);
  },

  async update(tenantId: number, id: number, changes: Updateable<RoleTable>): Promise<void> {
    await db
      .updateTable('systemRole')
      .set(changes)
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .where(notDeleted())
      .execute();
  },

  /** Marks the role deleted together with its user and menu grants. */
  async delete(tenantId: number, id: number, at: number, updater: string): Promise<void> {
    const gone = softDeleted(at, updater);
    await db.transaction().execute(async (tx) => {
      await tx
        .updateTable('systemRole')
        .set(gone)
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .execute();
      await tx
        .updateTable('systemUserRole')
        .set(gone)
        .where('tenantId', '=', tenantId)
        .where('roleId', '=', id)
        .where(notDeleted())
        .execute();
      await tx
        .updateTable('systemRoleMenu')
        .set(gone)
        .where('tenantId', '=', tenantId)
        .where('roleId', '=', id)
        .where(notDeleted())
        .execute();
    });
  },

  async menuIdsOfRole(tenantId: number, roleId: number): Promise<number[]> {
    const rows = await db
      .selectFrom('systemRoleMenu')
      .select('menuId')
      .where('tenantId', '=', tenantId)
      .where('roleId', '=', roleId)
      .where(notDeleted())
      .orderBy('menuId')
      .execute();
    return [...new Set(rows.map((r) => Number(r.menuId)))];
  },

  async roleIdsOfUser(tenantId: number, userId: number): Promise<number[]> {
    const rows = await db
      .selectFrom('systemUserRole')
      .select('roleId')
      .where('tenantId', '=', tenantId)
      .where('userId', '=', userId)
      .where(notDeleted())
      .orderBy('roleId')
      .execute();
    return [...new Set(rows.map((r) => Number(r.roleId)))];
  },

  /** Replaces the role's menus: drops the ones not wanted, adds the missing ones. */
  async replaceRoleMenus(tenantId: number, roleId: number, menuIds: number[], at: number, by: string) {
    const current = await this.menuIdsOfRole(tenantId, roleId);
    const removed = current.filter((id) => !menuIds.includes(id));
    const added = menuIds.filter((id) => !current.includes(id));
    await db.transaction().execute(async (tx) => {
      if (removed.length > 0)
        await tx
          .updateTable('systemRoleMenu')
          .set(softDeleted(at, by))
          .where('tenantId', '=', tenantId)
          .where('roleId', '=', roleId)
          .where('menuId', 'in', removed)
          .where(notDeleted())
          .execute();
      if (added.length > 0)
        await tx
          .insertInto('systemRoleMenu')
          .values(
            added.map((menuId) => ({
              tenantId,
              roleId,
              menuId,
              ...createdStamp(at, by),
            })),
          )
          .execute();
    });
  },

  /** Replaces the user's roles: drops the ones not wanted, adds the missing ones. */
  async replaceUserRoles(tenantId: number, userId: number, roleIds: number[], at: number, by: string) {
    const current = await this.roleIdsOfUser(tenantId, userId);
    const removed = current.filter((id) => !roleIds.includes(id));
    const added = roleIds.filter((id) => !current.includes(id));
    await db.transaction().execute(async (tx) => {
      if (removed.length > 0)
        await tx
          .updateTable('systemUserRole')
          .set(softDeleted(at, by))
          .where('tenantId', '=', tenantId)
          .where('userId', '=', userId)
          .where('roleId', 'in', removed)
          .where(notDeleted())
          .execute();
      if (added.length > 0)
        await tx
          .insertInto('systemUserRole')
          .values(
            added.map((roleId) => ({
              tenantId,
              userId,
              roleId,
              ...createdStamp(at, by),
            })),
          )
          .execute();
    });
  },

  async existingMenuIds(ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .selectFrom('systemMenu')
      .select('id')
      .where('id', 'in', ids)
      .where(notDeleted())
      .execute();
    return rows.map((r) => Number(r.id));
  },

  async userExists(tenantId: number, userId: number): Promise<boolean> {
    const row = await db
      .selectFrom('systemUsers')
      .select('id')
      .where('tenantId', '=', tenantId)
      .where('id', '=', userId)
      .where(notDeleted())
      .executeTakeFirst();
    return row !== undefined;
  },
});
