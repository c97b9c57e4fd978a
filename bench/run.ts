// `npm run bench`: bundle bytes of the login page, server start-up, and API throughput beside a bare
// Fastify route, all measured in one run on this machine; results replace the Foundation section of
// docs/benchmarks.md. Targets are reported, never asserted in tests.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { chromium } from '@playwright/test';

const root = join(import.meta.dirname, '..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.removeAllListeners('exit');
    child.on('exit', () => resolve());
    child.kill('SIGTERM');
  });

const waitFor = async (url: string): Promise<void> => {
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      await new Promise((r) => setTimeout(r, 5));
    }
  }
};

/** Milliseconds from spawning the server to its first successful API answer. */
const timeToFirstResponse = async (
  dataDir: string,
  port: number,
): Promise<{ child: ChildProcess; ms: number }> => {
  const startedAt = performance.now();
  const child = spawn(process.execPath, ['packages/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: 'ignore',
  });
  await waitFor(`http://127.0.0.1:${port}/admin-api/system/tenant/get-id-by-name?name=x`);
  return { child, ms: performance.now() - startedAt };
};

interface Load {
  name: string;
  bytes: number;
  /** Server CPU time (user + system) per request, in microseconds. */
  cpuUs: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** CPU milliseconds a process has used so far (Linux /proc, user + system, 100 ticks a second). */
const cpuMs = (pid: number): number => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

const load = async (
  name: string,
  url: string,
  pid: number,
  headers: Record<string, string> = {},
): Promise<Load> => {
  const bytes = (await (await fetch(url, { headers })).arrayBuffer()).byteLength;
  const cpuBefore = cpuMs(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  return {
    name,
    bytes,
    cpuUs: ((cpuMs(pid) - cpuBefore) * 1000) / Math.max(1, result.requests.total),
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
  };
};

const kb = (n: number) => (n < 1024 ? `${n} B` : `${(n / 1024).toFixed(1)} KB`);

const main = async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'admin-bench-'));
  const port = 48180;

  // Start-up: first start migrates and seeds, the second reuses the file.
  const cold = await timeToFirstResponse(dataDir, port);
  await stop(cold.child);
  const warm = await timeToFirstResponse(dataDir, port);
  const server = warm.child;
  const base = `http://127.0.0.1:${port}`;

  // Bytes the login page loads, as the browser fetches them.
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const page = await browser.newPage();
  const files: { url: string; type: 'js' | 'css'; raw: number; gzip: number }[] = [];
  page.on('response', async (res) => {
    const url = res.url();
    const type = url.endsWith('.js') ? 'js' : url.endsWith('.css') ? 'css' : null;
    if (!type) return;
    const body = await res.body();
    files.push({ url, type, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  });
  await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
  const loginFiles = [...files];

  // Shell: sign-in click to the server menus rendered, the JS the shell adds, and switching back to a
  // cached tab. Times are taken inside the page (performance.now), from the click to the next frame
  // that shows the result.
  await page.getByRole('textbox', { name: '账号' }).fill('admin');
  await page.getByLabel('密码', { exact: true }).fill('admin123');
  const untilShown = (selector: string, text: string) =>
    page
      .waitForFunction(
        ([sel, txt]) => {
          const el = document.querySelector(sel!);
          const start = (window as unknown as { benchStart: number }).benchStart;
          return el?.textContent?.includes(txt!) && el.checkVisibility() ? performance.now() - start : false;
        },
        [selector, text],
        { polling: 'raf', timeout: 10_000 },
      )
      .then((handle) => handle.jsonValue() as Promise<number>);
  const markClick = () =>
    page.evaluate(() =>
      document.addEventListener(
        'click',
        () => ((window as unknown as { benchStart: number }).benchStart = performance.now()),
        {
          capture: true,
          once: true,
        },
      ),
    );
  await markClick();
  await page.getByRole('button', { name: '登 录' }).click();
  const signInMs = await untilShown('nav[aria-label="侧边菜单"]', '系统管理');
  await page.waitForLoadState('networkidle');
  const shellJs = files.slice(loginFiles.length).filter((f) => f.type === 'js');
  const shellGzip = shellJs.reduce((total, f) => total + f.gzip, 0);

  // Open a second page, then come back to the cached home tab.
  await page.goto(`${base}/system/user`);
  await page.getByRole('navigation', { name: '标签页' }).getByText('用户管理').waitFor();
  const tabSwitches: number[] = [];
  for (let i = 0; i < 5; i++) {
    await markClick();
    await page.getByRole('navigation', { name: '标签页' }).getByText('首页', { exact: true }).click();
    tabSwitches.push(await untilShown('.app-main', '快捷入口'));
    await page.getByRole('navigation', { name: '标签页' }).getByText('用户管理').click();
    await page.getByText('页面不存在').first().waitFor();
  }
  await browser.close();
  const tabSwitchMs = tabSwitches.sort((x, y) => x - y)[Math.floor(tabSwitches.length / 2)]!;
  const sum = (type: 'js' | 'css', key: 'raw' | 'gzip') =>
    loginFiles.filter((f) => f.type === type).reduce((total, f) => total + f[key], 0);

  // Throughput: the bare route and the two endpoints every sign-in calls, one after another.
  const bareChild = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts'], {
    cwd: root,
    env: { ...process.env, PORT: '48190' },
    stdio: 'ignore',
  });
  await waitFor('http://127.0.0.1:48190/bare');
  const login = (await (
    await fetch(`${base}/admin-api/system/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'tenant-id': '1' },
      body: JSON.stringify({ username: 'admin', password: 'admin123' }),
    })
  ).json()) as { data: { accessToken: string } };
  const auth = { authorization: `Bearer ${login.data.accessToken}`, 'tenant-id': '1' };
  const bare = await load('bare Fastify route', 'http://127.0.0.1:48190/bare', bareChild.pid!);
  const endpoints = [
    await load(
      'GET /system/auth/get-permission-info',
      `${base}/admin-api/system/auth/get-permission-info`,
      server.pid!,
      auth,
    ),
    await load(
      'GET /system/dict-data/list-all-simple',
      `${base}/admin-api/system/dict-data/list-all-simple`,
      server.pid!,
      auth,
    ),
  ];
  const sameBytes: Load[] = [];
  for (const e of endpoints)
    sameBytes.push(
      await load(
        `bare route, ${kb(e.bytes)} body`,
        `http://127.0.0.1:48190/sized/${e.bytes}`,
        bareChild.pid!,
      ),
    );
  await stop(bareChild);
  await stop(server);

  const row = (l: Load, ratio?: number, sameRatio?: number) =>
    `| ${l.name} | ${kb(l.bytes)} | ${l.rps.toFixed(0)} | ${l.p50} | ${l.p99} | ${l.errors} | ${l.cpuUs.toFixed(0)} | ${ratio === undefined ? '' : `${(ratio * 100).toFixed(0)}% ${ratio >= 0.6 ? '✅' : '❌'}`} | ${sameRatio === undefined ? '' : `${(sameRatio * 100).toFixed(0)}%`} |`;
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`;
  const lines = [
    '<!-- foundation:start -->',
    '## Sign-in, shell and API (issues 2 and 3)',
    '',
    `Machine: ${machine}. autocannon ${CONNECTIONS} connections, ${DURATION} s per route, server and load generator on the same machine.`,
    '',
    '| Measure | Value | Target |',
    '|---|---|---|',
    `| Login page JS | ${kb(sum('js', 'raw'))} raw, ${kb(sum('js', 'gzip'))} gzip (${loginFiles.filter((f) => f.type === 'js').length} files) | ≤ 150 KB gzip ${sum('js', 'gzip') <= 150 * 1024 ? '✅' : '❌'} |`,
    `| Login page CSS | ${kb(sum('css', 'raw'))} raw, ${kb(sum('css', 'gzip'))} gzip | |`,
    `| Server start to first response, new database (migrate + seed) | ${cold.ms.toFixed(0)} ms | |`,
    `| Server start to first response, existing database | ${warm.ms.toFixed(0)} ms | |`,
    `| Shell JS loaded after sign-in, beyond the login page | ${kb(shellJs.reduce((t, f) => t + f.raw, 0))} raw, ${kb(shellGzip)} gzip (${shellJs.length} files) | ≤ 120 KB gzip ${shellGzip <= 120 * 1024 ? '✅' : '❌'} |`,
    `| Sign-in click to server menus rendered | ${signInMs.toFixed(0)} ms | ≤ 300 ms ${signInMs <= 300 ? '✅' : '❌'} |`,
    `| Switch back to a cached tab (median of 5) | ${tabSwitchMs.toFixed(0)} ms | ≤ 50 ms ${tabSwitchMs <= 50 ? '✅' : '❌'} |`,
    '',
    "Target: each endpoint ≥ 60% of the bare route's requests/s. The last column compares it with a bare route sending a body of the same size, which separates what our code costs from what the bytes cost. Server CPU per request is read from /proc: where it is small, the load generator sharing the two cores, not the server, limits req/s.",
    '',
    '| Route | body | req/s | p50 ms | p99 ms | errors | server CPU µs/req | ratio to bare (target ≥ 60%) | ratio to bare, same body |',
    '|---|---|---|---|---|---|---|---|---|',
    row(bare),
    ...endpoints.map((e, i) => row(e, e.rps / bare.rps, e.rps / sameBytes[i]!.rps)),
    ...sameBytes.map((l) => row(l)),
    '<!-- foundation:end -->',
  ];
  const section = lines.join('\n');
  console.info(section);

  const docPath = join(root, 'docs/benchmarks.md');
  let doc: string;
  try {
    doc = readFileSync(docPath, 'utf8');
  } catch {
    doc = '# Benchmarks\n\nWritten by `npm run bench`; each section is replaced by its own run.\n\n';
  }
  doc = /<!-- foundation:start -->[\s\S]*<!-- foundation:end -->/.test(doc)
    ? doc.replace(/<!-- foundation:start -->[\s\S]*<!-- foundation:end -->/, section)
    : `${doc.trimEnd()}\n\n${section}\n`;
  writeFileSync(docPath, doc);
};

await main();
