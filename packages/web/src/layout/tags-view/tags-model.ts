import { HOME_PATH } from '../../shared/config';
import { getRouteMeta } from '../../shared/menu';
import type { RouteMeta } from '../../shared/menu';

/** One tab of the tags view: a visited page. */
export interface TagView {
  /** Tab and page-cache key: pathname + search ('/system/user', '/bpm/detail?id=1'). */
  fullPath: string;
  /** The pathname alone. */
  path: string;
  /** Route meta title, or the page's own (`ownTitle`). */
  title: string;
  /** Cannot be closed (home, routes with meta `affix`). */
  affix: boolean;
  /** The page named its tab itself (修改[表]生成配置): the route's title no longer replaces it. */
  ownTitle?: boolean;
}

/** Where the refresh route lives: `/redirect/<path>` re-creates `<path>`. */
export const REDIRECT_PREFIX = '/redirect';

/** The key of a location in the tags view and the page cache: pathname + search. */
export const viewKey = (location: { pathname: string; search?: string }): string =>
  `${location.pathname}${location.search ?? ''}`;

/** True for the refresh route itself (never a tab, never cached). */
export const isRedirectPath = (pathname: string): boolean =>
  pathname === REDIRECT_PREFIX || pathname.startsWith(`${REDIRECT_PREFIX}/`);

/** The page a `/redirect/<path>` address re-creates (`/redirect/index?x=1` → `/index?x=1`). */
export const redirectTarget = (pathname: string, search = ''): string | undefined =>
  isRedirectPath(pathname) ? `/${pathname.slice(REDIRECT_PREFIX.length + 1)}${search}` : undefined;

/** The refresh address of a page: through the redirect route, which re-creates it. */
export const refreshPath = (fullPath: string): string => `${REDIRECT_PREFIX}${fullPath}`;

/** The meta of the deepest matched route that has one (the page itself). */
export const pageMeta = (matches: readonly { handle?: unknown }[]): RouteMeta | undefined => {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const meta = getRouteMeta(matches[i]?.handle);
    if (meta) return meta;
  }
  return undefined;
};

/**
 * The meta of the page a tab stands for: the deepest match's own meta. Pass-through matches get
 * no tab: a directory's index redirect (no meta of its own) or the directory itself (noRedirect).
 */
export const tabMeta = (matches: readonly { handle?: unknown }[]): RouteMeta | undefined => {
  const meta = getRouteMeta(matches.at(-1)?.handle);
  return meta && !meta.noRedirect ? meta : undefined;
};

/** The tab for a location, or undefined when it gets none (no title, the refresh route). */
export const viewOf = (
  location: { pathname: string; search?: string },
  meta: Pick<RouteMeta, 'title' | 'affix'> | undefined,
): TagView | undefined => {
  if (!meta?.title || isRedirectPath(location.pathname)) return undefined;
  return {
    fullPath: viewKey(location),
    path: location.pathname,
    title: meta.title,
    affix: meta.affix === true,
  };
};

interface RouteLike {
  path?: string;
  index?: boolean;
  handle?: unknown;
  children?: RouteLike[];
}

/** Joins a parent path and a relative or absolute child route path. */
const joinPath = (parent: string, path: string | undefined): string => {
  if (!path) return parent;
  if (path.startsWith('/')) return path;
  return `${parent.replace(/\/+$/, '')}/${path}`;
};

/**
 * The affix tabs of a route tree (meta `affix`), in tree order. Routes with dynamic segments or
 * splats cannot be opened without parameters and are skipped.
 */
export const collectAffixViews = (routes: readonly RouteLike[], parentPath = '/'): TagView[] => {
  const found: TagView[] = [];
  for (const route of routes) {
    const path = joinPath(parentPath, route.path);
    const meta = getRouteMeta(route.handle);
    if (meta?.affix && meta.title && !/[:*]/.test(path)) {
      const fullPath = meta.fullPath && !/[:*]/.test(meta.fullPath) ? meta.fullPath : path;
      found.push({ fullPath, path: fullPath.split('?')[0] ?? fullPath, title: meta.title, affix: true });
    }
    if (route.children) found.push(...collectAffixViews(route.children, path));
  }
  return found;
};

const indexOfView = (views: readonly TagView[], fullPath: string): number =>
  views.findIndex((view) => view.fullPath === fullPath);

/**
 * Adds a visited page at the end. A known page keeps its place (its title is refreshed); an affix
 * page goes after the other affix tabs so affix tabs stay first.
 */
export const addView = (views: readonly TagView[], view: TagView): TagView[] => {
  const at = indexOfView(views, view.fullPath);
  if (at >= 0) {
    const known = views[at];
    const title = known?.ownTitle ? known.title : view.title;
    if (known && known.title === title && known.affix === view.affix) return views as TagView[];
    return views.map((v, i) => (i === at ? { ...v, title, affix: v.affix || view.affix } : v));
  }
  if (!view.affix) return [...views, view];
  const firstLoose = views.findIndex((v) => !v.affix);
  if (firstLoose < 0) return [...views, view];
  return [...views.slice(0, firstLoose), view, ...views.slice(firstLoose)];
};

/** The page's own title for its tab, kept from then on (an unknown tab is left alone). */
export const setViewTitle = (views: readonly TagView[], fullPath: string, title: string): TagView[] => {
  const known = views.find((view) => view.fullPath === fullPath);
  if (!known || (known.ownTitle && known.title === title)) return views as TagView[];
  return views.map((view) => (view === known ? { ...view, title, ownTitle: true } : view));
};

/** Adds each affix tab not yet present. */
export const addAffixViews = (views: readonly TagView[], affix: readonly TagView[]): TagView[] =>
  affix.reduce<TagView[]>((list, view) => addView(list, { ...view, affix: true }), [...views]);

/** Closes one tab (affix tabs stay). */
export const closeView = (views: readonly TagView[], fullPath: string): TagView[] =>
  views.filter((view) => view.affix || view.fullPath !== fullPath);

/** Keeps the affix tabs and the given one. */
export const closeOtherViews = (views: readonly TagView[], fullPath: string): TagView[] =>
  views.filter((view) => view.affix || view.fullPath === fullPath);

/** Closes the closable tabs left of the given one. */
export const closeLeftViews = (views: readonly TagView[], fullPath: string): TagView[] => {
  const at = indexOfView(views, fullPath);
  if (at < 0) return views as TagView[];
  return views.filter((view, i) => view.affix || i >= at);
};

/** Closes the closable tabs right of the given one. */
export const closeRightViews = (views: readonly TagView[], fullPath: string): TagView[] => {
  const at = indexOfView(views, fullPath);
  if (at < 0) return views as TagView[];
  return views.filter((view, i) => view.affix || i <= at);
};

/** Keeps only the affix tabs. */
export const closeAllViews = (views: readonly TagView[]): TagView[] => views.filter((view) => view.affix);

/**
 * 关闭左侧 is offered when a closable tab lies to the left: never on the first tab, nor on the
 * first one after the affix tabs (everything left of it stays anyway).
 */
export const canCloseLeft = (views: readonly TagView[], fullPath: string): boolean => {
  const at = indexOfView(views, fullPath);
  return at > 0 && views.slice(0, at).some((view) => !view.affix);
};

/** 关闭右侧 is offered when a closable tab lies to the right (never on the last tab). */
export const canCloseRight = (views: readonly TagView[], fullPath: string): boolean => {
  const at = indexOfView(views, fullPath);
  return at >= 0 && views.slice(at + 1).some((view) => !view.affix);
};

/**
 * Where to go when the page on screen lost its tab: the last remaining tab; with none left, a
 * fresh home page (through the refresh route) if home itself was closed, otherwise '/'.
 */
export const targetAfterClose = (remaining: readonly TagView[], closed: TagView): string => {
  const last = remaining.at(-1);
  if (last) return last.fullPath;
  return closed.path === HOME_PATH ? refreshPath(closed.fullPath) : '/';
};
