import type { TestApp } from './helper.js';

/* Shared steps of the tenant and tenant package tests, all through the API as the system admin. */

export const DAY = 24 * 60 * 60 * 1000;

/** Creates an enabled package holding `menuIds`; returns its id. */
export const createPackage = async (
  t: TestApp,
  admin: string,
  name: string,
  menuIds: number[],
): Promise<number> => {
  const res = await t.api({
    method: 'POST',
    path: '/system/tenant-package/create',
    body: { name, status: 0, remark: null, menuIds },
    token: admin,
  });
  if (res.code !== 0) throw new Error(`package create failed: ${res.code} ${res.msg}`);
  return res.data as number;
};

/** The body of a valid tenant create; `overrides` change any field. */
export const tenantBody = (t: TestApp, packageId: number, overrides: Record<string, unknown> = {}) => ({
  name: '测试租户',
  contactName: '租户联系人',
  contactMobile: '13900000001',
  status: 0,
  domain: 'https://tenant.example.com',
  packageId,
  expireTime: t.clock.now + 365 * DAY,
  accountCount: 5,
  username: 'tenantadmin',
  password: 'tenant123',
  ...overrides,
});

/** Creates a tenant through the API and signs in as its administrator. */
export const createTenantAndSignIn = async (
  t: TestApp,
  admin: string,
  body: ReturnType<typeof tenantBody>,
): Promise<{ tenantId: number; token: string }> => {
  const created = await t.api({ method: 'POST', path: '/system/tenant/create', body, token: admin });
  if (created.code !== 0) throw new Error(`tenant create failed: ${created.code} ${created.msg}`);
  const tenantId = created.data as number;
  const login = await t.api({
    method: 'POST',
    path: '/system/auth/login',
    body: { username: body.username, password: body.password },
    tenant: tenantId,
  });
  if (login.code !== 0) throw new Error(`tenant admin login failed: ${login.code} ${login.msg}`);
  return { tenantId, token: (login.data as { accessToken: string }).accessToken };
};

/** The menu ids a role of a tenant holds, read from the database. */
export const roleMenuIds = async (t: TestApp, tenantId: number, roleCode: string): Promise<number[]> => {
  const rows = await t.db.kysely
    .selectFrom('systemRoleMenu as rm')
    .innerJoin('systemRole as r', 'r.id', 'rm.roleId')
    .select('rm.menuId')
    .where('r.tenantId', '=', tenantId)
    .where('r.code', '=', roleCode)
    .where('r.deleted', '=', 0)
    .where('rm.deleted', '=', 0)
    .orderBy('rm.menuId')
    .execute();
  return rows.map((r) => Number(r.menuId));
};
