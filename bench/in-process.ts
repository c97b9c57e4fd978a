// The built server in this process (fastify.inject: routing, validation, queries, serialisation; no
// network), signed in as the admin of tenant 1, and the percentiles of timed calls.
import { buildApp } from '../packages/server/dist/app.js';
import { loadConfig } from '../packages/server/dist/config.js';
import type { Db } from '../packages/server/dist/db/database.js';

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/**
 * Lets the event loop turn between timed calls, as it does between a server's requests. On SQLite a
 * request through inject runs in microtasks alone, so without a turn the sockets' pending immediates
 * pile up over a loop (some 50 KB a request) and the collector's work lands in later timings.
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** p50 and p95 of `runs` calls of `fn`, after `warmUp` untimed ones; also what the last call answered. */
export const timed = async <T>(runs: number, warmUp: number, fn: (i: number) => Promise<T>) => {
  for (let i = 0; i < warmUp; i++) await fn(i);
  const times: number[] = [];
  let last: T | undefined;
  for (let i = 0; i < runs; i++) {
    await nextTurn();
    const started = performance.now();
    last = await fn(warmUp + i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95), last: last as T };
};

/** The app on `db`, signed in as admin; `call` answers the envelope's data or throws its message. */
export const signedInApp = async (db: Db) => {
  const app = await buildApp({
    config: { ...loadConfig({ ...process.env, CAPTCHA_ENABLED: 'false', WEB_DIST: '' }), logLevel: 'warn' },
    db,
    logger: false,
  });
  const login = await app.inject({
    method: 'POST',
    url: '/admin-api/system/auth/login',
    headers: { 'tenant-id': '1' },
    payload: { username: 'admin', password: 'admin123' },
  });
  const token = (login.json() as { data: { accessToken: string } }).data.accessToken;
  const headers = { 'tenant-id': '1', authorization: `Bearer ${token}` };
  const call = async <T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> => {
    const res = await app.inject({
      method,
      url: `/admin-api${path}`,
      headers,
      ...(body === undefined ? {} : { payload: body as object }),
    });
    const envelope = res.json() as { code: number; msg: string; data: T };
    if (envelope.code !== 0) throw new Error(`${path}: ${envelope.code} ${envelope.msg}`);
    return envelope.data;
  };
  return { call, close: () => app.close() };
};
