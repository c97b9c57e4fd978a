import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { COMMON_STATUS, dict } from '../../test/dicts';
import { ok } from '../../test/http-stub';
import { stubPageTest } from '../../test/page-test';
import { renderPage } from '../../test/render-page';
import { OAuth2ClientPage } from './oauth2-client-page';

const stub = stubPageTest(
  (call) => {
    if (call.path.endsWith('/oauth2-client/page')) return ok({ list: [], total: 0 });
    if (call.path.endsWith('/oauth2-client/create')) return ok(9);
    return ok(true);
  },
  {
    dicts: [
      ...COMMON_STATUS,
      dict('system_oauth2_grant_type', 'authorization_code', '授权码模式'),
      dict('system_oauth2_grant_type', 'password', '密码模式'),
      dict('system_oauth2_grant_type', 'refresh_token', '刷新模式'),
    ],
  },
);

const ALL = ['query', 'create', 'update', 'delete'].map((a) => `system:oauth2-client:${a}`);
const OK = /^确\s*定$/;

describe('OAuth2 client page', { timeout: 60_000 }, () => {
  it('checks a new client before creating it: required fields, redirect addresses for redirecting grants, JSON', async () => {
    renderPage(<OAuth2ClientPage />, { permissions: ALL });
    // No pointer-events check and no role queries by name in the dialog: both compute styles
    // through jsdom, which is slow with a form this size.
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    expect(await screen.findByText('暂无 OAuth2 客户端')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /新增/ }));
    const dialog = await screen.findByRole('dialog');
    const field = (label: string) => within(dialog).getByLabelText(label);
    const fill = (label: string, text: string) => fireEvent.change(field(label), { target: { value: text } });
    const submit = () => user.click(within(dialog).getByText(OK).closest('button')!);
    /** Types a word into a tags select and ends it with Enter. */
    const tag = async (label: string, text: string) => {
      await user.click(field(label));
      await user.paste(text);
      await user.keyboard('{Enter}');
    };

    await submit();
    expect(await within(dialog).findByText('客户端编号不能为空')).toBeInTheDocument();
    for (const text of ['客户端密钥不能为空', '应用名不能为空', '授权类型不能为空'])
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    // Without a redirecting grant no address is needed.
    expect(within(dialog).queryByText('可重定向的 URI 地址不能为空')).toBeNull();

    fill('客户端编号', 'e2e crm');
    expect(await within(dialog).findByText('客户端编号只能包含字母、数字和 . _ ~ -')).toBeInTheDocument();
    fill('客户端编号', 'e2e-crm');
    fill('客户端密钥', 'crm-secret');
    fill('应用名', 'E2E 客户关系');
    await user.click(field('授权类型'));
    await user.click(await screen.findByTitle('授权码模式'));
    await user.click(await screen.findByTitle('刷新模式'));
    await submit();
    expect(await within(dialog).findByText('可重定向的 URI 地址不能为空')).toBeInTheDocument();

    await tag('可重定向的 URI 地址', 'https://crm.example.com/cb');
    await tag('授权范围', 'user.read');
    fill('附加信息', '{oops');
    await submit();
    expect(await within(dialog).findByText('附加信息必须是 JSON 格式')).toBeInTheDocument();
    expect(stub.callsTo('/oauth2-client/create')).toHaveLength(0);

    fill('附加信息', '{"owner":"e2e"}');
    await submit();
    await waitFor(() => expect(stub.callsTo('/oauth2-client/create')).toHaveLength(1));
    expect(stub.callsTo('/oauth2-client/create')[0]!.body).toMatchObject({
      clientId: 'e2e-crm',
      secret: 'crm-secret',
      name: 'E2E 客户关系',
      status: 0,
      accessTokenValiditySeconds: 1800,
      authorizedGrantTypes: ['authorization_code', 'refresh_token'],
      redirectUris: ['https://crm.example.com/cb'],
      scopes: ['user.read'],
      additionalInformation: '{"owner":"e2e"}',
    });
  });
});
