import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFeedback, ok, stubHttp } from '../../../test/http-stub';
import { LoginPage } from '../login-page';
import { aesEcbEncrypt } from './aes-ecb';

const TOKENS = { userId: 1, accessToken: 'access-1', refreshToken: 'refresh-1', expiresTime: 0 };
const KEY = 'AbCdEfGhIjKlMnOp';
const LOGIN = '/admin-api/system/auth/login';

let stub: ReturnType<typeof stubHttp>;
/** Bodies sent to the captcha endpoints, and what `check` answers next. */
let captchaCalls: { path: string; body: Record<string, string> }[];
let checkAnswers: { repCode: string; repMsg: string | null; success: boolean }[];

const puzzle = (token: string) => ({
  repCode: '0000',
  repMsg: null,
  success: true,
  repData: { token, secretKey: KEY, originalImageBase64: 'AAAA', jigsawImageBase64: 'AAAA', result: false },
});

beforeEach(() => {
  mockFeedback();
  captchaCalls = [];
  checkAnswers = [];
  let issued = 0;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const path = new URL(url, 'http://localhost').pathname;
    const body = JSON.parse(String(init.body)) as Record<string, string>;
    captchaCalls.push({ path, body });
    const answer = path.endsWith('/get') ? puzzle(`token-${++issued}`) : checkAnswers.shift();
    return new Response(JSON.stringify(answer), { status: 200 });
  });
  stub = stubHttp((call) =>
    call.path.endsWith('/captcha/enabled') ? ok(true) : ok(call.path === LOGIN ? TOKENS : 1),
  );
  const router = createMemoryRouter(
    [
      { path: '/login', Component: LoginPage },
      { path: '/', element: <div>根页面</div> },
    ],
    { initialEntries: ['/login'] },
  );
  render(<RouterProvider router={router} />);
});
afterEach(() => {
  stub.restore();
  vi.unstubAllGlobals();
});

const submit = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(screen.getByRole('textbox', { name: '账号' }), 'admin');
  await user.type(screen.getByLabelText('密码', { exact: true }), 'admin123{Enter}');
  return screen.findByRole('dialog', { name: '请完成安全验证' });
};

describe('slider captcha on the login page', () => {
  it('asks for the puzzle first, then signs in with the verification of the move', async () => {
    const user = userEvent.setup();
    await submit(user);
    expect(stub.calls.some((call) => call.path === LOGIN)).toBe(false);
    const slider = await screen.findByRole('slider', { name: /拖动滑块完成拼图/ });
    await waitFor(() => expect(slider).toHaveFocus());
    checkAnswers.push({ repCode: '0000', repMsg: null, success: true });
    await user.keyboard('{ArrowRight}{ArrowRight}{Shift>}{ArrowRight}{/Shift}{Enter}');

    expect(await screen.findByRole('status')).toHaveTextContent('验证成功');
    expect(await screen.findByText('根页面')).toBeInTheDocument();
    const pointJson = '{"x":12,"y":5}';
    expect(captchaCalls[1]).toEqual({
      path: '/admin-api/system/captcha/check',
      body: { captchaType: 'blockPuzzle', token: 'token-1', pointJson: await aesEcbEncrypt(pointJson, KEY) },
    });
    const login = stub.calls.find((call) => call.path === LOGIN)!;
    expect(login.body).toEqual({
      username: 'admin',
      password: 'admin123',
      captchaVerification: await aesEcbEncrypt(`token-1---${pointJson}`, KEY),
    });
  });

  it('shows a failed check and loads a new puzzle; the close button gives up', async () => {
    const user = userEvent.setup();
    await submit(user);
    const slider = await screen.findByRole('slider');
    await waitFor(() => expect(slider).toHaveFocus());
    checkAnswers.push({ repCode: '6111', repMsg: '验证失败', success: false });
    await user.keyboard('{End}{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('验证失败');
    await waitFor(() => expect(captchaCalls.filter((c) => c.path.endsWith('/get'))).toHaveLength(2));
    await waitFor(() => expect(screen.getByRole('slider')).toHaveAttribute('aria-valuenow', '0'));

    await user.click(screen.getByRole('button', { name: '刷新验证码' }));
    await waitFor(() => expect(captchaCalls.filter((c) => c.path.endsWith('/get'))).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: '关闭验证' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(stub.calls.some((call) => call.path === LOGIN)).toBe(false);
  });
});
