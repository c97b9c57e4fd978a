import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../test/http-stub';
import type { StubCall } from '../../test/http-stub';
import { stubPageTest } from '../../test/page-test';
import { renderPage } from '../../test/render-page';
import { SsoPage } from './sso-page';

/** What the server answers, set per test. */
let answer: { auto: unknown; info: unknown; consent: unknown };

const page = stubPageTest((call: StubCall) => {
  if (!call.path.endsWith('/system/oauth2/authorize')) return ok(null);
  if (call.method === 'GET') return answer.info;
  const body = call.body as { auto_approve: string };
  return body.auto_approve === 'true' ? answer.auto : answer.consent;
});

// The application's return address with the code, as the server answers it. The page sends the
// browser there (jsdom implements no such navigation: the page's 返回 message shows it went).
const back = (code: string) => `https://app.example.com/callback?code=${code}&state=st-1`;
const LEAVING = '授权成功，正在返回应用…';

const INFO = ok({
  client: { name: 'E2E 商城', logo: '' },
  scopes: [
    { key: 'user.read', value: false },
    { key: 'user.write', value: false },
    { key: 'other.scope', value: true },
  ],
});

const query = (params: Record<string, string>) => `/sso?${new URLSearchParams(params)}`;
const ASK = {
  response_type: 'code',
  client_id: 'e2e-app',
  redirect_uri: 'https://app.example.com/callback',
  state: 'st-1',
  scope: 'user.read user.write',
};

const open = (params: Record<string, string> = ASK) =>
  renderPage(<SsoPage />, {
    path: '/sso',
    address: query(params),
    routes: [{ path: '/index', element: <p>首页内容</p> }],
  });

const card = () => screen.getByRole('region', { name: '三方授权' });
const consents = () =>
  page.callsTo('/system/oauth2/authorize').filter((call) => call.method === 'POST') as (StubCall & {
    body: Record<string, string>;
  })[];

describe('/sso consent', () => {
  it('shows the application and the scopes asked for; 同意授权 needs a checked scope and sends every scope’s answer', async () => {
    answer = { auto: ok(null), info: INFO, consent: ok(back('approved')) };
    const { user } = open();
    expect(await within(card()).findByText('三方授权（E2E 商城）')).toBeInTheDocument();
    expect(card()).toHaveTextContent('此第三方应用请求获得以下权限：');
    // Only the scopes in the address are offered, none checked yet.
    const read = within(card()).getByRole('checkbox', { name: '访问你的个人信息' });
    const write = within(card()).getByRole('checkbox', { name: '修改你的个人信息' });
    expect(within(card()).getAllByRole('checkbox')).toHaveLength(2);
    expect(read).not.toBeChecked();
    const approve = within(card()).getByRole('button', { name: '同意授权' });
    expect(approve).toBeDisabled();
    expect(card()).toHaveTextContent('请至少选择一项权限后再同意授权');
    // The automatic try came first and asked for every scope of the address.
    expect(consents()[0]!.body).toMatchObject({
      auto_approve: 'true',
      client_id: 'e2e-app',
      state: 'st-1',
      scope: JSON.stringify({ 'user.read': true, 'user.write': true }),
    });
    expect(Object.fromEntries(page.callsTo('/system/oauth2/authorize')[1]!.query)).toEqual({
      clientId: 'e2e-app',
    });

    await user.click(read);
    expect(write).not.toBeChecked();
    expect(approve).toBeEnabled();
    await user.click(approve);
    expect(await screen.findByText(LEAVING)).toBeInTheDocument();
    expect(consents()[1]!.body).toEqual({
      response_type: 'code',
      client_id: 'e2e-app',
      redirect_uri: 'https://app.example.com/callback',
      auto_approve: 'false',
      state: 'st-1',
      scope: JSON.stringify({ 'user.read': true, 'user.write': false }),
    });
  });

  it('an earlier approval goes straight back to the application without asking', async () => {
    answer = { auto: ok(back('auto')), info: INFO, consent: ok(null) };
    open({ ...ASK, scope: 'user.read' });
    expect(await screen.findByText(LEAVING)).toBeInTheDocument();
    expect(page.callsTo('/system/oauth2/authorize').filter((call) => call.method === 'GET')).toHaveLength(0);
  });

  it('checks the scopes approved before; 拒绝 answers every scope with no', async () => {
    answer = {
      auto: ok(null),
      info: ok({
        client: { name: 'E2E 商城', logo: '' },
        scopes: [
          { key: 'user.read', value: true },
          { key: 'user.write', value: false },
        ],
      }),
      consent: ok(back('denied')),
    };
    // Without scope in the address, every scope of the client is offered (and no automatic try).
    const { user } = open({ ...ASK, scope: '' });
    const read = await within(card()).findByRole('checkbox', { name: '访问你的个人信息' });
    expect(read).toBeChecked();
    expect(consents()).toHaveLength(0);
    await user.click(within(card()).getByRole('button', { name: '拒绝' }));
    expect(await screen.findByText(LEAVING)).toBeInTheDocument();
    expect(consents()[0]!.body).toMatchObject({
      auto_approve: 'false',
      scope: JSON.stringify({ 'user.read': false, 'user.write': false }),
    });
  });

  it('says why it cannot authorize: missing parameters, a refusal of the server, a bad return address', async () => {
    answer = { auto: ok(null), info: INFO, consent: ok(null) };
    const { view } = open({ response_type: 'code', redirect_uri: 'https://app.example.com/callback' });
    expect(await screen.findByText('无法完成授权')).toBeInTheDocument();
    expect(
      screen.getByText('授权参数不完整：需要 response_type、client_id 和 redirect_uri'),
    ).toBeInTheDocument();
    expect(page.calls).toHaveLength(0);
    view.unmount();

    answer = {
      auto: fail(1_002_020_004, '无效 redirect_uri: https://app.example.com/evil'),
      info: INFO,
      consent: ok(null),
    };
    const refused = open({ ...ASK, redirect_uri: 'https://app.example.com/evil' });
    expect(await screen.findByText('无效 redirect_uri: https://app.example.com/evil')).toBeInTheDocument();
    expect(screen.getByText('无法完成授权')).toBeInTheDocument();
    refused.view.unmount();

    answer = { auto: ok('javascript:alert(1)'), info: INFO, consent: ok(null) };
    const { user, router } = open();
    expect(await screen.findByText('授权返回的跳转地址不正确')).toBeInTheDocument();
    expect(screen.queryByText(LEAVING)).toBeNull();
    await user.click(screen.getByRole('button', { name: '返回首页' }));
    expect(router.state.location.pathname).toBe('/index');
    expect(await screen.findByText('首页内容')).toBeInTheDocument();
  });
});
