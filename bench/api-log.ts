// The API access log's cost: the hot endpoints of the foundation section (every sign-in calls them)
// on two servers of the same build, one with the access log on (the default) and one with
// API_ACCESS_LOG=false, loaded in turns (off, on, on, off, twice) so that drift of the machine falls
// on both sides alike; the medians of each side. Writes the "api-log" section of docs/benchmarks.md.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpuMs, machine, startServer, stop, writeSection } from './server.js';
import { wrk } from './wrk.js';

/** Half the other sections' time per run: each side runs four times. */
const DURATION = Math.max(3, Number(process.env.BENCH_SECONDS ?? 10) / 2);
const CONNECTIONS = 50;
const TARGET_LOSS = 0.05;
const ENDPOINTS = ['/system/auth/get-permission-info', '/system/dict-data/list-all-simple'];

interface Run {
  rps: number;
  p99: number;
  /** Server CPU time per request, in microseconds. */
  cpuUs: number;
  errors: number;
}

const load = (url: string, pid: number, headers: Record<string, string>): Run => {
  const cpuBefore = cpuMs(pid);
  const result = wrk(url, { connections: CONNECTIONS, seconds: DURATION, headers });
  return {
    rps: result.rps,
    p99: result.p99,
    cpuUs: ((cpuMs(pid) - cpuBefore) * 1000) / Math.max(1, result.total),
    errors: result.errors,
  };
};

const signIn = async (base: string): Promise<Record<string, string>> => {
  const res = await fetch(`${base}/admin-api/system/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'tenant-id': '1' },
    body: JSON.stringify({ username: 'admin', password: 'admin123' }),
  });
  const { data } = (await res.json()) as { data: { accessToken: string } };
  return { authorization: `Bearer ${data.accessToken}`, 'tenant-id': '1' };
};

const median = (runs: Run[], key: keyof Run) => {
  const sorted = runs.map((r) => r[key]).sort((a, b) => a - b);
  return (sorted[(sorted.length - 1) >> 1]! + sorted[sorted.length >> 1]!) / 2;
};

export const apiLogBench = async (): Promise<void> => {
  const servers = {
    on: await startServer(mkdtempSync(join(tmpdir(), 'admin-bench-log-on-')), 28182),
    off: await startServer(mkdtempSync(join(tmpdir(), 'admin-bench-log-off-')), 28183, {
      API_ACCESS_LOG: 'false',
    }),
  };
  const bases = { on: 'http://127.0.0.1:28182', off: 'http://127.0.0.1:28183' };
  const auth = { on: await signIn(bases.on), off: await signIn(bases.off) };
  const rows: string[] = [];
  for (const path of ENDPOINTS) {
    const runs: Record<'on' | 'off', Run[]> = { on: [], off: [] };
    for (const side of ['off', 'on', 'on', 'off', 'off', 'on', 'on', 'off'] as const) {
      const run = load(`${bases[side]}/admin-api${path}`, servers[side].child.pid!, auth[side]);
      runs[side].push(run);
      console.info(`api-log ${path} ${side}: ${run.rps.toFixed(0)} req/s`);
    }
    const on = median(runs.on, 'rps');
    const off = median(runs.off, 'rps');
    const loss = 1 - on / off;
    rows.push(
      `| GET ${path} | ${off.toFixed(0)} | ${on.toFixed(0)} | ${(loss * 100).toFixed(1)}% ${loss <= TARGET_LOSS ? '✅' : '❌'} | ${median(runs.off, 'p99').toFixed(1)} / ${median(runs.on, 'p99').toFixed(1)} | ${median(runs.off, 'cpuUs').toFixed(0)} / ${median(runs.on, 'cpuUs').toFixed(0)} | ${[...runs.off, ...runs.on].reduce((sum, r) => sum + r.errors, 0)} |`,
    );
  }
  await stop(servers.on.child);
  await stop(servers.off.child);

  const section = [
    '<!-- api-log:start -->',
    '## API access log (infra)',
    '',
    `Machine: ${machine()}. wrk (one thread), ${CONNECTIONS} connections, ${DURATION} s per run; two servers of the same build, the access log on and off (API_ACCESS_LOG=false), loaded in turns off, on, on, off, twice; medians of the four runs of each side. Server CPU per request is read from /proc.`,
    '',
    '| Route | req/s, log off | req/s, log on | loss (target ≤ 5%) | p99 ms off / on | server CPU µs/req off / on | errors |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '<!-- api-log:end -->',
  ].join('\n');
  console.info(section);
  writeSection('api-log', section);
};
