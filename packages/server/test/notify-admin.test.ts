import type { NotifyMessage, NotifyTemplate, PageResult } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';
import { createPackage, createTenantAndSignIn, DAY, tenantBody } from './tenant-fixture.js';

const pad = (n: number) => String(n).padStart(2, '0');
/** 'yyyy-MM-dd HH:mm:ss' in local time, as the web sends ranges. */
const formatTime = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};

const TEMPLATE_KEYS = [
  'code',
  'content',
  'createTime',
  'id',
  'name',
  'nickname',
  'params',
  'remark',
  'status',
  'type',
];

/** 站内信管理 with 模板管理 (query, send) and 消息记录 (query). */
const NOTIFY_MENUS = [1, 2144, 2145, 2146, 2150, 2151, 2152];

const templateBody = (overrides: Record<string, unknown> = {}) => ({
  name: '审批结果',
  code: 'approve_result',
  nickname: '审批中心',
  content: '{name}，您的申请【{title}】已{result}；{name} 请查看。',
  type: 2,
  status: 0,
  remark: '测试模板',
  ...overrides,
});

describe.each(DIALECTS)('notify templates and the message list on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let tenant2: { tenantId: number; token: string };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = (await t.login()).accessToken;
    operator = (await t.login('operator', 'operator123')).accessToken;
    const packageId = await createPackage(t, admin, '站内信套餐', NOTIFY_MENUS);
    tenant2 = await createTenantAndSignIn(
      t,
      admin,
      tenantBody(t, packageId, { name: '乙公司', username: 'notifyadmin', contactMobile: '13900000002' }),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const api = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    opts: { query?: Record<string, string>; body?: unknown; token?: string | null; tenant?: number } = {},
  ) => t.api({ method, path, token: admin, ...opts });
  const templatePage = async (query: Record<string, string> = {}) =>
    (await api('GET', '/system/notify-template/page', { query })) as unknown as {
      code: number;
      msg: string;
      data: PageResult<NotifyTemplate>;
    };
  const getTemplate = async (id: number) =>
    (await api('GET', '/system/notify-template/get', { query: { id: String(id) } }))
      .data as NotifyTemplate | null;
  const create = (body: unknown, token = admin) =>
    api('POST', '/system/notify-template/create', { body, token });
  const update = (body: unknown, token = admin) =>
    api('PUT', '/system/notify-template/update', { body, token });
  const send = (body: unknown) => api('POST', '/system/notify-template/send-notify', { body });
  const messagePage = async (query: Record<string, string> = {}, token = admin, tenant = 1) =>
    (await api('GET', '/system/notify-message/page', { query, token, tenant })) as unknown as {
      code: number;
      msg: string;
      data: PageResult<NotifyMessage>;
    };
  const templateCount = async () =>
    Number(
      (
        await t.db.kysely
          .selectFrom('systemNotifyTemplate')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('deleted', '=', 0)
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('templates', () => {
    it('pages the templates newest first, filtered by name, code, status and creation time', async () => {
      const all = await templatePage({ pageSize: '100' });
      expect(all.code).toBe(0);
      expect(all.data.total).toBe(await templateCount());
      expect(Object.keys(all.data.list[0]!).sort()).toEqual(TEMPLATE_KEYS);
      const ids = all.data.list.map((x) => x.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      const seeded = all.data.list.find((x) => x.code === 'system_maintenance')!;
      expect(seeded).toMatchObject({
        name: '系统维护通知',
        nickname: '系统管理员',
        type: 1,
        params: ['time', 'duration'],
        status: 0,
        remark: null,
      });

      const byName = await templatePage({ name: '待办' });
      expect(byName.data.list.map((x) => x.code)).toEqual(['todo_reminder']);
      const byCode = await templatePage({ code: 'user_wel' });
      expect(byCode.data.list.map((x) => x.code)).toEqual(['user_welcome']);
      const paged = await templatePage({ pageNo: '2', pageSize: '2' });
      expect(paged.data.list.map((x) => x.id)).toEqual(ids.slice(2, 4));

      // A template created ten days earlier is the only one in its range, and the only one off.
      // (Back, not forward: the access tokens must stay valid.)
      t.clock.now -= 10 * DAY;
      const later = (await create(templateBody({ code: 'later_one', status: 1 }))).data as number;
      const range = await templatePage({
        'createTime[0]': formatTime(t.clock.now - 1000),
        'createTime[1]': formatTime(t.clock.now + 1000),
      });
      expect(range.data.list.map((x) => x.id)).toEqual([later]);
      expect((await templatePage({ status: '1' })).data.list.map((x) => x.id)).toEqual([later]);
      expect((await templatePage({ status: '0', pageSize: '100' })).data.total).toBe(all.data.total);
      t.clock.now += 10 * DAY;
      await api('DELETE', '/system/notify-template/delete', { query: { id: String(later) } });
    });

    it('refuses malformed filters', async () => {
      expect(await templatePage({ status: '7' })).toMatchObject({ code: 400 });
      expect(await templatePage({ 'createTime[0]': '2026-02-30 00:00:00' })).toMatchObject({
        code: 400,
        msg: '请求参数不正确:创建时间格式不正确，应为 yyyy-MM-dd HH:mm:ss',
      });
      expect(await templatePage({ pageSize: '101' })).toMatchObject({ code: 400 });
    });

    it('creates a template with its parameters parsed from the content, each once', async () => {
      const res = await create(templateBody());
      expect(res.code).toBe(0);
      const id = res.data as number;
      expect(await getTemplate(id)).toEqual({
        id,
        name: '审批结果',
        code: 'approve_result',
        nickname: '审批中心',
        content: '{name}，您的申请【{title}】已{result}；{name} 请查看。',
        type: 2,
        params: ['name', 'title', 'result'],
        status: 0,
        remark: '测试模板',
        createTime: t.clock.now,
      });
      const row = await t.db.kysely
        .selectFrom('systemNotifyTemplate')
        .select(['creator', 'params'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ creator: '1', params: '["name","title","result"]' });
      // Any text but braces names a parameter, as in the reference.
      const wide = await create(templateBody({ code: 'wide', content: '{用户 名} 与 {a.b}，{}' }));
      expect((await getTemplate(wide.data as number))!.params).toEqual(['用户 名', 'a.b']);
      await api('DELETE', '/system/notify-template/delete', { query: { id: String(wide.data) } });
    });

    it('refuses a duplicate code and bad input, creating nothing', async () => {
      const before = await templateCount();
      expect(await create(templateBody({ code: 'todo_reminder' }))).toMatchObject({
        code: 1_002_026_001,
        msg: '已经存在编码为【todo_reminder】的站内信模板',
      });
      const cases: [Record<string, unknown>, string][] = [
        [{ name: ' ' }, '模版名称不能为空'],
        [{ code: undefined }, '模版编码不能为空'],
        [{ nickname: '' }, '发送人名称不能为空'],
        [{ content: '   ' }, '模版内容不能为空'],
        [{ content: 'x'.repeat(1025) }, '模版内容长度不能超过 1024 个字符'],
        [{ type: undefined }, '模版类型不能为空'],
        [{ type: 3 }, '模版类型只能是 1（通知公告）或 2（系统消息）'],
        [{ status: 2 }, '状态只能是 0（开启）或 1（关闭）'],
        [{ code: 'c'.repeat(65) }, '模版编码长度不能超过 64 个字符'],
      ];
      for (const [override, msg] of cases) {
        const res = await create(templateBody({ code: 'bad_one', ...override }));
        expect(res, msg).toMatchObject({ code: 400, msg: `请求参数不正确:${msg}` });
      }
      expect(await templateCount()).toBe(before);
    });

    it('updates a template, parsing its parameters again', async () => {
      const id = (await templatePage({ code: 'approve_result' })).data.list[0]!.id;
      t.clock.now += 1000;
      const res = await update({
        id,
        ...templateBody({ name: '审批结论', code: 'approve_done', content: '【{title}】已完成', type: 1 }),
        remark: '',
      });
      expect(res).toMatchObject({ code: 0, data: true });
      expect(await getTemplate(id)).toMatchObject({
        name: '审批结论',
        code: 'approve_done',
        content: '【{title}】已完成',
        type: 1,
        params: ['title'],
        remark: null,
      });
      // Keeping its own code is no duplicate.
      expect((await update({ id, ...templateBody({ code: 'approve_done' }) })).code).toBe(0);
      t.clock.now -= 1000;
    });

    it('refuses to update a missing template, onto another code, or with bad input', async () => {
      const id = (await templatePage({ code: 'approve_done' })).data.list[0]!.id;
      expect(await update({ id: 99_999, ...templateBody({ code: 'nowhere' }) })).toMatchObject({
        code: 1_002_026_000,
        msg: '站内信模版不存在',
      });
      expect(await update({ id, ...templateBody({ code: 'user_welcome' }) })).toMatchObject({
        code: 1_002_026_001,
        msg: '已经存在编码为【user_welcome】的站内信模板',
      });
      expect(await update({ ...templateBody({ code: 'approve_done' }) })).toMatchObject({
        code: 400,
        msg: '请求参数不正确:模版编号不能为空',
      });
      expect(await update({ id, ...templateBody({ code: 'approve_done', type: 'x' }) })).toMatchObject({
        code: 400,
      });
      expect((await getTemplate(id))!.code).toBe('approve_done');
    });

    it('reads a template; a missing one is null', async () => {
      const res = await api('GET', '/system/notify-template/get', { query: { id: '99999' } });
      expect(res).toMatchObject({ code: 0, data: null });
      expect((await api('GET', '/system/notify-template/get', { query: { id: 'x' } })).code).toBe(400);
      expect((await api('GET', '/system/notify-template/get')).code).toBe(400);
    });

    it('sends from a template; a disabled one sends nothing; a missing parameter answers its error', async () => {
      const id = (await templatePage({ code: 'approve_done' })).data.list[0]!.id;
      await update({ id, ...templateBody({ code: 'approve_done' }) });
      const sent = await send({
        userId: 2,
        templateCode: 'approve_done',
        templateParams: { name: '运营', title: '采购', result: '通过' },
      });
      expect(sent.code).toBe(0);
      const message = (await api('GET', '/system/notify-message/get', { query: { id: String(sent.data) } }))
        .data as NotifyMessage;
      expect(message).toMatchObject({
        userId: 2,
        userType: 2,
        templateId: id,
        templateCode: 'approve_done',
        templateNickname: '审批中心',
        templateContent: '运营，您的申请【采购】已通过；运营 请查看。',
        templateType: 2,
        templateParams: { name: '运营', title: '采购', result: '通过' },
        readStatus: false,
      });

      expect(
        await send({
          userId: 2,
          templateCode: 'approve_done',
          templateParams: { name: '运营', title: '采购' },
        }),
      ).toMatchObject({ code: 1_002_028_000, msg: '模板参数(result)缺失' });

      const count = async () => (await messagePage({ templateCode: 'approve_done' })).data.total;
      const before = await count();
      await update({ id, ...templateBody({ code: 'approve_done', status: 1 }) });
      // Disabled: nothing is sent, not even a parameter check.
      expect(await send({ userId: 2, templateCode: 'approve_done', templateParams: {} })).toMatchObject({
        code: 0,
        data: null,
      });
      expect(await count()).toBe(before);
    });

    it('stores a message longer than its template once the values are filled in', async () => {
      const content = `${'长'.repeat(1000)}{long}`;
      const created = await create(templateBody({ code: 'long_one', content }));
      expect(created.code).toBe(0);
      const value = '值'.repeat(3000);
      const sent = await send({ userId: 1, templateCode: 'long_one', templateParams: { long: value } });
      expect(sent.code).toBe(0);
      const message = (await api('GET', '/system/notify-message/get', { query: { id: String(sent.data) } }))
        .data as NotifyMessage;
      expect(message.templateContent).toBe(`${'长'.repeat(1000)}${value}`);
      expect(message.templateParams).toEqual({ long: value });
      await api('DELETE', '/system/notify-template/delete', { query: { id: String(created.data) } });
    });

    it('deletes a template; its sent messages stay; a missing one answers its error', async () => {
      const id = (await templatePage({ code: 'approve_done' })).data.list[0]!.id;
      const sentBefore = (await messagePage({ templateCode: 'approve_done' })).data.total;
      expect(sentBefore).toBeGreaterThan(0);
      expect(
        await api('DELETE', '/system/notify-template/delete', { query: { id: String(id) } }),
      ).toMatchObject({
        code: 0,
        data: true,
      });
      expect(await getTemplate(id)).toBeNull();
      expect((await templatePage({ code: 'approve_done' })).data.total).toBe(0);
      expect((await messagePage({ templateCode: 'approve_done' })).data.total).toBe(sentBefore);
      expect(
        await api('DELETE', '/system/notify-template/delete', { query: { id: String(id) } }),
      ).toMatchObject({
        code: 1_002_026_000,
        msg: '站内信模版不存在',
      });
      expect((await api('DELETE', '/system/notify-template/delete')).code).toBe(400);
      // A deleted template's code is free again, and sending by it is refused.
      expect(await send({ userId: 2, templateCode: 'approve_done', templateParams: {} })).toMatchObject({
        code: 1_002_026_000,
      });
      const again = await create(templateBody({ code: 'approve_done' }));
      expect(again.code).toBe(0);
      await api('DELETE', '/system/notify-template/delete', { query: { id: String(again.data) } });
    });

    it('answers 401 without a token and 403 without the permission or for another tenant', async () => {
      const calls: ['GET' | 'POST' | 'PUT' | 'DELETE', string, Record<string, unknown>][] = [
        ['GET', '/system/notify-template/page', {}],
        ['GET', '/system/notify-template/get', { query: { id: '1' } }],
        ['POST', '/system/notify-template/create', { body: templateBody({ code: 'nope' }) }],
        ['PUT', '/system/notify-template/update', { body: { id: 1, ...templateBody({ code: 'nope' }) } }],
        ['DELETE', '/system/notify-template/delete', { query: { id: '1' } }],
        [
          'POST',
          '/system/notify-template/send-notify',
          { body: { userId: 1, templateCode: 'user_welcome' } },
        ],
      ];
      for (const [method, path, opts] of calls) {
        expect((await api(method, path, { ...opts, token: null })).code, path).toBe(401);
        expect((await api(method, path, { ...opts, token: operator })).code, path).toBe(403);
        expect((await api(method, path, { ...opts, tenant: tenant2.tenantId })).code, path).toBe(403);
      }
      // The tenant admin's package holds query and send only.
      const as = { token: tenant2.token, tenant: tenant2.tenantId };
      expect((await api('GET', '/system/notify-template/page', as)).code).toBe(0);
      expect(
        (await api('POST', '/system/notify-template/create', { ...as, body: templateBody() })).code,
      ).toBe(403);
      expect(
        (await api('DELETE', '/system/notify-template/delete', { ...as, query: { id: '1' } })).code,
      ).toBe(403);
    });

    it('keeps templates global: another tenant sees the same ones', async () => {
      const own = await templatePage({ pageSize: '100' });
      const other = (await api('GET', '/system/notify-template/page', {
        query: { pageSize: '100' },
        token: tenant2.token,
        tenant: tenant2.tenantId,
      })) as unknown as { data: PageResult<NotifyTemplate> };
      expect(other.data.list.map((x) => x.id)).toEqual(own.data.list.map((x) => x.id));
    });
  });

  describe('messages (admin list)', () => {
    it('pages every user’s messages of the tenant, newest id first', async () => {
      const res = await messagePage({ pageSize: '100' });
      expect(res.code).toBe(0);
      const { list, total } = res.data;
      expect(total).toBe(list.length);
      expect(new Set(list.map((m) => m.userId))).toEqual(new Set([1, 2]));
      const ids = list.map((m) => m.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      const stored = await t.db.kysely
        .selectFrom('systemNotifyMessage')
        .select('id')
        .where('tenantId', '=', 1)
        .execute();
      expect(total).toBe(stored.length);
    });

    it('filters by user, user type, template code (partly), template type and creation time', async () => {
      const all = (await messagePage({ pageSize: '100' })).data.list;
      const operatorOnly = (await messagePage({ userId: '2', pageSize: '100' })).data.list;
      expect(operatorOnly.length).toBe(all.filter((m) => m.userId === 2).length);
      expect(operatorOnly.every((m) => m.userId === 2)).toBe(true);
      expect((await messagePage({ userType: '2', pageSize: '100' })).data.total).toBe(all.length);
      expect((await messagePage({ userType: '1' })).data.total).toBe(0);
      const todo = (await messagePage({ templateCode: 'todo_rem', pageSize: '100' })).data.list;
      expect(todo.length).toBe(all.filter((m) => m.templateCode === 'todo_reminder').length);
      expect(todo.length).toBeGreaterThan(0);
      const notices = (await messagePage({ templateType: '1', pageSize: '100' })).data.list;
      expect(notices.length).toBe(all.filter((m) => m.templateType === 1).length);
      expect(notices.every((m) => m.templateType === 1)).toBe(true);

      await t.app.notify.sendNotifyMessage(1, 1, 'todo_reminder', { title: '时间范围' });
      const newest = (await messagePage({ pageSize: '1' })).data.list[0]!;
      const range = await messagePage({
        'createTime[0]': formatTime(newest.createTime - 1000),
        'createTime[1]': formatTime(newest.createTime + 1000),
        templateCode: 'todo',
        userId: '1',
      });
      expect(range.data.list.map((m) => m.id)).toContain(newest.id);
      const before = await messagePage({ 'createTime[1]': formatTime(newest.createTime - 60 * 60 * 1000) });
      expect(before.data.list.map((m) => m.id)).not.toContain(newest.id);
    });

    it('refuses malformed filters', async () => {
      const malformed: Record<string, string>[] = [
        { userId: 'abc' },
        { userId: '-1' },
        { userType: '3' },
        { templateType: 'x' },
        { 'createTime[0]': 'yesterday' },
      ];
      for (const query of malformed) {
        expect((await messagePage(query)).code, JSON.stringify(query)).toBe(400);
      }
      expect(await messagePage({ userId: 'abc' })).toMatchObject({
        msg: '请求参数不正确:用户编号必须是正整数',
      });
    });

    it('reads one message of the tenant; a missing one is null', async () => {
      const first = (await messagePage({ pageSize: '1' })).data.list[0]!;
      expect(
        await api('GET', '/system/notify-message/get', { query: { id: String(first.id) } }),
      ).toMatchObject({
        code: 0,
        data: first,
      });
      expect(await api('GET', '/system/notify-message/get', { query: { id: '99999' } })).toMatchObject({
        code: 0,
        data: null,
      });
      expect((await api('GET', '/system/notify-message/get', { query: { id: '0' } })).code).toBe(400);
    });

    it('keeps tenants apart: another tenant lists and reads only its own messages', async () => {
      const as = { token: tenant2.token, tenant: tenant2.tenantId };
      const other = await messagePage({}, tenant2.token, tenant2.tenantId);
      expect(other).toMatchObject({ code: 0, data: { total: 0, list: [] } });
      const ownMessage = (await messagePage({ pageSize: '1' })).data.list[0]!;
      expect(
        await api('GET', '/system/notify-message/get', { ...as, query: { id: String(ownMessage.id) } }),
      ).toMatchObject({ code: 0, data: null });

      // A message sent in tenant 2 shows up there only.
      const tenant2User = await t.db.kysely
        .selectFrom('systemUsers')
        .select('id')
        .where('tenantId', '=', tenant2.tenantId)
        .executeTakeFirstOrThrow();
      const sent = await api('POST', '/system/notify-template/send-notify', {
        ...as,
        body: { userId: tenant2User.id, templateCode: 'todo_reminder', templateParams: { title: '乙' } },
      });
      expect(sent.code).toBe(0);
      const listed = await messagePage({}, tenant2.token, tenant2.tenantId);
      expect(listed.data.list.map((m) => m.id)).toEqual([sent.data]);
      expect((await messagePage({ pageSize: '100' })).data.list.map((m) => m.id)).not.toContain(sent.data);
      expect(
        await api('GET', '/system/notify-message/get', { query: { id: String(sent.data) } }),
      ).toMatchObject({ code: 0, data: null });
      // Sending to a user of the other tenant is refused.
      expect(
        (
          await send({
            userId: tenant2User.id,
            templateCode: 'todo_reminder',
            templateParams: { title: 'x' },
          })
        ).code,
      ).toBe(1_002_003_003);
    });

    it('answers 401 without a token and 403 without the permission or for another tenant', async () => {
      for (const [path, query] of [
        ['/system/notify-message/page', {}],
        ['/system/notify-message/get', { id: '1' }],
      ] as const) {
        expect((await api('GET', path, { query, token: null })).code, path).toBe(401);
        expect((await api('GET', path, { query, token: operator })).code, path).toBe(403);
        expect(await api('GET', path, { query, tenant: tenant2.tenantId })).toMatchObject({
          code: 403,
          msg: '您无权访问该租户的数据',
        });
      }
    });
  });
});
