import { DownOutlined, LayoutOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { authLogout } from '@app/contract';
import { Avatar } from 'antd';
import type { MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import defaultAvatar from '../../assets/default-avatar.svg';
import { removeToken } from '../../shared/auth/storage';
import { reloadToIndex } from '../../shared/navigation/reload';
import { request } from '../../shared/request';
import { useSessionStore } from '../../shared/session';
import { useLayoutSettings } from '../../shared/settings/layout-settings';
import { useFeedback } from '../../shared/ui/light-app';
import { useLazyDropdown } from '../../shared/ui/lazy-dropdown';

/** Route of the personal centre (个人中心). */
export const PROFILE_PATH = '/user/profile';

/** Signs out on the server (best effort), forgets the tokens and reloads to the index page. */
export async function logout(): Promise<void> {
  try {
    await request(authLogout, { showError: false, reloginDialog: false });
  } catch {
    // The local session ends regardless of the server's answer.
  }
  removeToken();
  reloadToIndex();
}

/** Avatar and nickname with the user dropdown: 个人中心, 布局设置, 退出登录. */
export function UserMenu() {
  const { modal } = useFeedback();
  const user = useSessionStore((state) => state.user);
  const nickname = user?.nickname || '用户';
  const navigate = useNavigate();
  const openSettings = useLayoutSettings((state) => state.setSettingsOpen);
  const { Dropdown, open, setOpen, triggerRef, triggerProps } = useLazyDropdown<HTMLButtonElement>();

  const confirmLogout = () => {
    modal.confirm({
      title: '提示',
      content: '确定注销并退出系统吗？',
      okText: '确定',
      cancelText: '取消',
      onOk: logout,
    });
  };

  const items: MenuProps['items'] = [
    { key: 'profile', icon: <UserOutlined aria-hidden />, label: '个人中心' },
    { key: 'settings', icon: <LayoutOutlined aria-hidden />, label: '布局设置' },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: '退出登录' },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'profile') navigate(PROFILE_PATH);
    else if (key === 'settings') openSettings(true);
    else if (key === 'logout') confirmLogout();
  };

  const trigger = (
    <button
      ref={triggerRef}
      type="button"
      className="app-user-trigger"
      aria-label="用户菜单"
      title={nickname}
      {...triggerProps}
    >
      <Avatar size={32} src={user?.avatar || defaultAvatar} alt="" />
      <span className="app-user-nickname">{nickname}</span>
      <DownOutlined className="app-user-caret" />
    </button>
  );
  // antd's Dropdown loads with the first click (see useLazyDropdown).
  return Dropdown ? (
    <Dropdown
      menu={{ items, onClick }}
      trigger={['click']}
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
    >
      {trigger}
    </Dropdown>
  ) : (
    trigger
  );
}
