import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { serverPort, serverUrl, WORKERS } from './servers';

const root = join(import.meta.dirname, '..');
const servers = Array.from({ length: WORKERS }, (_, index) => index);

export default defineConfig({
  testDir: './tests',
  // The pair's run keeps its own, so it does not replace what the single servers' run left.
  outputDir: join(root, process.env.E2E_PAIR ? 'test-results/pair' : 'test-results'),
  fullyParallel: false,
  // One server per worker (see tests/fixtures.ts): files spread over the workers, tests of a file
  // stay in order on one of them.
  workers: WORKERS,
  // CI runs the whole suite on two busy cores: a slow test gets 60 s and one more try there (a
  // retried pass is reported as flaky). Locally a test fails at once.
  retries: process.env.CI ? 1 : 0,
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL: serverUrl(0),
    locale: 'zh-CN',
    viewport: { width: 1280, height: 800 },
    // The console honours the system's less-motion setting: popups and dialogs open at once, so no
    // click lands on a popup still sliding in.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    // A trace snapshots the page at every step. Under CI a failure is retried, and the retry records
    // it; locally the failing run itself keeps one.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: servers.map((index) => ({
    // The built server and web app on a throwaway SQLite file, exactly as `npm start` runs them; with
    // E2E_PAIR=1, two of them on PostgreSQL and Redis behind a round-robin proxy (pair-server.ts).
    command: process.env.E2E_PAIR
      ? 'node --import tsx e2e/pair-server.ts'
      : 'node packages/server/dist/main.js',
    cwd: root,
    url: `${serverUrl(index)}/admin-api/system/tenant/get-id-by-name?name=x`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(serverPort(index)),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'admin-e2e-')),
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      // Specs sign in without the slider; sign-in-captcha.spec.ts starts a server with it on.
      CAPTCHA_ENABLED: 'false',
      // The pay journey's merchant is this server itself, on the loopback address.
      PAY_NOTIFY_ALLOWED_HOSTS: '127.0.0.1',
      // A private build can be served by pointing WEB_DIST at it.
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    },
  })),
});
