import { expect, test, type APIRequestContext } from './fixtures';
import { sidebar } from './helpers';
import { apiLogin } from './notify-helpers';

/** The code of the latest SMS to `mobile`, read from the SMS log as an administrator. */
const latestCode = async (request: APIRequestContext, mobile: string): Promise<string> => {
  const token = await apiLogin(request);
  const res = await request.get('/admin-api/system/sms-log/page', {
    headers: { 'tenant-id': '1', authorization: `Bearer ${token}` },
    params: { mobile, pageSize: '1' },
  });
  const body = (await res.json()) as {
    code: number;
    data: { list: { templateCode: string; templateParams: { code?: string } }[] };
  };
  expect(body.code).toBe(0);
  const [latest] = body.data.list;
  expect(latest?.templateCode).toBe('admin-sms-login');
  return String(latest?.templateParams.code);
};

test('SMS sign-in: ask for a code, wait out the countdown, sign in with the code', async ({
  page,
  request,
}) => {
  await page.goto('/index');
  await expect(page).toHaveURL(/\/login/);
  await page.getByRole('tab', { name: '短信验证码登录' }).click();
  const mobile = page.getByRole('textbox', { name: '手机号' });
  const code = page.getByRole('textbox', { name: '短信验证码' });

  // Checked before anything is sent.
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByText('请输入手机号')).toBeVisible();
  await mobile.fill('13999999999');
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('alert')).toContainText('手机号不存在');

  await mobile.fill(' 13800000000 ');
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('status')).toContainText('获取验证码成功');
  const countdown = page.getByRole('button', { name: /^\d+秒后可重新获取$/ });
  await expect(countdown).toBeDisabled();
  await expect(countdown).toHaveText(/^(60|59|58)秒后可重新获取$/);
  // It counts down second by second.
  await expect(countdown).toHaveText(/^(5[0-7])秒后可重新获取$/, { timeout: 5_000 });

  const sent = await latestCode(request, '13800000000');
  expect(sent).toMatch(/^\d{6}$/);

  await code.fill(sent === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.getByRole('alert')).toContainText('验证码不正确');

  await code.fill(sent);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL('/index');
  await expect(sidebar(page).getByText('系统管理', { exact: true })).toBeVisible();
  await expect(page.getByText('系统管理员').first()).toBeVisible();
});
