import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useLayoutSettings } from '../../shared/settings/layout-settings';
import { renderShell, resetShellState } from '../basic-layout/test-utils';
import { Navbar } from './navbar';

afterEach(resetShellState);

describe('<Navbar>', () => {
  it('on wide screens: hamburger, breadcrumb, search, source and doc links, full screen, size and user menu', () => {
    renderShell(<Navbar />, { path: '/system/user', meta: { title: '用户管理', fullPath: '/system/user' } });
    expect(screen.getByRole('button', { name: '收起侧边栏' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('navigation', { name: '面包屑导航' })).toHaveTextContent('首页/用户管理');
    for (const name of ['菜单搜索', '全屏', '布局大小', '用户菜单'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    for (const name of ['源码地址', '文档地址']) {
      const link = screen.getByRole('link', { name });
      expect(link).toHaveAttribute('href', '/admin-api/openapi.json');
      expect(link).toHaveAttribute('target', '_blank');
    }
  });

  it('on mobile only the hamburger, the breadcrumb and the user menu', () => {
    useLayoutSettings.setState({ device: 'mobile' });
    renderShell(<Navbar />);
    expect(screen.getByRole('button', { name: '用户菜单' })).toBeInTheDocument();
    for (const name of ['菜单搜索', '全屏', '布局大小'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '源码地址' })).not.toBeInTheDocument();
  });

  it('the hamburger toggles the sidebar, and does nothing while the sidebar is hidden', async () => {
    const user = userEvent.setup();
    renderShell(<Navbar />);
    await user.click(screen.getByRole('button', { name: '收起侧边栏' }));
    expect(useLayoutSettings.getState().sidebarOpened).toBe(false);
    expect(screen.getByRole('button', { name: '展开侧边栏' })).toHaveAttribute('aria-expanded', 'false');
    useLayoutSettings.getState().setSidebarHide(true);
    expect(await screen.findByRole('button', { name: '展开侧边栏' })).toBeDisabled();
  });

  it('shows the top menu instead of the breadcrumb in top-nav mode', () => {
    useLayoutSettings.getState().updateSetting({ topNav: true });
    renderShell(<Navbar />);
    expect(screen.getByRole('navigation', { name: '顶部菜单' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: '面包屑导航' })).not.toBeInTheDocument();
  });

  it('the user menu offers 个人中心, 布局设置 and 退出登录', async () => {
    const user = userEvent.setup();
    renderShell(<Navbar />);
    await user.click(screen.getByRole('button', { name: '用户菜单' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['个人中心', '布局设置', '退出登录']);
    await user.click(within(menu).getByRole('menuitem', { name: '布局设置' }));
    expect(useLayoutSettings.getState().settingsOpen).toBe(true);
    await user.click(screen.getByRole('button', { name: '用户菜单' }));
    await user.click(await screen.findByRole('menuitem', { name: '个人中心' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/user/profile');
  });
});
