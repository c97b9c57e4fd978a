import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setLoginTime } from '../../shared/auth/storage';
import { useSessionStore } from '../../shared/session';
import { PERMISSION_INFO } from '../../test/fixtures';
import { greetingFor, HomePage } from './home-page';

afterEach(() => useSessionStore.getState().reset());

describe('home page', () => {
  it('greets the user and lists roles, sign-in time and the top-level menus as quick links', () => {
    useSessionStore.getState().setSession(PERMISSION_INFO);
    setLoginTime(new Date(2026, 0, 5, 9, 30, 0).getTime());
    const router = createMemoryRouter([{ path: '/index', Component: HomePage }], {
      initialEntries: ['/index'],
    });
    render(<RouterProvider router={router} />);

    expect(screen.getByRole('heading', { name: '上午好，芋道源码！' })).toBeInTheDocument();
    expect(screen.getByText('super_admin')).toBeInTheDocument();
    expect(screen.getByText('2026-01-05 09:30:00')).toBeInTheDocument();
    expect(screen.getByText('全部权限')).toBeInTheDocument();

    const quick = screen.getByText('快捷入口').closest('.ant-card') as HTMLElement;
    const links = within(quick).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/system/user', '/infra/config', '/board']);
    expect(within(quick).getByText('系统管理')).toBeInTheDocument();
    expect(within(quick).getByText('4 个功能页面')).toBeInTheDocument();
  });

  it('picks the greeting by hour', () => {
    expect(greetingFor(5)).toBe('凌晨好');
    expect(greetingFor(8)).toBe('早上好');
    expect(greetingFor(10)).toBe('上午好');
    expect(greetingFor(13)).toBe('中午好');
    expect(greetingFor(15)).toBe('下午好');
    expect(greetingFor(20)).toBe('晚上好');
  });
});
