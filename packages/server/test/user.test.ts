import type { AdminUser, PageResult, UserImportResult, UserPageItem } from '@app/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';
import { addScopedUser, addSecondTenant, readSheet } from './users-fixture.js';

/** A workbook of the import columns with `rows` below the header. */
const importFile = async (rows: (string | number)[][]): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('用户');
  sheet.addRow(['登录名称', '用户名称', '部门编号', '用户邮箱', '手机号码', '用户性别', '账号状态']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

const multipart = (file: Buffer, fields: Record<string, string> = {}) => {
  const boundary = '----users-test-boundary';
  const parts = [
    ...Object.entries(fields).map(
      ([k, v]) => `--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
    ),
    `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="users.xlsx"\r\ncontent-type: application/octet-stream\r\n\r\n`,
  ];
  return {
    payload: Buffer.concat([Buffer.from(parts.join('')), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
};

describe.each(DIALECTS)('users on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let tenant2: Awaited<ReturnType<typeof addSecondTenant>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = (await t.login()).accessToken;
    operator = (await t.login('operator', 'operator123')).accessToken;
    tenant2 = await addSecondTenant(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const page = async (query: Record<string, string>, token = admin) => {
    const res = await t.api({ path: '/system/user/page', query, token });
    expect(res.code, res.msg).toBe(0);
    return res.data as PageResult<UserPageItem>;
  };
  const create = (body: Record<string, unknown>, token = admin) =>
    t.api({ method: 'POST', path: '/system/user/create', body, token });
  const upload = async (file: Buffer, fields: Record<string, string> = {}, token = admin) => {
    const { payload, contentType } = multipart(file, fields);
    const raw = await t.app.inject({
      method: 'POST',
      url: '/admin-api/system/user/import',
      payload,
      headers: { authorization: `Bearer ${token}`, 'tenant-id': '1', 'content-type': contentType },
    });
    return raw.json() as { code: number; msg: string; data: UserImportResult };
  };

  it('pages users with their department, filtered', async () => {
    const all = await page({});
    expect(all.total).toBe(2);
    expect(all.list.find((u) => u.username === 'admin')).toMatchObject({
      dept: { id: 101, name: '研发部' },
      postIds: [1],
      status: 0,
    });
    expect(all.list[0]).not.toHaveProperty('password');
    expect((await page({ username: 'oper' })).list.map((u) => u.username)).toEqual(['operator']);
    expect((await page({ mobile: '13800000001' })).total).toBe(1);
    // 总部 includes its sub-departments.
    expect((await page({ deptId: '100' })).total).toBe(2);
    expect((await page({ deptId: '102' })).list.map((u) => u.username)).toEqual(['operator']);
    expect((await page({ status: '1' })).total).toBe(0);
    expect(
      (await page({ 'createTime[0]': '2000-01-01 00:00:00', 'createTime[1]': '2001-01-01 00:00:00' })).total,
    ).toBe(0);
    expect((await t.api({ path: '/system/user/page', query: { createTime: 'x' }, token: admin })).code).toBe(
      400,
    );
  });

  it('pages a search: the total counts every match, a page past the end is empty', async () => {
    const ids: number[] = [];
    for (const n of [1, 2, 3]) {
      const created = await create({
        username: `finder${n}`,
        nickname: `查找${n}`,
        password: 'secret1',
        mobile: `1370000000${n}`,
      });
      expect(created.code, created.msg).toBe(0);
      ids.push(created.data as number);
    }
    const first = await page({ username: 'finder', pageNo: '1', pageSize: '2' });
    expect(first.total).toBe(3);
    expect(first.list.map((u) => u.username)).toEqual(['finder3', 'finder2']);
    const second = await page({ username: 'finder', pageNo: '2', pageSize: '2' });
    expect(second).toMatchObject({ total: 3, list: [{ username: 'finder1' }] });
    expect(await page({ username: 'finder', pageNo: '3', pageSize: '2' })).toEqual({ list: [], total: 3 });
    expect((await page({ mobile: '137000000', status: '0' })).total).toBe(3);
    expect((await page({ mobile: '137000000', status: '1' })).total).toBe(0);
    for (const id of ids)
      expect(
        (
          await t.api({
            method: 'DELETE',
            path: '/system/user/delete',
            query: { id: String(id) },
            token: admin,
          })
        ).code,
      ).toBe(0);
  });

  it('creates, reads, updates, resets, switches and deletes a user', async () => {
    const created = await create({
      username: 'zhangsan',
      nickname: '张三',
      password: 'secret1',
      deptId: 102,
      postIds: [2, 3],
      email: 'zs@example.com',
      mobile: '13911112222',
      sex: 1,
      remark: '新人',
    });
    expect(created.code, created.msg).toBe(0);
    const id = created.data as number;
    const got = await t.api({ path: '/system/user/get', query: { id: String(id) }, token: admin });
    expect(got.data).toMatchObject({
      id,
      username: 'zhangsan',
      deptId: 102,
      postIds: [2, 3],
      status: 0,
      remark: '新人',
    });
    expect(got.data).not.toHaveProperty('password');

    const updated = await t.api({
      method: 'PUT',
      path: '/system/user/update',
      body: {
        id,
        username: 'zhangsan',
        nickname: '张三丰',
        deptId: 101,
        postIds: [1],
        email: '',
        mobile: null,
      },
      token: admin,
    });
    expect(updated).toMatchObject({ code: 0, data: true });
    expect(
      (await t.api({ path: '/system/user/get', query: { id: String(id) }, token: admin })).data,
    ).toMatchObject({
      nickname: '张三丰',
      deptId: 101,
      postIds: [1],
      email: null,
      mobile: null,
    } satisfies Partial<AdminUser>);

    const reset = await t.api({
      method: 'PUT',
      path: '/system/user/update-password',
      body: { id, password: 'newpass' },
      token: admin,
    });
    expect(reset).toMatchObject({ code: 0, data: true });
    await t.login('zhangsan', 'newpass');

    const disabled = await t.api({
      method: 'PUT',
      path: '/system/user/update-status',
      body: { id, status: 1 },
      token: admin,
    });
    expect(disabled).toMatchObject({ code: 0, data: true });
    expect((await page({ status: '1' })).list.map((u) => u.id)).toEqual([id]);
    const simple = await t.api({ path: '/system/user/simple-list', token: admin });
    expect(simple.data).toEqual([
      { id: 1, nickname: '系统管理员' },
      { id: 2, nickname: '运营专员' },
    ]);
    expect((await t.api({ path: '/system/user/list-all-simple', token: admin })).data).toEqual(simple.data);

    const deleted = await t.api({
      method: 'DELETE',
      path: '/system/user/delete',
      query: { id: String(id) },
      token: admin,
    });
    expect(deleted).toMatchObject({ code: 0, data: true });
    expect(await t.api({ path: '/system/user/get', query: { id: String(id) }, token: admin })).toMatchObject({
      code: 1_002_003_003,
      msg: '用户不存在',
    });
  });

  it('refuses duplicates, unusable departments and posts, and bad input', async () => {
    const base = { nickname: '重复', password: 'secret1' };
    expect(await create({ ...base, username: 'admin' })).toMatchObject({
      code: 1_002_003_000,
      msg: '用户账号已经存在',
    });
    expect(await create({ ...base, username: 'dup1', mobile: '13800000000' })).toMatchObject({
      code: 1_002_003_001,
    });
    await create({ ...base, username: 'mailer', email: 'm@example.com' });
    expect(await create({ ...base, username: 'dup2', email: 'm@example.com' })).toMatchObject({
      code: 1_002_003_002,
    });
    expect(await create({ ...base, username: 'dup3', deptId: 99999 })).toMatchObject({ code: 1_002_004_002 });
    expect(await create({ ...base, username: 'dup4', postIds: [99999] })).toMatchObject({
      code: 1_002_005_000,
    });
    const bad = await create({ username: 'a!', nickname: '', password: '1' });
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('用户账号由 4-30 位数字、字母组成');
    expect((await page({ username: 'dup' })).total).toBe(0);
    const badStatus = await t.api({
      method: 'PUT',
      path: '/system/user/update-status',
      body: { id: 2, status: 5 },
      token: admin,
    });
    expect(badStatus.code).toBe(400);
  });

  it('enforces the tenant account quota', async () => {
    const count = (await page({})).total;
    await t.db.kysely.updateTable('systemTenant').set({ accountCount: count }).where('id', '=', 1).execute();
    try {
      expect(await create({ username: 'overquota', nickname: '超额', password: 'secret1' })).toMatchObject({
        code: 1_002_003_008,
        msg: `创建用户失败，原因：超过租户最大租户配额(${count})！`,
      });
    } finally {
      await t.db.kysely.updateTable('systemTenant').set({ accountCount: 9999 }).where('id', '=', 1).execute();
    }
  });

  it('answers 401, 403 and keeps tenants apart', async () => {
    expect(await t.api({ path: '/system/user/page' })).toMatchObject({ code: 401 });
    expect(
      await create({ username: 'opmade', nickname: '运营建', password: 'secret1' }, operator),
    ).toMatchObject({
      code: 403,
    });
    for (const path of ['/system/user/update-status', '/system/user/update-password'])
      expect(
        await t.api({ method: 'PUT', path, body: { id: 1, status: 1, password: 'x1234' }, token: operator }),
      ).toMatchObject({
        code: 403,
      });
    expect(await t.api({ path: '/system/user/page', token: admin, tenant: tenant2.tenantId })).toMatchObject({
      code: 403,
    });
    expect(
      await t.api({ path: '/system/user/get', query: { id: String(tenant2.userId) }, token: admin }),
    ).toMatchObject({ code: 1_002_003_003 });
    // Usernames are unique per tenant: tenant 1 may also have a 'tenant2'.
    expect((await create({ username: 'tenant2', nickname: '同名', password: 'secret1' })).code).toBe(0);
  });

  it('filters users through every data scope', async () => {
    // 总部(100) > 研发部(101) > 研发一组; 总部 > 运营部(102)
    const group = (
      await t.api({
        method: 'POST',
        path: '/system/dept/create',
        body: { name: '研发一组', parentId: 101, sort: 1, status: 0 },
        token: admin,
      })
    ).data as number;
    const permissions = ['system:user:list', 'system:user:query'];
    const inGroup = (
      await create({ username: 'groupie', nickname: '组员', password: 'secret1', deptId: group })
    ).data as number;
    const usernames = async (token: string) =>
      (await page({ pageSize: '100' }, token)).list.map((u) => u.username).sort();

    const all = await addScopedUser(t, { username: 'uall', deptId: 102, dataScope: 1, permissions });
    const custom = await addScopedUser(t, {
      username: 'ucustom',
      deptId: 102,
      dataScope: 2,
      deptIds: [group],
      permissions,
    });
    const own = await addScopedUser(t, { username: 'uown', deptId: 101, dataScope: 3, permissions });
    const below = await addScopedUser(t, { username: 'ubelow', deptId: 101, dataScope: 4, permissions });
    const self = await addScopedUser(t, { username: 'uself', deptId: 101, dataScope: 5, permissions });

    expect(await usernames(all.token)).toContain('tenant2');
    // Custom: the chosen department plus the caller's own (运营部).
    expect(await usernames(custom.token)).toEqual(['groupie', 'operator', 'uall', 'ucustom']);
    expect(await usernames(own.token)).toEqual(['admin', 'ubelow', 'uown', 'uself']);
    expect(await usernames(below.token)).toEqual(['admin', 'groupie', 'ubelow', 'uown', 'uself']);
    expect(await usernames(self.token)).toEqual(['uself']);
    // The operator role: its own department only.
    expect((await page({}, operator)).list.every((u) => u.deptId === 102)).toBe(true);
    // Outside the scope a user does not exist.
    expect(
      await t.api({ path: '/system/user/get', query: { id: String(inGroup) }, token: own.token }),
    ).toMatchObject({
      code: 1_002_003_003,
    });
    expect(
      (await t.api({ path: '/system/user/get', query: { id: String(inGroup) }, token: below.token })).code,
    ).toBe(0);
  });

  it('exports users with Chinese headers and dictionary labels', async () => {
    for (const path of ['/system/user/export', '/system/user/export-excel']) {
      const res = await t.app.inject({
        url: `/admin-api${path}`,
        query: { username: 'operator' },
        headers: { authorization: `Bearer ${admin}`, 'tenant-id': '1' },
      });
      expect(res.headers['content-type']).toContain('spreadsheetml');
      const rows = await readSheet(res.rawPayload);
      expect(rows[0]).toEqual([
        '用户编号',
        '用户名称',
        '用户昵称',
        '用户邮箱',
        '手机号码',
        '用户性别',
        '帐号状态',
        '最后登录IP',
        '最后登录时间',
        '部门名称',
        '部门负责人',
      ]);
      expect(rows.length).toBe(2);
      const [, user] = rows as [string[], string[]];
      expect(user.slice(1, 3)).toEqual(['operator', '运营专员']);
      expect(user[5]).toBe('男');
      expect(user[6]).toBe('开启');
      expect(user.slice(9)).toEqual(['运营部', '运营专员']);
    }
  });

  it('imports users from the template format with a per-row report', async () => {
    const template = await t.app.inject({
      url: '/admin-api/system/user/get-import-template',
      headers: { authorization: `Bearer ${admin}`, 'tenant-id': '1' },
    });
    const templateRows = await readSheet(template.rawPayload);
    expect(templateRows[0]).toEqual([
      '登录名称',
      '用户名称',
      '部门编号',
      '用户邮箱',
      '手机号码',
      '用户性别',
      '账号状态',
    ]);
    expect(templateRows.length).toBe(3);

    const first = await upload(
      await importFile([
        ['wangwu', '王五', 101, 'ww@example.com', '13700000001', '男', '开启'],
        ['operator', '运营改名', 102, '', '', '女', '开启'],
        ['x!', '坏账号', '', '', '', '', ''],
        ['zhaoliu', '赵六', 99999, '', '', '', ''],
      ]),
    );
    expect(first.code, first.msg).toBe(0);
    expect(first.data.createUsernames).toEqual(['wangwu']);
    expect(first.data.updateUsernames).toEqual([]);
    expect(first.data.failureUsernames).toEqual({
      operator: '用户账号已经存在',
      'x!': '用户账号由 4-30 位数字、字母组成',
      zhaoliu: '当前部门不存在',
    });
    await t.login('wangwu', '123456');

    const second = await upload(await importFile([['operator', '运营改名', 102, '', '', '女', '开启']]), {
      updateSupport: 'true',
    });
    expect(second.data).toEqual({ createUsernames: [], updateUsernames: ['operator'], failureUsernames: {} });
    expect((await page({ username: 'operator' })).list[0]).toMatchObject({ nickname: '运营改名', sex: 2 });

    expect(await upload(await importFile([]))).toMatchObject({
      code: 1_002_003_004,
      msg: '导入用户数据不能为空！',
    });
    const notExcel = await upload(Buffer.from('not a workbook'));
    expect(notExcel.code).toBe(400);
    expect(notExcel.msg).toContain('.xlsx');
    expect((await upload(await importFile([]), {}, operator)).code).toBe(403);
  });
});
