import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { RouteMeta } from '../../shared/menu';
import { MENUS, PAGES } from '../../test/fixtures';
import { createPageMap } from '../page-map';
import { buildMenuRoutes, normalizeComponentPath, resolvePage } from './build-routes';

const routes = buildMenuRoutes(MENUS, PAGES);

const find = (list: RouteObject[], id: string): RouteObject | undefined => {
  for (const route of list) {
    if (route.id === id) return route;
    const below = route.children && find(route.children, id);
    if (below) return below;
  }
  return undefined;
};
const meta = (id: string) => find(routes, id)?.handle as RouteMeta;

const renderAt = (path: string) => {
  const router = createMemoryRouter([{ path: '/', HydrateFallback: () => null, children: routes }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return router;
};

describe('buildMenuRoutes', () => {
  it('top-level directories get relative paths under the layout and children join relatively', () => {
    expect(routes.map((r) => [r.id, r.path])).toEqual([
      ['menu-1', 'system'],
      ['menu-2', 'infra'],
      ['menu-3', 'board'],
      ['menu-170', 'user/profile'],
    ]);
    const system = find(routes, 'menu-1')!;
    expect(system.children!.filter((c) => c.id).map((c) => [c.id, c.path])).toEqual([
      ['menu-100', 'user'],
      ['menu-105', 'dict'],
      ['menu-150', 'dict-data'],
      ['menu-108', 'log'],
      ['menu-160', 'link-160'],
    ]);
    expect(find(routes, 'menu-500')!.path).toBe('operate-log');
    expect(meta('menu-500').fullPath).toBe('/system/log/operate-log');
  });

  it('a child with an absolute path outside its parent is lifted to the top level', () => {
    expect(find(routes, 'menu-1')!.children!.some((c) => c.id === 'menu-170')).toBe(false);
    expect(meta('menu-170').fullPath).toBe('/user/profile');
  });

  it('fills the route meta from the menu', () => {
    expect(meta('menu-100')).toMatchObject({
      title: '用户管理',
      fullPath: '/system/user',
      icon: 'user',
      hidden: false,
      keepAlive: true,
      alwaysShow: true,
      affix: false,
      breadcrumb: true,
      componentName: 'SystemUser',
      component: 'system/user/index',
      menuId: 100,
    });
    expect(meta('menu-105').keepAlive).toBe(false);
    expect(meta('menu-150').hidden).toBe(true);
    expect(meta('menu-1')).toMatchObject({ noRedirect: true, redirect: '/system/user', alwaysShow: true });
    expect(meta('menu-108').redirect).toBe('/system/log/operate-log');
    expect(meta('menu-2')).toMatchObject({ alwaysShow: false, redirect: '/infra/config' });
  });

  it('external links carry the address in meta.link', () => {
    expect(meta('menu-160')).toMatchObject({ link: 'https://doc.iocoder.cn', fullPath: '/system/link-160' });
    expect(meta('menu-100').link).toBeUndefined();
  });

  it('directories are pass-through parents that redirect to their first page', async () => {
    const router = renderAt('/system');
    expect(await screen.findByText('用户列表页面')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/system/user');
  });

  it('resolves existing pages lazily', async () => {
    renderAt('/system/user');
    expect(await screen.findByText('用户列表页面')).toBeInTheDocument();
  });

  it('a menu whose page does not exist renders the 页面不存在 view naming the component', async () => {
    renderAt('/system/dict');
    expect(await screen.findByText('页面不存在')).toBeInTheDocument();
    expect(screen.getByText('system/dict/index')).toBeInTheDocument();
    expect(screen.getByText(/菜单「字典管理」/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /返回首页/ })).toBeInTheDocument();
  });

  it('hidden menus are still routes', async () => {
    renderAt('/system/dict-data');
    expect(await screen.findByText('system/dict/data')).toBeInTheDocument();
  });
});

describe('page map', () => {
  it('keys pages by the path after /pages/ without extension', () => {
    const loader = async () => ({ default: () => null });
    const map = createPageMap({
      '../features/user/pages/system/user/index.tsx': loader,
      '../features/bpm/pages/bpm/model/editor.tsx': loader,
    });
    expect(Object.keys(map)).toEqual(['system/user/index', 'bpm/model/editor']);
  });

  it('normalizes component strings and also tries <path>/index', () => {
    expect(normalizeComponentPath('/system/user/index.vue')).toBe('system/user/index');
    expect(normalizeComponentPath('@/views/system/user/index')).toBe('system/user/index');
    expect(normalizeComponentPath(null)).toBe('');
    expect(resolvePage(PAGES, 'system/user')).toBe(PAGES['system/user/index']);
    expect(resolvePage(PAGES, 'system/role/index')).toBeUndefined();
    expect(resolvePage(PAGES, '')).toBeUndefined();
  });
});
