import { expect, test } from './fixtures';
import { SCREENSHOTS, signIn } from './helpers';
import { apiLogin, bell, bellBadge, expectUnread, sendNotify, unreadCount } from './notify-helpers';

test.describe.configure({ mode: 'serial' });

test('the bell shows the unread count; opening it lists the messages and clears the badge', async ({
  page,
  request,
}) => {
  // The seed gives admin three unread messages, and earlier specs (a pushed notice) add more: send
  // one of our own so that the newest is known.
  const token = await apiLogin(request);
  await sendNotify(request, token, 1, 'todo_reminder', { title: '铃铛列表' });
  const unread = await unreadCount(request, token);
  expect(unread).toBeGreaterThan(0);
  await signIn(page);
  await expect(page).toHaveURL('/index');
  await expectUnread(page, unread);
  await expect(bellBadge(page)).toHaveText(String(unread));
  await page.screenshot({
    path: `${SCREENSHOTS}notify-bell-badge.png`,
    clip: { x: 640, y: 0, width: 640, height: 60 },
  });

  const listed = page.waitForResponse((r) => r.url().includes('/system/notify-message/get-unread-list'));
  await bell(page).click();
  await listed;
  const popover = page.locator('.ant-popover').filter({ hasText: '查看全部' });
  await expect(popover).toBeVisible();
  const rows = popover.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(Math.min(unread, 10));
  // Newest first: sender, time, type as a dictionary tag, content.
  await expect(rows.first()).toContainText('工作提醒');
  await expect(rows.first()).toContainText('系统消息');
  await expect(rows.first()).toContainText('您有一条新的待办【铃铛列表】，请及时处理。');
  await expect(rows.first().locator('td').nth(1)).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  expect(Math.round((await popover.locator('.notify-bell-panel').boundingBox())!.width)).toBe(600);
  // The red dot clears once the list has been seen.
  await expectUnread(page, 0);
  await page.screenshot({ path: `${SCREENSHOTS}notify-bell-popover.png` });

  await popover.getByRole('button', { name: '查看全部' }).click();
  await expect(page).toHaveURL('/user/notify-message');
  await expect(page).toHaveTitle(/我的站内信|后台管理系统/);
});

test('a message created elsewhere reaches the open page through the live channel, without reloading', async ({
  page,
  request,
}) => {
  // The WebSocket connects as the layout loads (websocket.spec.ts covers the event stream fallback).
  const connected = page.waitForEvent('websocket', (ws) => ws.url().includes('/infra/ws?token='));
  const token = await apiLogin(request);
  const unread = await unreadCount(request, token);
  await signIn(page);
  await expect(page).toHaveURL('/index');
  await expectUnread(page, unread);
  await connected;
  const started = Date.now();
  await sendNotify(request, token, 1, 'todo_reminder', { title: '端到端推送' });
  // Far sooner than the 120 s poll.
  await expectUnread(page, unread + 1, 10_000);
  expect(Date.now() - started).toBeLessThan(10_000);
  await bell(page).click();
  const popover = page.locator('.ant-popover').filter({ hasText: '查看全部' });
  await expect(popover.locator('tr.ant-table-row').first()).toContainText(
    '您有一条新的待办【端到端推送】，请及时处理。',
  );
  await page.keyboard.press('Escape');
});
