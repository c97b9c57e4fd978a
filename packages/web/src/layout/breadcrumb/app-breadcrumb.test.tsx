import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RouteMeta } from '../../shared/menu';
import { LocationProbe } from '../basic-layout/test-utils';
import { AppBreadcrumb, buildCrumbs, toCrumbItems } from './app-breadcrumb';

const meta = (m: RouteMeta): RouteMeta => m;
const Page = () => null;

describe('buildCrumbs', () => {
  it('keeps matched routes with a title, skips untitled and opted-out ones, prepends 首页', () => {
    const crumbs = buildCrumbs([
      undefined,
      { title: '系统管理', fullPath: '/system', noRedirect: true, redirect: '/system/user' },
      { title: '', fullPath: '/x' },
      { title: '隐藏', fullPath: '/y', breadcrumb: false },
      { title: '用户管理', fullPath: '/system/user' },
    ]);
    expect(crumbs.map((c) => c.title)).toEqual(['首页', '系统管理', '用户管理']);
  });

  it('does not prepend 首页 when the first entry is the home page, by path or by title', () => {
    expect(buildCrumbs([{ title: '首页', fullPath: '/index' }]).map((c) => c.title)).toEqual(['首页']);
    expect(buildCrumbs([{ title: '首页', fullPath: '/dashboard' }]).map((c) => c.title)).toEqual(['首页']);
    expect(buildCrumbs([]).map((c) => c.fullPath)).toEqual(['/index']);
  });

  it('makes noRedirect entries and the last one plain text; the others go to redirect, else path', () => {
    const items = toCrumbItems(
      buildCrumbs([
        { title: '系统管理', fullPath: '/system', noRedirect: true, redirect: '/system/user' },
        { title: '日志', fullPath: '/system/log', redirect: '/system/log/operate-log' },
        { title: '报表', fullPath: '/system/report' },
        { title: '操作日志', fullPath: '/system/log/operate-log' },
      ]),
    );
    expect(items).toEqual([
      { title: '首页', to: '/index' },
      { title: '系统管理' },
      { title: '日志', to: '/system/log/operate-log' },
      { title: '报表', to: '/system/report' },
      { title: '操作日志' },
    ]);
  });
});

describe('<AppBreadcrumb>', () => {
  const renderAt = (path: string) => {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <>
              <AppBreadcrumb />
              <Outlet />
              <LocationProbe />
            </>
          ),
          children: [
            { path: 'index', Component: Page, handle: meta({ title: '首页', fullPath: '/index' }) },
            {
              path: 'system',
              handle: meta({
                title: '系统管理',
                fullPath: '/system',
                noRedirect: true,
                redirect: '/system/user',
              }),
              element: <Outlet />,
              children: [
                {
                  path: 'user',
                  Component: Page,
                  handle: meta({ title: '用户管理', fullPath: '/system/user' }),
                },
                {
                  path: 'dict-data',
                  Component: Page,
                  handle: meta({ title: '字典数据', fullPath: '/system/dict-data', hidden: true }),
                },
              ],
            },
            {
              path: 'redirect/*',
              handle: meta({ title: '', fullPath: '/redirect', breadcrumb: false }),
            },
          ],
        },
      ],
      { initialEntries: [path] },
    );
    render(<RouterProvider router={router} />);
    return screen.getByRole('navigation', { name: '面包屑导航' });
  };

  it('renders the trail of the matched routes with links only where they lead somewhere', async () => {
    const nav = renderAt('/system/user');
    expect(nav).toHaveTextContent('首页/系统管理/用户管理');
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['首页']);
    expect(within(nav).getByText('用户管理')).toHaveAttribute('aria-current', 'page');

    await userEvent.click(within(nav).getByRole('link', { name: '首页' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/index');
    expect(screen.getByRole('navigation', { name: '面包屑导航' })).toHaveTextContent(/^首页$/);
  });

  it('shows hidden routes too (they are matched), and nothing extra for the redirect route', () => {
    expect(renderAt('/system/dict-data')).toHaveTextContent('首页/系统管理/字典数据');
  });
});
