import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { PageCache } from '../../layout/page-cache';
import { TagsView } from '../../layout/tags-view/tags-view';
import { useTagsStore } from '../../layout/tags-view/tags-store';
import { useLayoutSettings } from '../../shared/settings/layout-settings';
import { RootShell } from './root-shell';

afterEach(() => {
  useLayoutSettings.setState(useLayoutSettings.getInitialState(), true);
  useTagsStore.getState().reset();
});

describe('document title', () => {
  const renderAt = (path: string) => {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          Component: RootShell,
          children: [
            {
              path: 'system/user',
              handle: { title: '用户管理', fullPath: '/system/user' },
              Component: () => null,
            },
          ],
        },
      ],
      { initialEntries: [path] },
    );
    render(<RouterProvider router={router} />);
  };

  it('is just 后台管理系统 while the dynamic title is off (the default)', () => {
    renderAt('/system/user');
    expect(document.title).toBe('后台管理系统');
  });

  it('is "<page title> - 后台管理系统" with the dynamic title on', () => {
    renderAt('/system/user');
    act(() => useLayoutSettings.getState().updateSetting({ dynamicTitle: true }));
    expect(document.title).toBe('用户管理 - 后台管理系统');
  });
});

describe('document title with cached pages', () => {
  it('follows the page on screen, never a hidden cached page', async () => {
    useLayoutSettings.getState().updateSetting({ dynamicTitle: true });
    const page = (label: string) =>
      function Page() {
        return <p>{label}</p>;
      };
    const router = createMemoryRouter(
      [
        {
          path: '/',
          Component: RootShell,
          children: [
            {
              path: '/',
              element: (
                <>
                  <TagsView />
                  <PageCache />
                </>
              ),
              children: [
                {
                  path: 'index',
                  handle: { title: '首页', fullPath: '/index', affix: true },
                  Component: page('首页内容'),
                },
                {
                  path: 'system/user',
                  handle: { title: '用户管理', fullPath: '/system/user', keepAlive: true },
                  Component: page('用户内容'),
                },
                {
                  path: 'system/dict',
                  handle: { title: '字典管理', fullPath: '/system/dict', keepAlive: true },
                  Component: page('字典内容'),
                },
              ],
            },
          ],
        },
      ],
      { initialEntries: ['/index'] },
    );
    render(<RouterProvider router={router} />);
    expect(document.title).toBe('首页 - 后台管理系统');
    await act(() => router.navigate('/system/user'));
    await act(() => router.navigate('/system/dict'));
    expect(document.title).toBe('字典管理 - 后台管理系统');
    // Both other pages are still mounted (hidden) behind their tabs.
    expect(document.querySelectorAll('.page-cache-slot')).toHaveLength(3);
    await act(() => router.navigate('/system/user'));
    expect(document.title).toBe('用户管理 - 后台管理系统');
    await act(() => router.navigate('/index'));
    expect(document.title).toBe('首页 - 后台管理系统');
  });
});
