import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as addWebSocketMenu } from '../src/db/migrations/025_websocket_menu.js';
import { createTestApp, DIALECTS, freshDatabase, newRedis, probeRedis, type TestApp } from './helper.js';
import { createPackage, createTenantAndSignIn, tenantBody } from './tenant-fixture.js';
// The module decorates Fastify with `webSocket` (it is loaded by directory at run time).
export type {} from '../src/modules/websocket/module.js';

/** A connected test client and every frame it received. */
interface Client {
  ws: WebSocket;
  frames: string[];
  closed: { code: number; reason: string } | null;
}

const urlOf = (t: TestApp, query: string) =>
  `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/infra/ws${query}`;

/** Opens a connection; rejects with the HTTP status when the upgrade is refused. */
const connect = (t: TestApp, token: string | null): Promise<Client> =>
  new Promise((resolve, reject) => {
    const ws = new WebSocket(urlOf(t, token === null ? '' : `?token=${encodeURIComponent(token)}`));
    const client: Client = { ws, frames: [], closed: null };
    ws.on('message', (data) => client.frames.push(data.toString('utf8')));
    ws.on('close', (code, reason) => (client.closed = { code, reason: reason.toString('utf8') }));
    ws.on('open', () => resolve(client));
    ws.on('unexpected-response', (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)));
    ws.on('error', reject);
  });

/** The contents (parsed) of the frames of `type` a client received. */
const received = (client: Client, type: string): unknown[] =>
  client.frames
    .filter((f) => f.startsWith('{'))
    .map((f) => JSON.parse(f) as { type: string; content: string })
    .filter((f) => f.type === type)
    .map((f) => JSON.parse(f.content) as unknown);

const sendDemo = (client: Client, text: string, toUserId?: number | string) =>
  client.ws.send(JSON.stringify({ type: 'demo-message-send', content: JSON.stringify({ text, toUserId }) }));

const closeAll = (clients: Client[]) => clients.forEach((c) => c.ws.terminate());
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('WebSocket /infra/ws', () => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let other: string;

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    admin = (await t.login()).accessToken;
    operator = (await t.login('operator', 'operator123')).accessToken;
    const packageId = await createPackage(t, admin, 'WebSocket 套餐', [1]);
    other = (await createTenantAndSignIn(t, admin, tenantBody(t, packageId, { name: 'WebSocket 租户' })))
      .token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses the upgrade with HTTP 401 without a token, with a bad one and with an expired one', async () => {
    await expect(connect(t, null)).rejects.toThrow('HTTP 401');
    await expect(connect(t, 'not-a-token')).rejects.toThrow('HTTP 401');
    const { accessToken } = await t.login('operator', 'operator123');
    const saved = t.clock.now;
    t.clock.now += 31 * 60 * 1000;
    try {
      await expect(connect(t, accessToken)).rejects.toThrow('HTTP 401');
    } finally {
      t.clock.now = saved;
    }
    expect(t.app.webSocket.size()).toBe(0);
  });

  it('answers ping with pong', async () => {
    const a = await connect(t, admin);
    a.ws.send('ping');
    await expect.poll(() => a.frames.includes('pong')).toBe(true);
    closeAll([a]);
  });

  it('delivers a message to the one user it names, in the sender tenant only', async () => {
    const [a, op, foreign] = await Promise.all([connect(t, admin), connect(t, operator), connect(t, other)]);
    sendDemo(a, '你好，运营', 2);
    await expect
      .poll(() => received(op, 'demo-message-receive'))
      .toEqual([{ fromUserId: 1, text: '你好，运营', single: true }]);
    // The reference's page sends the id as chosen in its select: a string.
    sendDemo(a, '字符串编号', '2');
    await expect.poll(() => received(op, 'demo-message-receive')).toHaveLength(2);
    // Another tenant's user cannot reach user 2 of tenant 1.
    sendDemo(foreign, '越界', 2);
    await settle();
    expect(received(op, 'demo-message-receive')).toHaveLength(2);
    expect(received(a, 'demo-message-receive')).toEqual([]);
    expect(received(foreign, 'demo-message-receive')).toEqual([]);
    closeAll([a, op, foreign]);
  });

  it('delivers a message without a user to everyone of the tenant and no one else', async () => {
    const [a, op, foreign] = await Promise.all([connect(t, admin), connect(t, operator), connect(t, other)]);
    sendDemo(a, '大家好');
    sendDemo(a, '所有人', '');
    const expected = [
      { fromUserId: 1, text: '大家好', single: false },
      { fromUserId: 1, text: '所有人', single: false },
    ];
    await expect.poll(() => received(op, 'demo-message-receive')).toEqual(expected);
    await expect.poll(() => received(a, 'demo-message-receive')).toEqual(expected);
    await settle();
    expect(received(foreign, 'demo-message-receive')).toEqual([]);
    // Frames of unknown types or shapes are ignored, the connection stays open.
    a.ws.send('{"type":"unknown","content":"{}"}');
    a.ws.send('not json');
    sendDemo(a, '');
    a.ws.send('ping');
    await expect.poll(() => a.frames.includes('pong')).toBe(true);
    expect(received(op, 'demo-message-receive')).toHaveLength(2);
    closeAll([a, op, foreign]);
  });

  it('pushes a notice to every user of its tenant when 推送 is used', async () => {
    const [a, op, foreign] = await Promise.all([connect(t, admin), connect(t, operator), connect(t, other)]);
    const input = { title: '停机通知', type: 1, content: '<p>今晚停机</p>', status: 0 };
    const created = await t.api({ method: 'POST', path: '/system/notice/create', body: input, token: admin });
    const id = created.data as number;
    const pushed = await t.api({
      method: 'POST',
      path: '/system/notice/push',
      query: { id: String(id) },
      token: admin,
    });
    expect(pushed.code).toBe(0);
    const notice = { id, title: '停机通知', type: 1, content: '<p>今晚停机</p>' };
    await expect.poll(() => received(op, 'notice-push')).toEqual([notice]);
    await expect.poll(() => received(a, 'notice-push')).toEqual([notice]);
    await settle();
    expect(received(foreign, 'notice-push')).toEqual([]);
    closeAll([a, op, foreign]);
  });

  it('sends the unread count on connect and whenever it changes', async () => {
    const before = (await t.api({ path: '/system/notify-message/get-unread-count', token: operator }))
      .data as number;
    const op = await connect(t, operator);
    await expect.poll(() => received(op, 'notify-unread-count')).toEqual([before]);
    const sent = await t.api({
      method: 'POST',
      path: '/system/notify-template/send-notify',
      token: admin,
      body: { userId: 2, templateCode: 'user_welcome', templateParams: { name: '运营专员' } },
    });
    expect(sent.code).toBe(0);
    await expect.poll(() => received(op, 'notify-unread-count')).toEqual([before, before + 1]);
    expect(
      (await t.api({ method: 'PUT', path: '/system/notify-message/update-all-read', token: operator })).code,
    ).toBe(0);
    await expect.poll(() => received(op, 'notify-unread-count')).toEqual([before, before + 1, 0]);
    closeAll([op]);
  });

  it('closes a connection that sends too big a frame or too many', async () => {
    const big = await connect(t, admin);
    big.ws.send(JSON.stringify({ type: 'demo-message-send', content: 'x'.repeat(70 * 1024) }));
    await expect.poll(() => big.closed?.code).toBe(1009);
    const flood = await connect(t, admin);
    for (let i = 0; i < 40; i += 1) flood.ws.send('ping');
    await expect.poll(() => flood.closed?.code).toBe(4008);
    expect(flood.frames.filter((f) => f === 'pong').length).toBeLessThanOrEqual(20);
  });

  it('closes the connections of a token when it is revoked', async () => {
    const { accessToken } = await t.login('operator', 'operator123');
    const op = await connect(t, accessToken);
    expect((await t.api({ method: 'POST', path: '/system/auth/logout', token: accessToken })).code).toBe(0);
    await expect.poll(() => op.closed?.code).toBe(4001);
    await expect(connect(t, accessToken)).rejects.toThrow('HTTP 401');
  });
});

const hasRedis = await probeRedis();

describe.runIf(hasRedis)('WebSocket across instances sharing Redis', () => {
  const redis = hasRedis ? newRedis() : null;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const { db } = await freshDatabase('sqlite');
    a = await createTestApp('sqlite', { db, redis });
    b = await createTestApp('sqlite', { db, redis });
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await b.app.close().catch(() => undefined);
    await a.close();
    redis?.disconnect();
  });

  it('reaches a user connected to another instance, and tenants stay apart', async () => {
    const admin = (await a.login()).accessToken;
    const operator = (await b.login('operator', 'operator123')).accessToken;
    const packageId = await createPackage(a, admin, '多实例 WebSocket 套餐', [1]);
    const { token: other } = await createTenantAndSignIn(
      a,
      admin,
      tenantBody(a, packageId, { name: '多实例 WebSocket 租户', username: 'wsmulti' }),
    );
    const onA = await connect(a, admin);
    const onB = await connect(b, operator);
    const foreignOnB = await connect(b, other);
    sendDemo(onA, '跨实例单发', 2);
    await expect
      .poll(() => received(onB, 'demo-message-receive'))
      .toEqual([{ fromUserId: 1, text: '跨实例单发', single: true }]);
    sendDemo(onB, '跨实例群发');
    const broadcast = { fromUserId: 2, text: '跨实例群发', single: false };
    await expect.poll(() => received(onA, 'demo-message-receive')).toEqual([broadcast]);
    await expect.poll(() => received(onB, 'demo-message-receive')).toHaveLength(2);
    await settle();
    expect(received(foreignOnB, 'demo-message-receive')).toEqual([]);

    // An unread count changed on instance A reaches the connection on instance B.
    const counts = () => received(onB, 'notify-unread-count');
    await expect.poll(() => counts().length).toBe(1);
    const [before] = counts() as number[];
    await a.app.notify.sendNotifyMessage(1, 2, 'user_welcome', { name: '运营专员' });
    await expect.poll(counts).toEqual([before, before! + 1]);
    closeAll([onA, onB, foreignOnB]);
  });
});

describe.each(DIALECTS)('the WebSocket 测试 menu (%s)', (dialect) => {
  it('is on a fresh database, once, and is added to one seeded before it', async () => {
    const { db, drop } = await freshDatabase(dialect);
    const menus = () =>
      db.kysely
        .selectFrom('systemMenu')
        .select(['name', 'parentId', 'path', 'component', 'componentName', 'permission', 'type'])
        .where('id', '=', 2745)
        .execute();
    const expected = [
      {
        name: 'WebSocket 测试',
        parentId: 2,
        path: 'websocket',
        component: 'infra/webSocket/index',
        componentName: 'InfraWebSocket',
        permission: '',
        type: 2,
      },
    ];
    try {
      expect(await menus()).toEqual(expected);
      await addWebSocketMenu(db.kysely, dialect);
      expect(await menus()).toEqual(expected);
      // As a database seeded before the menu existed.
      await db.kysely.deleteFrom('systemMenu').where('id', '=', 2745).execute();
      await addWebSocketMenu(db.kysely, dialect);
      expect(await menus()).toEqual(expected);
    } finally {
      await db.close();
      await drop();
    }
  });
});
