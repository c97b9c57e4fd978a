import { createHash } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { apiOf, ENDPOINTS, type Endpoint } from '@app/contract';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutTenantScope } from '../src/db/tenant-scope.js';
import { nameOf, payloadOf, probesOf, unboundedNumberLists, urlOf, type Probe } from './fuzz-inputs.js';
import { createTestApp, type Dialect, DIALECTS, type TestApp } from './helper.js';
import { addMember } from './member-fixture.js';
import { basic, createClient, postForm } from './oauth2-fixture.js';

/*
 * The contract fuzz suite: every endpoint of ENDPOINTS, called with a token that may call it, gets
 * bad requests derived from its own request schemas (fuzz-inputs.ts). Every answer must be the JSON
 * envelope, never 500 nor HTTP 5xx, with a Chinese message free of stacks, SQL and file paths when it
 * fails, and within HANG_MS. A request the contract refuses (its schemas tell before it is sent) must
 * answer a 4xx-class code and change no table. Draws come from fast-check under a fixed seed; a failure
 * names it, and FUZZ_SEED=<n> replays a run. FUZZ_TRACE=<file> writes each request's name before it
 * is sent (the last line names one that blocks); FUZZ_ONLY=<regexp> fuzzes the endpoints it matches.
 * It runs on every dialect: PostgreSQL refuses input SQLite stores (U+0000, a number beyond a smallint).
 */

const RUN_SEED = Number(process.env.FUZZ_SEED ?? 20_240_601);
const TRACE_FILE = process.env.FUZZ_TRACE;
const ONLY = process.env.FUZZ_ONLY ? new RegExp(process.env.FUZZ_ONLY) : null;
/** The dialects the tests have; FUZZ_DIALECT=<name> picks one. */
const FUZZ_DIALECTS: Dialect[] = process.env.FUZZ_DIALECT
  ? DIALECTS.filter((dialect) => dialect === process.env.FUZZ_DIALECT)
  : DIALECTS;

/** How long one request may take before it counts as hanging. */
const HANG_MS = 5_000;

/**
 * Endpoints sent only the requests the contract or the security checks refuse, with the reason the
 * others are not sent.
 */
const REFUSED_ONLY: Readonly<Record<string, string>> = {
  'GET /admin-api/system/notify-message/unread-count-stream':
    '服务端事件流：被接受的请求一直开着（心跳），inject 等不到它结束；notify.test.ts 测它的应答',
};

/**
 * Endpoints for which no valid request is found (a value only a refinement names): their bad
 * requests still go out, but none reaches the handler. The check below keeps the list exact.
 */
const NO_VALID_REQUEST: Readonly<Record<string, string>> = {
  'POST /admin-api/system/auth/send-sms-code': '发送场景只能是 21，这个值只写在 refine 里，生成器读不到',
};

const CJK = /[\u4e00-\u9fff]/;
const LEAKS: readonly (readonly [RegExp, string])[] = [
  [/\n\s+at |\bat [\w.<>]+ \(|\.[cm]?[jt]s:\d+/, '调用栈'],
  [
    /\b(select|insert|update|delete)\b[\s\S]*\b(from|into|set|where)\b|SQLITE_|SqliteError|syntax error|no such (table|column)|constraint failed|SQL variables/i,
    'SQL',
  ],
  [/\/(work|home|usr|src|node_modules|app|opt|tmp|var)\/|[A-Za-z]:\\/, '文件路径'],
  [/\b(TypeError|ReferenceError|RangeError|SyntaxError|Error):/, '异常名'],
];

/** What is wrong with a message a failed request is answered with, or null. */
const messageProblem = (msg: string, echoes: readonly string[]): string | null => {
  if (!CJK.test(msg)) return `消息不是中文：${msg.slice(0, 120)}`;
  // The request's own texts may come back in the message ('名字为【…】的租户已存在').
  const own = echoes.reduce((text, echo) => (echo ? text.split(echo).join('') : text), msg);
  for (const [pattern, what] of LEAKS) if (pattern.test(own)) return `消息泄露${what}：${msg.slice(0, 200)}`;
  return null;
};

/**
 * Endpoints that answer in a format of their own when they do not answer an envelope, with the
 * reason and the check of that format.
 */
const OWN_FORMATS: Readonly<
  Record<
    string,
    { reason: string; bodyAsText?: boolean; judge: (res: LightMyRequestResponse) => string | null }
  >
> = {
  'POST /admin-api/system/captcha/get': {
    reason: 'AJ-Captcha 的 {repCode, repMsg, repData, success}（滑块组件读它）',
    judge: (res) => captchaProblem(res),
  },
  'POST /admin-api/system/captcha/check': {
    reason: 'AJ-Captcha 的 {repCode, repMsg, repData, success}（滑块组件读它）',
    judge: (res) => captchaProblem(res),
  },
  'GET /admin-api/infra/file/{configId}/get/{path}': {
    reason: '文件字节供 <img> 等直接引用：不存在是 HTTP 404 纯文本，范围不合是 416',
    judge: (res) =>
      [404, 416].includes(res.statusCode) && !res.body.startsWith('{')
        ? res.body && messageProblem(res.body, [])
        : `HTTP ${res.statusCode} ${res.body.slice(0, 80)}`,
  },
  'POST /admin-api/pay/notify/order/{channelId}': {
    reason: '支付渠道的通知按渠道约定答复纯文本（未接受的是 HTTP 400 fail），请求体按原文验签',
    bodyAsText: true,
    judge: (res) =>
      res.statusCode === 400 && res.body === 'fail' ? null : `HTTP ${res.statusCode} ${res.body}`,
  },
  'POST /admin-api/pay/notify/refund/{channelId}': {
    reason: '支付渠道的通知按渠道约定答复纯文本（未接受的是 HTTP 400 fail），请求体按原文验签',
    bodyAsText: true,
    judge: (res) =>
      res.statusCode === 400 && res.body === 'fail' ? null : `HTTP ${res.statusCode} ${res.body}`,
  },
};

function captchaProblem(res: LightMyRequestResponse): string | null {
  const answer = JSON.parse(res.body) as { repCode?: unknown; repMsg?: unknown; success?: unknown };
  if (res.statusCode !== 200 || typeof answer.repCode !== 'string' || typeof answer.success !== 'boolean')
    return `不是 AJ-Captcha 应答：HTTP ${res.statusCode} ${res.body.slice(0, 120)}`;
  return answer.repCode === '0000' ? null : messageProblem(String(answer.repMsg), []);
}

/**
 * Tables a refused request writes by design, left out of the snapshot: the logs of what was asked
 * and refused. The windows hold only requests the contract or the security checks refuse.
 */
const LOG_TABLES: Readonly<Record<string, string>> = {
  // Every /admin-api and /app-api request, refused or not (plugins/api-log.ts).
  infra_api_access_log: 'API 访问日志记录每个请求，包括被拒绝的',
  // Requests answered 500; checked to stay empty instead.
  infra_api_error_log: 'API 错误日志只记 500 的请求，另行断言为空',
  // Recorded before the security checks on purpose, so that refused writes (403, 400) are kept.
  system_operate_log: '操作日志按设计记录被拒绝的写请求（plugins/operate-log.ts）',
  // Every sign-in attempt, refused ones too, as the reference does.
  system_login_log: '登录日志记录每次登录尝试，包括被拒绝的',
};

/** Items grouped by a key, in first-seen order (Map.groupBy needs Node 21). */
const groupBy = <T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> => {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
};

const trace = (line: string) => {
  if (TRACE_FILE) appendFileSync(TRACE_FILE, `${Date.now()} ${line}\n`);
};

describe.each(FUZZ_DIALECTS)('contract fuzz on %s', (dialect) => {
  let t: TestApp;
  const tokens = { admin: '', member: '', scope: '', expiredAdmin: '', expiredMember: '' };
  const defects: string[] = [];
  let sent = 0;

  /** A hash of every table's rows but the logs', by table. */
  const tableHashes = async (): Promise<Map<string, string>> =>
    withoutTenantScope(async () => {
      const tables =
        dialect === 'sqlite'
          ? await sql<{ name: string }>`
              select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name
            `.execute(t.db.kysely)
          : await sql<{ name: string }>`
              select table_name as name from information_schema.tables
              where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name
            `.execute(t.db.kysely);
      const hashes = new Map<string, string>();
      for (const { name } of tables.rows) {
        if (name in LOG_TABLES) continue;
        const rows = await sql`select * from ${sql.table(name)}`.execute(t.db.kysely);
        // Sorted: PostgreSQL returns rows in no set order.
        const lines = rows.rows.map((row) => JSON.stringify(row)).sort();
        hashes.set(name, createHash('sha1').update(lines.join('\n')).digest('hex'));
      }
      return hashes;
    });

  const memberLogin = async () => {
    const res = await t.api({
      api: 'app',
      method: 'POST',
      path: '/member/auth/login',
      body: { mobile: '13900000009', password: 'member123' },
    });
    if (res.code !== 0) throw new Error(`member login failed: ${res.code} ${res.msg}`);
    return (res.data as { accessToken: string }).accessToken;
  };

  /** A third-party client's token with the scopes of the OAuth2 user endpoints. */
  const scopeLogin = async () => {
    const res = await postForm(
      t,
      '/system/oauth2/token',
      { grant_type: 'password', username: 'admin', password: 'admin123', scope: 'user.read user.write' },
      { headers: basic('fuzz', 'fuzz-secret'), tenant: 1 },
    );
    if (res.code !== 0) throw new Error(`oauth2 token failed: ${res.code} ${res.msg}`);
    return (res.data as { access_token: string }).access_token;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const start = t.clock.now;
    // Tokens issued a year ago have expired by now.
    t.clock.now = start - 366 * 24 * 3600_000;
    await addMember(t, { mobile: '13900000009', password: 'member123' });
    tokens.expiredAdmin = (await t.login()).accessToken;
    tokens.expiredMember = await memberLogin();
    t.clock.now = start;
    tokens.admin = (await t.login()).accessToken;
    tokens.member = await memberLogin();
    await createClient(t, tokens.admin, { clientId: 'fuzz', secret: 'fuzz-secret' });
    tokens.scope = await scopeLogin();
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  /** A token that may call `e`: the super admin's, a member's, or the OAuth2 client's. */
  const tokenOf = (e: Endpoint) =>
    e.access.kind === 'scope' ? tokens.scope : apiOf(e) === 'app' ? tokens.member : tokens.admin;

  const headersOf = ({ parts, endpoint }: Probe): Record<string, string> => {
    const headers: Record<string, string> = {};
    const { auth } = parts;
    if (auth.proper) headers.authorization = `Bearer ${tokenOf(endpoint)}`;
    else if (auth.header === 'expired')
      headers.authorization = `Bearer ${apiOf(endpoint) === 'app' ? tokens.expiredMember : tokens.expiredAdmin}`;
    else if (auth.header === 'tampered') {
      const token = tokenOf(endpoint);
      headers.authorization = `Bearer ${token.slice(0, -1)}${token.endsWith('0') ? '1' : '0'}`;
    } else if (auth.header !== null) headers.authorization = auth.header;
    if (parts.tenant !== null) headers['tenant-id'] = parts.tenant;
    if (payloadOf(parts) !== undefined) headers['content-type'] = parts.contentType ?? 'application/json';
    return headers;
  };

  /** The answer as an envelope, or null when it is none. */
  const envelopeOf = (res: LightMyRequestResponse) => {
    if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) return null;
    try {
      const body = JSON.parse(res.body) as { code?: unknown; msg?: unknown; data?: unknown };
      const { code, msg } = body;
      return typeof code === 'number' && typeof msg === 'string' && 'data' in body ? { code, msg } : null;
    } catch {
      return null;
    }
  };

  /** What is wrong with an answer, or null. */
  const judge = (probe: Probe, res: LightMyRequestResponse): string | null => {
    if (res.statusCode >= 500) return `HTTP ${res.statusCode} ${res.body.slice(0, 120)}`;
    const envelope = envelopeOf(res);
    if (envelope) {
      const { code, msg } = envelope;
      if (res.statusCode !== 200) return `信封的 HTTP 状态是 ${res.statusCode}`;
      if (code === 500) return `code 500 ${msg}`;
      const problem = code === 0 ? null : messageProblem(msg, probe.echoes);
      if (problem) return `code ${code} ${problem}`;
      if (probe.expect === 'refused' && !(code >= 400 && code < 500))
        return `契约拒绝的请求得到 code ${code} ${msg.slice(0, 80)}`;
      return null;
    }
    if (probe.expect === 'refused')
      return `契约拒绝的请求没有得到信封：HTTP ${res.statusCode} ${res.body.slice(0, 120)}`;
    const own = OWN_FORMATS[probe.name];
    if (own) return own.judge(res);
    // Files are bytes when they are served.
    if (probe.endpoint.response === 'binary' && res.statusCode === 200) return null;
    return `不是 JSON 信封：HTTP ${res.statusCode} ${String(res.headers['content-type'])} ${res.body.slice(0, 120)}`;
  };

  /** Sends a probe; null when it has not answered within HANG_MS. */
  const send = async (probe: Probe): Promise<LightMyRequestResponse | null> => {
    const payload = payloadOf(probe.parts);
    trace(`${probe.name} [${probe.what}]`);
    sent++;
    const request = t.app.inject({
      method: probe.endpoint.method,
      url: urlOf(probe.endpoint, probe.parts),
      headers: headersOf(probe),
      ...(payload !== undefined ? { payload } : {}),
    });
    let timer: NodeJS.Timeout | undefined;
    const hang = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), HANG_MS);
    });
    try {
      return await Promise.race([request, hang]);
    } finally {
      clearTimeout(timer);
    }
  };

  const run = async (probe: Probe): Promise<LightMyRequestResponse | null> => {
    const begun = Date.now();
    const res = await send(probe);
    // A request that blocks the event loop (synchronous SQLite, a regex) outlasts the timer unseen.
    const took = Date.now() - begun;
    const problem = !res || took > HANG_MS ? `${took} ms 未应答（上限 ${HANG_MS} ms）` : judge(probe, res);
    if (problem) defects.push(`${probe.name} [${probe.what}]: ${problem}`);
    return res;
  };

  const fuzzed = ENDPOINTS.filter((e) => !ONLY || ONLY.test(nameOf(e)));

  it('names only contract endpoints in its lists', () => {
    const names = new Set(ENDPOINTS.map(nameOf));
    for (const name of [
      ...Object.keys(REFUSED_ONLY),
      ...Object.keys(OWN_FORMATS),
      ...Object.keys(NO_VALID_REQUEST),
    ])
      expect(names.has(name), `${name} 不在契约中`).toBe(true);
  });

  // The fuzz reaches a long list's `in (…)` only where no other check answers first: the bound is
  // required of every id list instead.
  it('bounds every list of ids a request body carries', () => {
    const unbounded = ENDPOINTS.flatMap((e) =>
      e.body ? unboundedNumberLists(e.body).map((path) => `${nameOf(e)} body.${path}`) : [],
    );
    expect(unbounded).toEqual([]);
  });

  it('answers every bad request with an envelope, never 500, and refused requests change nothing', async () => {
    const started = Date.now();
    const probes = fuzzed.flatMap((e) => probesOf(e, RUN_SEED, OWN_FORMATS[nameOf(e)]));
    trace(`${probes.length} probes built`);
    const refused = probes.filter((p) => p.expect === 'refused');
    const noValidRequest = probes.filter((p) => p.what === '基准请求' && p.expect === 'refused');
    if (!ONLY) expect(noValidRequest.map((p) => p.name).sort()).toEqual(Object.keys(NO_VALID_REQUEST).sort());
    const accepted = probes.filter((p) => p.expect === 'any' && !(p.name in REFUSED_ONLY));

    // Refused requests first, in one snapshot window per module (tag): no table may change.
    let before = await tableHashes();
    for (const [tag, batch] of groupBy(refused, (p) => p.endpoint.tag)) {
      for (const probe of batch) await run(probe);
      const after = await tableHashes();
      const changed = [...after].filter(([table, hash]) => before.get(table) !== hash);
      if (changed.length > 0)
        defects.push(`${tag}：被拒绝的请求改变了表 ${changed.map(([table]) => table).join('、')}`);
      before = after;
    }

    // Then the requests the contract may accept, which may write.
    const refreshSessions = async () => {
      const admin = await t.api({ path: '/system/auth/get-permission-info', token: tokens.admin });
      if (admin.code !== 0) tokens.admin = (await t.login()).accessToken;
      const member = await t.api({ api: 'app', path: '/member/user/get', token: tokens.member });
      if (member.code !== 0) tokens.member = await memberLogin();
      const scope = await t.api({ path: '/system/oauth2/user/get', token: tokens.scope });
      if (scope.code !== 0) tokens.scope = await scopeLogin();
    };
    for (const batch of groupBy(accepted, (p) => p.name).values()) {
      // The suite's own requests fill the logs (thousands of rows, kilobytes of arguments each):
      // reading or exporting those would time the spreadsheet writer, not the endpoint's input.
      if (/-log\//.test(batch[0]!.endpoint.path)) {
        await t.app.apiLogsSettled();
        await t.app.operateLogsSettled();
        await withoutTenantScope(async () => {
          for (const table of ['systemOperateLog', 'infraApiAccessLog', 'systemLoginLog'] as const)
            await t.db.kysely.deleteFrom(table).execute();
        });
      }
      let signedOut = false;
      for (const probe of batch) if ((await run(probe))?.body.startsWith('{"code":401')) signedOut = true;
      // Sign-out and the like end the suite's sessions: sign in again for the next endpoint.
      if (signedOut) await refreshSessions();
    }

    await t.app.apiLogsSettled();
    const errorLogs = await withoutTenantScope(() =>
      t.db.kysely.selectFrom('infraApiErrorLog').select(['requestUrl', 'exceptionMessage']).execute(),
    );
    for (const row of errorLogs) defects.push(`API 错误日志：${row.requestUrl} ${row.exceptionMessage}`);

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.info(
      `契约模糊测试：种子 ${RUN_SEED}，${fuzzed.length} 个接口，${sent} 个请求（契约拒绝的 ${refused.length} 个），${seconds} s`,
    );
    if (!ONLY) expect(sent).toBeGreaterThanOrEqual(10_000);
    expect(defects, `种子 ${RUN_SEED}（FUZZ_SEED=${RUN_SEED} 复现）`).toEqual([]);
  }, 180_000);
});
