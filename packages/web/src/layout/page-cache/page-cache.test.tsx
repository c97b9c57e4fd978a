import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LAYOUT_SETTING, useLayoutSettings } from '../../shared/settings/layout-settings';
import { useTagsStore } from '../tags-view/tags-store';
import { isCacheable, reconcileCache } from './page-cache';
import type { ActivePage, CacheState } from './page-cache';
import { createShellRouter, effectLog } from './test-shell';

const slotOf = (key: string) =>
  document.querySelector<HTMLElement>(`.page-cache-slot[data-page-key="${key}"]`);
const input = (label: string) => screen.getByLabelText<HTMLInputElement>(`${label}输入`);

async function setup(initial = '/a', strict = false) {
  const router = createShellRouter(initial);
  const tree = <RouterProvider router={router} />;
  render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  const go = (to: string) => act(() => router.navigate(to));
  return { router, go, user: userEvent.setup() };
}

beforeEach(() => {
  useTagsStore.getState().reset();
  useLayoutSettings.setState({ setting: { ...DEFAULT_LAYOUT_SETTING }, size: 'medium' });
  effectLog.length = 0;
});

afterEach(() => {
  useTagsStore.getState().reset();
});

describe('page cache', () => {
  it('keeps a left page with its input and state, hidden, and shows it again as it was', async () => {
    const { go, user } = await setup('/a');
    await user.type(input('甲'), '你好');
    await user.click(screen.getByRole('button', { name: '甲计数 0' }));
    await user.click(screen.getByRole('button', { name: '甲计数 1' }));

    await go('/b');
    expect(slotOf('/a')).toHaveAttribute('hidden');
    expect(slotOf('/a')).toHaveAttribute('inert');
    expect(slotOf('/b')).not.toHaveAttribute('hidden');
    await user.type(input('乙'), '世界');

    await go('/a');
    expect(input('甲')).toHaveValue('你好');
    expect(screen.getByRole('button', { name: '甲计数 2' })).toBeInTheDocument();
    expect(slotOf('/b')).toHaveAttribute('hidden');
    await go('/b');
    expect(input('乙')).toHaveValue('世界');
  });

  it('works the same under StrictMode', async () => {
    const { go, user } = await setup('/a', true);
    await user.type(input('甲'), '严格');
    await go('/b');
    await go('/a');
    expect(input('甲')).toHaveValue('严格');
    expect(document.querySelectorAll('.page-cache-slot')).toHaveLength(2);
  });

  it('pauses a hidden page: effects cleaned up, usePageActive false, its own address kept', async () => {
    const { go } = await setup('/a');
    expect(screen.getByTestId('甲-active')).toHaveTextContent('活动');
    expect(effectLog).toEqual(['mount 甲']);

    await go('/b?x=1');
    expect(effectLog).toEqual(['mount 甲', 'cleanup 甲', 'mount 乙']);
    expect(screen.getByTestId('甲-active')).toHaveTextContent('隐藏');
    expect(screen.getByTestId('甲-path')).toHaveTextContent('/a');
    expect(screen.getByTestId('乙-path')).toHaveTextContent('/b?x=1');

    await go('/a');
    expect(effectLog.slice(3)).toEqual(['cleanup 乙', 'mount 甲']);
    expect(screen.getByTestId('甲-active')).toHaveTextContent('活动');
  });

  it('caches per pathname + search', async () => {
    const { go, user } = await setup('/item/1');
    await user.type(input('详情'), '一');
    await go('/item/2');
    expect(screen.getAllByLabelText('详情输入')).toHaveLength(2);
    await go('/item/1?tab=x');
    expect(screen.getAllByLabelText('详情输入')).toHaveLength(3);
    await go('/item/1');
    expect(slotOf('/item/1')?.querySelector('input')).toHaveValue('一');
  });

  it('does not keep a page whose meta keepAlive is false', async () => {
    const { go, user } = await setup('/c');
    await user.type(input('丙'), '临时');
    await go('/a');
    expect(slotOf('/c')).toBeNull();
    expect(screen.queryByLabelText('丙输入')).toBeNull();
    await go('/c');
    expect(input('丙')).toHaveValue('');
  });

  it('keeps an external-link page even with keepAlive false', async () => {
    const { go, user } = await setup('/link');
    await user.type(input('外链'), '保留');
    await go('/a');
    expect(slotOf('/link')).toHaveAttribute('hidden');
    await go('/link');
    expect(input('外链')).toHaveValue('保留');
  });

  it('drops a page when its tab closes', async () => {
    const { go, user } = await setup('/a');
    await user.type(input('甲'), '旧');
    await go('/b');
    expect(slotOf('/a')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: '关闭 甲' }));
    expect(slotOf('/a')).toBeNull();
    await go('/a');
    expect(input('甲')).toHaveValue('');
  });

  it('re-creates a page through the refresh route', async () => {
    const { router, go, user } = await setup('/a');
    await user.type(input('甲'), '旧');
    await go('/b');
    await go('/redirect/a');
    expect(router.state.location.pathname).toBe('/a');
    expect(input('甲')).toHaveValue('');
    // The refreshed page is cached again afterwards.
    await user.type(input('甲'), '新');
    await go('/b');
    await go('/a');
    expect(input('甲')).toHaveValue('新');
  });

  it('refreshes the page on screen from the tab menu (刷新页面)', async () => {
    const { router, user } = await setup('/a');
    await user.type(input('甲'), '旧');
    fireEvent.contextMenu(screen.getByRole('link', { name: '甲' }));
    await user.click(screen.getByRole('menuitem', { name: '刷新页面' }));
    expect(router.state.location.pathname).toBe('/a');
    expect(input('甲')).toHaveValue('');
  });

  it('clears the hidden pages when the UI size changes', async () => {
    const { go, user } = await setup('/a');
    await user.type(input('甲'), '甲值');
    await go('/b');
    await user.type(input('乙'), '乙值');
    act(() => useLayoutSettings.getState().setSize('small'));
    expect(slotOf('/a')).toBeNull();
    expect(slotOf('/index')).toBeNull();
    // The page on screen stays until the shell reloads it through the refresh route.
    expect(input('乙')).toHaveValue('乙值');
    await go('/a');
    expect(input('甲')).toHaveValue('');
  });

  it('keeps only the page on screen while the tab strip is off', async () => {
    useLayoutSettings.setState({ setting: { ...DEFAULT_LAYOUT_SETTING, tagsView: false } });
    const { go, user } = await setup('/a');
    expect(screen.queryByRole('navigation', { name: '标签页' })).toBeNull();
    await user.type(input('甲'), '旧');
    await go('/b');
    expect(slotOf('/a')).toBeNull();
  });

  it('brings back scroll offsets inside a page and of the window', async () => {
    const scrollTo = vi.mocked(window.scrollTo);
    scrollTo.mockClear();
    const { go } = await setup('/a');
    const scroller = screen.getByTestId('甲-scroller');
    scroller.scrollTop = 120;
    fireEvent.scroll(scroller);
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 300 });
    fireEvent.scroll(window);

    await go('/b');
    // Browsers forget the offsets of hidden elements.
    scroller.scrollTop = 0;
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
    fireEvent.scroll(window);

    await go('/a');
    await act(() => Promise.resolve());
    expect(scroller.scrollTop).toBe(120);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 300);

    // /b was left at the top: nothing to restore.
    scrollTo.mockClear();
    await go('/b');
    expect(scrollTo).not.toHaveBeenCalled();
    Reflect.deleteProperty(window, 'scrollY');
  });
});

describe('reconcileCache', () => {
  const location = (pathname: string, search = '') => ({
    location: { pathname, search, hash: '', state: null, key: pathname },
    navigationType: 'PUSH',
  });
  const active = (key: string, cacheable = true): ActivePage =>
    ({
      key,
      element: null,
      location: location(key),
      routerState: null,
      meta: undefined,
      cacheable,
    }) as unknown as ActivePage;

  it('adds, updates in place and returns the same state when nothing changed', () => {
    const keep = () => true;
    const empty: CacheState = { entries: [], seq: 0, size: 'medium' };
    const a = active('/a');
    const one = reconcileCache(empty, a, { keep, size: 'medium' });
    expect(one.entries.map((entry) => [entry.key, entry.id])).toEqual([['/a', 0]]);
    expect(reconcileCache(one, a, { keep, size: 'medium' })).toBe(one);
    const two = reconcileCache(one, active('/b'), { keep, size: 'medium' });
    expect(two.entries.map((entry) => [entry.key, entry.id])).toEqual([
      ['/a', 0],
      ['/b', 1],
    ]);
    // Re-created pages get a new id.
    const dropped = reconcileCache(two, active('/b'), { keep: () => false, size: 'medium' });
    expect(dropped.entries.map((entry) => entry.key)).toEqual(['/b']);
    const back = reconcileCache(dropped, a, { keep, size: 'medium' });
    expect(back.entries.find((entry) => entry.key === '/a')?.id).toBe(2);
  });

  it('decides what is cacheable', () => {
    expect(isCacheable('/a', undefined)).toBe(true);
    expect(isCacheable('/a', { title: 'a', fullPath: '/a', keepAlive: false })).toBe(false);
    expect(isCacheable('/a', { title: 'a', fullPath: '/a', keepAlive: false, link: 'https://x' })).toBe(true);
    expect(isCacheable('/redirect/a', { title: '', fullPath: '/redirect' })).toBe(false);
  });
});
