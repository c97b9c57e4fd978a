import { expect, test, type Page } from './fixtures';
import { expectMessage, sidebar, signIn } from './helpers';

const OK = /确\s*定$/;

/** The admin's bearer token, signed in through the API. */
const adminToken = async (page: Page): Promise<string> => {
  const login = await page.request.post('/admin-api/system/auth/login', {
    headers: { 'tenant-id': '1' },
    data: { username: 'admin', password: 'admin123' },
  });
  return ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
};

/** Waits until a log page (rows are written in batches, within a second) lists a row of `url`. */
const untilLogged = async (page: Page, token: string, log: string, url: string) =>
  expect
    .poll(
      async () => {
        const res = await page.request.get(`/admin-api/infra/${log}/page`, {
          headers: { 'tenant-id': '1', authorization: `Bearer ${token}` },
          params: { requestUrl: url },
        });
        return ((await res.json()) as { data: { total: number } }).data.total;
      },
      { timeout: 10_000 },
    )
    .toBeGreaterThan(0);

/**
 * A process form whose one field nests components this deep: validating it overflows the call stack
 * (the server's recursion has no depth limit), the error every check misses and the error log catches.
 */
const DEPTH = 20_000;
const overDeepField = `${'{"components":['.repeat(DEPTH)}{}${']}'.repeat(DEPTH)}`;

test('error log: an unexpected error is logged, shown in detail and marked 已处理', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const accessToken = await adminToken(page);
  const failed = await page.request.post('/admin-api/bpm/form/create', {
    headers: { 'tenant-id': '1', authorization: `Bearer ${accessToken}` },
    data: { name: '错误日志E2E', status: 0, conf: '{}', fields: [overDeepField] },
  });
  // The client learns nothing of the error but that there was one.
  expect(await failed.json()).toEqual({ code: 500, msg: '系统异常', data: null });

  await untilLogged(page, accessToken, 'api-error-log', '/bpm/form/create');
  await signIn(page, 'admin', 'admin123', '/index');
  const nav = sidebar(page);
  await nav.getByText('基础设施', { exact: true }).click();
  await nav.getByText('API 日志', { exact: true }).click();
  await nav.getByRole('link', { name: '错误日志' }).click();
  await expect(page).toHaveURL('/infra/log/api-error-log');

  const rows = page.locator('.list-page:visible .ant-table-tbody tr.ant-table-row');
  const mine = rows.filter({ hasText: '/admin-api/bpm/form/create' }).first();
  await expect(mine).toContainText('RangeError');
  await expect(mine).toContainText('未处理');

  await mine.getByRole('button', { name: '详细' }).click();
  const detail = page.locator('.ant-modal').filter({ hasText: '错误日志详细' });
  await expect(detail).toContainText('POST /admin-api/bpm/form/create');
  await expect(detail).toContainText('Maximum call stack size exceeded');
  await expect(detail.locator('pre').filter({ hasText: 'RangeError' })).toContainText('at ');
  await page.screenshot({ path: testInfo.outputPath('api-error-log-detail.png') });
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  await mine.getByRole('button', { name: '已处理' }).click();
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText('确认标记为已处理?');
  await confirm.getByRole('button', { name: OK }).click();
  await expectMessage(page, '修改成功');
  await expect(mine.locator('.ant-tag').filter({ hasText: '已处理' })).toBeVisible();
  await expect(mine.locator('.ant-tag').filter({ hasText: '未处理' })).toHaveCount(0);
  await expect(mine.getByRole('button', { name: '已处理' })).toHaveCount(0);
  await expect(mine.getByRole('button', { name: '已忽略' })).toHaveCount(0);
  // The status column is beyond the 操作 column at this width: scroll the table to it.
  await page
    .locator('.list-page:visible .ant-table-content')
    .evaluate((el) => (el.scrollLeft = el.scrollWidth));
  await page.screenshot({ path: testInfo.outputPath('api-error-log-page.png') });
});

test('access log: the requests of the session are listed, searched and shown in detail', async ({
  page,
}, testInfo) => {
  // The shell asks for the permission info on every start: a request of the session.
  await signIn(page, 'admin', 'admin123', '/index');
  await untilLogged(page, await adminToken(page), 'api-access-log', '/get-permission-info');
  await page.goto('/infra/log/api-access-log');
  const form = page.locator('.list-search:visible');
  const rows = page.locator('.list-page:visible .ant-table-tbody tr.ant-table-row');
  await form.getByPlaceholder('请输入请求地址').fill('get-permission-info');
  await form.getByRole('button', { name: /搜\s*索/ }).click();
  const mine = rows.first();
  await expect(mine).toContainText('/admin-api/system/auth/get-permission-info');
  await expect(mine).toContainText('成功');
  await page.screenshot({ path: testInfo.outputPath('api-access-log-page.png') });

  await mine.getByRole('button', { name: '详细' }).click();
  const detail = page.locator('.ant-modal').filter({ hasText: '访问日志详细' });
  await expect(detail).toContainText('GET /admin-api/system/auth/get-permission-info');
  await expect(detail).toContainText('结果码 0');
  await page.screenshot({ path: testInfo.outputPath('api-access-log-detail.png') });
});
