import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT_SETTING, useLayoutSettings } from '../../shared/settings/layout-settings';
import { createShellRouter } from '../page-cache/test-shell';
import { TAGS_MENU_WIDTH } from './tags-menu';
import { useTagsStore } from './tags-store';
import { revealTab, TAG_SCROLL_MARGIN } from './tags-view';

const strip = () => screen.getByRole('navigation', { name: '标签页' });
const tabLinks = () =>
  within(strip())
    .getAllByRole('link')
    .map((link) => link.textContent);
const tabLink = (name: string) => within(strip()).getByRole('link', { name });
const menuItems = () =>
  within(screen.getByRole('menu'))
    .getAllByRole('menuitem')
    .map((item) => item.textContent);

async function setup(visit: string[] = ['/a', '/b', '/c'], colorPrimary?: string) {
  const router = createShellRouter('/index');
  const tree = <RouterProvider router={router} />;
  render(colorPrimary ? <ConfigProvider theme={{ token: { colorPrimary } }}>{tree}</ConfigProvider> : tree);
  for (const to of visit) await act(() => router.navigate(to));
  const path = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { router, path, user: userEvent.setup() };
}

beforeEach(() => {
  useTagsStore.getState().reset();
  useLayoutSettings.setState({ setting: { ...DEFAULT_LAYOUT_SETTING }, size: 'medium' });
});

afterEach(() => useTagsStore.getState().reset());

describe('tags view', () => {
  it('shows a tab per visited page after the affix home tab, the active one marked', async () => {
    await setup(['/a', '/b', '/a', '/c']);
    expect(tabLinks()).toEqual(['首页', '甲', '乙', '丙']);
    expect(tabLink('丙')).toHaveAttribute('aria-current', 'page');
    expect(tabLink('甲')).not.toHaveAttribute('aria-current');
    expect(tabLink('丙').closest('li')).toHaveClass('is-active');
    expect(tabLink('乙')).toHaveAttribute('href', '/b');
    // Affix tabs have no close button; the others are labelled 关闭 <title>.
    expect(within(strip()).queryByRole('button', { name: '关闭 首页' })).toBeNull();
    expect(within(strip()).getByRole('button', { name: '关闭 甲' })).toBeInTheDocument();
  });

  it('colours the active tab with the theme colour', async () => {
    await setup(['/a'], '#13c2c2');
    const root = strip().closest<HTMLElement>('.tags-view');
    expect(root?.style.getPropertyValue('--tags-primary')).toBe('#13c2c2');
  });

  it('keeps one tab per pathname + search and never one for the refresh route', async () => {
    const { router } = await setup(['/item/1', '/item/2', '/item/1']);
    expect(tabLinks()).toEqual(['首页', '详情', '详情']);
    await act(() => router.navigate('/redirect/item/2'));
    const hrefs = within(strip())
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(['/index', '/item/1', '/item/2']);
  });

  it('gives a directory that redirects to its first page no tab of its own', async () => {
    const { path } = await setup(['/dir']);
    expect(path()).toBe('/dir/leaf');
    expect(tabLinks()).toEqual(['首页', '叶子']);
  });

  it('closing the active tab goes to the last remaining one; others close in place', async () => {
    const { path, user } = await setup(['/a', '/b', '/c', '/b']);
    await user.click(screen.getByRole('button', { name: '关闭 乙' }));
    expect(tabLinks()).toEqual(['首页', '甲', '丙']);
    expect(path()).toBe('/c');
    await user.click(screen.getByRole('button', { name: '关闭 甲' }));
    expect(tabLinks()).toEqual(['首页', '丙']);
    expect(path()).toBe('/c');
  });

  it('closes a tab on middle click, but never an affix tab', async () => {
    const { path } = await setup(['/a', '/b']);
    const middle = (name: string) => {
      const item = tabLink(name).closest('li') as HTMLElement;
      const event = new MouseEvent('auxclick', { bubbles: true, cancelable: true, button: 1 });
      fireEvent(item, event);
      return event;
    };
    expect(middle('甲').defaultPrevented).toBe(true);
    expect(tabLinks()).toEqual(['首页', '乙']);
    middle('首页');
    expect(tabLinks()).toEqual(['首页', '乙']);
    middle('乙');
    expect(tabLinks()).toEqual(['首页']);
    expect(path()).toBe('/index');
  });

  it('offers the menu entries with their hidden cases', async () => {
    await setup(['/a', '/b', '/c']);
    fireEvent.contextMenu(tabLink('首页'), { clientX: 20, clientY: 30 });
    expect(menuItems()).toEqual(['刷新页面', '关闭其他', '关闭右侧', '全部关闭']);
    const menu = screen.getByRole('menu');
    expect(menu.style.width).toBe(`${TAGS_MENU_WIDTH}px`);
    expect(menu.style.left).toBe('20px');
    expect(menu.style.top).toBe('30px');

    // First closable tab: nothing closable on its left.
    fireEvent.contextMenu(tabLink('甲'));
    expect(menuItems()).toEqual(['刷新页面', '关闭当前', '关闭其他', '关闭右侧', '全部关闭']);
    fireEvent.contextMenu(tabLink('乙'));
    expect(menuItems()).toEqual(['刷新页面', '关闭当前', '关闭其他', '关闭左侧', '关闭右侧', '全部关闭']);
    // Last tab.
    fireEvent.contextMenu(tabLink('丙'));
    expect(menuItems()).toEqual(['刷新页面', '关闭当前', '关闭其他', '关闭左侧', '全部关闭']);
  });

  it('关闭当前 / 关闭其他 / 关闭左侧 / 关闭右侧 / 全部关闭', async () => {
    const { path, user, router } = await setup(['/a', '/b', '/c', '/d', '/e']);
    const choose = async (tab: string, item: string) => {
      fireEvent.contextMenu(tabLink(tab));
      await user.click(screen.getByRole('menuitem', { name: item }));
      expect(screen.queryByRole('menu')).toBeNull();
    };

    await choose('丁', '关闭当前');
    expect(tabLinks()).toEqual(['首页', '甲', '乙', '丙', '戊']);
    expect(path()).toBe('/e');

    await choose('乙', '关闭左侧');
    expect(tabLinks()).toEqual(['首页', '乙', '丙', '戊']);
    expect(path()).toBe('/e');

    // The page on screen (戊) loses its tab: go to the last remaining one.
    await choose('乙', '关闭右侧');
    expect(tabLinks()).toEqual(['首页', '乙']);
    expect(path()).toBe('/b');

    await act(() => router.navigate('/c'));
    await act(() => router.navigate('/d'));
    await choose('丙', '关闭其他');
    expect(tabLinks()).toEqual(['首页', '丙']);
    expect(path()).toBe('/c');

    await choose('丙', '全部关闭');
    expect(tabLinks()).toEqual(['首页']);
    expect(path()).toBe('/index');

    // 全部关闭 on an affix page on screen stays there.
    await choose('首页', '全部关闭');
    expect(path()).toBe('/index');
  });

  it('closing the page on screen with no tab left goes to a fresh home (or /)', async () => {
    const { path, user } = await setup(['/a']);
    // Without affix tabs nothing remains.
    act(() => useTagsStore.setState({ views: useTagsStore.getState().views.filter((view) => !view.affix) }));
    await user.click(screen.getByRole('button', { name: '关闭 甲' }));
    // '/' redirects nowhere in this test router; the router went to '/'.
    expect(path()).toBe('/');
  });

  it('closes the menu on Escape (focus back on the tab), outside click and scroll', async () => {
    const { user } = await setup(['/a', '/b']);
    fireEvent.contextMenu(tabLink('甲'));
    expect(screen.getByRole('menuitem', { name: '刷新页面' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: '关闭当前' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: '全部关闭' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(tabLink('甲')).toHaveFocus();

    fireEvent.contextMenu(tabLink('甲'));
    fireEvent.mouseDown(document.body);
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.contextMenu(tabLink('甲'));
    fireEvent.scroll(strip().querySelector('.tags-view-scroll') as HTMLElement);
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.contextMenu(tabLink('甲'));
    fireEvent.scroll(window);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('works from the keyboard: context-menu key, Shift+F10, Delete and arrows', async () => {
    const { user, path } = await setup(['/a', '/b']);
    tabLink('甲').focus();
    await user.keyboard('{ContextMenu}');
    expect(screen.getByRole('menu', { name: '标签「甲」' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.keyboard('{Shift>}{F10}{/Shift}');
    expect(screen.getByRole('menuitem', { name: '刷新页面' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await user.keyboard('{ArrowRight}');
    expect(tabLink('乙')).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(tabLink('首页')).toHaveFocus();
    await user.keyboard('{Delete}');
    expect(tabLinks()).toEqual(['首页', '甲', '乙']);
    tabLink('乙').focus();
    await user.keyboard('{Delete}');
    expect(tabLinks()).toEqual(['首页', '甲']);
    expect(path()).toBe('/a');
  });

  it('Enter on a focused tab opens it; Tab reaches its close button, labelled with the title', async () => {
    const { user, path } = await setup(['/a', '/b']);
    tabLink('甲').focus();
    await user.keyboard('{Enter}');
    expect(path()).toBe('/a');
    expect(tabLink('甲')).toHaveAttribute('aria-current', 'page');

    tabLink('乙').focus();
    await user.tab();
    expect(within(strip()).getByRole('button', { name: '关闭 乙' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(tabLinks()).toEqual(['首页', '甲']);
    expect(path()).toBe('/a');
  });

  it('scrolls sideways with the wheel when the tabs overflow', async () => {
    await setup(['/a', '/b']);
    const scroller = strip().querySelector('.tags-view-scroll') as HTMLElement;
    Object.defineProperty(scroller, 'scrollWidth', { configurable: true, value: 1000 });
    Object.defineProperty(scroller, 'clientWidth', { configurable: true, value: 300 });
    const wheel = new WheelEvent('wheel', { deltaY: 120, bubbles: true, cancelable: true });
    scroller.dispatchEvent(wheel);
    expect(scroller.scrollLeft).toBe(120);
    expect(wheel.defaultPrevented).toBe(true);
    scroller.dispatchEvent(
      new WheelEvent('wheel', { deltaY: -3, deltaMode: 1, bubbles: true, cancelable: true }),
    );
    expect(scroller.scrollLeft).toBe(72);

    // Without overflow the page scrolls as usual.
    Object.defineProperty(scroller, 'scrollWidth', { configurable: true, value: 300 });
    const idle = new WheelEvent('wheel', { deltaY: 120, bubbles: true, cancelable: true });
    scroller.dispatchEvent(idle);
    expect(idle.defaultPrevented).toBe(false);
  });

  it('is not shown while the tagsView setting is off', async () => {
    useLayoutSettings.setState({ setting: { ...DEFAULT_LAYOUT_SETTING, tagsView: false } });
    render(<RouterProvider router={createShellRouter('/a')} />);
    expect(screen.queryByRole('navigation', { name: '标签页' })).toBeNull();
    expect(useTagsStore.getState().views).toEqual([]);
  });
});

describe('revealTab', () => {
  const layout = (lefts: number[], width: number, clientWidth: number) => {
    const container = document.createElement('div');
    const items = lefts.map((left) => {
      const item = document.createElement('li');
      item.className = 'tags-view-item';
      Object.defineProperty(item, 'offsetLeft', { value: left });
      Object.defineProperty(item, 'offsetWidth', { value: width });
      container.append(item);
      return item;
    });
    Object.defineProperty(container, 'clientWidth', { value: clientWidth });
    Object.defineProperty(container, 'scrollWidth', { value: (lefts.at(-1) ?? 0) + width + 15 });
    return { container, items };
  };

  it('scrolls the first tab to the start and the last to the end', () => {
    const { container, items } = layout([15, 120, 225, 330, 435], 100, 250);
    container.scrollLeft = 100;
    revealTab(container, items[0] as HTMLElement);
    expect(container.scrollLeft).toBe(0);
    revealTab(container, items[4] as HTMLElement);
    expect(container.scrollLeft).toBe(550 - 250);
  });

  it('keeps the neighbours of a middle tab in view with a 4 px margin', () => {
    const { container, items } = layout([15, 120, 225, 330, 435], 100, 250);
    container.scrollLeft = 0;
    revealTab(container, items[2] as HTMLElement);
    // Next tab ends at 430; plus the margin, minus the visible width.
    expect(container.scrollLeft).toBe(330 + 100 + TAG_SCROLL_MARGIN - 250);
    container.scrollLeft = 400;
    revealTab(container, items[2] as HTMLElement);
    expect(container.scrollLeft).toBe(120 - TAG_SCROLL_MARGIN);
  });
});
