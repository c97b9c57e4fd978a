import type { MemberAddress, MemberUser, MemberWallet } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import defaultAvatar from '../../assets/default-avatar.svg';
import { COMMON_STATUS, dict, numbered } from '../../test/dicts';
import { fail, ok } from '../../test/http-stub';
import type { StubCall } from '../../test/http-stub';
import { stubPageTest } from '../../test/page-test';
import { renderPage } from '../../test/render-page';
import MemberUserPage from './pages/member/user';
import UserDetailPage from './user-detail-page';

const REGISTERED = new Date(2026, 10, 1, 9, 30, 0).getTime();
const LOGGED_IN = new Date(2026, 10, 20, 8, 0, 0).getTime();
const BIRTHDAY = new Date(1990, 4, 20).getTime();

const member = (over: Partial<MemberUser> & Pick<MemberUser, 'id' | 'nickname' | 'mobile'>): MemberUser => ({
  avatar: null,
  name: null,
  sex: null,
  birthday: null,
  areaId: null,
  areaName: null,
  mark: null,
  levelId: 1,
  status: 0,
  registerIp: '10.0.0.1',
  registerTerminal: 20,
  loginIp: null,
  loginDate: null,
  createTime: REGISTERED,
  ...over,
});
const ZHANG = member({
  id: 1,
  nickname: '张三',
  mobile: '13800000001',
  avatar: 'https://cdn.example.com/zhang.png',
  name: '张小三',
  sex: 1,
  birthday: BIRTHDAY,
  areaId: 440305,
  areaName: '广东省 深圳市 南山区',
  mark: '老客户',
  levelId: 2,
  registerTerminal: 10,
  loginIp: '10.0.0.9',
  loginDate: LOGGED_IN,
});
const LI = member({ id: 2, nickname: '李四', mobile: '13900000002', status: 1 });
const MEMBERS = [ZHANG, LI];

const WALLET: MemberWallet = { id: 5, userId: 1, balance: 12345, totalExpense: 500, totalRecharge: 20000 };
const address = (id: number, detailAddress: string, defaultStatus: boolean): MemberAddress => ({
  id,
  userId: 1,
  name: id === 1 ? '张三' : '王五',
  mobile: '13800000001',
  areaId: 440305,
  areaName: '广东省 深圳市 南山区',
  detailAddress,
  defaultStatus,
  createTime: REGISTERED,
});
const ADDRESSES = [address(1, '科技园 1 号', true), address(2, '海岸城 2 栋', false)];

/** Whether the member read fails (the detail page's error state). */
let memberFails = false;
beforeEach(() => {
  memberFails = false;
});

const answer = (call: StubCall): unknown => {
  const { path } = call;
  if (path.endsWith('/member/user/page')) return ok({ list: MEMBERS, total: 2 });
  if (path.endsWith('/member/user/get'))
    return memberFails
      ? fail(1004001000, '用户不存在')
      : ok(MEMBERS.find((row) => row.id === Number(call.query.get('id'))) ?? null);
  if (path.endsWith('/pay/wallet/get')) return ok(WALLET);
  if (path.endsWith('/member/address/list')) return ok(ADDRESSES);
  if (path.endsWith('/system/area/tree'))
    return ok([
      {
        id: 440000,
        name: '广东省',
        children: [{ id: 440300, name: '深圳市', children: [{ id: 440305, name: '南山区' }] }],
      },
    ]);
  return ok(true);
};

const stub = stubPageTest(answer, {
  dicts: [
    ...COMMON_STATUS,
    ...numbered('mbr_user_level', ['普通会员', '白银会员', '黄金会员']),
    ...numbered('system_user_sex', ['男', '女']),
    dict('terminal', '10', '微信小程序'),
    dict('terminal', '20', 'H5 网页'),
  ],
});

const ALL = ['member:user:query', 'member:user:update', 'member:user:update-level'];

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
const okButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: /确\s*定/ });
const dialogTitled = async (title: string) => {
  const dialog = (await screen.findByText(title)).closest<HTMLElement>('.ant-modal')!;
  expect(dialog).not.toBeNull();
  return dialog;
};
const choose = async (user: UserEvent, combobox: HTMLElement, option: string) => {
  await user.click(combobox);
  // The latest dropdown (the search form's select may have one in the document too).
  await user.click((await screen.findAllByTitle(option)).at(-1)!);
};

describe('会员管理', { timeout: 30_000 }, () => {
  const setup = (permissions = ALL) =>
    renderPage(<MemberUserPage />, {
      permissions,
      path: '/member/user',
      routes: [{ path: '/member/user/detail/:id', element: <p>会员详情页</p> }],
    });

  it('lists a page of members with avatar (or the default), level, status and terminal', async () => {
    setup();
    const zhang = await rowOf('张三');
    const li = await rowOf('李四');
    expect(within(zhang).getByRole('img', { name: '张三的头像' })).toHaveAttribute(
      'src',
      'https://cdn.example.com/zhang.png',
    );
    expect(within(li).getByRole('img', { name: '李四的头像' })).toHaveAttribute('src', defaultAvatar);
    expect(within(zhang).getByText('13800000001')).toBeInTheDocument();
    expect(within(zhang).getByText('白银会员')).toBeInTheDocument();
    expect(within(zhang).getByText('微信小程序')).toBeInTheDocument();
    expect(within(zhang).getByText('2026-11-20 08:00:00')).toBeInTheDocument();
    expect(within(li).getByText('H5 网页')).toBeInTheDocument();
    expect(within(zhang).getByRole('switch', { name: '张三的状态' })).toBeChecked();
    expect(within(li).getByRole('switch', { name: '李四的状态' })).not.toBeChecked();
    for (const name of ['详情', '修改', '修改等级'])
      expect(within(zhang).getByRole('button', { name: new RegExp(`^\\S*\\s*${name}$`) })).toBeEnabled();
    // Members register themselves and are never deleted here.
    expect(screen.queryByRole('button', { name: /新增/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /删除/ })).not.toBeInTheDocument();
    const page = stub.callsTo('/member/user/page').at(-1)!;
    expect(page.query.get('pageNo')).toBe('1');
    expect(page.query.get('pageSize')).toBe('20');
  });

  it('disables a member after the 系统提示, sending update-status', async () => {
    const { user } = setup();
    await user.click(within(await rowOf('张三')).getByRole('switch', { name: '张三的状态' }));
    const question = await screen.findByText('确认要"禁用""张三"会员吗?');
    const confirm = question.closest<HTMLElement>('.ant-modal')!;
    expect(confirm).toHaveTextContent('系统提示');
    expect(stub.callsTo('/member/user/update-status')).toHaveLength(0);
    await user.click(okButton(confirm));
    await waitFor(() => expect(stub.callsTo('/member/user/update-status')).toHaveLength(1));
    const call = stub.callsTo('/member/user/update-status')[0]!;
    expect(call.method).toBe('PUT');
    expect(call.body).toEqual({ id: 1, status: 1 });
    expect(await screen.findByText('禁用成功')).toBeInTheDocument();
  });

  it('asks for the reason, then sends the new level with it', async () => {
    const { user } = setup();
    await user.click(within(await rowOf('张三')).getByRole('button', { name: /修改等级/ }));
    const dialog = await dialogTitled('修改用户等级');
    expect(within(dialog).getByDisplayValue('张三')).toBeDisabled();
    await waitFor(() => expect(within(dialog).getByTitle('白银会员')).toBeInTheDocument());
    await user.click(okButton(dialog));
    expect(await within(dialog).findByText('修改原因不能为空')).toBeInTheDocument();
    expect(stub.callsTo('/member/user/update-level')).toHaveLength(0);

    await choose(user, within(dialog).getByRole('combobox', { name: '会员等级' }), '黄金会员');
    await user.type(within(dialog).getByLabelText('修改原因'), '年度消费达标');
    await user.click(okButton(dialog));
    await waitFor(() => expect(stub.callsTo('/member/user/update-level')).toHaveLength(1));
    expect(stub.callsTo('/member/user/update-level')[0]!.body).toEqual({
      id: 1,
      levelId: 3,
      reason: '年度消费达标',
    });
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
  });

  it('edits a member: the loaded values go back with the change and the id', async () => {
    const { user } = setup();
    await user.click(within(await rowOf('张三')).getByRole('button', { name: /^\S*\s*修改$/ }));
    const dialog = await dialogTitled('修改会员');
    await waitFor(() => expect(within(dialog).getByLabelText('用户昵称')).toHaveValue('张三'));
    expect(within(dialog).getByLabelText('出生日期')).toHaveValue('1990-05-20');
    await waitFor(() => expect(dialog).toHaveTextContent('广东省 / 深圳市 / 南山区'));
    await user.clear(within(dialog).getByLabelText('会员备注'));
    await user.type(within(dialog).getByLabelText('会员备注'), '常购母婴');
    await user.click(okButton(dialog));
    await waitFor(() => expect(stub.callsTo('/member/user/update')).toHaveLength(1));
    expect(stub.callsTo('/member/user/update')[0]!.body).toEqual({
      id: 1,
      mobile: '13800000001',
      nickname: '张三',
      avatar: 'https://cdn.example.com/zhang.png',
      name: '张小三',
      sex: 1,
      birthday: BIRTHDAY,
      areaId: 440305,
      mark: '常购母婴',
    });
  });

  it('opens the detail page from 详情', async () => {
    const { user, router } = setup();
    await user.click(within(await rowOf('李四')).getByRole('button', { name: /详情/ }));
    expect(await screen.findByText('会员详情页')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/member/user/detail/2');
  });

  it('shows the switch greyed out and no actions to a user who may only query', async () => {
    setup(['member:user:query']);
    const zhang = await rowOf('张三');
    expect(within(zhang).getByRole('switch', { name: '张三的状态' })).toBeDisabled();
    expect(within(zhang).getByRole('button', { name: /详情/ })).toBeInTheDocument();
    for (const name of [/^\S*\s*修改$/, /修改等级/])
      expect(within(zhang).queryByRole('button', { name })).not.toBeInTheDocument();
  });
});

describe('会员详情', { timeout: 30_000 }, () => {
  const setup = (id = 1) =>
    renderPage(<UserDetailPage />, {
      permissions: ['member:user:query'],
      path: '/member/user/detail/:id',
      address: `/member/user/detail/${id}`,
      routes: [{ path: '/member/user', element: <p>会员列表页</p> }],
    });

  it('shows the profile, the wallet in yuan and the addresses with the default marked', async () => {
    setup();
    const basic = (await screen.findByText('基本信息')).closest<HTMLElement>('.ant-card')!;
    expect(within(basic).getByRole('img', { name: '张三的头像' })).toBeInTheDocument();
    for (const text of [
      '张小三',
      '男',
      '1990-05-20',
      '广东省 深圳市 南山区',
      '白银会员',
      '开启',
      '微信小程序',
    ])
      expect(within(basic).getByText(text)).toBeInTheDocument();
    expect(within(basic).getByText('2026-11-20 08:00:00')).toBeInTheDocument();
    expect(within(basic).getByText('老客户')).toBeInTheDocument();

    const account = (await screen.findByText('账户信息')).closest<HTMLElement>('.ant-card')!;
    expect(await within(account).findByText('¥123.45')).toBeInTheDocument();
    expect(within(account).getByText('¥5.00')).toBeInTheDocument();
    expect(within(account).getByText('¥200.00')).toBeInTheDocument();
    expect(stub.callsTo('/pay/wallet/get')[0]!.query.get('userId')).toBe('1');

    const home = await rowOf('广东省 深圳市 南山区 科技园 1 号');
    expect(within(home).getByText('是')).toBeInTheDocument();
    expect(within(home).getByText('张三')).toBeInTheDocument();
    const other = await rowOf('广东省 深圳市 南山区 海岸城 2 栋');
    expect(within(other).getByText('否')).toBeInTheDocument();
    expect(stub.callsTo('/member/address/list')[0]!.query.get('userId')).toBe('1');
  });

  it('says so when the member cannot be read, and 返回 goes back to the list', async () => {
    memberFails = true;
    const { user } = setup();
    expect(await screen.findByText('会员加载失败')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /返回/ }));
    expect(await screen.findByText('会员列表页')).toBeInTheDocument();
  });
});
