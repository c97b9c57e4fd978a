import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MenuNode } from '@app/contract';
import { useLayoutSettings } from '../../shared/settings/layout-settings';
import { MENUS } from '../../test/fixtures';
import { renderShell, resetShellState, restoreBodyWidth, setBodyWidth } from '../basic-layout/test-utils';
import { INITIAL_VISIBLE_TOP_MENUS, splitTopMenus, TopNav, visibleTopMenuCount } from './top-nav';

const extra = (id: number, name: string, path: string): MenuNode => ({ ...MENUS[2]!, id, name, path });
const MANY: MenuNode[] = [
  ...MENUS,
  extra(31, '报表中心', '/report'),
  extra(32, '帮助中心', '/help'),
  extra(33, '项目主页', 'https://example.com/home'),
];

beforeEach(() => {
  useLayoutSettings.getState().updateSetting({ topNav: true });
});
afterEach(() => {
  resetShellState();
  restoreBodyWidth();
});

const topNav = () => screen.getByRole('navigation', { name: '顶部菜单' });
const topItems = () =>
  [...topNav().querySelectorAll(':scope > ul > li.ant-menu-item, :scope > ul > li.ant-menu-submenu')].map(
    (li) => li.textContent,
  );

describe('visible count', () => {
  it('is window width / 3 / 85, rounded down; it starts at 5', () => {
    expect(INITIAL_VISIBLE_TOP_MENUS).toBe(5);
    expect(visibleTopMenuCount(1280)).toBe(5);
    expect(visibleTopMenuCount(1920)).toBe(7);
    expect(visibleTopMenuCount(1000)).toBe(3);
    expect(visibleTopMenuCount(375)).toBe(1);
    expect(visibleTopMenuCount(200)).toBe(0);
  });

  it('splits the menus into shown and overflow', () => {
    expect(splitTopMenus([1, 2, 3, 4], 3)).toEqual({ shown: [1, 2, 3], more: [4] });
    expect(splitTopMenus([1, 2], 5)).toEqual({ shown: [1, 2], more: [] });
  });
});

describe('<TopNav>', () => {
  it('shows as many top menus as fit and puts the rest under 更多菜单, re-measured on resize', async () => {
    setBodyWidth(1280);
    renderShell(<TopNav />, { menus: MANY });
    expect(topItems()).toEqual(['首页', '系统管理', '配置管理', '数据看板', '报表中心', '更多菜单']);

    setBodyWidth(1000);
    act(() => void window.dispatchEvent(new Event('resize')));
    expect(topItems()).toEqual(['首页', '系统管理', '配置管理', '更多菜单']);

    const user = userEvent.setup();
    await user.hover(within(topNav()).getByText('更多菜单'));
    const popup = await waitFor(() => {
      const found = document.querySelector('.ant-menu-submenu-popup');
      if (!found) throw new Error('no popup');
      return found as HTMLElement;
    });
    await waitFor(() =>
      expect(
        within(popup)
          .getAllByRole('menuitem')
          .map((li) => li.textContent),
      ).toEqual(['数据看板', '报表中心', '帮助中心', '项目主页']),
    );
    expect(within(popup).getByRole('link', { name: '项目主页' })).toHaveAttribute('target', '_blank');
  });

  it('follows the route: a top-level page hides the sidebar, a page under a directory shows its children', () => {
    setBodyWidth(1280);
    const { router } = renderShell(<TopNav />, { path: '/index' });
    expect(useLayoutSettings.getState()).toMatchObject({ topMenuKey: '/index', sidebarHide: true });
    act(() => void router.navigate('/system/log/operate-log'));
    expect(useLayoutSettings.getState()).toMatchObject({ topMenuKey: 'dir:/system', sidebarHide: false });
    expect(within(topNav()).getByText('系统管理').closest('li')).toHaveClass('ant-menu-item-selected');
    // A hidden page without its own entry belongs to the top menu whose path prefixes it.
    act(() => void router.navigate('/system/dict-data'));
    expect(useLayoutSettings.getState().topMenuKey).toBe('dir:/system');
  });

  it('a menu with children swaps the sidebar; a page navigates and hides it; a link opens a new window', async () => {
    setBodyWidth(1920);
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderShell(<TopNav />, { path: '/index', menus: MANY });

    await user.click(within(topNav()).getByText('系统管理'));
    expect(useLayoutSettings.getState()).toMatchObject({ topMenuKey: 'dir:/system', sidebarHide: false });
    expect(screen.getByTestId('location')).toHaveTextContent('/index');

    await user.click(within(topNav()).getByText('数据看板').closest('li')!);
    expect(screen.getByTestId('location')).toHaveTextContent('/board');
    expect(useLayoutSettings.getState()).toMatchObject({ topMenuKey: '/board', sidebarHide: true });

    await user.click(within(topNav()).getByText('项目主页').closest('li')!);
    expect(open).toHaveBeenCalledWith('https://example.com/home', '_blank', 'noopener,noreferrer');
    expect(screen.getByTestId('location')).toHaveTextContent('/board');
  });

  it('turning top-nav off shows the sidebar again with the full menu', () => {
    useLayoutSettings.setState({ sidebarHide: true, topMenuKey: 'dir:/system' });
    useLayoutSettings.getState().updateSetting({ topNav: false });
    expect(useLayoutSettings.getState()).toMatchObject({ sidebarHide: false, topMenuKey: null });
  });
});
