import { expect, type APIRequestContext } from './fixtures';
import { apiLogin } from './notify-helpers';

/** Calls the member API of tenant 1 as a storefront would; the raw envelope. */
export const appApi = async (
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
  token?: string,
) => {
  const res = await request.fetch(`/app-api${path}`, {
    method,
    headers: { 'tenant-id': '1', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { data: body }),
  });
  return (await res.json()) as { code: number; msg: string; data: unknown };
};

/** The code of the latest SMS to `mobile`, read from the SMS log as an administrator. */
const latestCode = async (request: APIRequestContext, mobile: string): Promise<string> => {
  const token = await apiLogin(request);
  const res = await request.get('/admin-api/system/sms-log/page', {
    headers: { 'tenant-id': '1', authorization: `Bearer ${token}` },
    params: { mobile, pageSize: '1' },
  });
  const body = (await res.json()) as {
    data: { list: { templateCode: string; templateParams: { code?: string } }[] };
  };
  const [latest] = body.data.list;
  expect(latest?.templateCode).toBe('user-sms-login');
  return String(latest?.templateParams.code);
};

/** Registers (or signs in) the member of `mobile` by SMS code, as a storefront does; their token. */
export const smsSignIn = async (request: APIRequestContext, mobile: string): Promise<string> => {
  expect((await appApi(request, 'POST', '/member/auth/send-sms-code', { mobile, scene: 1 })).code).toBe(0);
  const login = await appApi(request, 'POST', '/member/auth/sms-login', {
    mobile,
    code: await latestCode(request, mobile),
  });
  expect(login.code, login.msg).toBe(0);
  return (login.data as { accessToken: string }).accessToken;
};
