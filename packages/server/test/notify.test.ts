import type { NotifyMessage, PageResult } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/lib/crypto.js';
import { createTestApp, DIALECTS, freshDatabase, newRedis, probeRedis, type TestApp } from './helper.js';
import { listen, openSse } from './sse.js';

const pad = (n: number) => String(n).padStart(2, '0');
/** 'yyyy-MM-dd HH:mm:ss' in local time, as the web sends ranges. */
const formatTime = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};

const MESSAGE_KEYS = [
  'createTime',
  'id',
  'readStatus',
  'readTime',
  'templateCode',
  'templateContent',
  'templateId',
  'templateNickname',
  'templateParams',
  'templateType',
  'userId',
  'userType',
];

describe.each(DIALECTS)('in-site messages on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let otherTenantUser: string;
  const stream = { heartbeatMs: 150, maxLifetimeMs: 60_000, maxPerUser: 8 };

  beforeAll(async () => {
    t = await createTestApp(dialect, { unreadStream: stream });
    admin = (await t.login()).accessToken;
    operator = (await t.login('operator', 'operator123')).accessToken;
    // A second tenant with a user who has a message of their own.
    const k = t.db.kysely;
    const { id: tenant2 } = await k
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
    const { id: userId } = await k
      .insertInto('systemUsers')
      .values({
        tenantId: tenant2,
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
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.app.notify.sendNotifyMessage(tenant2, userId, 'user_welcome', { name: '租户二用户' });
    // Same user id as admin, other tenant: must never show up for admin.
    await t.app.notify.sendNotifyMessage(tenant2, 1, 'todo_reminder', { title: '别的租户' });
    const res = await t.api({
      method: 'POST',
      path: '/system/auth/login',
      body: { username: 'tenant2', password: 'tenant2pass' },
      tenant: tenant2,
    });
    otherTenantUser = (res.data as { accessToken: string }).accessToken;
  });
  afterAll(async () => {
    await t.close();
  });

  const unreadCount = async (token: string, tenant: number | null = 1) =>
    (await t.api({ path: '/system/notify-message/get-unread-count', token, tenant })).data as number;
  const myPage = async (query: Record<string, string>, token = admin) =>
    (await t.api({ path: '/system/notify-message/my-page', token, query })) as unknown as {
      code: number;
      msg: string;
      data: PageResult<NotifyMessage>;
    };

  describe('reading', () => {
    it('counts the seeded unread messages of the caller only', async () => {
      expect(await unreadCount(admin)).toBe(3);
      expect(await unreadCount(operator)).toBe(1);
      expect(await unreadCount(otherTenantUser, null)).toBe(1);
    });

    it('lists unread messages newest first, limited by size, with the reference fields', async () => {
      const res = await t.api({ path: '/system/notify-message/get-unread-list', token: admin });
      expect(res.code).toBe(0);
      const list = res.data as NotifyMessage[];
      expect(list).toHaveLength(3);
      expect(Object.keys(list[0]!).sort()).toEqual(MESSAGE_KEYS);
      expect(list.map((m) => m.templateContent)).toEqual([
        '您有一条新的待办【完善字典数据说明】，请及时处理。',
        '您有一条新的待办【审批 OA 请假申请】，请及时处理。',
        '系统将于 本周六 22:00 进行升级维护，预计持续 2 小时，请提前保存工作内容。',
      ]);
      expect(list[0]).toMatchObject({
        userId: 1,
        userType: 2,
        templateCode: 'todo_reminder',
        templateNickname: '工作提醒',
        templateType: 2,
        templateParams: { title: '完善字典数据说明' },
        readStatus: false,
        readTime: null,
      });
      expect(list.every((m) => typeof m.createTime === 'number')).toBe(true);
      const two = await t.api({
        path: '/system/notify-message/get-unread-list',
        token: admin,
        query: { size: '2' },
      });
      expect((two.data as NotifyMessage[]).map((m) => m.id)).toEqual(list.slice(0, 2).map((m) => m.id));
    });

    it('refuses a size outside 1..100', async () => {
      for (const size of ['0', '101', 'x']) {
        const res = await t.api({
          path: '/system/notify-message/get-unread-list',
          token: admin,
          query: { size },
        });
        expect(res.code, size).toBe(400);
      }
    });

    it('pages the caller’s messages, newest first, filtered by read status', async () => {
      const all = await myPage({ pageNo: '1', pageSize: '2' });
      expect(all.code).toBe(0);
      expect(all.data.total).toBe(5);
      expect(all.data.list).toHaveLength(2);
      const second = await myPage({ pageNo: '3', pageSize: '2' });
      expect(second.data.list).toHaveLength(1);
      expect(second.data.list[0]!.templateCode).toBe('user_welcome');
      const read = await myPage({ readStatus: 'true' });
      expect(read.data.total).toBe(2);
      expect(read.data.list.every((m) => m.readStatus && typeof m.readTime === 'number')).toBe(true);
      const unread = await myPage({ readStatus: 'false', pageSize: '100' });
      expect(unread.data.total).toBe(3);
      expect(unread.data.list.every((m) => !m.readStatus && m.userId === 1)).toBe(true);
    });

    it('filters by createTime[0]/createTime[1] and by a repeated createTime', async () => {
      const { list } = (await myPage({ pageSize: '100' })).data;
      const newest = list[0]!.createTime;
      const oldest = list.at(-1)!.createTime;
      const bracket = await myPage({
        'createTime[0]': formatTime(newest - 5 * 60 * 60 * 1000),
        'createTime[1]': formatTime(newest + 1000),
      });
      expect(bracket.code).toBe(0);
      expect(bracket.data.total).toBe(2);
      const raw = await t.app.inject({
        method: 'GET',
        url: `/admin-api/system/notify-message/my-page?createTime=${encodeURIComponent(formatTime(oldest - 1000))}&createTime=${encodeURIComponent(formatTime(oldest + 1000))}`,
        headers: { authorization: `Bearer ${admin}`, 'tenant-id': '1' },
      });
      expect(raw.json()).toMatchObject({ code: 0, data: { total: 1 } });
      // An open end
      const from = await myPage({ 'createTime[0]': formatTime(newest - 5 * 60 * 60 * 1000) });
      expect(from.data.total).toBe(2);
    });

    it('refuses malformed filters and page sizes above 100', async () => {
      expect(await myPage({ 'createTime[0]': '2026-13-01 00:00:00' })).toMatchObject({
        code: 400,
        msg: '请求参数不正确:创建时间格式不正确，应为 yyyy-MM-dd HH:mm:ss',
      });
      expect((await myPage({ readStatus: 'maybe' })).code).toBe(400);
      expect(await myPage({ pageSize: '101' })).toMatchObject({
        code: 400,
        msg: '请求参数不正确:每页条数最大值为 100',
      });
    });

    it('answers 401 without a token and 403 for another tenant', async () => {
      for (const path of [
        '/system/notify-message/my-page',
        '/system/notify-message/get-unread-list',
        '/system/notify-message/get-unread-count',
      ]) {
        expect((await t.api({ path })).code, path).toBe(401);
        expect((await t.api({ path, token: admin, tenant: 7 })).code, path).toBe(403);
      }
      for (const path of ['/system/notify-message/update-read', '/system/notify-message/update-all-read']) {
        expect((await t.api({ method: 'PUT', path, query: { ids: '1' } })).code, path).toBe(401);
        expect(
          (await t.api({ method: 'PUT', path, query: { ids: '1' }, token: admin, tenant: 7 })).code,
        ).toBe(403);
      }
    });
  });

  describe('sending', () => {
    it('renders the template and stores the message for a user of the caller’s tenant', async () => {
      const res = await t.api({
        method: 'POST',
        path: '/system/notify-template/send-notify',
        token: admin,
        body: { userId: 2, templateCode: 'todo_reminder', templateParams: { title: '复核报表' } },
      });
      expect(res.code).toBe(0);
      expect(typeof res.data).toBe('number');
      const list = (await t.api({ path: '/system/notify-message/get-unread-list', token: operator }))
        .data as NotifyMessage[];
      expect(list[0]).toMatchObject({
        id: res.data,
        userId: 2,
        templateContent: '您有一条新的待办【复核报表】，请及时处理。',
        templateParams: { title: '复核报表' },
        templateNickname: '工作提醒',
      });
      expect(await unreadCount(operator)).toBe(2);
    });

    it('refuses unknown templates, missing parameters, unknown users and callers without the permission', async () => {
      const send = (body: unknown, token = admin) =>
        t.api({ method: 'POST', path: '/system/notify-template/send-notify', token, body });
      expect(await send({ userId: 2, templateCode: 'no_such', templateParams: {} })).toMatchObject({
        code: 1_002_026_000,
        msg: '站内信模版不存在',
      });
      expect(
        await send({ userId: 2, templateCode: 'system_maintenance', templateParams: { time: '今晚' } }),
      ).toMatchObject({
        code: 1_002_028_000,
        msg: '模板参数(duration)缺失',
      });
      // A user of another tenant is unknown here.
      expect(
        await send({ userId: 9999, templateCode: 'todo_reminder', templateParams: { title: 'x' } }),
      ).toMatchObject({
        code: 1_002_003_003,
      });
      expect((await send({ userId: 2, templateParams: {} })).code).toBe(400);
      expect(
        (await send({ userId: 1, templateCode: 'todo_reminder', templateParams: { title: 'x' } }, operator))
          .code,
      ).toBe(403);
    });

    it('sends nothing from a disabled template', async () => {
      await t.db.kysely
        .updateTable('systemNotifyTemplate')
        .set({ status: 1 })
        .where('code', '=', 'user_welcome')
        .execute();
      // As the template service does after a change: cached templates go.
      await t.app.bus.publish('notify-template');
      const before = await unreadCount(operator);
      expect(await t.app.notify.sendNotifyMessage(1, 2, 'user_welcome', { name: 'x' })).toBeNull();
      expect(await unreadCount(operator)).toBe(before);
      await t.db.kysely
        .updateTable('systemNotifyTemplate')
        .set({ status: 0 })
        .where('code', '=', 'user_welcome')
        .execute();
      await t.app.bus.publish('notify-template');
    });
  });

  describe('marking read', () => {
    it('marks only the caller’s own messages among the repeated ids', async () => {
      const adminUnread = (await t.api({ path: '/system/notify-message/get-unread-list', token: admin }))
        .data as NotifyMessage[];
      const operatorUnread = (
        await t.api({ path: '/system/notify-message/get-unread-list', token: operator })
      ).data as NotifyMessage[];
      const operatorBefore = operatorUnread.length;
      const raw = await t.app.inject({
        method: 'PUT',
        url: `/admin-api/system/notify-message/update-read?ids=${adminUnread[0]!.id}&ids=${operatorUnread[0]!.id}`,
        headers: { authorization: `Bearer ${admin}`, 'tenant-id': '1' },
      });
      expect(raw.json()).toEqual({ code: 0, msg: '', data: true });
      expect(await unreadCount(admin)).toBe(adminUnread.length - 1);
      // The operator's message is untouched.
      expect(await unreadCount(operator)).toBe(operatorBefore);
      const page = await myPage({ readStatus: 'true', pageSize: '100' });
      const marked = page.data.list.find((m) => m.id === adminUnread[0]!.id)!;
      expect(marked.readStatus).toBe(true);
      expect(marked.readTime).toBe(t.clock.now);
    });

    it('also takes comma-separated ids, and refuses none', async () => {
      const unread = (await t.api({ path: '/system/notify-message/get-unread-list', token: admin }))
        .data as NotifyMessage[];
      const res = await t.api({
        method: 'PUT',
        path: '/system/notify-message/update-read',
        token: admin,
        query: { ids: unread.map((m) => m.id).join(',') },
      });
      expect(res.code).toBe(0);
      expect(await unreadCount(admin)).toBe(0);
      expect(
        await t.api({ method: 'PUT', path: '/system/notify-message/update-read', token: admin }),
      ).toMatchObject({
        code: 400,
        msg: '请求参数不正确:编号列表不能为空',
      });
      expect(
        (
          await t.api({
            method: 'PUT',
            path: '/system/notify-message/update-read',
            token: admin,
            query: { ids: 'a' },
          })
        ).code,
      ).toBe(400);
    });

    it('marks all of the caller’s messages read, in the caller’s tenant only', async () => {
      await t.app.notify.sendNotifyMessage(1, 1, 'todo_reminder', { title: '一' });
      await t.app.notify.sendNotifyMessage(1, 1, 'todo_reminder', { title: '二' });
      expect(await unreadCount(admin)).toBe(2);
      const operatorBefore = await unreadCount(operator);
      const res = await t.api({
        method: 'PUT',
        path: '/system/notify-message/update-all-read',
        token: admin,
      });
      expect(res).toMatchObject({ code: 0, data: true });
      expect(await unreadCount(admin)).toBe(0);
      expect(await unreadCount(operator)).toBe(operatorBefore);
      // The other tenant's messages for user id 1 stay unread.
      const otherTenant = await t.db.kysely
        .selectFrom('systemNotifyMessage')
        .select('readStatus')
        .where('tenantId', '<>', 1)
        .execute();
      expect(otherTenant.every((m) => m.readStatus === 0)).toBe(true);
    });
  });

  describe('unread-count stream', () => {
    let base: string;
    beforeAll(async () => {
      base = await listen(t.app);
    });
    const open = (token: string | null, tenant = '1') =>
      openSse(`${base}/admin-api/system/notify-message/unread-count-stream`, {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        'tenant-id': tenant,
      });

    it('sends the count at once, then each change, with heartbeats in between', async () => {
      const s = await open(operator);
      try {
        expect(s.status).toBe(200);
        expect(s.contentType).toBe('text/event-stream; charset=utf-8');
        const first = await s.nextData<{ unreadCount: number }>();
        const start = first.unreadCount;
        expect(start).toBe(await unreadCount(operator));
        const id = await t.app.notify.sendNotifyMessage(1, 2, 'todo_reminder', { title: '推送' });
        expect(await s.nextData()).toEqual({ unreadCount: start + 1 });
        await t.api({
          method: 'PUT',
          path: '/system/notify-message/update-read',
          token: operator,
          query: { ids: String(id) },
        });
        expect(await s.nextData()).toEqual({ unreadCount: start });
        // Changes for someone else send nothing; heartbeats keep coming.
        await t.app.notify.sendNotifyMessage(1, 1, 'todo_reminder', { title: '给管理员' });
        const events = [await s.next(), await s.next()];
        expect(events.every((e) => 'comment' in e && e.comment === 'heartbeat')).toBe(true);
      } finally {
        s.close();
      }
    });

    it('answers 401 and 403 as envelopes before any stream starts', async () => {
      const anonymous = await open(null);
      expect(anonymous.contentType).toMatch(/^application\/json/);
      expect(JSON.parse(await anonymous.text())).toMatchObject({ code: 401 });
      const otherTenant = await open(admin, '7');
      expect(JSON.parse(await otherTenant.text())).toMatchObject({ code: 403 });
    });

    it('ends when its token is revoked by signing out', async () => {
      const { accessToken } = await t.login('operator', 'operator123');
      const s = await open(accessToken);
      await s.nextData();
      expect(t.app.unreadStreams.size()).toBeGreaterThan(0);
      await t.api({ method: 'POST', path: '/system/auth/logout', token: accessToken });
      await s.ended;
      s.close();
    });
  });
});

const hasRedis = await probeRedis();

describe.runIf(hasRedis)('unread-count streams across instances', () => {
  const redis = hasRedis ? newRedis() : null;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const { db } = await freshDatabase('sqlite');
    a = await createTestApp('sqlite', { db, redis });
    b = await createTestApp('sqlite', { db, redis });
  });
  afterAll(async () => {
    await a.app.close();
    await b.app.close();
    redis?.disconnect();
  });

  it('pushes a message created on one instance to a stream open on another', async () => {
    const { accessToken } = await b.login();
    const s = await openSse(`${await listen(b.app)}/admin-api/system/notify-message/unread-count-stream`, {
      authorization: `Bearer ${accessToken}`,
      'tenant-id': '1',
    });
    try {
      const { unreadCount } = await s.nextData<{ unreadCount: number }>();
      await a.app.notify.sendNotifyMessage(1, 1, 'todo_reminder', { title: '跨实例' });
      expect(await s.nextData(5000)).toEqual({ unreadCount: unreadCount + 1 });
      const token = (await a.login()).accessToken;
      await a.api({ method: 'PUT', path: '/system/notify-message/update-all-read', token });
      expect(await s.nextData(5000)).toEqual({ unreadCount: 0 });
    } finally {
      s.close();
    }
  });
});
