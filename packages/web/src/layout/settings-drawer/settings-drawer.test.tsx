import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { theme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LAYOUT_SETTING, useLayoutSettings } from '../../shared/settings/layout-settings';
import { renderShell, resetShellState } from '../basic-layout/test-utils';
import { reloadPage } from './page-reload';
import { SettingsDrawer } from './settings-drawer';
import { RESET_RELOAD_DELAY } from './settings-texts';

vi.mock('./page-reload', () => ({ reloadPage: vi.fn() }));

afterEach(resetShellState);

function PrimaryProbe() {
  const { token } = theme.useToken();
  return <output data-testid="primary">{token.colorPrimary}</output>;
}

const openDrawer = async () => {
  await userEvent.click(screen.getByRole('button', { name: '布局设置' }));
  return screen.findByRole('dialog', { name: '布局设置' });
};

describe('<SettingsDrawer>', () => {
  it('opens from the floating handle at top 250 px and shows the defaults', async () => {
    renderShell(<SettingsDrawer />);
    const handle = screen.getByRole('button', { name: '布局设置' });
    expect(handle).toHaveStyle({ top: '250px' });
    const drawer = await openDrawer();
    expect(screen.getByRole('button', { name: '关闭布局设置' })).toHaveAttribute('aria-expanded', 'true');
    const checked = (name: string) =>
      within(drawer).getByRole('switch', { name }).getAttribute('aria-checked');
    expect(checked('开启 TopNav')).toBe('false');
    expect(checked('开启 Tags-Views')).toBe('true');
    expect(checked('固定 Header')).toBe('false');
    expect(checked('显示 Logo')).toBe('true');
    expect(checked('动态标题')).toBe('false');
    expect(checked('暗黑模式')).toBe('false');
    expect(within(drawer).getByRole('radio', { name: '暗色侧边栏' })).toHaveAttribute('aria-checked', 'true');
    expect(within(drawer).getAllByRole('radio', { name: /^主题颜色 / })).toHaveLength(8);
    expect(within(drawer).getByRole('radio', { name: '主题颜色 #409EFF' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  it('applies changes at once without saving them', async () => {
    const user = userEvent.setup();
    renderShell(
      <>
        <SettingsDrawer />
        <PrimaryProbe />
      </>,
    );
    const drawer = await openDrawer();
    await user.click(within(drawer).getByRole('radio', { name: '主题颜色 #f5222d' }));
    // The theme colour reaches antd's tokens (and the handle) at once.
    expect(screen.getByTestId('primary')).toHaveTextContent('#f5222d');
    expect(screen.getByRole('button', { name: '关闭布局设置' })).toHaveStyle({ backgroundColor: '#f5222d' });
    await user.click(within(drawer).getByRole('switch', { name: '开启 TopNav' }));
    await user.click(within(drawer).getByRole('switch', { name: '暗黑模式' }));
    await user.click(within(drawer).getByRole('radio', { name: '亮色侧边栏' }));
    expect(useLayoutSettings.getState().setting).toMatchObject({
      topNav: true,
      darkMode: true,
      sideTheme: 'theme-light',
      theme: '#f5222d',
    });
    expect(localStorage.getItem('layout-setting')).toBeNull();
    // Dark mode runs antd's dark algorithm over the theme colour.
    expect(screen.getByTestId('primary')).not.toHaveTextContent('#f5222d');
  });

  it('保存配置 keeps the record under layout-setting with the saving and saved messages', async () => {
    const user = userEvent.setup();
    renderShell(<SettingsDrawer />);
    const drawer = await openDrawer();
    await user.click(within(drawer).getByRole('switch', { name: '固定 Header' }));
    await user.click(within(drawer).getByRole('switch', { name: '动态标题' }));
    await user.click(within(drawer).getByRole('button', { name: /保存配置/ }));
    expect(await screen.findByText('正在保存到本地，请稍候...')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('layout-setting')!)).toEqual({
      ...DEFAULT_LAYOUT_SETTING,
      fixedHeader: true,
      dynamicTitle: true,
    });
    expect(await screen.findByText('保存成功')).toBeInTheDocument();
  });

  it('重置配置 clears the record, shows the message and reloads after 1 s', async () => {
    localStorage.setItem('layout-setting', JSON.stringify({ ...DEFAULT_LAYOUT_SETTING, topNav: true }));
    useLayoutSettings.getState().updateSetting({ topNav: true });
    renderShell(<SettingsDrawer />);
    const drawer = await openDrawer();
    const clicked = Date.now();
    await userEvent.click(within(drawer).getByRole('button', { name: /重置配置/ }));
    expect(await screen.findByText('正在清除设置缓存并刷新，请稍候...')).toBeInTheDocument();
    expect(localStorage.getItem('layout-setting')).toBeNull();
    expect(useLayoutSettings.getState().setting).toEqual(DEFAULT_LAYOUT_SETTING);
    expect(reloadPage).not.toHaveBeenCalled();
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1), { timeout: 3000 });
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(RESET_RELOAD_DELAY - 50);
  });

  it('closes on an outside click, unless clickNotClose is set', async () => {
    const { unmount } = renderShell(<SettingsDrawer />);
    await openDrawer();
    const mask = document.querySelector('.ant-drawer-mask') as HTMLElement;
    await userEvent.click(mask);
    expect(useLayoutSettings.getState().settingsOpen).toBe(false);
    unmount();

    renderShell(<SettingsDrawer clickNotClose />);
    await openDrawer();
    expect(document.querySelector('.ant-drawer-mask')).toBeNull();
    await userEvent.click(document.body);
    expect(useLayoutSettings.getState().settingsOpen).toBe(true);
  });
});
