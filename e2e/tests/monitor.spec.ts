import type { ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { serverPort } from '../servers';
import { expect, test, type Page } from './fixtures';
import { SCREENSHOTS, signIn, startServer } from './helpers';

/** Screenshots at the desktop width and at a phone's. */
const shoot = async (page: Page, name: string) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${SCREENSHOTS}${name}.png` });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${SCREENSHOTS}${name}-375.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
};

/**
 * What one SQLite server without Redis shows of itself: its Redis notice, its process and the
 * statements it ran. The shared servers are such servers; behind the pair's proxy (E2E_PAIR) they are
 * two instances on PostgreSQL and Redis, so there these journeys start a single server of their own.
 */
test.describe('one server on its own', () => {
  const OWN_PORT = serverPort(0) + 12;
  let server: ChildProcess | undefined;
  if (process.env.E2E_PAIR) test.use({ baseURL: `http://127.0.0.1:${OWN_PORT}` });

  test.beforeAll(async () => {
    if (process.env.E2E_PAIR) server = await startServer(OWN_PORT);
  });
  test.afterAll(() => {
    server?.kill();
  });

  test('Redis 监控 explains that the server runs without Redis', async ({ page }) => {
    await signIn(page, 'admin', 'admin123', '/infra/redis');
    const notice = page.getByRole('alert').filter({ hasText: '本服务器未启用 Redis' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('REDIS_URL');
    await expect(notice).toContainText('访问令牌的缓存与吊销');
    await expect(notice).toContainText('WebSocket 消息在多个实例之间的转发');
    await shoot(page, 'redis-page');
  });

  test('服务监控 shows this instance live, and 数据库监控 the statements the pages caused', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signIn(page, 'admin', 'admin123', '/infra/admin-server');
    const value = (label: string) =>
      page.locator('th', { hasText: label }).first().locator('xpath=following-sibling::td[1]');
    await expect(value('进程号')).toHaveText(/^\d+$/);
    await expect(value('Node.js 版本')).toHaveText(/^v\d+\./);
    await expect(value('堆内存（已用/已分配）')).toHaveText(/^\d+\.\d MB \/ \d+\.\d MB$/);
    // The sign-in and the shell's own calls went through the request hook.
    await expect(value('接口请求（近 60 秒）')).toHaveText(/共 [1-9]\d* 次，p95 [\d.]+ ms/);
    await expect(value('数据库')).toHaveText('SQLite');
    await expect(value('数据库大小')).toHaveText(/^[\d.]+ (KB|MB)$/);
    await expect(page.getByRole('img', { name: /^进程 CPU 仪表盘：/ })).toBeVisible();
    // The page asks again every 5 seconds; the lines grow by a sample each time.
    await expect(page.getByRole('img', { name: 'CPU 使用率折线图：最近 2 次采样' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.locator('.monitor-page svg path').first()).toBeVisible();
    await shoot(page, 'server-monitor-page');

    await page.goto('/infra/druid');
    await expect(page.getByText(/共 \d+ 种语句/)).toBeVisible();
    await shoot(page, 'druid-page');
    await page.getByRole('textbox', { name: '筛选 SQL 语句' }).fill('system_menu');
    const menuShape = page.getByRole('row').filter({ hasText: /from "system_menu"/ });
    // The shell's menus, read at sign-in, are among the statements run.
    await expect(menuShape.first()).toBeVisible();

    await page.getByRole('button', { name: /重置/ }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '系统提示' });
    await expect(confirm).toContainText('是否确认清空全部 SQL 统计数据?');
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByText('重置成功')).toBeVisible();
    await expect(menuShape).toHaveCount(0);

    // Reading the menus again (菜单管理) brings the shape back.
    await page.goto('/system/menu');
    await expect(page.getByRole('cell', { name: '基础设施' }).first()).toBeVisible();
    await page.goto('/infra/druid');
    await page.getByRole('textbox', { name: '筛选 SQL 语句' }).fill('system_menu');
    await expect(menuShape.first()).toBeVisible();
  });
});

const REDIS = { host: '127.0.0.1', port: 6379 };
const redisAnswers = () =>
  new Promise<boolean>((resolve) => {
    const socket = connect(REDIS, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

test.describe('Redis 监控 with Redis', () => {
  // The shared servers run without Redis: this journey starts one of its own with REDIS_URL.
  const PORT = serverPort(0) + 11;
  let server: ChildProcess | undefined;

  test.beforeAll(async () => {
    // CI starts Redis (.ci/run), so there the journey always runs.
    test.skip(!process.env.CI && !(await redisAnswers()), 'Redis 未运行（127.0.0.1:6379）');
    server = await startServer(PORT, { REDIS_URL: `redis://${REDIS.host}:${REDIS.port}` });
  });
  test.afterAll(() => {
    server?.kill();
  });

  test('shows the basics, the command pie and the memory gauge of the running Redis', async ({ page }) => {
    await signIn(page, 'admin', 'admin123', `http://127.0.0.1:${PORT}/infra/redis`);
    const basics = page.locator('.ant-card').filter({ hasText: '基本信息' });
    await expect(basics).toBeVisible();
    const field = (label: string) =>
      basics
        .locator('.ant-descriptions-item-label', { hasText: label })
        .locator('+ .ant-descriptions-item-content');
    await expect(field('Redis 版本')).toHaveText(/^\d+\.\d+/);
    await expect(field('运行模式')).toHaveText('单机');
    await expect(field('端口')).toHaveText(String(REDIS.port));
    // This server's own connection is among the clients, and it has stored its sessions there.
    await expect(field('客户端数')).toHaveText(/^[1-9]\d*$/);
    await expect(field('Key 数量')).toHaveText(/^[1-9]\d*$/);
    await expect(page.getByRole('alert').filter({ hasText: '本服务器未启用 Redis' })).toHaveCount(0);
    // Both charts draw (echarts' SVG renderer) with their accessible names.
    await expect(
      page
        .getByRole('img', { name: /命令统计饼图/ })
        .locator('path')
        .first(),
    ).toBeAttached();
    await expect(
      page
        .getByRole('img', { name: /内存使用仪表盘/ })
        .locator('path')
        .first(),
    ).toBeAttached();
    await shoot(page, 'redis-page-running');
  });
});

test('系统接口 shows our OpenAPI document and tries a call as the signed-in user', async ({ page }) => {
  test.setTimeout(90_000);
  const external: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith('http://127.0.0.1')) external.push(request.url());
  });
  await signIn(page, 'admin', 'admin123', '/infra/swagger');
  const viewer = page.locator('.swagger-ui');
  const path = (method: string, value: string) =>
    viewer.locator(`.opblock-${method}:has(.opblock-summary-path[data-path="${value}"])`);
  // The viewer renders the operations in view only: the tag filter brings 认证 up.
  await viewer.getByPlaceholder('Filter by tag').fill('认证');
  await expect(path('post', '/system/auth/login')).toBeVisible({ timeout: 30_000 });

  const operation = path('get', '/system/auth/get-permission-info');
  await operation.locator('.opblock-summary').first().click();
  await operation.getByRole('button', { name: 'Try it out' }).click();
  await operation.getByRole('button', { name: 'Execute' }).click();
  // Answered for the signed-in admin: the token and the tenant went with the call.
  const body = operation.locator('.live-responses-table .response-col_description pre').first();
  await expect(body).toContainText('"code": 0');
  await expect(body).toContainText('"nickname": "系统管理员"');
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, 'swagger-page');
  expect(external).toEqual([]);
});
