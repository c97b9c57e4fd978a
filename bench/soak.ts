// Soak (issue 21): 200 clients for 5 minutes over the mix a working day brings (sign-in, menus and
// dictionaries, the unread count, lists and searches, exports, leave requests approved step by step)
// against the built server on SQLite. Counts errors, states latency percentiles, and samples the
// server's resident memory to show whether it keeps growing after the warm-up.
// Writes the "soak" section of docs/benchmarks.md.
import { mkdtempSync, readFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { machine, sendApi, startServer, stop, writeSection } from './server.js';

const SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 300);
const CLIENTS = 200;
const WARM_UP_SECONDS = 60;
const RAMP_UP_MS = 10_000;
const SAMPLE_MS = 5_000;
const PORT = 48_230;
const DAY = 24 * 60 * 60 * 1000;

const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });

const send = (method: string, path: string, token: string | null, body?: unknown) =>
  sendApi(agent, PORT, method, path, token, body);

/** Resident memory of a process in MiB (Linux /proc). */
const rssMiB = (pid: number): number =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);

export const soakBench = async (): Promise<void> => {
  const { child } = await startServer(mkdtempSync(join(tmpdir(), 'bench-soak-')), PORT);
  const latencies: number[] = [];
  const byRoute = new Map<string, number[]>();
  const errors = new Map<string, number>();
  let requests = 0;
  const deadline = performance.now() + SECONDS * 1000;

  /** One request, timed; anything but the envelope's code 0 (or a spreadsheet for an export) is an error. */
  const call = async <T>(
    method: string,
    path: string,
    token: string | null,
    body?: unknown,
  ): Promise<T | null> => {
    const began = performance.now();
    let failure: string | null = null;
    let data: T | null = null;
    try {
      const answer = await send(method, path, token, body);
      if (answer.status !== 200) failure = `HTTP ${answer.status}`;
      else if (answer.type.includes('json')) {
        const envelope = JSON.parse(answer.body.toString('utf8')) as { code: number; msg: string; data: T };
        if (envelope.code === 0) data = envelope.data;
        else failure = `${envelope.code} ${envelope.msg}`;
      } else if (!path.includes('export')) failure = `unexpected ${answer.type}`;
    } catch (error) {
      failure = String(error);
    }
    const ms = performance.now() - began;
    latencies.push(ms);
    const route = `${method} ${path.split('?')[0]}`;
    (byRoute.get(route) ?? byRoute.set(route, []).get(route)!).push(ms);
    requests++;
    if (failure) {
      const key = `${path.split('?')[0]}: ${failure}`;
      errors.set(key, (errors.get(key) ?? 0) + 1);
    }
    return data;
  };

  const signIn = async () =>
    (
      await call<{ accessToken: string }>('POST', '/system/auth/login', null, {
        username: 'admin',
        password: 'admin123',
      })
    )?.accessToken ?? null;

  /** A leave request of five days, approved by the leader and then the director. */
  const leaveFlow = async (token: string) => {
    const startTime = Date.UTC(2026, 0, 5, 9);
    const id = await call<number>('POST', '/bpm/oa/leave/create', token, {
      type: 1,
      reason: '浸泡测试',
      startTime,
      endTime: startTime + 5 * DAY,
    });
    if (id === null) return;
    const leave = await call<{ processInstanceId: string }>('GET', `/bpm/oa/leave/get?id=${id}`, token);
    if (!leave) return;
    for (let step = 0; step < 2; step++) {
      const tasks = await call<{ id: string; result: number }[]>(
        'GET',
        `/bpm/task/list-by-process-instance-id?processInstanceId=${leave.processInstanceId}`,
        token,
      );
      const open = tasks?.find((t) => t.result === 1);
      if (open) await call('PUT', '/bpm/task/approve', token, { id: open.id, reason: '同意' });
    }
  };

  const client = async (n: number) => {
    // People arrive over the first RAMP_UP_MS, not all in the same millisecond.
    await new Promise((resolve) => setTimeout(resolve, (n / CLIENTS) * RAMP_UP_MS));
    let token: string | null = null;
    for (let cycle = 0; performance.now() < deadline; cycle++) {
      // Each client signs in again now and then, as people do at the start of a session.
      if (!token || cycle % 50 === 0) token = await signIn();
      if (!token) continue;
      await call('GET', '/system/auth/get-permission-info', token);
      await call('GET', '/system/dict-data/list-all-simple', token);
      await call('GET', '/system/notify-message/get-unread-count', token);
      await call('GET', '/system/user/page?pageNo=1&pageSize=10', token);
      await call(
        'GET',
        `/system/user/page?pageNo=1&pageSize=10&username=${['adm', 'test', 'x'][cycle % 3]}`,
        token,
      );
      await call('GET', '/system/notice/page?pageNo=1&pageSize=10&title=%E5%85%AC%E5%91%8A', token);
      await call('GET', '/bpm/task/todo-page?pageNo=1&pageSize=10', token);
      if ((cycle + n) % 10 === 0) await call('GET', '/system/post/export-excel', token);
      if ((cycle + n) % 5 === 0) await leaveFlow(token);
    }
  };

  const started = performance.now();
  const memory: { second: number; mib: number }[] = [];
  const sampler = setInterval(
    () => memory.push({ second: (performance.now() - started) / 1000, mib: rssMiB(child.pid!) }),
    SAMPLE_MS,
  );
  await Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n)));
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  await stop(child);

  latencies.sort((a, b) => a - b);
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
  const afterWarmUp = memory.filter((m) => m.second >= WARM_UP_SECONDS);
  const firstMinute = afterWarmUp.filter((m) => m.second < WARM_UP_SECONDS + 60).map((m) => m.mib);
  const lastMinute = afterWarmUp.filter((m) => m.second >= seconds - 60).map((m) => m.mib);
  const growth = mean(lastMinute) / mean(firstMinute) - 1;
  const mib = (n: number) => `${n.toFixed(0)} MiB`;
  const lines = [
    '<!-- soak:start -->',
    '## Soak (issue 21)',
    '',
    `Machine: ${machine()}. The built server on SQLite; ${CLIENTS} clients over kept-alive connections for ${seconds.toFixed(0)} s, in the same process as each other, sharing the two cores with the server. Each client signs in (again every 50 rounds), then per round reads permissions and menus, all dictionaries, the unread count, a page of users, a user search, a notice search and its to-do tasks; every 10th round it exports the posts, every 5th it files a five-day leave request and approves it twice (leader, director). Memory is the server's resident set, sampled every ${SAMPLE_MS / 1000} s; the warm-up is the first ${WARM_UP_SECONDS} s.`,
    '',
    '| Measure | Value | Target |',
    '|---|---|---|',
    `| Requests | ${requests} (${(requests / seconds).toFixed(0)}/s) | |`,
    `| Errors | ${errorCount}${errorCount ? ` (${[...errors].map(([k, v]) => `${k} ×${v}`).join('; ')})` : ''} | 0 ${errorCount === 0 ? '✅' : '❌'} |`,
    `| Latency p50 / p95 / p99 / max | ${[50, 95, 99].map((p) => percentile(latencies, p).toFixed(0)).join(' / ')} / ${latencies.at(-1)!.toFixed(0)} ms | p99 stated |`,
    `| Resident memory: the minute after warm-up, the last minute, the highest sample | ${mib(mean(firstMinute))}, ${mib(mean(lastMinute))}, ${mib(Math.max(...memory.map((m) => m.mib)))} | |`,
    `| Memory growth, last minute against the first after warm-up | ${(growth * 100).toFixed(1)}% | ≤ 10% (flat) ${growth <= 0.1 ? '✅' : '❌'} |`,
    '',
    '| Request | count | p50 ms | p99 ms |',
    '|---|---|---|---|',
    ...[...byRoute].map(([route, values]) => {
      values.sort((a, b) => a - b);
      return `| ${route} | ${values.length} | ${percentile(values, 50).toFixed(0)} | ${percentile(values, 99).toFixed(0)} |`;
    }),
    '<!-- soak:end -->',
  ];
  const section = lines.join('\n');
  console.info(section);
  writeSection('soak', section);
};
