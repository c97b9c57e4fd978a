import type { SocialClient } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { COMMON_STATUS, dict, numbered } from '../../test/dicts';
import { ok } from '../../test/http-stub';
import { stubPageTest } from '../../test/page-test';
import { renderPage } from '../../test/render-page';
import { SocialClientPage } from './social-client-page';

const created = new Date(2026, 10, 20, 8, 0, 0).getTime();
const client: SocialClient = {
  id: 5,
  name: '统一认证',
  socialType: 90,
  userType: 2,
  clientId: 'portal',
  agentId: null,
  status: 0,
  authorizeUrl: 'https://sso.example.com/oauth2/authorize',
  tokenUrl: 'https://sso.example.com/oauth2/token',
  userInfoUrl: 'https://sso.example.com/oauth2/userinfo',
  scope: 'openid',
  createTime: created,
};

const stub = stubPageTest(
  (call) => {
    if (call.path.endsWith('/social-client/page'))
      return ok(call.query.get('name') === 'none' ? { list: [], total: 0 } : { list: [client], total: 1 });
    if (call.path.endsWith('/social-client/get')) return ok(client);
    if (call.path.endsWith('/social-client/create')) return ok(6);
    return ok(true);
  },
  {
    dicts: [
      ...COMMON_STATUS,
      ...numbered('user_type', ['会员', '管理员']),
      dict('system_social_type', '10', '码云'),
      dict('system_social_type', '20', '钉钉'),
      dict('system_social_type', '30', '企业微信'),
      dict('system_social_type', '90', '通用 OAuth 2.0'),
    ],
  },
);
const calls = stub.callsTo;

const setup = (element: ReactElement, permissions: string[] = []) =>
  renderPage(element, { permissions }).user;

const OK = /确\s*定/;

describe('social client page', { timeout: 30_000 }, () => {
  const ALL = ['query', 'create', 'update', 'delete'].map((a) => `system:social-client:${a}`);

  it('lists clients with their platform, and searches', async () => {
    const user = setup(<SocialClientPage />, ['system:social-client:query']);
    const row = (await screen.findByText('portal')).closest('tr')!;
    expect(within(row).getByText('通用 OAuth 2.0')).toBeInTheDocument();
    expect(within(row).getByText('管理员')).toBeInTheDocument();
    expect(within(row).getByText('2026-11-20 08:00:00')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /新增/ })).not.toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('请输入应用名'), 'none{Enter}');
    expect(await screen.findByText('暂无社交客户端')).toBeInTheDocument();
    expect(calls('/social-client/page').at(-1)!.query.get('name')).toBe('none');
  });

  it('asks each platform for what it needs', async () => {
    const user = setup(<SocialClientPage />, ALL);
    await screen.findByText('portal');
    await user.click(screen.getByRole('button', { name: /新增/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByLabelText('agentId')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: OK }));
    expect(await within(dialog).findByText('应用名不能为空')).toBeInTheDocument();
    expect(within(dialog).getByText('客户端密钥不能为空')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: '企业微信' }));
    expect(await within(dialog).findByLabelText('agentId')).toBeInTheDocument();
    expect(within(dialog).getByText('企业微信的企业 ID（CorpID）')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: OK }));
    expect(await within(dialog).findByText('agentId 不能为空')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: '通用 OAuth 2.0' }));
    await user.type(within(dialog).getByLabelText('应用名'), '单点登录');
    await user.type(within(dialog).getByLabelText('客户端编号'), 'sso');
    await user.type(within(dialog).getByLabelText('客户端密钥'), 'sso-secret');
    await user.type(within(dialog).getByLabelText('授权地址'), 'ftp://x');
    await user.click(within(dialog).getByRole('button', { name: OK }));
    expect(
      await within(dialog).findByText('授权地址必须是 http:// 或 https:// 开头的地址'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('令牌地址不能为空')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('授权地址'));
    await user.type(within(dialog).getByLabelText('授权地址'), 'https://sso.example.com/authorize');
    await user.type(within(dialog).getByLabelText('令牌地址'), 'https://sso.example.com/token');
    await user.type(within(dialog).getByLabelText('用户信息地址'), 'https://sso.example.com/me');
    await user.click(within(dialog).getByRole('button', { name: OK }));
    await waitFor(() => expect(calls('/social-client/create')).toHaveLength(1));
    expect(calls('/social-client/create')[0]!.body).toMatchObject({
      name: '单点登录',
      socialType: 90,
      userType: 2,
      clientId: 'sso',
      clientSecret: 'sso-secret',
      status: 0,
      authorizeUrl: 'https://sso.example.com/authorize',
      tokenUrl: 'https://sso.example.com/token',
      userInfoUrl: 'https://sso.example.com/me',
    });
  });

  it('edits keeping the secret, and deletes only after confirmation', async () => {
    const user = setup(<SocialClientPage />, ALL);
    const row = (await screen.findByText('portal')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /修改/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('修改社交客户端')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('客户端密钥')).toHaveValue('');
    expect(within(dialog).getByText('密钥已加密保存，不修改请留空')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('令牌地址')).toHaveValue('https://sso.example.com/oauth2/token');
    await user.click(within(dialog).getByRole('button', { name: OK }));
    await waitFor(() => expect(calls('/social-client/update')).toHaveLength(1));
    expect(calls('/social-client/update')[0]!.body).toMatchObject({
      id: 5,
      clientSecret: null,
      clientId: 'portal',
    });

    await user.click(within(row).getByRole('button', { name: /删除/ }));
    expect(await screen.findByText('是否确认删除社交客户端编号为"5"的数据项?')).toBeInTheDocument();
    expect(calls('/social-client/delete')).toHaveLength(0);
    await user.click(screen.getAllByRole('button', { name: OK }).at(-1)!);
    await waitFor(() => expect(calls('/social-client/delete')).toHaveLength(1));
    expect(calls('/social-client/delete')[0]!.query.get('id')).toBe('5');
  });
});
