// Workflow runtime bench (issue 7): steps per second of the OA leave flow through the HTTP API, with
// one server process and with two over the same SQLite file; complete-task latency at 20 concurrent
// clients; stored engine state per instance. Writes the "bpm" section of docs/benchmarks.md.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import * as engine from '../packages/server/dist/bpm/engine/index.js';
import { OA_LEAVE_BPMN } from '../packages/server/dist/db/seed-data/bpm-oa-leave.js';

const root = join(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = 20;
const DAY = 24 * 60 * 60 * 1000;

interface Server {
  child: ChildProcess;
  base: string;
}

const startServer = async (dataDir: string, port: number): Promise<Server> => {
  const child = spawn(process.execPath, ['packages/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      // Sign-in is timed from the click on 登 录; the slider puzzle is a person's time, not the server's.
      CAPTCHA_ENABLED: 'false',
    },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    try {
      if ((await fetch(`${base}/admin-api/system/tenant/get-id-by-name?name=x`)).ok) return { child, base };
    } catch {
      await new Promise((r) => setTimeout(r, 20));
    }
  }
};

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.on('exit', () => resolve());
    child.kill('SIGTERM');
  });

/** CPU milliseconds a process has used so far (Linux /proc, user + system). */
const cpuMs = (pid: number): number => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

const client = (base: string, token: string) => {
  const call = async <T>(method: string, path: string, input?: Record<string, unknown>): Promise<T> => {
    const query = method === 'GET' && input ? `?${new URLSearchParams(input as Record<string, string>)}` : '';
    const res = await fetch(`${base}/admin-api${path}${query}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'tenant-id': '1', 'content-type': 'application/json' },
      ...(method === 'GET' ? {} : { body: JSON.stringify(input) }),
    });
    const body = (await res.json()) as Envelope<T>;
    if (body.code !== 0) throw new Error(`${path}: ${body.code} ${body.msg}`);
    return body.data;
  };
  return call;
};

const signIn = async (base: string): Promise<string> => {
  const res = await fetch(`${base}/admin-api/system/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'tenant-id': '1' },
    body: JSON.stringify({ username: 'admin', password: 'admin123' }),
  });
  return ((await res.json()) as Envelope<{ accessToken: string }>).data.accessToken;
};

interface FlowResult {
  steps: number;
  flows: number;
  requests: number;
  /** Latencies of the complete-task (approve) requests, ms. */
  approveMs: number[];
  cpuMsPerStep: number;
  seconds: number;
}

/**
 * `CLIENTS` clients run the 5-day leave flow over and over for `SECONDS`: create (start step), then
 * the leader's and the director's approvals (two complete steps), reading the task ids in between.
 */
const runFlows = async (servers: Server[], token: string): Promise<FlowResult> => {
  const calls = servers.map((s) => client(s.base, token));
  const cpuBefore = servers.reduce((sum, s) => sum + cpuMs(s.child.pid!), 0);
  const approveMs: number[] = [];
  let steps = 0;
  let flows = 0;
  let requests = 0;
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  const worker = async (n: number) => {
    const call = calls[n % calls.length]!;
    while (performance.now() < deadline) {
      const startTime = Date.UTC(2026, 0, 5, 9);
      const leaveId = await call<number>('POST', '/bpm/oa/leave/create', {
        type: 1,
        reason: '基准测试',
        startTime,
        endTime: startTime + 5 * DAY,
      });
      steps++;
      const leave = await call<{ processInstanceId: string }>('GET', '/bpm/oa/leave/get', {
        id: String(leaveId),
      });
      requests += 2;
      for (let i = 0; i < 2; i++) {
        const tasks = await call<{ id: string; result: number }[]>(
          'GET',
          '/bpm/task/list-by-process-instance-id',
          {
            processInstanceId: leave.processInstanceId,
          },
        );
        const open = tasks.find((t) => t.result === 1)!;
        const t0 = performance.now();
        await call('PUT', '/bpm/task/approve', { id: open.id, reason: '同意' });
        approveMs.push(performance.now() - t0);
        steps++;
        requests += 2;
      }
      flows++;
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, (_, n) => worker(n)));
  const seconds = (performance.now() - started) / 1000;
  const cpu = servers.reduce((sum, s) => sum + cpuMs(s.child.pid!), 0) - cpuBefore;
  return { steps, flows, requests, approveMs, cpuMsPerStep: cpu / steps, seconds };
};

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** Engine state bytes of the stored instances: running ones (mid-flow) and finished ones. */
const stateBytes = (dataDir: string) => {
  const db = new SQLite(join(dataDir, 'admin.sqlite'), { readonly: true });
  const rows = db
    .prepare(
      'select status, avg(length(engine_state)) as avg, max(length(engine_state)) as max, count(*) as n from bpm_process_instance group by status',
    )
    .all() as { status: number; avg: number; max: number; n: number }[];
  db.close();
  return rows;
};

/**
 * CPU milliseconds per engine step alone (no database, no HTTP): the same three steps of the leave
 * flow, each recovering the instance from its JSON state, in this process.
 */
const engineCpuPerStep = async (flows = 100): Promise<number> => {
  const definition = { id: 'bench-oa-leave', xml: OA_LEAVE_BPMN };
  const run = async () => {
    let result = await engine.start({ definition, variables: { day: 5 }, businessKey: '1' });
    for (let i = 0; i < 2; i++)
      result = await engine.completeTask({
        definition,
        state: JSON.parse(JSON.stringify(result.state)) as typeof result.state,
        executionId: result.waitingTasks[0]!.executionId,
        variables: { approved: true },
      });
  };
  for (let i = 0; i < 10; i++) await run();
  const before = process.cpuUsage();
  for (let i = 0; i < flows; i++) await run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / (flows * 3);
};

export const bpmBench = async (): Promise<void> => {
  const engineMs = await engineCpuPerStep();
  const load = loadavg()[0]!;
  const one = mkdtempSync(join(tmpdir(), 'admin-bench-bpm-'));
  const server = await startServer(one, 48183);
  const token = await signIn(server.base);
  // Warm-up: parse the definition, fill caches, let the JIT settle.
  const warm = client(server.base, token);
  for (let i = 0; i < 20; i++)
    await warm('POST', '/bpm/oa/leave/create', { type: 1, reason: '预热', startTime: 0, endTime: 5 * DAY });
  const single = await runFlows([server], token);
  await stop(server.child);
  const states = stateBytes(one);

  const two = mkdtempSync(join(tmpdir(), 'admin-bench-bpm2-'));
  const first = await startServer(two, 48184);
  const second = await startServer(two, 48185);
  const pair = await runFlows([first, second], await signIn(first.base));
  await Promise.all([stop(first.child), stop(second.child)]);

  const rate = (r: FlowResult) => r.steps / r.seconds;
  const p95 = percentile(single.approveMs, 95);
  const maxState = Math.max(...states.map((s) => s.max));
  const mark = (ok: boolean) => (ok ? '✅' : '❌');
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`;
  const row = (name: string, r: FlowResult) =>
    `| ${name} | ${rate(r).toFixed(0)} | ${(r.flows / r.seconds).toFixed(1)} | ${(r.requests / r.seconds).toFixed(0)} | ${r.cpuMsPerStep.toFixed(1)} | ${percentile(r.approveMs, 50).toFixed(0)} | ${percentile(r.approveMs, 95).toFixed(0)} | ${percentile(r.approveMs, 99).toFixed(0)} |`;
  const section = [
    '<!-- bpm:start -->',
    '## Workflow runtime (issue 7)',
    '',
    `Machine: ${machine}, load average ${load.toFixed(1)} when the run began (other work on the machine slows every figure but the CPU per step). SQLite, server and clients on the same machine. ${CLIENTS} clients, ${SECONDS} s each: the seeded OA leave flow for 5 days through the HTTP API, i.e. three steps (create → 领导审批 → 总监审批), each client reading the leave and the task list before each approval (those reads are counted in requests, not in steps).`,
    '',
    '| Servers | steps/s | flows/s | requests/s | server CPU ms/step (reads included) | approve p50 ms | approve p95 ms | approve p99 ms |',
    '|---|---|---|---|---|---|---|---|',
    row('1 process', single),
    row('2 processes, one SQLite file', pair),
    '',
    '| Measure | Value | Target |',
    '|---|---|---|',
    `| Steps per second, one process | ${rate(single).toFixed(0)} | ≥ 500 ${mark(rate(single) >= 500)} |`,
    `| Ceiling of one process on one free core (1000 / server CPU ms per step) | ${(1000 / single.cpuMsPerStep).toFixed(0)} steps/s | |`,
    `| bpmn-engine alone: CPU per step (recover from JSON, act, run to the next wait, state out) | ${engineMs.toFixed(1)} ms, i.e. at most ${(1000 / engineMs).toFixed(0)} steps/s per core | ≤ 2 ms for 500 steps/s ${mark(engineMs <= 2)} |`,
    `| Complete-task p95 at ${CLIENTS} concurrent clients | ${p95.toFixed(0)} ms | ≤ 50 ms ${mark(p95 <= 50)} |`,
    `| Stored engine state per instance (max) | ${kb(maxState)} (running: avg ${kb(states.find((s) => s.status === 1)?.avg ?? 0)}, finished: avg ${kb(states.find((s) => s.status === 2)?.avg ?? 0)}) | ≤ 16 KB ${mark(maxState <= 16 * 1024)} |`,
    '',
    `What limits the figure: CPU. Of the ${single.cpuMsPerStep.toFixed(1)} ms a step costs the server, bpmn-engine (recovering the instance from its JSON state and running it to the next wait) takes about ${engineMs.toFixed(1)} ms; the rest is HTTP, validation, about 20 SQL statements (tasks, history, jobs, the version check) and the in-site message. 500 steps/s on one core leaves 2 ms per step in all, so the engine alone is ${(engineMs / 2).toFixed(1)}× over that budget. Two processes share SQLite's single writer (each write transaction begins IMMEDIATE; the other process busy-waits) and the same two cores as the clients, so they add no throughput here: several servers call for PostgreSQL.`,
    '<!-- bpm:end -->',
  ].join('\n');
  console.info(section);

  const docPath = join(root, 'docs/benchmarks.md');
  const doc = readFileSync(docPath, 'utf8');
  const pattern = /<!-- bpm:start -->[\s\S]*<!-- bpm:end -->/;
  writeFileSync(
    docPath,
    pattern.test(doc) ? doc.replace(pattern, section) : `${doc.trimEnd()}\n\n${section}\n`,
  );
};
