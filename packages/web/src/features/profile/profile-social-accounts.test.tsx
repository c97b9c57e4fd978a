import type { UserProfile } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../shared/navigation/browser';
import { dict } from '../../test/dicts';
import { ok } from '../../test/http-stub';
import { stubPageTest } from '../../test/page-test';
import { renderPage } from '../../test/render-page';
import { ProfileSocialAccounts } from './profile-social-accounts';

// 钉钉 is named by the dictionary only: the tenant no longer offers it.
const stub = stubPageTest(
  (call) => {
    if (call.path.endsWith('/auth/login-options'))
      return ok({
        registerEnabled: false,
        socialTypes: [
          { type: 90, name: '统一认证' },
          { type: 10, name: '码云' },
        ],
      });
    if (call.path.endsWith('/social-auth-redirect'))
      return ok('https://sso.example.com/oauth2/authorize?state=x');
    return ok(true);
  },
  { dicts: [dict('system_social_type', '20', '钉钉', '')] },
);
const calls = stub.callsTo;
afterEach(() => vi.restoreAllMocks());

const setup = (element: ReactElement) => renderPage(element).user;

const OK = /确\s*定/;

describe('personal centre social accounts', { timeout: 30_000 }, () => {
  const profile = {
    socialUsers: [
      { type: 90, openid: 'ext-1' },
      { type: 20, openid: 'ding-1' },
    ],
  } as UserProfile;

  it('lists the platforms with their bindings; binding leaves for the platform', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const user = setup(<ProfileSocialAccounts profile={profile} onChange={() => undefined} />);
    const own = (await screen.findByText('统一认证')).closest('tr')!;
    expect(within(own).getByText('已绑定（ext-1）')).toBeInTheDocument();
    // Bound to a platform the tenant no longer offers: shown by its dictionary name, to unbind.
    const old = screen.getByText('钉钉').closest('tr')!;
    expect(within(old).getByRole('button', { name: '解绑' })).toBeInTheDocument();
    const gitee = screen.getByText('码云').closest('tr')!;
    expect(within(gitee).getByText('未绑定')).toBeInTheDocument();
    await user.click(within(gitee).getByRole('button', { name: '绑定' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://sso.example.com/oauth2/authorize?state=x'),
    );
    expect(Object.fromEntries(calls('/social-auth-redirect')[0]!.query)).toEqual({
      type: '10',
      redirectUri: `${window.location.origin}/bind?type=10`,
    });
  });

  it('unbinds after confirmation', async () => {
    const onChange = vi.fn();
    const user = setup(<ProfileSocialAccounts profile={profile} onChange={onChange} />);
    const own = (await screen.findByText('统一认证')).closest('tr')!;
    await user.click(within(own).getByRole('button', { name: '解绑' }));
    expect(await screen.findByText('确定解绑统一认证账号吗？')).toBeInTheDocument();
    expect(calls('/social-user/unbind')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: OK }));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(calls('/social-user/unbind')[0]!.body).toEqual({ type: 90, openid: 'ext-1' });
  });
});
