import type { PageResult, SmsChannel, SmsChannelSimple, SmsLog, SmsTemplate } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../src/context.js';
import { smsLogRepository } from '../src/modules/sms/log-repository.js';
import { smsSendPoller } from '../src/modules/sms/send-poller.js';
import { SMS_RETRY, smsSender } from '../src/modules/sms/sender.js';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';
import { REFUSED_MOBILE, startSmsPeer, type SmsPeer } from './sms-peer.js';
import { addSecondTenant, readSheet } from './users-fixture.js';

describe.each(DIALECTS)('SMS channels, templates and log on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let peer: SmsPeer;
  let tenant2: Awaited<ReturnType<typeof addSecondTenant>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    // The tests drive the queue themselves.
    await t.app.smsPoller.stop();
    admin = (await t.login()).accessToken;
    operator = (await t.login('operator', 'operator123')).accessToken;
    tenant2 = await addSecondTenant(t);
    peer = await startSmsPeer({ LTAIsms: 'aliyun-secret', AKIDsms: 'tencent-secret' });
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    args: { body?: unknown; query?: Record<string, string> } = {},
  ) => t.api({ method, path, token: admin, ...args });
  const createChannel = (body: Record<string, unknown>) =>
    call('POST', '/system/sms-channel/create', { body });
  const createTemplate = (body: Record<string, unknown>) =>
    call('POST', '/system/sms-template/create', { body });
  const sendSms = (body: Record<string, unknown>) => call('POST', '/system/sms-template/send-sms', { body });
  const pollOnce = () => t.app.smsPoller.pollOnce();
  const logRow = (id: number) => smsLogRepository(t.db.kysely, t.db.dialect).findById(id);
  const logOf = async (id: number) =>
    (
      (await call('GET', '/system/sms-log/page', { query: { pageSize: '100' } })).data as PageResult<SmsLog>
    ).list.find((l) => l.id === id);

  const channelBody = (over: Record<string, unknown> = {}) => ({
    signature: '测试签名',
    code: 'ALIYUN',
    status: 0,
    remark: '阿里云测试',
    apiKey: 'LTAIsms',
    apiSecret: 'aliyun-secret',
    callbackUrl: null,
    apiUrl: peer.aliyunUrl,
    ...over,
  });
  const templateBody = (channelId: number, over: Record<string, unknown> = {}) => ({
    type: 2,
    status: 0,
    code: 'order_shipped',
    name: '发货通知',
    content: '您的订单{orderNo}已发货，预计{days}天送达',
    remark: null,
    apiTemplateId: 'SMS_2001',
    channelId,
    ...over,
  });

  it('starts with the debug channel and the sign-in template', async () => {
    const page = await call('GET', '/system/sms-channel/page');
    expect(page.code).toBe(0);
    const channels = (page.data as PageResult<SmsChannel>).list;
    expect(channels).toHaveLength(1);
    expect(channels[0]).toMatchObject({ code: 'DEBUG_DING_TALK', status: 0 });
    const templates = (await call('GET', '/system/sms-template/page')).data as PageResult<SmsTemplate>;
    expect(templates.list[0]).toMatchObject({
      code: 'admin-sms-login',
      content: '您的验证码是{code}',
      params: ['code'],
      channelCode: 'DEBUG_DING_TALK',
    });
    const dict = await t.db.kysely
      .selectFrom('systemDictData')
      .select('label')
      .where('dictType', '=', 'system_sms_channel_code')
      .where('value', '=', 'TENCENT')
      .executeTakeFirst();
    expect(dict?.label).toBe('腾讯云');
  });

  it('creates, reads, lists, updates and deletes a channel', async () => {
    const created = await createChannel(
      channelBody({ signature: '临时渠道', code: 'TENCENT', apiKey: 'AKIDsms 1400001' }),
    );
    expect(created.code).toBe(0);
    const id = created.data as number;
    const got = await call('GET', '/system/sms-channel/get', { query: { id: String(id) } });
    expect(got.data).toMatchObject({
      id,
      signature: '临时渠道',
      code: 'TENCENT',
      apiKey: 'AKIDsms 1400001',
      apiUrl: peer.aliyunUrl,
    });
    expect(Object.keys(got.data as object).sort()).toEqual([
      'apiKey',
      'apiSecret',
      'apiUrl',
      'callbackUrl',
      'code',
      'createTime',
      'id',
      'remark',
      'signature',
      'status',
    ]);

    // The reference's update body has no code: the channel keeps it.
    const updated = await call('PUT', '/system/sms-channel/update', {
      body: { ...channelBody({ signature: '临时渠道二', status: 1, apiUrl: '' }), code: undefined, id },
    });
    expect(updated).toMatchObject({ code: 0, data: true });
    expect((await call('GET', '/system/sms-channel/get', { query: { id: String(id) } })).data).toMatchObject({
      signature: '临时渠道二',
      code: 'TENCENT',
      status: 1,
      apiUrl: null,
    });

    const filtered = await call('GET', '/system/sms-channel/page', {
      query: { signature: '渠道二', status: '1' },
    });
    expect((filtered.data as PageResult<SmsChannel>).list.map((c) => c.id)).toEqual([id]);
    const simple = (await call('GET', '/system/sms-channel/list-all-simple')).data as SmsChannelSimple[];
    expect(simple).toContainEqual({ id, signature: '临时渠道二', code: 'TENCENT' });

    expect(await call('DELETE', '/system/sms-channel/delete', { query: { id: String(id) } })).toMatchObject({
      code: 0,
    });
    for (const [method, path] of [
      ['GET', '/system/sms-channel/get'],
      ['DELETE', '/system/sms-channel/delete'],
    ] as const)
      expect(await call(method, path, { query: { id: String(id) } })).toMatchObject({
        code: 1_002_011_000,
        msg: '短信渠道不存在',
      });
    expect(await call('PUT', '/system/sms-channel/update', { body: { ...channelBody(), id } })).toMatchObject(
      { code: 1_002_011_000 },
    );
  });

  it('refuses bad channel input and changes nothing', async () => {
    const before = (await call('GET', '/system/sms-channel/page')).data as PageResult<SmsChannel>;
    const cases: [Record<string, unknown>, string][] = [
      [channelBody({ signature: ' ' }), '短信签名不能为空'],
      [channelBody({ code: 'YUN_PIAN' }), '渠道编码不正确'],
      [channelBody({ code: undefined }), '渠道编码不能为空'],
      [channelBody({ apiKey: undefined }), '短信 API 的账号不能为空'],
      [channelBody({ status: 3 }), '启用状态只能是 0（开启）或 1（关闭）'],
      [channelBody({ callbackUrl: 'ftp://x' }), '回调 URL格式不正确'],
      [channelBody({ apiUrl: 'not a url' }), '短信 API 地址格式不正确'],
    ];
    for (const [body, msg] of cases) {
      const res = await createChannel(body);
      expect(res.code).toBe(400);
      expect(res.msg).toContain(msg);
    }
    expect(((await call('GET', '/system/sms-channel/page')).data as PageResult<SmsChannel>).total).toBe(
      before.total,
    );
    expect((await call('GET', '/system/sms-channel/get', { query: { id: 'x' } })).code).toBe(400);
  });

  it('manages templates: placeholders, filters, duplicates, channel checks', async () => {
    const channelId = (await createChannel(channelBody({ signature: '模板渠道' }))).data as number;
    const created = await createTemplate(templateBody(channelId));
    expect(created.code).toBe(0);
    const id = created.data as number;
    expect((await call('GET', '/system/sms-template/get', { query: { id: String(id) } })).data).toMatchObject(
      {
        id,
        params: ['orderNo', 'days'],
        channelId,
        channelCode: 'ALIYUN',
        apiTemplateId: 'SMS_2001',
      },
    );

    expect(await createTemplate(templateBody(channelId, { name: '重复' }))).toMatchObject({
      code: 1_002_012_001,
      msg: '已经存在编码为【order_shipped】的短信模板',
    });
    expect(await createTemplate(templateBody(999_999, { code: 'x1' }))).toMatchObject({
      code: 1_002_011_000,
      msg: '短信渠道不存在',
    });
    const disabled = (await createChannel(channelBody({ signature: '停用渠道', status: 1 }))).data as number;
    expect(await createTemplate(templateBody(disabled, { code: 'x2' }))).toMatchObject({
      code: 1_002_011_001,
      msg: '短信渠道不处于开启状态，不允许选择',
    });
    const bad = await createTemplate(templateBody(channelId, { code: 'x3', type: 9, content: '' }));
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('短信类型不正确');

    const updated = await call('PUT', '/system/sms-template/update', {
      body: { ...templateBody(channelId, { content: '订单{orderNo}已签收', status: 1 }), id },
    });
    expect(updated).toMatchObject({ code: 0, data: true });
    const page = await call('GET', '/system/sms-template/page', {
      query: { code: 'shipped', status: '1', channelId: String(channelId), type: '2', content: '签收' },
    });
    expect((page.data as PageResult<SmsTemplate>).list).toEqual([
      expect.objectContaining({ id, params: ['orderNo'], status: 1 }),
    ]);
    expect(
      (await call('GET', '/system/sms-template/page', { query: { apiTemplateId: 'nope' } })).data,
    ).toMatchObject({
      total: 0,
    });
    expect((await call('GET', '/system/sms-template/page', { query: { type: 'x' } })).code).toBe(400);

    // A channel in use keeps its templates; once they are gone it can go too.
    expect(
      await call('DELETE', '/system/sms-channel/delete', { query: { id: String(channelId) } }),
    ).toMatchObject({
      code: 1_002_011_002,
      msg: '无法删除，该短信渠道还有短信模板',
    });
    expect((await call('GET', '/system/sms-channel/get', { query: { id: String(channelId) } })).code).toBe(0);
    expect(await call('DELETE', '/system/sms-template/delete', { query: { id: String(id) } })).toMatchObject({
      code: 0,
    });
    expect(await call('GET', '/system/sms-template/get', { query: { id: String(id) } })).toMatchObject({
      code: 1_002_012_000,
      msg: '短信模板不存在',
    });
    expect(
      await call('PUT', '/system/sms-template/update', { body: { ...templateBody(channelId), id } }),
    ).toMatchObject({ code: 1_002_012_000 });
    expect(
      await call('DELETE', '/system/sms-channel/delete', { query: { id: String(channelId) } }),
    ).toMatchObject({
      code: 0,
    });
  });

  it('exports templates as .xlsx with dictionary labels', async () => {
    const res = await t.app.inject({
      url: '/admin-api/system/sms-template/export-excel',
      query: { code: 'admin-sms' },
      headers: { authorization: `Bearer ${admin}`, 'tenant-id': '1' },
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('短信模板'));
    const rows = await readSheet(res.rawPayload);
    expect(rows[0]).toEqual([
      '编号',
      '短信类型',
      '开启状态',
      '模板编码',
      '模板名称',
      '模板内容',
      '备注',
      '短信 API 的模板编号',
      '短信渠道编号',
      '短信渠道编码',
      '创建时间',
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.slice(1, 6)).toEqual([
      '验证码',
      '开启',
      'admin-sms-login',
      '后台用户短信登录',
      '您的验证码是{code}',
    ]);
    expect(rows[1]?.[9]).toBe('调试(钉钉)');
  });

  it('sends a test SMS through the debug channel: logged, queued, then sent', async () => {
    const sent = await sendSms({
      mobile: ' 13800000000 ',
      templateCode: 'admin-sms-login',
      templateParams: { code: '246810' },
    });
    expect(sent.code).toBe(0);
    const id = sent.data as number;
    expect(await logOf(id)).toMatchObject({
      mobile: '13800000000',
      templateCode: 'admin-sms-login',
      templateContent: '您的验证码是246810',
      templateParams: { code: '246810' },
      channelCode: 'DEBUG_DING_TALK',
      userId: 1,
      userType: 2,
      sendStatus: 0,
      receiveStatus: 0,
      sendTime: null,
    });
    expect(await pollOnce()).toBe(1);
    expect(await logOf(id)).toMatchObject({
      sendStatus: 10,
      sendTime: t.clock.now,
      sendCode: 0,
      sendMsg: '成功',
      apiSendCode: 'SUCCESS',
      apiSerialNo: `DEBUG-${id}`,
    });
    // Sent once: nothing is left to claim.
    expect(await pollOnce()).toBe(0);
  });

  it('refuses a send with an unknown template, a missing parameter, a text too long or no mobile', async () => {
    const before = ((await call('GET', '/system/sms-log/page')).data as PageResult<SmsLog>).total;
    expect(await sendSms({ mobile: '13800000000', templateCode: 'nope', templateParams: {} })).toMatchObject({
      code: 1_002_013_002,
      msg: '短信模板不存在',
    });
    expect(
      await sendSms({ mobile: '13800000000', templateCode: 'admin-sms-login', templateParams: {} }),
    ).toMatchObject({
      code: 1_002_013_001,
      msg: '模板参数(code)缺失',
    });
    expect(
      await sendSms({ mobile: '', templateCode: 'admin-sms-login', templateParams: { code: '1' } }),
    ).toMatchObject({
      code: 1_002_013_000,
      msg: '手机号不存在',
    });
    expect(
      await sendSms({
        mobile: '13800000000',
        templateCode: 'admin-sms-login',
        templateParams: { code: '1'.repeat(1025) },
      }),
    ).toMatchObject({ code: 400, msg: '请求参数不正确:短信内容长度不能超过1024个字符' });
    const bad = await sendSms({ mobile: 'abc', templateCode: 'admin-sms-login' });
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('手机号格式不正确');
    expect(((await call('GET', '/system/sms-log/page')).data as PageResult<SmsLog>).total).toBe(before);
  });

  it('logs a disabled template or channel as not sent (30)', async () => {
    const channelId = (await createChannel(channelBody({ signature: '开关渠道' }))).data as number;
    const templateId = (await createTemplate(templateBody(channelId, { code: 'switch', status: 1 })))
      .data as number;
    const params = { orderNo: 'A1', days: 3 };
    const offTemplate = (
      await sendSms({ mobile: '13800000000', templateCode: 'switch', templateParams: params })
    ).data as number;
    await call('PUT', '/system/sms-template/update', {
      body: { ...templateBody(channelId, { code: 'switch', status: 0 }), id: templateId },
    });
    await call('PUT', '/system/sms-channel/update', {
      body: { ...channelBody({ signature: '开关渠道', status: 1 }), id: channelId },
    });
    const offChannel = (
      await sendSms({ mobile: '13800000000', templateCode: 'switch', templateParams: params })
    ).data as number;
    const before = peer.requests.length;
    expect(await pollOnce()).toBe(0);
    for (const id of [offTemplate, offChannel])
      expect(await logOf(id)).toMatchObject({
        sendStatus: 30,
        templateContent: '您的订单A1已发货，预计3天送达',
      });
    expect(peer.requests.length).toBe(before);
  });

  it('sends through Alibaba Cloud and Tencent Cloud, recording the answer', async () => {
    const aliyunId = (await createChannel(channelBody({ signature: '阿里渠道' }))).data as number;
    const tencentId = (
      await createChannel(
        channelBody({
          signature: '腾讯渠道',
          code: 'TENCENT',
          apiKey: 'AKIDsms 1400009',
          apiSecret: 'tencent-secret',
          apiUrl: peer.tencentUrl,
        }),
      )
    ).data as number;
    await createTemplate(templateBody(aliyunId, { code: 'ali_ship', apiTemplateId: 'SMS_77' }));
    await createTemplate(templateBody(tencentId, { code: 'tc_ship', apiTemplateId: '1234567' }));
    const params = { days: 2, orderNo: 'B7' };
    const ali = (await sendSms({ mobile: '13800000000', templateCode: 'ali_ship', templateParams: params }))
      .data as number;
    const tc = (await sendSms({ mobile: '13800000000', templateCode: 'tc_ship', templateParams: params }))
      .data as number;
    const refused = (
      await sendSms({ mobile: REFUSED_MOBILE, templateCode: 'ali_ship', templateParams: params })
    ).data as number;
    expect(await pollOnce()).toBe(3);

    const aliLog = await logOf(ali);
    expect(aliLog).toMatchObject({ sendStatus: 10, sendCode: 0, apiSendCode: 'OK', apiSendMsg: 'OK' });
    expect(aliLog?.apiRequestId).toMatch(/^[0-9A-F-]{36}$/);
    expect(aliLog?.apiSerialNo).toMatch(/\^0$/);
    const aliRequest = peer.requests.find((r) => r.provider === 'aliyun' && r.params.OutId === String(ali));
    expect(aliRequest).toMatchObject({
      signatureOk: true,
      params: { TemplateCode: 'SMS_77', SignName: '阿里渠道' },
    });

    expect(await logOf(tc)).toMatchObject({ sendStatus: 10, apiSendCode: 'Ok', apiSendMsg: 'send success' });
    const tcRequest = peer.requests.find(
      (r) => r.provider === 'tencent' && r.params.SessionContext === String(tc),
    );
    // Values in the template's order, not the order they were given in.
    expect(tcRequest).toMatchObject({
      signatureOk: true,
      params: { TemplateParamSet: ['B7', '2'], TemplateId: '1234567' },
    });

    expect(await logOf(refused)).toMatchObject({
      sendStatus: 20,
      sendCode: 500,
      sendMsg: '短信 API 发送失败：非法手机号',
      apiSendCode: 'isv.MOBILE_NUMBER_ILLEGAL',
    });
    // A refusal is final: no retry.
    expect(await logRow(refused)).toMatchObject({ attempts: 1, nextSendTime: null });
  });

  it('retries a failed send with backoff, then gives up', async () => {
    const start = t.clock.now;
    const params = { orderNo: 'C9', days: 1 };
    peer.failNext(1);
    const once = (await sendSms({ mobile: '13800000000', templateCode: 'ali_ship', templateParams: params }))
      .data as number;
    expect(await pollOnce()).toBe(1);
    expect(await logOf(once)).toMatchObject({ sendStatus: 20, apiSendCode: 'HTTP_503' });
    expect(await logRow(once)).toMatchObject({
      attempts: 1,
      nextSendTime: t.clock.now + SMS_RETRY.backoffMs[0],
    });
    // Not due yet.
    expect(await pollOnce()).toBe(0);
    t.clock.now += SMS_RETRY.backoffMs[0];
    expect(await pollOnce()).toBe(1);
    expect(await logOf(once)).toMatchObject({ sendStatus: 10, apiSendCode: 'OK', sendTime: t.clock.now });
    expect(await logRow(once)).toMatchObject({ attempts: 2, nextSendTime: null });

    peer.failNext(SMS_RETRY.maxAttempts);
    const never = (await sendSms({ mobile: '13800000000', templateCode: 'ali_ship', templateParams: params }))
      .data as number;
    for (let attempt = 1; attempt <= SMS_RETRY.maxAttempts; attempt += 1) {
      expect(await pollOnce()).toBe(1);
      const row = await logRow(never);
      expect(row).toMatchObject({ attempts: attempt, sendStatus: 20 });
      if (attempt < SMS_RETRY.maxAttempts) t.clock.now = row!.nextSendTime!;
      else expect(row?.nextSendTime).toBeNull();
    }
    t.clock.now += 3_600_000;
    expect(await pollOnce()).toBe(0);
    // Back to when the tokens of the other tests are valid.
    t.clock.now = start;
  });

  it('sends each message once when several instances poll the same database', async () => {
    const ctx: AppContext = {
      config: t.config,
      db: t.db,
      redis: null,
      now: () => t.clock.now,
      bus: t.app.bus,
    };
    const options = { intervalMs: 1000, leaseMs: 60_000, batch: 20 };
    const pollers = [1, 2, 3].map(() => smsSendPoller(ctx, smsSender(ctx), t.app.log, options));
    const ids: number[] = [];
    for (let i = 0; i < 6; i += 1)
      ids.push(
        (
          await sendSms({
            mobile: '13800000000',
            templateCode: 'ali_ship',
            templateParams: { orderNo: `M${i}`, days: 1 },
          })
        ).data as number,
      );
    const before = peer.requests.length;
    const claimed = await Promise.all(pollers.map((p) => p.pollOnce()));
    expect(claimed.reduce((a, b) => a + b, 0)).toBe(6);
    const outIds = peer.requests.slice(before).map((r) => r.params.OutId);
    expect(outIds.sort()).toEqual(ids.map(String).sort());
    for (const id of ids)
      expect(await logRow(id)).toMatchObject({ sendStatus: 10, attempts: 1, lockedBy: null });
  });

  it('pages the log with filters and exports it', async () => {
    const all = (await call('GET', '/system/sms-log/page', { query: { pageSize: '100' } }))
      .data as PageResult<SmsLog>;
    expect(all.list.map((l) => l.id)).toEqual([...all.list.map((l) => l.id)].sort((a, b) => b - a));
    const refused = await call('GET', '/system/sms-log/page', {
      query: { mobile: '139000', sendStatus: '20' },
    });
    expect(
      (refused.data as PageResult<SmsLog>).list.every(
        (l) => l.mobile === REFUSED_MOBILE && l.sendStatus === 20,
      ),
    ).toBe(true);
    expect((refused.data as PageResult<SmsLog>).total).toBe(1);
    const future = await call('GET', '/system/sms-log/page', {
      query: { 'sendTime[0]': '2099-01-01 00:00:00', 'sendTime[1]': '2099-12-31 23:59:59' },
    });
    expect((future.data as PageResult<SmsLog>).total).toBe(0);
    const bad = await call('GET', '/system/sms-log/page', { query: { 'sendTime[0]': 'yesterday' } });
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('发送时间格式不正确');

    const res = await t.app.inject({
      url: '/admin-api/system/sms-log/export-excel',
      query: { mobile: REFUSED_MOBILE },
      headers: { authorization: `Bearer ${admin}`, 'tenant-id': '1' },
    });
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('短信日志'));
    const rows = await readSheet(res.rawPayload);
    expect(rows[0]?.slice(0, 4)).toEqual(['编号', '短信渠道编号', '短信渠道编码', '模板编号']);
    expect(rows[0]).toHaveLength(25);
    expect(rows).toHaveLength(2);
    const cell = (name: string) => rows[1]?.[rows[0]!.indexOf(name)];
    expect(cell('短信渠道编码')).toBe('阿里云');
    expect(cell('短信类型')).toBe('通知');
    expect(cell('用户类型')).toBe('管理员');
    expect(cell('发送状态')).toBe('发送失败');
    expect(cell('接收状态')).toBe('等待结果');
    expect(JSON.parse(cell('短信参数')!)).toEqual({ days: 2, orderNo: 'B7' });
  });

  it('answers 401 without a token, 403 without the permission or for another tenant', async () => {
    const endpoints: [string, string, { body?: unknown; query?: Record<string, string> }][] = [
      ['GET', '/system/sms-channel/page', {}],
      ['GET', '/system/sms-channel/get', { query: { id: '1' } }],
      ['POST', '/system/sms-channel/create', { body: channelBody() }],
      ['PUT', '/system/sms-channel/update', { body: { ...channelBody(), id: 1 } }],
      ['DELETE', '/system/sms-channel/delete', { query: { id: '1' } }],
      ['GET', '/system/sms-template/page', {}],
      ['GET', '/system/sms-template/get', { query: { id: '1' } }],
      ['POST', '/system/sms-template/create', { body: templateBody(1, { code: 'deny' }) }],
      ['PUT', '/system/sms-template/update', { body: { ...templateBody(1), id: 1 } }],
      ['DELETE', '/system/sms-template/delete', { query: { id: '1' } }],
      ['GET', '/system/sms-template/export-excel', {}],
      [
        'POST',
        '/system/sms-template/send-sms',
        { body: { mobile: '13800000000', templateCode: 'admin-sms-login', templateParams: { code: '1' } } },
      ],
      ['GET', '/system/sms-log/page', {}],
      ['GET', '/system/sms-log/export-excel', {}],
    ];
    const logsBefore = ((await call('GET', '/system/sms-log/page')).data as PageResult<SmsLog>).total;
    for (const [method, path, args] of endpoints) {
      const m = method as 'GET' | 'POST' | 'PUT' | 'DELETE';
      expect(await t.api({ method: m, path, ...args }), path).toMatchObject({ code: 401 });
      expect(await t.api({ method: m, path, token: operator, ...args }), path).toMatchObject({ code: 403 });
      expect(
        await t.api({ method: m, path, token: tenant2.token, tenant: tenant2.tenantId, ...args }),
        path,
      ).toMatchObject({ code: 403, msg: '没有该操作权限' });
      expect(
        await t.api({ method: m, path, token: admin, tenant: tenant2.tenantId, ...args }),
        path,
      ).toMatchObject({
        code: 403,
        msg: '您无权访问该租户的数据',
      });
    }
    // Any signed-in user may list the channels (a drop-down), but not anonymously.
    expect(await t.api({ path: '/system/sms-channel/list-all-simple' })).toMatchObject({ code: 401 });
    expect(await t.api({ path: '/system/sms-channel/list-all-simple', token: operator })).toMatchObject({
      code: 0,
    });
    expect(((await call('GET', '/system/sms-log/page')).data as PageResult<SmsLog>).total).toBe(logsBefore);
    expect((await call('GET', '/system/sms-channel/get', { query: { id: '1' } })).code).toBe(0);
  });
});

describe('SMS send poller started by the app', () => {
  it('sends queued messages on its own and stops on close', async () => {
    const t = await createTestApp('sqlite', { env: {} });
    try {
      const admin = (await t.login()).accessToken;
      const res = await t.api({
        method: 'POST',
        path: '/system/sms-template/send-sms',
        token: admin,
        body: { mobile: '13800000000', templateCode: 'admin-sms-login', templateParams: { code: '135790' } },
      });
      const id = res.data as number;
      const repo = smsLogRepository(t.db.kysely, t.db.dialect);
      // The default interval is one second.
      await expect
        .poll(async () => (await repo.findById(id))?.sendStatus, { timeout: 5_000, interval: 100 })
        .toBe(10);
    } finally {
      await t.close();
    }
  });
});
