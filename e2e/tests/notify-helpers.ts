import { expect, type APIRequestContext, type Page } from './fixtures';

/** Signs in through the API and returns an access token (tenant 1). */
export const apiLogin = async (request: APIRequestContext, username = 'admin', password = 'admin123') => {
  const res = await request.post('/admin-api/system/auth/login', {
    headers: { 'tenant-id': '1' },
    data: { username, password },
  });
  const body = (await res.json()) as { code: number; msg: string; data: { accessToken: string } };
  expect(body.code, body.msg).toBe(0);
  return body.data.accessToken;
};

/** Sends an in-site message through the real send-notify endpoint (admin holds its permission). */
export const sendNotify = async (
  request: APIRequestContext,
  token: string,
  userId: number,
  templateCode: string,
  templateParams: Record<string, string>,
) => {
  const res = await request.post('/admin-api/system/notify-template/send-notify', {
    headers: { 'tenant-id': '1', authorization: `Bearer ${token}` },
    data: { userId, templateCode, templateParams },
  });
  const body = (await res.json()) as { code: number; msg: string; data: number };
  expect(body.code, body.msg).toBe(0);
  return body.data;
};

/** Marks all the caller's messages read (a spec that counts unread ones starts from none). */
export const markAllRead = async (request: APIRequestContext, token: string) => {
  const res = await request.put('/admin-api/system/notify-message/update-all-read', {
    headers: { 'tenant-id': '1', authorization: `Bearer ${token}` },
  });
  expect(((await res.json()) as { code: number }).code).toBe(0);
};

/** The caller's unread count as the server reports it. */
export const unreadCount = async (request: APIRequestContext, token: string) => {
  const res = await request.get('/admin-api/system/notify-message/get-unread-count', {
    headers: { 'tenant-id': '1', authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { data: number }).data;
};

/** The navbar's bell button. */
export const bell = (page: Page) => page.getByRole('button', { name: '站内信', exact: true });

/** The unread badge next to the bell (absent when the count is 0). */
export const bellBadge = (page: Page) => page.locator('.notify-bell .ant-badge-count');

/** Expects the bell's badge to read `count` (no badge for 0). */
export const expectUnread = async (page: Page, count: number, timeout?: number) => {
  if (count === 0) await expect(bellBadge(page)).toHaveCount(0, { timeout });
  else await expect(bellBadge(page)).toHaveAttribute('title', `${count} 条未读站内信`, { timeout });
};
