import type { MailAccount, MailLog, MailTemplate, PageResult } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../src/context.js';
import { createInvalidationBus } from '../src/lib/invalidation.js';
import { secretBox } from '../src/lib/secret-box.js';
import { mailPasswordBox } from '../src/modules/mail/password-box.js';
import { type MailPollerOptions, mailSendPoller } from '../src/modules/mail/send-poller.js';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';
import { startSmtpServer, type SmtpTestServer } from './smtp-fixture.js';
import { addSecondTenant } from './users-fixture.js';

const RETRY_MS = 10_000;

describe('secret box', () => {
  it('seals with a fresh nonce and opens only with the same key and untouched text', () => {
    const box = secretBox('key one');
    const a = box.seal('密码 pw');
    expect(a).toMatch(/^v1:/);
    expect(box.seal('密码 pw')).not.toBe(a);
    expect(box.open(a)).toBe('密码 pw');
    expect(() => secretBox('key two').open(a)).toThrow();
    // The ciphertext's first character, replaced by another (its six bits all count).
    const at = a.lastIndexOf('.') + 1;
    const tampered = `${a.slice(0, at)}${a[at] === 'A' ? 'B' : 'A'}${a.slice(at + 1)}`;
    expect(tampered).not.toBe(a);
    expect(() => box.open(tampered)).toThrow();
    expect(() => box.open('plain')).toThrow('密文格式不正确');
  });
});

describe.each(DIALECTS)('mail on %s', (dialect) => {
  let t: TestApp;
  let smtp: SmtpTestServer;
  let admin: string;
  let operator: string;
  let tenant2: Awaited<ReturnType<typeof addSecondTenant>>;
  let accountId: number;
  let templateId: number;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp(dialect);
    // Tests drive the poller one poll at a time (the last test lets it run by itself).
    await t.app.mailPoller.stop();
    admin = (await t.login()).accessToken;
    operator = (await t.login('operator', 'operator123')).accessToken;
    tenant2 = await addSecondTenant(t);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, extra: object = {}, token = admin) =>
    t.api({ method, path, token, ...extra });
  const account = (over: Record<string, unknown> = {}) => ({
    mail: 'sender@example.com',
    username: 'mailer',
    password: 'secret-pw',
    host: '127.0.0.1',
    port: smtp.port,
    sslEnable: false,
    ...over,
  });
  const template = (over: Record<string, unknown> = {}) => ({
    name: '注册成功',
    code: 'register_ok',
    accountId,
    nickname: '芋道',
    title: '欢迎 {name}',
    content: '<p>你好 {name}，验证码 {code}</p>',
    status: 0,
    remark: '测试模板',
    ...over,
  });
  const send = (body: Record<string, unknown>, token = admin) =>
    call('POST', '/system/mail-template/send-mail', { body }, token);
  const logOf = async (id: number) =>
    (await call('GET', '/system/mail-log/get', { query: { id: String(id) } })).data as MailLog;
  const storedPassword = async (id: number) =>
    (
      await t.db.kysely
        .selectFrom('systemMailAccount')
        .select('password')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).password;
  const accountCount = async () =>
    ((await call('GET', '/system/mail-account/page')).data as PageResult<MailAccount>).total;

  it('creates an account, keeps its password encrypted and never gives it out', async () => {
    const created = await call('POST', '/system/mail-account/create', { body: account() });
    expect(created.code).toBe(0);
    accountId = created.data as number;
    const stored = await storedPassword(accountId);
    expect(stored).toMatch(/^v1:/);
    expect(stored).not.toContain('secret-pw');

    const got = await call('GET', '/system/mail-account/get', { query: { id: String(accountId) } });
    expect(got.data).toEqual({
      id: accountId,
      mail: 'sender@example.com',
      username: 'mailer',
      host: '127.0.0.1',
      port: smtp.port,
      sslEnable: false,
      createTime: t.clock.now,
    });
    const page = await call('GET', '/system/mail-account/page', {
      query: { mail: 'sender', username: 'mail' },
    });
    expect((page.data as PageResult<MailAccount>).list).toEqual([got.data]);
    expect(JSON.stringify(page.data)).not.toContain('secret');
    const none = await call('GET', '/system/mail-account/page', { query: { mail: 'nobody' } });
    expect((none.data as PageResult<MailAccount>).total).toBe(0);
    expect(await call('GET', '/system/mail-account/get', { query: { id: '999' } })).toMatchObject({
      code: 0,
      data: null,
    });
  });

  it('keys passwords by SECRET_KEY, or else by one random key the database keeps', async () => {
    const ctx = ctxOf(t);
    const sealed = await mailPasswordBox(ctx).seal('pw');
    expect(await mailPasswordBox(ctx).open(sealed)).toBe('pw');
    await expect(mailPasswordBox(ctx, { SECRET_KEY: 'configured' }).open(sealed)).rejects.toThrow();
    const configured = await mailPasswordBox(ctx, { SECRET_KEY: 'configured' }).seal('pw2');
    expect(secretBox('configured').open(configured)).toBe('pw2');
    const keys = await t.db.kysely.selectFrom('infraSecret').select('name').execute();
    expect(keys).toEqual([{ name: 'mail-password' }]);
  });

  it('refuses bad account input and changes nothing', async () => {
    const before = await accountCount();
    const cases: [Record<string, unknown>, string][] = [
      [account({ mail: 'not-a-mail' }), '必须是 Email 格式'],
      [account({ mail: undefined }), '邮箱不能为空'],
      [account({ password: '' }), '密码不能为空'],
      [account({ host: ' ' }), 'SMTP 服务器域名不能为空'],
      [account({ port: 70000 }), 'SMTP 服务器端口必须在 1 到 65535 之间'],
      [account({ sslEnable: 'yes' }), '是否开启 SSL'],
    ];
    for (const [body, msg] of cases) {
      const res = await call('POST', '/system/mail-account/create', { body });
      expect(res.code).toBe(400);
      expect(res.msg).toContain(msg);
    }
    expect(await accountCount()).toBe(before);
    expect(
      await call('PUT', '/system/mail-account/update', { body: { ...account(), id: 999 } }),
    ).toMatchObject({ code: 1_002_023_000, msg: '邮箱账号不存在' });
    expect(await call('DELETE', '/system/mail-account/delete', { query: { id: '999' } })).toMatchObject({
      code: 1_002_023_000,
    });
  });

  it('updates an account, keeping the password when none is sent', async () => {
    const id = (
      await call('POST', '/system/mail-account/create', { body: account({ mail: 'b@example.com' }) })
    ).data as number;
    const sealed = await storedPassword(id);
    const keep = await call('PUT', '/system/mail-account/update', {
      body: { ...account({ mail: 'c@example.com', port: 2525, sslEnable: true }), id, password: '' },
    });
    expect(keep).toMatchObject({ code: 0, data: true });
    expect(await storedPassword(id)).toBe(sealed);
    expect((await call('GET', '/system/mail-account/get', { query: { id: String(id) } })).data).toMatchObject(
      {
        mail: 'c@example.com',
        port: 2525,
        sslEnable: true,
      },
    );
    await call('PUT', '/system/mail-account/update', { body: { ...account(), id, password: 'new-pw' } });
    const changed = await storedPassword(id);
    expect(changed).not.toBe(sealed);
    expect(await mailPasswordBox(ctxOf(t)).open(changed)).toBe('new-pw');

    const simple = await call('GET', '/system/mail-account/list-all-simple');
    expect(simple.data).toEqual([
      { id: accountId, mail: 'sender@example.com' },
      { id, mail: 'sender@example.com' },
    ]);
    expect(await call('DELETE', '/system/mail-account/delete', { query: { id: String(id) } })).toMatchObject({
      code: 0,
      data: true,
    });
    expect((await call('GET', '/system/mail-account/get', { query: { id: String(id) } })).data).toBeNull();
  });

  it('creates templates with the parameters of title and content', async () => {
    const created = await call('POST', '/system/mail-template/create', { body: template() });
    expect(created.code).toBe(0);
    templateId = created.data as number;
    const got = (await call('GET', '/system/mail-template/get', { query: { id: String(templateId) } }))
      .data as MailTemplate;
    expect(got).toEqual({
      ...template(),
      id: templateId,
      params: ['name', 'code'],
      createTime: t.clock.now,
    });
    // CSS braces in HTML are no parameters.
    const styled = await call('POST', '/system/mail-template/create', {
      body: template({
        code: 'styled',
        title: '通知',
        content: '<style>p { color: red }</style><p>{who}</p>',
      }),
    });
    const styledTemplate = (
      await call('GET', '/system/mail-template/get', { query: { id: String(styled.data) } })
    ).data as MailTemplate;
    expect(styledTemplate.params).toEqual(['who']);
    expect(
      (await call('DELETE', '/system/mail-template/delete', { query: { id: String(styled.data) } })).data,
    ).toBe(true);
  });

  it('refuses duplicate codes, unknown accounts and bad template input', async () => {
    const count = async () =>
      ((await call('GET', '/system/mail-template/page')).data as PageResult<MailTemplate>).total;
    const before = await count();
    expect(
      await call('POST', '/system/mail-template/create', { body: template({ name: '另一个' }) }),
    ).toMatchObject({ code: 1_002_024_001, msg: '邮件模版 code(register_ok) 已存在' });
    expect(
      await call('POST', '/system/mail-template/create', { body: template({ code: 'x1', accountId: 999 }) }),
    ).toMatchObject({ code: 1_002_023_000 });
    const bad = await call('POST', '/system/mail-template/create', {
      body: template({ code: 'x2', title: '', status: 3 }),
    });
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('模板标题不能为空');
    expect(await count()).toBe(before);
    expect(
      await call('PUT', '/system/mail-template/update', { body: { ...template(), id: 999 } }),
    ).toMatchObject({ code: 1_002_024_000, msg: '邮件模版不存在' });
    expect(await call('DELETE', '/system/mail-template/delete', { query: { id: '999' } })).toMatchObject({
      code: 1_002_024_000,
    });
    expect(await call('GET', '/system/mail-template/get', { query: { id: '999' } })).toMatchObject({
      code: 0,
      data: null,
    });
  });

  it('refuses to delete an account that templates use', async () => {
    expect(
      await call('DELETE', '/system/mail-account/delete', { query: { id: String(accountId) } }),
    ).toMatchObject({ code: 1_002_023_001, msg: '无法删除，该邮箱账号还有邮件模板' });
    expect(
      (await call('GET', '/system/mail-account/get', { query: { id: String(accountId) } })).data,
    ).not.toBeNull();
  });

  it('pages, updates and lists templates', async () => {
    const otherId = (
      await call('POST', '/system/mail-template/create', {
        body: template({ name: '停用模板', code: 'off_tpl', status: 1, title: '停用', content: '不发送' }),
      })
    ).data as number;
    const page = async (query: Record<string, string>) =>
      (
        (await call('GET', '/system/mail-template/page', { query })).data as PageResult<MailTemplate>
      ).list.map((r) => r.code);
    expect(await page({})).toEqual(['off_tpl', 'register_ok']);
    expect(await page({ status: '1' })).toEqual(['off_tpl']);
    expect(await page({ name: '注册', code: 'register' })).toEqual(['register_ok']);
    expect(await page({ accountId: String(accountId) })).toHaveLength(2);
    expect(await page({ accountId: '999' })).toEqual([]);
    const day = new Date(t.clock.now);
    const fmt = (d: Date) =>
      `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    const tomorrow = new Date(day.getTime() + 86_400_000);
    expect(
      await page({ 'createTime[0]': `${fmt(day)} 00:00:00`, 'createTime[1]': `${fmt(day)} 23:59:59` }),
    ).toHaveLength(2);
    expect(await page({ 'createTime[0]': `${fmt(tomorrow)} 00:00:00` })).toEqual([]);
    expect((await call('GET', '/system/mail-template/page', { query: { createTime: 'soon' } })).code).toBe(
      400,
    );

    const updated = await call('PUT', '/system/mail-template/update', {
      body: {
        ...template({ name: '停用模板', code: 'off_tpl', status: 1, title: '停用 {x}', content: '不发送' }),
        id: otherId,
      },
    });
    expect(updated).toMatchObject({ code: 0, data: true });
    expect(
      (
        (await call('GET', '/system/mail-template/get', { query: { id: String(otherId) } }))
          .data as MailTemplate
      ).params,
    ).toEqual(['x']);
    expect(
      await call('PUT', '/system/mail-template/update', {
        body: { ...template({ code: 'register_ok' }), id: otherId },
      }),
    ).toMatchObject({ code: 1_002_024_001 });
    expect((await call('GET', '/system/mail-template/list-all-simple')).data).toEqual([
      { id: templateId, name: '注册成功' },
      { id: otherId, name: '停用模板' },
    ]);
  });

  it('checks what it sends: template, recipient and parameters', async () => {
    expect(await send({ mail: 'a@example.com', templateCode: 'nope', templateParams: {} })).toMatchObject({
      code: 1_002_024_000,
    });
    expect(
      await send({ mail: 'a@example.com', templateCode: 'register_ok', templateParams: { name: '张三' } }),
    ).toMatchObject({ code: 1_002_025_000, msg: '模板参数(code)缺失' });
    const bad = await send({ mail: 'not-mail', templateCode: 'register_ok' });
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('接收邮箱格式不正确');
    await expect(
      t.app.mailSender.send('  ', 1, 2, 'register_ok', { name: 'a', code: 'b' }),
    ).rejects.toMatchObject({
      code: 1_002_025_001,
      message: '邮箱不存在',
    });
    const logs = (await call('GET', '/system/mail-log/page')).data as PageResult<MailLog>;
    expect(logs.total).toBe(0);
  });

  it('sends a mail through SMTP with the rendered title and body and logs the result', async () => {
    const res = await send({
      mail: 'zhangsan@example.com',
      templateCode: 'register_ok',
      templateParams: { name: '张三 <b>', code: 1234 },
    });
    expect(res.code).toBe(0);
    const id = res.data as number;
    expect(await logOf(id)).toMatchObject({
      sendStatus: 0,
      sendTime: null,
      userId: 1,
      userType: 2,
      toMail: 'zhangsan@example.com',
      fromMail: 'sender@example.com',
      accountId,
      templateId,
      templateCode: 'register_ok',
      templateNickname: '芋道',
      templateTitle: '欢迎 张三 <b>',
      templateContent: '<p>你好 张三 &lt;b&gt;，验证码 1234</p>',
      templateParams: { name: '张三 <b>', code: 1234 },
    });

    expect(await t.app.mailPoller.pollOnce()).toBe(1);
    const mail = smtp.received.at(-1)!;
    expect(mail).toMatchObject({
      user: 'mailer',
      from: 'sender@example.com',
      to: ['zhangsan@example.com'],
      subject: '欢迎 张三 <b>',
    });
    expect(mail.fromHeader).toContain('芋道');
    expect(mail.html).toBe('<p>你好 张三 &lt;b&gt;，验证码 1234</p>');
    const log = await logOf(id);
    expect(log).toMatchObject({ sendStatus: 10, sendTime: t.clock.now, sendException: null });
    expect(mail.messageId).toBe(log.sendMessageId);
    expect(await t.app.mailPoller.pollOnce()).toBe(0);
  });

  it('retries an SMTP rejection with growing delays, then records the failure', async () => {
    const id = (
      await send({
        mail: 'reject-me@example.com',
        templateCode: 'register_ok',
        templateParams: { name: 'a', code: 'b' },
      })
    ).data as number;
    const rejectedBefore = smtp.rejectedCount();
    expect(await t.app.mailPoller.pollOnce()).toBe(1);
    let log = await logOf(id);
    expect(log.sendStatus).toBe(20);
    expect(log.sendException).toContain('550');
    expect(log.sendTime).toBe(t.clock.now);
    // Not due again before the delay.
    expect(await t.app.mailPoller.pollOnce()).toBe(0);
    t.clock.now += RETRY_MS;
    expect(await t.app.mailPoller.pollOnce()).toBe(1);
    t.clock.now += RETRY_MS * 4 - 1;
    expect(await t.app.mailPoller.pollOnce()).toBe(0);
    t.clock.now += 1;
    expect(await t.app.mailPoller.pollOnce()).toBe(1);
    t.clock.now += 600_000;
    expect(await t.app.mailPoller.pollOnce()).toBe(0);
    expect(smtp.rejectedCount() - rejectedBefore).toBe(3);
    log = await logOf(id);
    expect(log).toMatchObject({ sendStatus: 20, sendTime: t.clock.now - 600_000, sendMessageId: null });
    const row = await t.db.kysely
      .selectFrom('systemMailLog')
      .select(['sendAttempts', 'nextAttemptAt', 'lockedBy'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ sendAttempts: 3, nextAttemptAt: null, lockedBy: null });
  });

  it('records a failed SMTP login, and does not send with a disabled template', async () => {
    const wrongId = (
      await call('POST', '/system/mail-account/create', {
        body: account({ mail: 'wrong@example.com', password: 'bad' }),
      })
    ).data as number;
    await call('POST', '/system/mail-template/create', {
      body: template({ code: 'wrong_pw', accountId: wrongId, title: 't', content: 'c' }),
    });
    const wrong = (await send({ mail: 'x@example.com', templateCode: 'wrong_pw' })).data as number;
    const off = (await send({ mail: 'x@example.com', templateCode: 'off_tpl', templateParams: { x: 1 } }))
      .data as number;
    const received = smtp.received.length;
    expect(await t.app.mailPoller.pollOnce()).toBe(1);
    expect(await logOf(wrong)).toMatchObject({
      sendStatus: 20,
      sendException: expect.stringContaining('Invalid login') as unknown,
    });
    expect(await logOf(off)).toMatchObject({ sendStatus: 30, sendTime: null });
    expect(smtp.received.length).toBe(received);
  });

  it('pages and reads the log with its filters', async () => {
    const page = async (query: Record<string, string>) =>
      ((await call('GET', '/system/mail-log/page', { query })).data as PageResult<MailLog>).list.map(
        (l) => l.toMail,
      );
    const all = await page({});
    expect(all).toHaveLength(4);
    expect(all[all.length - 1]).toBe('zhangsan@example.com');
    expect(await page({ sendStatus: '10' })).toEqual(['zhangsan@example.com']);
    expect(await page({ sendStatus: '30' })).toEqual(['x@example.com']);
    expect(await page({ toMail: 'reject' })).toEqual(['reject-me@example.com']);
    expect(await page({ templateId: String(templateId), userId: '1', userType: '2' })).toHaveLength(2);
    expect(await page({ accountId: String(accountId), userType: '1' })).toEqual([]);
    expect(
      await page({ 'sendTime[0]': '2000-01-01 00:00:00', 'sendTime[1]': '2000-01-02 00:00:00' }),
    ).toEqual([]);
    expect(await page({ 'sendTime[0]': '2000-01-01 00:00:00' })).toHaveLength(3);
    expect((await call('GET', '/system/mail-log/page', { query: { sendStatus: '5' } })).code).toBe(400);
    expect(await call('GET', '/system/mail-log/get', { query: { id: '9999' } })).toMatchObject({
      code: 0,
      data: null,
    });
    expect((await call('GET', '/system/mail-log/get', { query: { id: 'x' } })).code).toBe(400);
  });

  it('lets several pollers share the queue without sending a mail twice', async () => {
    const received = smtp.received.length;
    for (const n of [1, 2, 3, 4])
      await send({
        mail: `multi${n}@example.com`,
        templateCode: 'register_ok',
        templateParams: { name: n, code: n },
      });
    const ctx = ctxOf(t);
    const options: MailPollerOptions = {
      intervalMs: 1000,
      leaseMs: 60_000,
      batch: 2,
      maxAttempts: 3,
      retryDelayMs: RETRY_MS,
    };
    const pollers = [1, 2, 3].map(() => mailSendPoller(ctx, mailPasswordBox(ctx), t.app.log, options));
    let claimed = 0;
    for (let round = 0; round < 3; round++)
      claimed += (await Promise.all(pollers.map((p) => p.pollOnce()))).reduce((a, b) => a + b, 0);
    expect(claimed).toBe(4);
    const to = smtp.received
      .slice(received)
      .flatMap((m) => m.to)
      .sort();
    expect(to).toEqual([
      'multi1@example.com',
      'multi2@example.com',
      'multi3@example.com',
      'multi4@example.com',
    ]);
  });

  it('sends by itself once the poller runs', async () => {
    const id = (
      await send({
        mail: 'auto@example.com',
        templateCode: 'register_ok',
        templateParams: { name: 'a', code: 'b' },
      })
    ).data as number;
    t.app.mailPoller.start();
    try {
      await expect.poll(async () => (await logOf(id)).sendStatus, { timeout: 5000, interval: 100 }).toBe(10);
    } finally {
      await t.app.mailPoller.stop();
    }
    expect(smtp.received.at(-1)?.to).toEqual(['auto@example.com']);
  });

  it('answers 401 without a token and 403 without the permission or in another tenant', async () => {
    const endpoints: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, extra: object][] = [
      ['GET', '/system/mail-account/page', {}],
      ['GET', '/system/mail-account/get', { query: { id: String(accountId) } }],
      ['POST', '/system/mail-account/create', { body: account() }],
      ['PUT', '/system/mail-account/update', { body: { ...account(), id: accountId } }],
      ['DELETE', '/system/mail-account/delete', { query: { id: String(accountId) } }],
      ['GET', '/system/mail-template/page', {}],
      ['GET', '/system/mail-template/get', { query: { id: String(templateId) } }],
      ['POST', '/system/mail-template/create', { body: template({ code: 'op' }) }],
      ['PUT', '/system/mail-template/update', { body: { ...template(), id: templateId } }],
      ['DELETE', '/system/mail-template/delete', { query: { id: String(templateId) } }],
      [
        'POST',
        '/system/mail-template/send-mail',
        { body: { mail: 'a@example.com', templateCode: 'register_ok' } },
      ],
      ['GET', '/system/mail-log/page', {}],
      ['GET', '/system/mail-log/get', { query: { id: '1' } }],
    ];
    for (const [method, path, extra] of endpoints) {
      expect(await call(method, path, extra, '')).toMatchObject({ code: 401 });
      expect(await call(method, path, extra, operator)).toMatchObject({ code: 403, msg: '没有该操作权限' });
      expect(await call(method, path, extra, tenant2.token)).toMatchObject({ code: 403 });
      expect(await t.api({ method, path, token: admin, tenant: tenant2.tenantId, ...extra })).toMatchObject({
        code: 403,
        msg: '您无权访问该租户的数据',
      });
    }
    for (const path of ['/system/mail-account/list-all-simple', '/system/mail-template/list-all-simple']) {
      expect(await call('GET', path, {}, '')).toMatchObject({ code: 401 });
      // The tables are global: any signed-in user of any tenant sees the same choices.
      const own = await call('GET', path, {}, admin);
      expect(await t.api({ path, token: tenant2.token, tenant: tenant2.tenantId })).toMatchObject({
        code: 0,
        data: own.data,
      });
    }
    expect(await accountCount()).toBe(2);
  });
});

const noBus = await createInvalidationBus(null);

/** An app context over the test's database, for a second poller or password box. */
const ctxOf = (t: TestApp): AppContext => ({
  config: t.config,
  db: t.db,
  redis: null,
  now: () => t.clock.now,
  bus: noBus,
});
