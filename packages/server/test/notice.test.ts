import type { Notice, NotifyMessage, PageResult } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/lib/crypto.js';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';

describe.each(DIALECTS)('notices on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let otherTenant: number;
  let otherTenantToken: string;
  let otherTenantNotice: number;
  let noticeId: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = (await t.login()).accessToken;
    operator = (await t.login('operator', 'operator123')).accessToken;
    const k = t.db.kysely;
    const { id } = await k
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
    otherTenant = Number(id);
    await k
      .insertInto('systemUsers')
      .values({
        tenantId: otherTenant,
        username: 'tenant2',
        password: await hashPassword('tenant2pass'),
        nickname: '租户二用户',
        status: 0,
        remark: null,
        deptId: null,
        email: null,
        mobile: null,
        sex: null,
        avatar: null,
        loginIp: null,
        loginDate: null,
        creator: null,
        updater: null,
      })
      .execute();
    const login = await t.api({
      method: 'POST',
      path: '/system/auth/login',
      body: { username: 'tenant2', password: 'tenant2pass' },
      tenant: otherTenant,
    });
    otherTenantToken = (login.data as { accessToken: string }).accessToken;
    // That tenant's user holds no role, so its notice is written directly.
    const notice = await k
      .insertInto('systemNotice')
      .values({
        tenantId: otherTenant,
        title: '租户二的公告',
        type: 1,
        content: '只属于租户二',
        status: 0,
        creator: null,
        updater: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    otherTenantNotice = Number(notice.id);
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, extra: object = {}, token = admin) =>
    t.api({ method, path, token, ...extra });
  const input = { title: '系统升级公告', type: 2, content: '本周六 22:00 升级，请提前保存。', status: 0 };

  it('creates a notice and reads it back with the reference fields', async () => {
    const res = await call('POST', '/system/notice/create', { body: input });
    expect(res.code).toBe(0);
    noticeId = res.data as number;
    const got = (await call('GET', '/system/notice/get', { query: { id: String(noticeId) } })).data as Notice;
    expect(Object.keys(got).sort()).toEqual(['content', 'createTime', 'id', 'status', 'title', 'type']);
    expect(got).toMatchObject(input);
  });

  it('pages the tenant’s own notices, newest first, filtered by title and status', async () => {
    const page = (await call('GET', '/system/notice/page')).data as PageResult<Notice>;
    expect(page.list.map((n) => n.title)).toEqual(['系统升级公告', '欢迎使用后台管理系统']);
    const byTitle = (await call('GET', '/system/notice/page', { query: { title: '升级', status: '0' } }))
      .data as PageResult<Notice>;
    expect(byTitle.list.map((n) => n.id)).toEqual([noticeId]);
    const closed = (await call('GET', '/system/notice/page', { query: { status: '1' } }))
      .data as PageResult<Notice>;
    expect(closed.total).toBe(0);
  });

  it('answers 400 in Chinese for bad input and stores nothing', async () => {
    const bad = await call('POST', '/system/notice/create', { body: { ...input, title: '' } });
    expect(bad).toMatchObject({ code: 400, msg: '请求参数不正确:公告标题不能为空' });
    const badType = await call('POST', '/system/notice/create', { body: { ...input, type: 9 } });
    expect(badType).toMatchObject({ code: 400, msg: '请求参数不正确:公告类型只能是 1（通知）或 2（公告）' });
    const long = await call('POST', '/system/notice/create', { body: { ...input, title: '长'.repeat(51) } });
    expect(long).toMatchObject({ code: 400, msg: '请求参数不正确:公告标题不能超过50个字符' });
    expect(((await call('GET', '/system/notice/page')).data as PageResult<Notice>).total).toBe(2);
  });

  it('updates a notice and refuses an unknown one', async () => {
    const res = await call('PUT', '/system/notice/update', {
      body: { ...input, id: noticeId, title: '系统升级公告（改）', status: 1 },
    });
    expect(res).toMatchObject({ code: 0, data: true });
    const got = (await call('GET', '/system/notice/get', { query: { id: String(noticeId) } })).data as Notice;
    expect(got).toMatchObject({ title: '系统升级公告（改）', status: 1 });
    expect(await call('PUT', '/system/notice/update', { body: { ...input, id: 999_999 } })).toMatchObject({
      code: 1_002_008_001,
      msg: '当前通知公告不存在',
    });
  });

  it('pushes a notice as an in-site message to every enabled user of the tenant only', async () => {
    const unread = async (token: string, tenant: number) =>
      (await t.api({ path: '/system/notify-message/get-unread-count', token, tenant })).data as number;
    const before = [
      await unread(admin, 1),
      await unread(operator, 1),
      await unread(otherTenantToken, otherTenant),
    ];
    expect(await call('POST', '/system/notice/push', { query: { id: String(noticeId) } })).toMatchObject({
      code: 0,
      data: true,
    });
    expect([
      await unread(admin, 1),
      await unread(operator, 1),
      await unread(otherTenantToken, otherTenant),
    ]).toEqual([before[0]! + 1, before[1]! + 1, before[2]]);
    const list = (await t.api({ path: '/system/notify-message/get-unread-list', token: operator }))
      .data as NotifyMessage[];
    expect(list[0]).toMatchObject({
      templateCode: 'notice_push',
      templateType: 1,
      templateContent: '【系统升级公告（改）】本周六 22:00 升级，请提前保存。',
    });
    expect(await call('POST', '/system/notice/push', { query: { id: '999999' } })).toMatchObject({
      code: 1_002_008_001,
    });
  });

  it('keeps tenants apart: another tenant’s notice is neither seen nor changed', async () => {
    const id = String(otherTenantNotice);
    expect((await call('GET', '/system/notice/get', { query: { id } })).data).toBeNull();
    expect(
      await call('PUT', '/system/notice/update', { body: { ...input, id: otherTenantNotice } }),
    ).toMatchObject({ code: 1_002_008_001 });
    expect(await call('DELETE', '/system/notice/delete', { query: { id } })).toMatchObject({
      code: 1_002_008_001,
    });
    expect(await call('POST', '/system/notice/push', { query: { id } })).toMatchObject({
      code: 1_002_008_001,
    });
    const stored = await t.db.kysely
      .selectFrom('systemNotice')
      .selectAll()
      .where('id', '=', otherTenantNotice)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ title: '租户二的公告', deleted: 0 });
    expect(await t.api({ path: '/system/notice/page', token: admin, tenant: otherTenant })).toMatchObject({
      code: 403,
      msg: '您无权访问该租户的数据',
    });
  });

  it('deletes a notice', async () => {
    expect(await call('DELETE', '/system/notice/delete', { query: { id: String(noticeId) } })).toMatchObject({
      code: 0,
      data: true,
    });
    expect((await call('GET', '/system/notice/get', { query: { id: String(noticeId) } })).data).toBeNull();
    expect(await call('DELETE', '/system/notice/delete', { query: { id: String(noticeId) } })).toMatchObject({
      code: 1_002_008_001,
    });
  });

  it('answers 401 without a token and 403 to the operator', async () => {
    expect((await t.api({ path: '/system/notice/page' })).code).toBe(401);
    expect((await t.api({ method: 'POST', path: '/system/notice/push', query: { id: '1' } })).code).toBe(401);
    const refused = await Promise.all([
      call('GET', '/system/notice/page', {}, operator),
      call('GET', '/system/notice/get', { query: { id: '1' } }, operator),
      call('POST', '/system/notice/create', { body: input }, operator),
      call('PUT', '/system/notice/update', { body: { ...input, id: 1 } }, operator),
      call('DELETE', '/system/notice/delete', { query: { id: '1' } }, operator),
      call('POST', '/system/notice/push', { query: { id: '1' } }, operator),
    ]);
    for (const res of refused) expect(res).toMatchObject({ code: 403, msg: '没有该操作权限' });
  });
});
