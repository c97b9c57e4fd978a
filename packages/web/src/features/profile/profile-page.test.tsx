import type { UserProfile } from '@app/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../shared/session';
import { PERMISSION_INFO } from '../../test/fixtures';
import { fail, ok } from '../../test/http-stub';
import { stubPageTest } from '../../test/page-test';
import { renderPage } from '../../test/render-page';
import { ProfilePage } from './profile-page';

const PROFILE: UserProfile = {
  id: 2,
  username: 'operator',
  nickname: '运营专员',
  remark: null,
  deptId: 102,
  postIds: [3],
  email: null,
  mobile: '13800000001',
  sex: 1,
  avatar: null,
  status: 0,
  loginIp: '127.0.0.1',
  loginDate: null,
  createTime: new Date(2026, 0, 2, 3, 4, 5).getTime(),
  dept: { id: 102, name: '运营部' },
  roles: [{ id: 2, name: '运营人员' }],
  posts: [{ id: 3, name: '普通员工' }],
  socialUsers: [],
};

let profile: UserProfile;

beforeEach(() => {
  profile = { ...PROFILE };
  useSessionStore
    .getState()
    .setSession({ ...PERMISSION_INFO, user: { id: 2, nickname: '运营专员', avatar: '', deptId: 102 } });
});

const stub = stubPageTest((call) => {
  if (call.path.endsWith('/profile/get')) return ok(profile);
  if (call.path.endsWith('/profile/update')) {
    const body = call.body as Partial<UserProfile>;
    if (body.mobile === '13800000000') return fail(1_002_003_001, '手机号已经存在');
    profile = { ...profile, ...body };
    return ok(true);
  }
  if (call.path.endsWith('/profile/update-password')) {
    const body = call.body as { oldPassword: string };
    return body.oldPassword === 'operator123' ? ok(true) : fail(1_002_003_005, '用户密码校验失败');
  }
  return ok(null);
});
const calls = stub.callsTo;

function setup() {
  renderPage(<ProfilePage />, { path: '/user/profile' });
  // No pointer-events check: it walks computed styles on every click, which antd makes slow in jsdom.
  return userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
}

/** Sets an input's value as typing would, in one step (typing into antd forms is slow in jsdom). */
const fill = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

const basicTab = () => screen.getByRole('tabpanel', { name: '基本资料' });
const saveIn = (panel: HTMLElement) => within(panel).getByRole('button', { name: /保\s*存/ });

// Generous: antd's tabs and forms are slow in jsdom, and slower still on a busy CI machine.
describe('personal centre', { timeout: 60_000 }, () => {
  it('shows the account card: name, contact, department, roles, posts and creation date', async () => {
    setup();
    await screen.findByText('operator');
    const info = document.querySelector<HTMLElement>('.profile-info')!;
    for (const text of [
      'operator',
      '运营专员',
      '13800000001',
      '运营部',
      '运营人员',
      '普通员工',
      '2026-01-02 03:04:05',
    ])
      expect(within(info).getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '修改头像' })).toBeInTheDocument();
    expect(within(basicTab()).getByLabelText('用户昵称')).toHaveValue('运营专员');
    expect(within(basicTab()).getByRole('radio', { name: '男' })).toBeChecked();
  });

  it('validates the basic information before sending it', async () => {
    const user = setup();
    await screen.findByText('operator');
    const panel = basicTab();
    fill(within(panel).getByLabelText('用户昵称'), '');
    fill(within(panel).getByLabelText('手机号码'), '12345');
    fill(within(panel).getByLabelText('邮箱'), 'bad');
    await user.click(saveIn(panel));
    expect(await within(panel).findByText('用户昵称不能为空')).toBeInTheDocument();
    expect(within(panel).getByText('请输入正确的手机号码')).toBeInTheDocument();
    expect(within(panel).getByText('请输入正确的邮箱地址')).toBeInTheDocument();
    expect(calls('/profile/update')).toHaveLength(0);
  });

  it('saves the basic information and updates the navbar nickname', async () => {
    const user = setup();
    await screen.findByText('operator');
    const panel = basicTab();
    fill(within(panel).getByLabelText('用户昵称'), '运营小李');
    fill(within(panel).getByLabelText('邮箱'), 'li@example.com');
    await user.click(within(panel).getByRole('radio', { name: '女' }));
    await user.click(saveIn(panel));
    await waitFor(() => expect(calls('/profile/update')).toHaveLength(1));
    expect(calls('/profile/update')[0]!.body).toEqual({
      nickname: '运营小李',
      mobile: '13800000001',
      email: 'li@example.com',
      sex: 2,
    });
    await waitFor(() => expect(useSessionStore.getState().user?.nickname).toBe('运营小李'));
    // The card shows the saved values once the profile is read again.
    await waitFor(() => expect(document.querySelector('.profile-info')).toHaveTextContent('li@example.com'));
  });

  it('shows the server’s refusal of a mobile another user holds', async () => {
    const user = setup();
    await screen.findByText('operator');
    const panel = basicTab();
    fill(within(panel).getByLabelText('手机号码'), '13800000000');
    fill(within(panel).getByLabelText('邮箱'), 'li@example.com');
    await user.click(saveIn(panel));
    await waitFor(() =>
      expect(stub.feedback.notification.error).toHaveBeenCalledWith(
        expect.objectContaining({ title: '手机号已经存在' }),
      ),
    );
    expect(useSessionStore.getState().user?.nickname).toBe('运营专员');
  });

  it('changes the password after checking the confirmation', async () => {
    const user = setup();
    await screen.findByText('operator');
    await user.click(screen.getByRole('tab', { name: '修改密码' }));
    const panel = screen.getByRole('tabpanel', { name: '修改密码' });
    fill(within(panel).getByLabelText('旧密码'), 'operator123');
    fill(within(panel).getByLabelText('新密码'), 'abc');
    fill(within(panel).getByLabelText('确认密码'), 'abcd');
    await user.click(saveIn(panel));
    expect(await within(panel).findByText('长度在 4 到 16 个字符')).toBeInTheDocument();
    expect(within(panel).getByText('两次输入的密码不一致')).toBeInTheDocument();
    expect(calls('/update-password')).toHaveLength(0);

    fill(within(panel).getByLabelText('新密码'), 'abcd');
    await user.click(saveIn(panel));
    await waitFor(() => expect(calls('/update-password')).toHaveLength(1));
    expect(calls('/update-password')[0]!.body).toEqual({ oldPassword: 'operator123', newPassword: 'abcd' });
    // The form is emptied after success.
    await waitFor(() => expect(within(panel).getByLabelText('旧密码')).toHaveValue(''));
  });

  it('opens the avatar dialog from the avatar', async () => {
    const user = setup();
    await screen.findByText('operator');
    await user.click(screen.getByRole('button', { name: '修改头像' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('修改头像')).toBeInTheDocument();
    expect(within(dialog).getByText('请选择图片')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /确\s*定/ })).toBeDisabled();
    expect(within(dialog).getByLabelText('选择头像图片')).toHaveAttribute(
      'accept',
      'image/png,image/jpeg,image/webp,image/gif',
    );
  });
});
