import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useLayoutSettings } from '../../shared/settings/layout-settings';
import { RootShell } from './root-shell';

afterEach(() => useLayoutSettings.setState(useLayoutSettings.getInitialState(), true));

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
