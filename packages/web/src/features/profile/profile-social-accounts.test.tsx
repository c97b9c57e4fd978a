import type { UserProfile } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDictStore } from '../../shared/dict';
import { browser } from '../../shared/navigation/browser';
import { mockFeedback, ok, stubHttp, type StubCall } from '../../test/http-stub';
import { ProfileSocialAccounts } from './profile-social-accounts';

let stub: ReturnType<typeof stubHttp>;
const calls = (suffix: string) => stub.calls.filter((c) => c.path.endsWith(suffix));

beforeEach(() => {
  mockFeedback();
  // 钉钉 is named by the dictionary only: the tenant no longer offers it.
  useDictStore
    .getState()
    .setDictData([
      { dictType: 'system_social_type', value: '20', label: '钉钉', colorType: '', cssClass: '' },
    ]);
  stub = stubHttp((call: StubCall) => {
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
  });
});

afterEach(() => {
  stub.restore();
  vi.restoreAllMocks();
  useDictStore.getState().reset();
});

function setup(element: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>{element}</App>
    </QueryClientProvider>,
  );
  return userEvent.setup({ delay: null });
}

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
