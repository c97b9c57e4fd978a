import type { Kysely } from 'kysely';
import { STATUS_ENABLED } from '../../context.js';
import type { Database, MenuRow } from '../../db/schema.js';
import { notDeleted } from '../../lib/crud/index.js';
import { columns } from '../../db/columns.js';

export interface RoleRef {
  id: number;
  code: string;
}

export const permissionRepository = (db: Kysely<Database>) => ({
  /** The user's enabled roles. */
  enabledRolesOfUser: (tenantId: number, userId: number): Promise<RoleRef[]> =>
    db
      .selectFrom('systemUserRole as ur')
      .innerJoin('systemRole as r', 'r.id', 'ur.roleId')
      .select(['r.id', 'r.code'])
      .where('ur.tenantId', '=', tenantId)
      .where('ur.userId', '=', userId)
      .where(notDeleted('ur'))
      .where(notDeleted('r'))
      .where('r.status', '=', STATUS_ENABLED)
      .orderBy('r.sort')
      .orderBy('r.id')
      .execute(),

  /** Enabled menus, of every type, sorted as the tree shows them. */
  enabledMenus: (): Promise<MenuRow[]> =>
    db
      .selectFrom('systemMenu')
      .select(columns.menu)
      .where(notDeleted())
      .where('status', '=', STATUS_ENABLED)
      .orderBy('sort')
      .orderBy('id')
      .execute(),

  async menuIdsOfRoles(tenantId: number, roleIds: number[]): Promise<Set<number>> {
    if (roleIds.length === 0) return new Set();
    const rows = await db
      .selectFrom('systemRoleMenu')
      .select('menuId')
      .where('tenantId', '=', tenantId)
      .where('roleId', 'in', roleIds)
      .where(notDeleted())
      .execute();
    return new Set(rows.map((r) => r.menuId));
  },
});
