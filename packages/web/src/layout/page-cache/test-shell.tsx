/**
 * Test helpers (used by Vitest only): a memory router with the tab strip and the page cache
 * around stateful pages.
 */
import { useEffect, useState } from 'react';
import { createMemoryRouter, Navigate, Outlet, useLocation } from 'react-router';
import type { RouteObject } from 'react-router';
import type { RouteMeta } from '../../shared/menu';
import { RedirectPage } from '../redirect/redirect-page';
import { TagsView } from '../tags-view/tags-view';
import { PageCache } from './page-cache';
import { usePageActive } from './page-context';

/** Effect log of the stateful pages: 'mount <label>' / 'cleanup <label>'. */
export const effectLog: string[] = [];

/** A page with state: an input, a counter, its activity flag and the address it sees. */
export function StatefulPage({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  const active = usePageActive();
  const { pathname, search } = useLocation();
  useEffect(() => {
    effectLog.push(`mount ${label}`);
    return () => {
      effectLog.push(`cleanup ${label}`);
    };
  }, [label]);
  return (
    <section aria-label={label}>
      <input aria-label={`${label}输入`} />
      <button type="button" onClick={() => setCount((value) => value + 1)}>
        {label}计数 {count}
      </button>
      <span data-testid={`${label}-active`}>{active ? '活动' : '隐藏'}</span>
      <span data-testid={`${label}-path`}>{`${pathname}${search}`}</span>
      <div data-testid={`${label}-scroller`} style={{ height: 50, overflow: 'auto' }}>
        <div style={{ height: 500 }} />
      </div>
    </section>
  );
}

const meta = (title: string, fullPath: string, extra: Partial<RouteMeta> = {}): RouteMeta => ({
  title,
  fullPath,
  ...extra,
});

function Shell() {
  return (
    <>
      <TagsView />
      <main>
        <PageCache />
      </main>
    </>
  );
}

/**
 * Routes: /index (首页, affix), /a (甲), /b (乙), /c (丙, keepAlive false), /d (丁), /e (戊),
 * /link (外链, keepAlive false but an external link), /item/:id (详情), /dir (目录, redirects to
 * /dir/leaf 叶子), /redirect/*.
 */
export function createShellRouter(initial = '/index', extra: RouteObject[] = []) {
  const page = (label: string) =>
    function Page() {
      return <StatefulPage label={label} />;
    };
  const routes: RouteObject[] = [
    {
      path: '/',
      Component: Shell,
      children: [
        { path: 'index', handle: meta('首页', '/index', { affix: true }), Component: page('首页') },
        { path: 'a', handle: meta('甲', '/a', { keepAlive: true }), Component: page('甲') },
        { path: 'b', handle: meta('乙', '/b'), Component: page('乙') },
        { path: 'c', handle: meta('丙', '/c', { keepAlive: false }), Component: page('丙') },
        { path: 'd', handle: meta('丁', '/d'), Component: page('丁') },
        { path: 'e', handle: meta('戊', '/e'), Component: page('戊') },
        {
          path: 'link',
          handle: meta('外链', '/link', { keepAlive: false, link: 'https://example.com/' }),
          Component: page('外链'),
        },
        { path: 'item/:id', handle: meta('详情', '/item/:id'), Component: page('详情') },
        {
          path: 'dir',
          handle: meta('目录', '/dir', { noRedirect: true, redirect: '/dir/leaf' }),
          Component: Outlet,
          children: [
            { index: true, element: <Navigate to="/dir/leaf" replace /> },
            { path: 'leaf', handle: meta('叶子', '/dir/leaf'), Component: page('叶子') },
          ],
        },
        {
          path: 'redirect/*',
          handle: meta('', '/redirect', { hidden: true, breadcrumb: false }),
          Component: RedirectPage,
        },
        ...extra,
      ],
    },
  ];
  return createMemoryRouter(routes, { initialEntries: [initial] });
}
