import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privatePostgres, privateRedis, type PrivateService } from './private-services.js';
import { startServer, stopServer, type ServerProcess } from './server-process.js';

/*
 * PostgreSQL, then Redis, stopped and started again while eight clients keep the server busy: while
 * one is down every request is answered (done, or the 500 envelope) within REQUEST_LIMIT_MS, the
 * process stays up, and within RECOVERY_MS of the service's return every request is done again,
 * without restarting the server.
 */

const REQUEST_LIMIT_MS = 10_000;
const RECOVERY_MS = 5_000;
const DOWN_MS = 6_000; // longer than the tokens' in-process cache, so Redis is missed for real
// Past that cache and then the request limit: a request that waited for a frozen Redis would be slow.
const FROZEN_MS = 5_000 + REQUEST_LIMIT_MS + 1_000;

interface Outcome {
  path: string;
  began: number;
  ended: number;
  /** The envelope's code, or what went wrong when there was none. */
  code: number | string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Reads (permissions through the token, a page of users, dictionary data) and post writes. */
const REQUESTS: ((key: string) => { path: string; init?: RequestInit })[] = [
  () => ({ path: '/system/auth/get-permission-info' }),
  () => ({ path: '/system/user/page?pageNo=1&pageSize=10' }),
  (key) => ({
    path: '/system/post/create',
    init: { method: 'POST', body: JSON.stringify({ name: key, code: key, sort: 0, status: 0 }) },
  }),
  () => ({ path: '/system/dict-data/list-all-simple' }),
];

const load = (base: string, token: string, prefix: string) => {
  const outcomes: Outcome[] = [];
  let running = true;
  let sequence = 0;
  const client = async () => {
    while (running) {
      const n = sequence++;
      const { path, init } = REQUESTS[n % REQUESTS.length]!(`${prefix}${n}`);
      const began = Date.now();
      let code: number | string;
      try {
        const res = await fetch(`${base}${path}`, {
          ...init,
          headers: { 'content-type': 'application/json', 'tenant-id': '1', authorization: `Bearer ${token}` },
          signal: AbortSignal.timeout(REQUEST_LIMIT_MS * 2),
        });
        code = ((await res.json()) as { code: number }).code;
      } catch (error) {
        code = String((error as Error).cause ?? error);
      }
      outcomes.push({ path, began, ended: Date.now(), code });
      // A failing request answers at once; pause so the outage is not a busy loop.
      if (code !== 0) await sleep(20);
    }
  };
  const clients = Array.from({ length: 8 }, client);
  return {
    outcomes,
    stop: async () => {
      running = false;
      await Promise.all(clients);
    },
  };
};

/** Stops `service` under load for `downMs`, starts it again and checks what the clients saw. */
const outage = async (
  base: string,
  token: string,
  name: string,
  service: PrivateService,
  whileDown: () => Promise<unknown> = async () => undefined,
  downMs = DOWN_MS,
) => {
  const traffic = load(base, token, `${name}-`);
  await sleep(1_000);
  await service.stop();
  const stoppedAt = Date.now();
  await whileDown();
  await sleep(downMs);
  await service.start();
  const backAt = Date.now();
  await sleep(RECOVERY_MS + 2_000);
  await traffic.stop();
  const { outcomes } = traffic;
  const describe = (o: Outcome) =>
    `${o.path} ${o.code} at ${o.began - stoppedAt} ms, ${o.ended - o.began} ms`;
  // The first few of each kind say enough.
  const list = (found: Outcome[]) => found.slice(0, 5).map(describe);
  return {
    answeredOnlyByEnvelope: list(outcomes.filter((o) => o.code !== 0 && o.code !== 500)),
    slow: list(outcomes.filter((o) => o.ended - o.began > REQUEST_LIMIT_MS)),
    failedBeforeStop: list(outcomes.filter((o) => o.ended < stoppedAt && o.code !== 0)),
    failedWhileDown: outcomes.filter((o) => o.began >= stoppedAt && o.ended <= backAt && o.code === 500)
      .length,
    /** From the service's return to the end of the last failed request. */
    recoveredAfterMs: Math.max(0, ...outcomes.filter((o) => o.code !== 0).map((o) => o.ended - backAt)),
    doneAfterRecovery: outcomes.filter((o) => o.began >= backAt + RECOVERY_MS && o.code === 0).length,
  };
};

describe('PostgreSQL and Redis stopped and started under load', () => {
  const base = 50_000 + Math.floor(Math.random() * 5_000);
  let postgres: PrivateService;
  let redis: Awaited<ReturnType<typeof privateRedis>>;
  let server: ServerProcess;
  let baseUrl: string;
  let token: string;
  const signIn = async () => {
    const res = await fetch(`${baseUrl}/system/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'tenant-id': '1' },
      body: JSON.stringify({ username: 'admin', password: 'admin123' }),
    });
    return ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
  };
  const codeOf = async (path: string, bearer: string, method = 'GET') => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'tenant-id': '1', authorization: `Bearer ${bearer}` },
    });
    return ((await res.json()) as { code: number }).code;
  };

  beforeAll(async () => {
    postgres = await privatePostgres(base);
    redis = await privateRedis(base + 1);
    server = await startServer(mkdtempSync(join(tmpdir(), 'admin-outage-')), base + 2, {
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
    });
    baseUrl = `http://127.0.0.1:${base + 2}/admin-api`;
    token = await signIn();
  }, 60_000);

  afterAll(async () => {
    if (server && server.child.exitCode === null) await stopServer(server.child, 'SIGKILL');
    await redis?.remove();
    await postgres?.remove();
  });

  const expectWeathered = (seen: Awaited<ReturnType<typeof outage>>) => {
    expect(seen.answeredOnlyByEnvelope).toEqual([]);
    expect(seen.slow).toEqual([]);
    expect(seen.failedBeforeStop).toEqual([]);
    expect(seen.failedWhileDown).toBeGreaterThan(0);
    expect(seen.recoveredAfterMs).toBeLessThanOrEqual(RECOVERY_MS);
    expect(seen.doneAfterRecovery).toBeGreaterThan(10);
    expect(server.child.exitCode).toBeNull();
  };

  it('PostgreSQL: the 500 envelope while it is down, and all done again within 5 s of its return', async () => {
    expectWeathered(await outage(baseUrl, token, 'pg', postgres));
  }, 60_000);

  it('Redis: the same; a sign-out it cannot take changes nothing; what changed meanwhile is read afresh', async () => {
    const other = await signIn();
    let signOutWhileDown: number | null = null;
    // While Redis is down: another instance changes a dictionary label (its change notice reaches no
    // one), and a sign-out is tried.
    const label = `停机时修改${base}`;
    const whileDown = async () => {
      const client = new pg.Client({ connectionString: postgres.url });
      await client.connect();
      await client.query(
        'update system_dict_data set label = $1 where id = (select min(id) from system_dict_data)',
        [label],
      );
      await client.end();
      signOutWhileDown = await codeOf('/system/auth/logout', other, 'POST');
    };
    // Used just before: the token is in the instance's own short cache, so the sign-out gets as far
    // as revoking it.
    expect(await codeOf('/system/auth/get-permission-info', other)).toBe(0);
    expectWeathered(await outage(baseUrl, token, 'redis', redis, whileDown));
    const res = await fetch(`${baseUrl}/system/dict-data/list-all-simple`, {
      headers: { 'tenant-id': '1', authorization: `Bearer ${token}` },
    });
    expect(JSON.stringify(await res.json())).toContain(label);
    // The failed sign-out left the session whole; once Redis is back it signs out for good.
    expect(signOutWhileDown).toBe(500);
    expect(await codeOf('/system/auth/get-permission-info', other)).toBe(0);
    expect(await codeOf('/system/auth/logout', other, 'POST')).toBe(0);
    expect(await codeOf('/system/auth/get-permission-info', other)).toBe(401);
  }, 60_000);

  it('Redis frozen (SIGSTOP) for longer than the request limit: the 500 envelope, not a hang', async () => {
    expectWeathered(await outage(baseUrl, token, 'frozen', redis.frozen, undefined, FROZEN_MS));
  }, 60_000);

  it('and the server, never restarted, still shuts down cleanly', async () => {
    expect(await stopServer(server.child)).toBe(0);
  }, 15_000);
});
