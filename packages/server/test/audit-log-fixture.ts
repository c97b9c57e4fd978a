import { TENANT_PACKAGE_ID_SYSTEM } from '@app/contract';
import type { TestApp } from './helper.js';

/** Shared setup of the login-log and operate-log tests. */

/**
 * Gives a user of any tenant a role of that tenant holding the menus of `permissions`. The tenant
 * moves to the system package, whose roles may hold any menu: the package limit is not what the
 * log tests are about.
 */
export const grantInTenant = async (
  t: TestApp,
  tenantId: number,
  userId: number,
  permissions: string[],
): Promise<void> => {
  const k = t.db.kysely;
  await k
    .updateTable('systemTenant')
    .set({ packageId: TENANT_PACKAGE_ID_SYSTEM })
    .where('id', '=', tenantId)
    .execute();
  const base = { tenantId, creator: null, updater: null };
  const { id: roleId } = await k
    .insertInto('systemRole')
    .values({
      ...base,
      name: '日志审计',
      code: `audit_${userId}`,
      sort: 1,
      dataScope: 1,
      dataScopeDeptIds: '[]',
      status: 0,
      type: 2,
      remark: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const menus = await k
    .selectFrom('systemMenu')
    .select('id')
    .where('permission', 'in', permissions)
    .execute();
  await k
    .insertInto('systemRoleMenu')
    .values(menus.map((m) => ({ ...base, roleId, menuId: m.id })))
    .execute();
  await k
    .insertInto('systemUserRole')
    .values({ ...base, userId, roleId })
    .execute();
  await t.app.bus.publish('permission');
};

const pad = (n: number) => String(n).padStart(2, '0');

/** 'yyyy-MM-dd HH:mm:ss' in local time, as query ranges and exports write it. */
export const dateTime = (ms: number): string => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};
