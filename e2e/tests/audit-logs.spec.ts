import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from './fixtures';
import { SCREENSHOTS, expectMessage, sidebar, signIn } from './helpers';

const OK = /确\s*定$/;
const SEARCH = /搜\s*索/;

/** Picks an option of the search form's select labelled `label`. */
const choose = async (page: Page, form: string, label: string, option: string) => {
  await page.locator(form).getByLabel(label).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
};

/** Today as both ends of the search form's date range. */
const today = async (page: Page, form: string) => {
  await page.locator(form).getByPlaceholder('开始日期').click();
  const cell = page.locator('.ant-picker-dropdown:visible .ant-picker-cell-today');
  await cell.first().click();
  await cell.first().click();
};

test('operate log: a write made in the UI is found with filters, shown in detail and exported', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // A retry creates a post of its own: names and codes are unique.
  const suffix = String(Date.now() % 1_000_000);
  const name = `审计岗位E2E${suffix}`;
  await signIn(page, 'admin', 'admin123', '/system/post');
  await expect(page).toHaveURL('/system/post');
  await page.getByRole('button', { name: '新增' }).click();
  const create = page.locator('.ant-modal').filter({ hasText: '添加岗位' });
  await create.getByLabel('岗位名称').fill(name);
  await create.getByLabel('岗位编码').fill(`audit_e2e_${suffix}`);
  await create.getByRole('button', { name: OK }).click();
  await expectMessage(page, '新增成功');

  const nav = sidebar(page);
  await nav.getByText('审计日志', { exact: true }).click();
  await nav.getByRole('link', { name: '操作日志' }).click();
  await expect(page).toHaveURL('/system/log/operate-log');
  const form = '.list-search:visible';
  const rows = page.locator('.list-page:visible .ant-table-tbody tr.ant-table-row');
  // The cached 岗位管理 page has a search form too: wait until this page's is the one on screen.
  await expect(page.locator(form).getByPlaceholder('请输入系统模块')).toBeVisible();
  // Operate-log rows are written in batches, within a second: search until the create's has landed.
  await expect(async () => {
    await page.locator(form).getByRole('button', { name: SEARCH }).click();
    await expect(rows.filter({ hasText: '创建岗位，返回编号' }).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });

  await page.locator(form).getByPlaceholder('请输入系统模块').fill('岗位');
  await page.locator(form).getByPlaceholder('请输入操作人员').fill('系统管理员');
  await choose(page, form, '类型', '新增');
  await choose(page, form, '状态', '成功');
  await today(page, form);
  const asked = page.waitForRequest((r) => {
    const params = new URL(r.url()).searchParams;
    return (
      r.url().includes('/operate-log/page') && params.get('type') === '2' && params.get('success') === 'true'
    );
  });
  await page.locator(form).getByRole('button', { name: SEARCH }).click();
  const params = new URL((await asked).url()).searchParams;
  expect(params.get('module')).toBe('岗位');
  expect(params.get('userNickname')).toBe('系统管理员');
  expect(params.getAll('startTime')).toHaveLength(2);

  // Newest first: the post just created.
  const mine = rows.first();
  await expect(mine).toContainText('创建岗位，返回编号');
  await expect(mine).toContainText('新增');
  await expect(mine).toContainText('系统管理员');
  await expect(mine).toContainText('成功');
  await page.screenshot({ path: `${SCREENSHOTS}operate-log-page.png` });

  await mine.getByRole('button', { name: '详细' }).click();
  const detail = page.locator('.ant-modal').filter({ hasText: '操作日志详细' });
  await expect(detail).toContainText('POST /admin-api/system/post/create');
  await expect(detail).toContainText('postCreate');
  // 请求参数, pretty-printed.
  await expect(detail.locator('pre').filter({ hasText: '"body": {' })).toContainText(`"name": "${name}"`);
  await page.screenshot({ path: `${SCREENSHOTS}operate-log-detail.png` });
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  await page.getByRole('button', { name: '导出' }).click();
  const download = page.waitForEvent('download');
  await page.locator('.ant-modal-confirm').getByRole('button', { name: OK }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('操作日志.xlsx');
  // An .xlsx is a zip archive.
  expect((await readFile(await file.path())).subarray(0, 2).toString()).toBe('PK');

  await page.locator(form).getByPlaceholder('请输入系统模块').fill('没有这个模块');
  await page.locator(form).getByRole('button', { name: SEARCH }).click();
  await expect(page.getByText('暂无操作日志')).toBeVisible();
});

test('login log: a wrong password is found among the failures', async ({ page }) => {
  await signIn(page, 'admin', 'wrong-e2e-pass');
  await expect(page.getByRole('alert').filter({ hasText: '登录失败，账号密码不正确' })).toBeVisible();
  await signIn(page, 'admin', 'admin123', '/system/log/login-log');
  await expect(page).toHaveURL('/system/log/login-log');
  const form = '.list-search:visible';
  const rows = page.locator('.list-page:visible .ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();

  await page.locator(form).getByPlaceholder('请输入用户名称').fill('admin');
  await choose(page, form, '状态', '失败');
  await today(page, form);
  await page.locator(form).getByRole('button', { name: SEARCH }).click();
  const failure = rows.first();
  await expect(failure).toContainText('账号或密码不正确');
  await expect(failure).toContainText('账号登录');
  await expect(failure).toContainText('admin');
  await expect(rows.filter({ hasText: '成功' })).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}login-log-page.png` });

  await failure.getByRole('button', { name: '详细' }).click();
  const detail = page.locator('.ant-modal').filter({ hasText: '登录日志详细' });
  await expect(detail).toContainText('账号或密码不正确');
  await expect(detail).toContainText('127.0.0.1');
  await page.screenshot({ path: `${SCREENSHOTS}login-log-detail.png` });
  await detail.getByRole('button', { name: '关 闭', exact: true }).click();
  await expect(detail).toBeHidden();

  await page.getByRole('button', { name: '导出' }).click();
  const download = page.waitForEvent('download');
  await page.locator('.ant-modal-confirm').getByRole('button', { name: OK }).click();
  expect((await download).suggestedFilename()).toBe('登录日志.xlsx');
});
