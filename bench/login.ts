// Sign-in bench (issue 4): password login and captcha puzzles under 20 concurrent clients, against the
// built server on SQLite. Writes the "login" section of docs/benchmarks.md.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BCRYPT_COST } from '../packages/server/dist/lib/crypto.js';
import { cpuMs, machine, startServer, stop, writeSection } from './server.js';
import { wrk } from './wrk.js';

const CONNECTIONS = 20;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

interface Run {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  cpuMsPerRequest: number;
}

const post = async (
  pid: number,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Run> => {
  const cpuBefore = cpuMs(pid);
  const result = wrk(url, {
    method: 'POST',
    connections: CONNECTIONS,
    seconds: DURATION,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return {
    rps: result.rps,
    p50: result.p50,
    p99: result.p99,
    errors: result.errors,
    cpuMsPerRequest: (cpuMs(pid) - cpuBefore) / Math.max(1, result.total),
  };
};

/** Whether one request of the kind the load sent succeeds (code 0), so errors cannot pass as speed. */
const succeeds = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return ((await res.json()) as { code: number }).code === 0;
};

export const loginBench = async (): Promise<void> => {
  const port = 28182;
  const base = `http://127.0.0.1:${port}/admin-api`;

  // Password login with the captcha off (the slider is checked once per login, measured separately).
  const plain = await startServer(mkdtempSync(join(tmpdir(), 'admin-bench-login-')), port);
  const loginUrl = `${base}/system/auth/login`;
  const credentials = { username: 'admin', password: 'admin123' };
  const tenant = { 'tenant-id': '1' };
  const loginWorks = await succeeds(loginUrl, credentials, tenant);
  const login = loginWorks ? await post(plain.child.pid!, loginUrl, credentials, tenant) : null;
  await stop(plain.child);
  if (!login) throw new Error('登录失败，无法压测');

  // Captcha puzzles with the captcha on: each answer renders a background and a piece.
  const withCaptcha = await startServer(mkdtempSync(join(tmpdir(), 'admin-bench-captcha-')), port, {
    CAPTCHA_ENABLED: 'true',
  });
  const captchaUrl = `${base}/system/captcha/get`;
  const puzzle = { captchaType: 'blockPuzzle' };
  const captchaWorks = await fetch(captchaUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(puzzle),
    // AJ-Captcha's own response shape, not the envelope.
  }).then(async (r) => ((await r.json()) as { repCode?: string }).repCode === '0000');
  const captcha = captchaWorks ? await post(withCaptcha.child.pid!, captchaUrl, puzzle) : null;
  await stop(withCaptcha.child);
  if (!captcha) throw new Error('验证码接口失败，无法压测');

  const row = (name: string, r: Run) =>
    `| ${name} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} | ${r.cpuMsPerRequest.toFixed(1)} |`;
  const section = [
    '<!-- login:start -->',
    '## Sign-in load (issue 4)',
    '',
    `Machine: ${machine()}. wrk (one thread), ${CONNECTIONS} connections, ${DURATION} s each, server (SQLite, no Redis) and load generator on the same machine. Passwords are bcrypt with cost ${BCRYPT_COST} (native \`bcrypt\`, hashing on libuv's thread pool); each login also writes a login log row and two token rows.`,
    '',
    '| Request | req/s | p50 ms | p99 ms | errors | server CPU ms/req |',
    '|---|---|---|---|---|---|',
    row('POST /system/auth/login (password, captcha off)', login),
    row('POST /system/captcha/get (block puzzle image)', captcha),
    '<!-- login:end -->',
  ].join('\n');
  console.info(section);
  writeSection('login', section);
};
