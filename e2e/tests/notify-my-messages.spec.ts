import { expect, test } from './fixtures';
import { SCREENSHOTS, expectMessage, signIn } from './helpers';
import { apiLogin, expectUnread, markAllRead, sendNotify } from './notify-helpers';

test.describe.configure({ mode: 'serial' });

test('my messages: filter, mark selected read, details mark read, mark all read', async ({
  page,
  request,
}) => {
  // Two fresh unread messages for admin, whatever earlier specs did (they may have left more than a
  // page of unread ones).
  const token = await apiLogin(request);
  await markAllRead(request, token);
  await sendNotify(request, token, 1, 'todo_reminder', { title: '审核本周报表' });
  await sendNotify(request, token, 1, 'system_maintenance', { time: '周日 02:00', duration: '1 小时' });

  await signIn(page, 'admin', 'admin123', '/user/notify-message');
  await expect(page).toHaveURL('/user/notify-message');
  const table = page.locator('.list-page:visible .ant-table');
  const rows = table.locator('tbody tr.ant-table-row');
  await expect(rows.first()).toContainText('系统将于 周日 02:00 进行升级维护');
  for (const header of ['发送人', '发送时间', '类型', '消息内容', '是否已读', '阅读时间', '操作'])
    await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
  const unreadBefore = 2;
  await expectUnread(page, unreadBefore);
  await page.screenshot({ path: `${SCREENSHOTS}notify-my-messages.png`, fullPage: true });

  // 是否已读 = 否
  await page.getByLabel('是否已读').click();
  await page.locator('.ant-select-dropdown').getByTitle('否').click();
  await page
    .locator('.list-search:visible')
    .getByRole('button', { name: /搜\s*索/ })
    .click();
  await expect(rows).toHaveCount(unreadBefore);

  // Select the newest and mark it read.
  await rows.first().getByRole('checkbox').check();
  await page.getByRole('button', { name: '标记已读' }).click();
  await expectMessage(page, '标记已读成功');
  await expectUnread(page, unreadBefore - 1);
  await expect(rows).toHaveCount(unreadBefore - 1);

  // 详情 of an unread message marks it read and shows it.
  await rows.first().getByRole('button', { name: '详情' }).click();
  const dialog = page.getByRole('dialog', { name: '站内信详情' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('审核本周报表');
  await expect(dialog.getByText('是', { exact: true })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}notify-my-detail.png` });
  await dialog.getByRole('button', { name: 'Close' }).or(dialog.getByLabel('Close')).first().click();
  await expectUnread(page, unreadBefore - 2);

  // 全部已读, then the reset filter shows everything read.
  await page.getByRole('button', { name: '全部已读' }).click();
  await expectMessage(page, '全部已读成功');
  await expectUnread(page, 0);
  await page
    .locator('.list-search:visible')
    .getByRole('button', { name: /重\s*置/ })
    .click();
  await expect(rows.first().locator('td').nth(5)).toHaveText('是');
  await expect(page.locator('.app-pagination')).toContainText('共');
});

test('the date range filter sends createTime and narrows the list', async ({ page }) => {
  await signIn(page, 'admin', 'admin123', '/user/notify-message');
  await expect(page).toHaveURL('/user/notify-message');
  const rows = page.locator('.list-page:visible tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  const asked = page.waitForRequest(
    (r) => r.url().includes('/my-page') && new URL(r.url()).searchParams.getAll('createTime').length === 2,
  );
  await page.getByPlaceholder('开始日期').click();
  await page.locator('.ant-picker-dropdown').getByText('今天', { exact: true }).click();
  await page
    .locator('.list-search:visible')
    .getByRole('button', { name: /搜\s*索/ })
    .click();
  const url = new URL((await asked).url());
  const [from, to] = url.searchParams.getAll('createTime');
  expect(from).toMatch(/^\d{4}-\d{2}-\d{2} 00:00:00$/);
  expect(to).toMatch(/^\d{4}-\d{2}-\d{2} 23:59:59$/);
  await expect(rows.first()).toBeVisible();
});
