import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { SCREENSHOTS, signIn } from './helpers';
import { apiLogin, expectUnread, sendNotify, unreadCount } from './notify-helpers';

test.describe.configure({ mode: 'serial' });

const OPERATOR_ROLE = 2;
/** 基础设施 and its WebSocket 测试 page (migration 025). */
const WEBSOCKET_MENUS = [2, 2745];
const PAGE_PATH = '/infra/websocket';

const call = async (
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  data?: unknown,
) => {
  const res = await request.fetch(`/admin-api${path}`, {
    method,
    headers: { 'tenant-id': '1', authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  const body = (await res.json()) as { code: number; msg: string; data: unknown };
  expect(body.code, body.msg).toBe(0);
  return body.data;
};

const assignOperatorMenus = (request: APIRequestContext, token: string, menuIds: number[]) =>
  call(request, token, 'POST', '/system/permission/assign-role-menu', { roleId: OPERATOR_ROLE, menuIds });

const status = (page: Page) => page.locator('.websocket-page__status');
const messages = (page: Page) => page.getByRole('list', { name: '收到的消息' }).getByRole('listitem');

const send = async (page: Page, to: string, text: string) => {
  await page.getByRole('combobox', { name: '发给谁' }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(to, { exact: true }).click();
  await page.getByRole('textbox', { name: '消息内容' }).fill(text);
  await page.getByRole('button', { name: /发\s*送/ }).click();
};

test('admin sends to the operator and to everyone; each page lists what reaches it', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  // The operator's role gets the page for this test only (the seed's role holds part of 系统管理).
  const admin = await apiLogin(request);
  const before = (await call(
    request,
    admin,
    'GET',
    `/system/permission/list-role-menus?roleId=${OPERATOR_ROLE}`,
  )) as number[];
  await assignOperatorMenus(request, admin, [...new Set([...before, ...WEBSOCKET_MENUS])]);
  const operatorContext = await browser.newContext({ baseURL: baseURL! });
  try {
    const operatorPage = await operatorContext.newPage();
    await signIn(operatorPage, 'operator', 'operator123', PAGE_PATH);
    await signIn(page, 'admin', 'admin123', PAGE_PATH);
    await expect(page.getByRole('heading', { name: '404' })).toHaveCount(0);
    await expect(status(page)).toContainText('已连接');
    await expect(status(operatorPage)).toContainText('已连接');
    await expect(page.getByText('暂无消息')).toBeVisible();

    await send(page, '运营专员', '你好，运营专员');
    await expect(messages(operatorPage)).toHaveCount(1);
    await expect(messages(operatorPage).first()).toContainText('单发');
    // The operator's data scope (its department) may not list the admin: then the sender's id shows.
    await expect(messages(operatorPage).first()).toContainText(/来自：(系统管理员|用户编号 1)/);
    await expect(messages(operatorPage).first()).toContainText('你好，运营专员');
    // A message to one user reaches that user only.
    await expect(page.getByText('暂无消息')).toBeVisible();

    await send(page, '所有人', '大家好');
    for (const p of [page, operatorPage]) {
      await expect(messages(p).first()).toContainText('群发');
      await expect(messages(p).first()).toContainText('大家好');
    }
    await send(operatorPage, '所有人', '收到，谢谢');
    await expect(messages(page).first()).toContainText('来自：运营专员');
    await expect(messages(page).first()).toContainText('收到，谢谢');
    await expect(messages(page)).toHaveCount(2);
    await expect(messages(operatorPage)).toHaveCount(3);
    await expect(page.getByRole('textbox', { name: '消息内容' })).toHaveValue('');
    await send(page, '系统管理员', '也发给自己');
    await expect(messages(page).first()).toContainText('单发');

    // 通知公告 › 推送 reaches every page of the tenant.
    const notice = { title: 'WebSocket 公告', type: 1, content: '<p>今晚维护</p>', status: 0 };
    const id = (await call(request, admin, 'POST', '/system/notice/create', notice)) as number;
    await call(request, admin, 'POST', `/system/notice/push?id=${id}`);
    for (const p of [page, operatorPage]) {
      await expect(messages(p).first()).toContainText('公告推送');
      await expect(messages(p).first()).toContainText('【公告】WebSocket 公告');
    }
    await expect(messages(page)).toHaveCount(4);
    await page.screenshot({ path: `${SCREENSHOTS}websocket-page.png`, animations: 'disabled' });

    await page.getByRole('button', { name: /断\s*开/ }).click();
    await expect(status(page)).toContainText('已断开');
    await expect(page.getByRole('button', { name: /发\s*送/ })).toBeDisabled();
    await page.getByRole('button', { name: /连\s*接/ }).click();
    await expect(status(page)).toContainText('已连接');
    await page.getByRole('button', { name: '清空消息' }).click();
    await expect(page.getByText('暂无消息')).toBeVisible();
  } finally {
    await operatorContext.close();
    await assignOperatorMenus(request, admin, before);
  }
});

test('the bell follows the unread count over the WebSocket, and over the event stream without one', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const token = await apiLogin(request);
  let streams = 0;
  page.on('request', (r) => void (r.url().includes('/unread-count-stream') && (streams += 1)));
  const socket = page.waitForEvent('websocket', (ws) => ws.url().includes('/infra/ws?token='));
  const unread = await unreadCount(request, token);
  await signIn(page);
  await expectUnread(page, unread);
  await socket;
  await sendNotify(request, token, 1, 'todo_reminder', { title: 'WebSocket 推送' });
  await expectUnread(page, unread + 1, 10_000);
  expect(streams).toBe(0);

  // A browser without WebSocket: today's event stream.
  const context = await browser.newContext({ baseURL: baseURL! });
  try {
    const old = await context.newPage();
    await old.addInitScript(() => {
      Reflect.deleteProperty(window, 'WebSocket');
    });
    const streaming = old.waitForResponse((r) => r.url().includes('/unread-count-stream'));
    await signIn(old);
    await expectUnread(old, unread + 1);
    await streaming;
    await sendNotify(request, token, 1, 'todo_reminder', { title: '事件流推送' });
    await expectUnread(old, unread + 2, 10_000);
  } finally {
    await context.close();
  }
});
