import ExcelJS from 'exceljs';
import { hashPassword } from '../src/lib/crypto.js';
import type { TestApp } from './helper.js';

/** Shared setup of the department, post and user tests. */

/** A second tenant with one department and one signed-in user (whose token works only there). */
export const addSecondTenant = async (
  t: TestApp,
): Promise<{ tenantId: number; deptId: number; userId: number; token: string }> => {
  const k = t.db.kysely;
  const { id: tenantId } = await k
    .insertInto('systemTenant')
    .values({
      name: '第二租户',
      contactUserId: null,
      contactName: '租户二',
      contactMobile: null,
      status: 0,
      domain: null,
      packageId: 1,
      expireTime: Date.UTC(2099, 0, 1),
      accountCount: 10,
      creator: null,
      updater: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: deptId } = await k
    .insertInto('systemDept')
    .values({
      tenantId,
      name: '租户二部门',
      parentId: 0,
      sort: 0,
      leaderUserId: null,
      phone: null,
      email: null,
      status: 0,
      creator: null,
      updater: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: userId } = await k
    .insertInto('systemUsers')
    .values({
      tenantId,
      username: 'tenant2',
      password: await hashPassword('tenant2pass'),
      nickname: '租户二用户',
      status: 0,
      remark: null,
      deptId,
      email: null,
      mobile: null,
      sex: null,
      avatar: null,
      loginIp: null,
      loginDate: null,
      creator: null,
      updater: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const res = await t.api({
    method: 'POST',
    path: '/system/auth/login',
    body: { username: 'tenant2', password: 'tenant2pass' },
    tenant: tenantId,
  });
  if (res.code !== 0) throw new Error(`login failed: ${res.msg}`);
  return { tenantId, deptId, userId, token: (res.data as { accessToken: string }).accessToken };
};

/**
 * Adds a role of tenant 1 with `dataScope` (and custom departments) plus the menus that grant
 * `permissions`, and a user in `deptId` holding it; returns the user's id and token.
 */
export const addScopedUser = async (
  t: TestApp,
  opts: { username: string; deptId: number; dataScope: number; deptIds?: number[]; permissions: string[] },
): Promise<{ userId: number; token: string }> => {
  const k = t.db.kysely;
  const base = { tenantId: 1, creator: null, updater: null };
  const { id: roleId } = await k
    .insertInto('systemRole')
    .values({
      ...base,
      name: `角色${opts.username}`,
      code: `role_${opts.username}`,
      sort: 9,
      dataScope: opts.dataScope,
      dataScopeDeptIds: JSON.stringify(opts.deptIds ?? []),
      status: 0,
      type: 2,
      remark: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const menus = await k
    .selectFrom('systemMenu')
    .select('id')
    .where('permission', 'in', opts.permissions)
    .execute();
  if (menus.length > 0)
    await k
      .insertInto('systemRoleMenu')
      .values(menus.map((m) => ({ ...base, roleId, menuId: m.id })))
      .execute();
  const { id: userId } = await k
    .insertInto('systemUsers')
    .values({
      ...base,
      username: opts.username,
      password: await hashPassword('scope123'),
      nickname: `用户${opts.username}`,
      status: 0,
      remark: null,
      deptId: opts.deptId,
      email: null,
      mobile: null,
      sex: null,
      avatar: null,
      loginIp: null,
      loginDate: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await k
    .insertInto('systemUserRole')
    .values({ ...base, userId, roleId })
    .execute();
  return { userId, token: (await t.login(opts.username, 'scope123')).accessToken };
};

/** The rows of the first sheet of an .xlsx, as text. */
export const readSheet = async (bytes: Buffer): Promise<string[][]> => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    rows.push(
      (row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))),
    );
  });
  return rows;
};
