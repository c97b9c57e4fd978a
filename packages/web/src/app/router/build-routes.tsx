import type { MenuNode } from '@app/contract';
import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { ParentView } from '../../layout/parent-view/parent-view';
import { isDirectory, isExternalLink, joinMenuPath } from '../../shared/menu';
import type { RouteMeta } from '../../shared/menu';
import { loadSignedInArea } from './load-signed-in-area';
import { withPageDependencies } from './page-dependencies';
import type { PageLoader, PageMap } from './page-types';
import { menuRouteId } from './route-ids';

export type { PageLoader, PageMap, PageModule } from './page-types';

/** 'system/user/index', '/system/user/index.vue' and '@/views/system/user/index' name the same page. */
export const normalizeComponentPath = (component: string | null | undefined): string =>
  (component ?? '')
    .trim()
    .replace(/^@\/views\//, '')
    .replace(/^\/+/, '')
    .replace(/\.(vue|tsx|jsx|ts|js)$/, '')
    .replace(/\/+$/, '');

/** The page loader for a menu component ('system/user' also finds 'system/user/index'). */
export const resolvePage = (
  pageMap: PageMap,
  component: string | null | undefined,
): PageLoader | undefined => {
  const key = normalizeComponentPath(component);
  if (!key) return undefined;
  return pageMap[key] ?? pageMap[`${key}/index`];
};

/** Path of a route relative to its parent's full path, or null when it lies outside of it. */
const relativeTo = (parentPath: string, fullPath: string): string | null => {
  if (parentPath === '/') return fullPath.slice(1);
  if (fullPath === parentPath) return '';
  return fullPath.startsWith(`${parentPath}/`) ? fullPath.slice(parentPath.length + 1) : null;
};

/** First internal page below a directory (its redirect target). */
const firstPagePath = (menu: MenuNode, fullPath: string): string | undefined => {
  for (const child of menu.children ?? []) {
    if (!child.visible) continue;
    const childPath = joinMenuPath(fullPath, child.path);
    if (isExternalLink(childPath)) continue;
    const target = isDirectory(child) ? firstPagePath(child, childPath) : childPath;
    if (target) return target;
  }
  return undefined;
};

/** The 页面不存在 view for menus whose page is not in this build (reads title and component from the meta). */
const loadMissingPage = async () => ({
  Component: (await (await loadSignedInArea()).loadMissingPage()).default,
});

/** Embedded view of an external menu (reads the link from the meta). */
const loadExternalLinkPage = async () => ({
  Component: (await (await loadSignedInArea()).loadExternalLinkPage()).default,
});

interface Built {
  route: RouteObject;
  fullPath: string;
}

function buildRoute(menu: MenuNode, parentPath: string, pageMap: PageMap, hoisted: Built[]): Built {
  const id = menuRouteId(menu.id);
  const ownPath = joinMenuPath(parentPath, menu.path);
  const link = isExternalLink(ownPath) ? ownPath : undefined;
  // External menus get an internal address that shows the link embedded.
  const fullPath = link ? joinMenuPath(parentPath, `link-${menu.id}`) : ownPath;
  const meta: RouteMeta = {
    title: menu.name,
    fullPath,
    icon: menu.icon && menu.icon !== '#' ? menu.icon : undefined,
    link,
    affix: false,
    breadcrumb: true,
    hidden: !menu.visible,
    alwaysShow: menu.alwaysShow,
    keepAlive: menu.keepAlive,
    componentName: menu.componentName || undefined,
    component: menu.component || undefined,
    menuId: menu.id,
  };

  if (link) {
    return { fullPath, route: { id, handle: meta, lazy: loadExternalLinkPage } };
  }

  if (isDirectory(menu)) {
    const redirect = firstPagePath(menu, fullPath);
    const children: RouteObject[] = redirect
      ? [{ index: true, element: <Navigate to={redirect} replace /> }]
      : [];
    for (const child of menu.children ?? []) {
      const built = buildRoute(child, fullPath, pageMap, hoisted);
      const path = relativeTo(fullPath, built.fullPath);
      if (path === null) hoisted.push(built);
      else children.push({ ...built.route, path } as RouteObject);
    }
    return {
      fullPath,
      route: {
        id,
        handle: { ...meta, redirect, noRedirect: true } satisfies RouteMeta,
        element: <ParentView />,
        children,
      },
    };
  }

  const loader = resolvePage(pageMap, menu.component);
  const route: RouteObject = loader
    ? { id, handle: meta, lazy: withPageDependencies(async () => ({ Component: (await loader()).default })) }
    : { id, handle: meta, lazy: loadMissingPage };
  return { fullPath, route };
}

/**
 * Turns the server menu tree into routes for the layout route: top-level entries render in the
 * layout, nested ones below a pass-through parent. Children whose absolute path lies outside
 * their parent are lifted to the top level. Pages come lazily from `pageMap`; a menu whose page
 * is not in this build renders the 页面不存在 view.
 */
export function buildMenuRoutes(menus: readonly MenuNode[], pageMap: PageMap): RouteObject[] {
  const hoisted: Built[] = [];
  const top = menus.map((menu) => buildRoute(menu, '/', pageMap, hoisted));
  return [...top, ...hoisted].map(
    ({ route, fullPath }) => ({ ...route, path: fullPath.slice(1) }) as RouteObject,
  );
}
