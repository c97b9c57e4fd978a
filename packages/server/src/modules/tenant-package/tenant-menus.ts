import { TENANT_ADMIN_ROLE, TENANT_PACKAGE_ID_SYSTEM } from '@app/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/* The package limit: a tenant's roles hold only menus of its package (the system tenant, every menu). */

/** Menu ids of a package's `menu_ids` JSON; anything else reads as none. */
export const parseMenuIds = (json: string): number[] => {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is number => Number.isSafeInteger(v)) : [];
  } catch {
    return [];
  }
};

/**
 * The menus the tenant's roles may hold: null for the system tenant (every menu), none for a tenant
 * that is gone or whose package is.
 */
export const tenantMenuIds = async (
  db: Kysely<Database>,
  tenantId: number,
): Promise<ReadonlySet<number> | null> => {
  const row = await db
    .selectFrom('systemTenant as t')
    .leftJoin('systemTenantPackage as p', (join) =>
      join.onRef('p.id', '=', 't.packageId').on('p.deleted', '=', 0),
    )
    .select(['t.packageId', 'p.menuIds'])
    .where('t.id', '=', tenantId)
    .where('t.deleted', '=', 0)
    .executeTakeFirst();
  if (row?.packageId === TENANT_PACKAGE_ID_SYSTEM) return null;
  return new Set(row?.menuIds ? parseMenuIds(row.menuIds) : []);
};

/** The ids among `ids` of menus that exist. */
export const existingMenuIds = async (db: Kysely<Database>, ids: readonly number[]): Promise<number[]> => {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('systemMenu')
    .select('id')
    .where('id', 'in', [...ids])
    .where('deleted', '=', 0)
    .execute();
  return rows.map((r) => Number(r.id));
};

/**
 * Puts the tenants on a package's menus, as the reference does when a package or a tenant's package
 * changes: every role loses the menus outside the package, and each `tenant_admin` role holds
 * exactly the package. Run inside the transaction of the change.
 */
export const applyPackageMenus = async (
  tx: Kysely<Database>,
  tenantIds: readonly number[],
  packageMenuIds: readonly number[],
  at: number,
  by: string,
): Promise<void> => {
  if (tenantIds.length === 0) return;
  const menuIds = await existingMenuIds(tx, packageMenuIds);
  let outside = tx
    .updateTable('systemRoleMenu')
    .set({ deleted: 1, updateTime: at, updater: by })
    .where('tenantId', 'in', [...tenantIds])
    .where('deleted', '=', 0);
  if (menuIds.length > 0) outside = outside.where('menuId', 'not in', menuIds);
  await outside.execute();

  const admins = await tx
    .selectFrom('systemRole')
    .select(['id', 'tenantId'])
    .where('tenantId', 'in', [...tenantIds])
    .where('code', '=', TENANT_ADMIN_ROLE)
    .where('deleted', '=', 0)
    .execute();
  for (const admin of admins) {
    const held = await tx
      .selectFrom('systemRoleMenu')
      .select('menuId')
      .where('tenantId', '=', admin.tenantId)
      .where('roleId', '=', admin.id)
      .where('deleted', '=', 0)
      .execute();
    const have = new Set(held.map((r) => Number(r.menuId)));
    const missing = menuIds.filter((id) => !have.has(id));
    if (missing.length === 0) continue;
    await tx
      .insertInto('systemRoleMenu')
      .values(
        missing.map((menuId) => ({
          tenantId: admin.tenantId,
          roleId: admin.id,
          menuId,
          creator: by,
          updater: by,
          createTime: at,
          updateTime: at,
        })),
      )
      .execute();
  }
};
