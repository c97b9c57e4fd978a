import type { MenuNode } from '@app/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLayoutSettings } from '../../shared/settings/layout-settings';
import { MENUS } from '../../test/fixtures';
import { renderShell, resetShellState } from '../basic-layout/test-utils';
import { Sidebar } from './sidebar';

afterEach(resetShellState);

const nav = () => screen.getByRole('navigation', { name: '侧边菜单' });
const menuitems = () =>
  within(nav())
    .getAllByRole('menuitem')
    .filter((item) => item.closest('ul')?.parentElement?.closest('ul') === null);

describe('<Sidebar>', () => {
  it('shows the logo and the visible menus: one-child parents as their child, hidden ones left out', () => {
    renderShell(<Sidebar />);
    expect(within(nav()).getByRole('link', { name: '后台管理系统' })).toHaveAttribute('href', '/index');
    expect(menuitems().map((item) => item.textContent)).toEqual(['首页', '系统管理', '配置管理', '数据看板']);
    expect(within(nav()).queryByText('基础设施')).not.toBeInTheDocument();
    expect(within(nav()).getByRole('link', { name: '配置管理' })).toHaveAttribute('href', '/infra/config');
  });

  it('opens the submenus of the current page, one submenu at a time, and highlights the page', async () => {
    const user = userEvent.setup();
    renderShell(<Sidebar />, { path: '/system/log/operate-log' });
    const page = within(nav()).getByRole('link', { name: '操作日志' });
    expect(page.closest('li')).toHaveClass('ant-menu-item-selected');
    expect(within(nav()).queryByText('字典数据')).not.toBeInTheDocument();
    expect(within(nav()).queryByText('个人中心')).not.toBeInTheDocument();

    // Closing 系统管理 and opening it again keeps only its own path open.
    await user.click(within(nav()).getByText('系统管理'));
    await waitFor(() =>
      expect(within(nav()).getByText('系统管理').closest('li')).not.toHaveClass('ant-menu-submenu-open'),
    );
    await user.click(within(nav()).getByText('系统管理'));
    await waitFor(() =>
      expect(within(nav()).getByText('系统管理').closest('li')).toHaveClass('ant-menu-submenu-open'),
    );
    expect(within(nav()).getByText('审计日志').closest('li')).not.toHaveClass('ant-menu-submenu-open');
  });

  it('highlights the entry named by activeMenu', () => {
    renderShell(<Sidebar />, {
      path: '/system/dict-data/1',
      meta: { title: '字典数据', fullPath: '/system/dict-data/1', activeMenu: '/system/dict' },
    });
    expect(within(nav()).getByRole('link', { name: '字典管理' }).closest('li')).toHaveClass(
      'ant-menu-item-selected',
    );
  });

  it('external menus open in a new tab; pages navigate, also from a click beside the label', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderShell(<Sidebar />, { path: '/system/user' });
    const docs = within(nav()).getByRole('link', { name: '官方文档' });
    expect(docs).toHaveAttribute('href', 'https://doc.iocoder.cn');
    expect(docs).toHaveAttribute('target', '_blank');
    expect(docs).toHaveAttribute('rel', 'noopener noreferrer');
    // Enter on the focused item (not on the link) opens the address too.
    const item = docs.closest('li')!;
    await user.click(item);
    expect(open).toHaveBeenCalledWith('https://doc.iocoder.cn', '_blank', 'noopener,noreferrer');
    expect(screen.getByTestId('location')).toHaveTextContent('/system/user');

    await user.click(within(nav()).getByRole('link', { name: '数据看板' }).closest('li')!);
    expect(screen.getByTestId('location')).toHaveTextContent('/board');
  });

  it('titles longer than 5 characters get a tooltip', async () => {
    const user = userEvent.setup();
    const long: MenuNode = { ...MENUS[2]!, id: 77, name: '流程任务分配规则', path: '/rules' };
    renderShell(<Sidebar />, { menus: [...MENUS, long] });
    await user.hover(within(nav()).getByRole('link', { name: '流程任务分配规则' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('流程任务分配规则');
    await user.unhover(within(nav()).getByRole('link', { name: '流程任务分配规则' }));
    await user.hover(within(nav()).getByRole('link', { name: '数据看板' }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('tooltip', { name: '数据看板' })).not.toBeInTheDocument();
  });

  it('follows the settings: no logo, light side theme, collapsed to icons', () => {
    useLayoutSettings.setState({ sidebarOpened: false });
    useLayoutSettings.getState().updateSetting({ sidebarLogo: false, sideTheme: 'theme-light' });
    renderShell(<Sidebar />);
    expect(within(nav()).queryByRole('link', { name: '后台管理系统' })).not.toBeInTheDocument();
    expect(nav()).toHaveClass('theme-light', 'is-collapsed');
    expect(within(nav()).getByRole('menu')).toHaveClass('ant-menu-light', 'ant-menu-inline-collapsed');
  });

  it('on mobile it is never collapsed (the layout slides it out instead)', () => {
    useLayoutSettings.setState({ sidebarOpened: false, device: 'mobile' });
    renderShell(<Sidebar />);
    expect(nav()).not.toHaveClass('is-collapsed');
  });

  it('in top-nav mode shows the children of the chosen top menu, and everything without top nav', () => {
    useLayoutSettings.getState().updateSetting({ topNav: true });
    useLayoutSettings.getState().setTopMenuKey('dir:/system');
    renderShell(<Sidebar />);
    expect(menuitems().map((item) => item.textContent)).toEqual([
      '用户管理',
      '字典管理',
      '审计日志',
      '官方文档',
    ]);
    act(() => useLayoutSettings.getState().updateSetting({ topNav: false }));
    expect(menuitems().map((item) => item.textContent)).toEqual(['首页', '系统管理', '配置管理', '数据看板']);
  });

  it('with no server menus only 首页 remains', () => {
    renderShell(<Sidebar />, { menus: [] });
    expect(menuitems().map((item) => item.textContent)).toEqual(['首页']);
  });
});
