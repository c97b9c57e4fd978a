import { expect, test, type Page } from './fixtures';
import { SCREENSHOTS, signIn } from './helpers';

/** Screenshots at the desktop width and at a phone's. */
const shoot = async (page: Page, name: string) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${SCREENSHOTS}${name}.png` });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${SCREENSHOTS}${name}-375.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
};

test('Redis 监控 explains that the server runs without Redis', async ({ page }) => {
  // The e2e servers run without REDIS_URL.
  await signIn(page, 'admin', 'admin123', '/infra/redis');
  const notice = page.getByRole('alert').filter({ hasText: '本服务器未启用 Redis' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('REDIS_URL');
  await expect(notice).toContainText('访问令牌的缓存与吊销');
  await expect(notice).toContainText('WebSocket 消息在多个实例之间的转发');
  await shoot(page, 'redis-page');
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
