import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from './fixtures';
import { api } from './bpm-runtime-helpers';
import { SCREENSHOTS, signIn } from './helpers';

interface TodoPage {
  total: number;
  list: { id: string; name: string; processInstance: { id: string; name: string } }[];
}

const signInToken = async (page: Page) => {
  const res = await page.request.post('/admin-api/system/auth/login', {
    headers: { 'tenant-id': '1' },
    data: { username: 'admin', password: 'admin123' },
  });
  return ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
};

test('首页 shows the to-do a new leave request brings, and the last 7 days in charts', async ({ page }) => {
  test.setTimeout(90_000);
  const token = await signInToken(page);
  const todo = () => api<TodoPage>(page.request, token, 'GET', '/bpm/task/todo-page?pageNo=1&pageSize=1');
  const before = (await todo()).total;

  // A leave of admin's: its first step, 领导审批, waits for admin (the leader of admin's department).
  const day = 86_400_000;
  const start = Date.now() + 30 * day;
  await api(page.request, token, 'POST', '/bpm/oa/leave/create', {
    type: 1,
    startTime: start,
    endTime: start + day,
    reason: '首页待办',
  });
  const after = await todo();
  expect(after.total).toBe(before + 1);
  const task = after.list[0]!;

  // The charts load (one request) once their section comes into view.
  const statistics = page.waitForResponse((r) => r.url().includes('/admin-api/system/home/statistics'));
  await signIn(page);
  await expect(page).toHaveURL('/index');
  await expect(page.getByLabel('待办任务', { exact: true })).toHaveText(String(before + 1));
  await expect(page.getByLabel('进行中的流程', { exact: true })).not.toHaveText('');
  await expect(page.getByLabel('未读消息', { exact: true })).toBeVisible();
  const todoCard = page.locator('.home-todo');
  // The five oldest are listed: on a fresh server the new task is among them.
  if (before < 5) {
    const link = todoCard.locator(`a[href="/bpm/process-instance/detail?id=${task.processInstance.id}"]`);
    await expect(link).toHaveText(`${task.processInstance.name}：${task.name}`);
  }
  await expect(page.locator('.home-processes').getByRole('link').first()).toBeVisible();

  await page.getByText('近 7 天', { exact: true }).scrollIntoViewIfNeeded();
  expect((await statistics).ok()).toBe(true);
  await expect(page.getByRole('img', { name: /^登录：登录次数 [1-9]\d*$/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /^接口请求：请求 [1-9]\d*，错误 \d+$/ })).toBeVisible();
  await expect(page.locator('.home-chart svg').first()).toBeVisible();

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SCREENSHOTS}home-page.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.locator('.home-chart svg').first()).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}home-page-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  if (before < 5) {
    await todoCard.locator(`a[href="/bpm/process-instance/detail?id=${task.processInstance.id}"]`).click();
    await expect(page).toHaveURL(`/bpm/process-instance/detail?id=${task.processInstance.id}`);
  }
});

test('表单构建 designs a form and exports its JSON', async ({ page }) => {
  await signIn(page, 'admin', 'admin123', '/infra/build');
  const designer = page.getByTestId('form-designer').and(page.locator(':visible'));
  const fields = designer.locator('.fjs-form .fjs-element .fjs-form-field');
  for (const type of ['textfield', 'number']) {
    const count = await fields.count();
    await designer.locator(`.fjs-palette-field[data-field-type="${type}"]`).focus();
    await page.keyboard.press('Enter');
    await expect(fields).toHaveCount(count + 1);
  }

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出 JSON' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('form.json');
  const schema = JSON.parse(await readFile(await file.path(), 'utf8')) as { components: { type: string }[] };
  expect(schema.components.map((c) => c.type)).toEqual(['textfield', 'number']);

  await page.getByRole('button', { name: '查看 JSON' }).click();
  await expect(page.getByTestId('form-json')).toContainText('"textfield"');
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${SCREENSHOTS}form-builder.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
});
