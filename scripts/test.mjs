// `npm test`: lint, typecheck, unit/component/API tests (Vitest), build, end-to-end tests (Playwright).
// Every step runs even after a failure; the last line is `N passed, N failed` (checks and tests together).
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from './build.mjs';
import { bin, run } from './lib.mjs';

const only = process.argv.slice(2);
/** The folders whose TypeScript import graph lint checks (as `npm run lint`). */
const GRAPH = ['packages', 'e2e', 'bench'];
const results = [];
let passed = 0;
let failed = 0;
let skipped = 0;
/** The failed tests by name, printed again beside the totals: a log cut to its tail still names them. */
const failures = [];

/**
 * Runs one step and records its counts. `fn` gets the array that collects its commands' output when
 * the step runs beside another (printed once it ends), or undefined to let the output through.
 */
const check = async (name, fn, output) => {
  if (only.length && !only.includes(name)) return;
  if (!output) console.info(`\n━━ ${name} ━━`);
  const startedAt = Date.now();
  const outcome = await fn(output);
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  if (output) process.stdout.write(`\n━━ ${name} ━━\n${Buffer.concat(output).toString()}`);
  if (typeof outcome === 'number') {
    // A plain check: one pass or one fail.
    if (outcome === 0) passed += 1;
    else failed += 1;
    results.push(`${name}: ${outcome === 0 ? '通过' : '失败'} (${seconds}s)`);
  } else {
    passed += outcome.passed;
    failed += outcome.failed;
    skipped += outcome.skipped;
    failures.push(...outcome.failures.map((test) => `${name}: ${test}`));
    results.push(
      `${name}: ${outcome.passed} 通过, ${outcome.failed} 失败, ${outcome.skipped} 跳过 (${seconds}s)`,
    );
  }
};

const reportDir = mkdtempSync(join(tmpdir(), 'admin-test-'));

/** Counts from a runner's JSON report; a missing report (the runner crashed) counts as one failure. */
const counts = (file, read, code) => {
  if (!existsSync(file))
    return { passed: 0, failed: 1, skipped: 0, failures: ['（没有报告：测试进程崩溃）'] };
  const c = read(JSON.parse(readFileSync(file, 'utf8')));
  // A runner that failed without a failing test (a crash in setup, no test run) is a failure too.
  return code !== 0 && c.failed === 0
    ? { ...c, failed: 1, failures: [...c.failures, `（退出码 ${code}，没有失败的测试）`] }
    : c;
};

// The import graph (feature and module boundaries, cycles) is .dependency-cruiser.mjs. The copy-paste
// limit is .jscpd.json (JSON without comments): web/src outside tests held 0.82% duplicated lines
// (20 clones) when it was set to 1%, after the pages moved onto shared/crud's columns, 操作 column,
// dict inputs and form rules; lower it again as repetition goes.
const lint = async (output) =>
  (await run(bin('eslint'), ['.'], { output })) ||
  (await run(bin('depcruise'), ['-c', '.dependency-cruiser.mjs', '--output-type', 'err', ...GRAPH], {
    output,
  })) ||
  (await run(bin('jscpd'), [], { output })) ||
  (await run(bin('prettier'), ['--check', '.', '--log-level', 'warn'], { output }));

const typecheck = async (output) => {
  for (const args of [
    ['-b', 'packages/contract', 'packages/server'],
    ['-p', 'packages/server/tsconfig.test.json'],
    ['-p', 'packages/web', '--noEmit'],
    ['-p', 'e2e', '--noEmit'],
    ['-p', 'bench', '--noEmit'],
  ]) {
    if ((await run(bin('tsc'), args, { output })) !== 0) return 1;
  }
  return 0;
};

// Both are single-threaded: side by side they take the time of the longer one on two cores.
await Promise.all([check('lint', lint, []), check('typecheck', typecheck, [])]);

await check('unit', async () => {
  const file = join(reportDir, 'vitest.json');
  const reporters = ['--reporter=default', '--reporter=./scripts/vitest-summary.mjs'];
  const env = { ...process.env, VITEST_SUMMARY: file };
  return counts(file, (summary) => summary, await run(bin('vitest'), ['run', ...reporters], { env }));
});

await check('build', build);

/** `file:line › title` of each test in a Playwright report that failed on every try. */
const unexpectedTests = (suites = []) =>
  suites.flatMap((suite) => [
    ...suite.specs.flatMap((spec) =>
      spec.tests.some((t) => t.status === 'unexpected') ? [`${spec.file}:${spec.line} › ${spec.title}`] : [],
    ),
    ...unexpectedTests(suite.suites),
  ]);

/** Playwright over `specs` (all when empty), with `env` added; counted from its JSON report. */
const playwright = async (name, specs, env = {}) => {
  const file = join(reportDir, `${name}.json`);
  const code = await run(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts', ...specs], {
    env: { ...process.env, ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: file },
  });
  return counts(
    file,
    (r) => ({
      passed: r.stats.expected + r.stats.flaky,
      failed: r.stats.unexpected,
      skipped: r.stats.skipped,
      failures: unexpectedTests(r.suites),
    }),
    code,
  );
};

await check('e2e', () => playwright('e2e', []));

// The journeys whose state several instances share (sessions, permission, dictionary and tenant
// caches, the scheduler, notices pushed to the bell), again against two instances on PostgreSQL and
// Redis behind a round-robin proxy. `npm run test:e2e:pair` runs every journey so.
const PAIR_JOURNEYS = [
  'sign-in',
  'sign-in-tenant',
  'user-management',
  'role-management',
  'dict-management',
  'tenant-management',
  'job',
  'notify-bell',
  'websocket',
].map((name) => `e2e/tests/${name}.spec.ts`);
await check('e2e-pair', () => playwright('e2e-pair', PAIR_JOURNEYS, { E2E_PAIR: '1' }));

console.info(`\n${results.join('\n')}`);
if (failures.length > 0) console.info(`失败的测试：\n${failures.map((test) => `  ${test}`).join('\n')}`);
console.info(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 ? 0 : 1);
