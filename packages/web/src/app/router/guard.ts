import type { MenuNode } from '@app/contract';
import { matchRoutes, replace } from 'react-router';
import type { LoaderFunctionArgs, createBrowserRouter } from 'react-router';
import { getAccessToken, removeToken } from '../../shared/auth/storage';
import { WHITE_LIST } from '../../shared/config';
import { safeRedirect } from '../../shared/navigation/safe-redirect';
import { errorMessageOf } from '../../shared/request';
import { isSessionLoaded, loadSession, useSessionStore } from '../../shared/session';
import { withFeedback } from '../../shared/ui/feedback';
import { buildMenuRoutes } from './build-routes';
import type { PageMap } from './build-routes';
import { ROUTE_IDS } from './route-ids';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export interface GuardOptions {
  /** Router basename without trailing slash ('/' for none). */
  basename: string;
  /** The router the guard belongs to (created after the routes). */
  getRouter: () => AppRouter | undefined;
  /** The pages by component path, or a loader of them (loaded in parallel with the session). */
  pageMap: PageMap | (() => Promise<PageMap>);
}

/** Path inside the app for an address (basename removed). */
export const stripBasename = (pathname: string, basename: string): string => {
  if (basename === '/' || !basename) return pathname || '/';
  if (pathname === basename) return '/';
  return pathname.startsWith(`${basename}/`) ? pathname.slice(basename.length) : pathname;
};

/** Adds the routes of the server menus below the layout route (once per page load). */
export const installMenuRoutes = (router: AppRouter, menus: readonly MenuNode[], pageMap: PageMap): void => {
  router.patchRoutes(ROUTE_IDS.layout, buildMenuRoutes(menus, pageMap));
};

/**
 * The route guard, run as the root route's loader on every navigation:
 * - without a token only the white list is reachable; anything else goes to
 *   /login?redirect=<encoded full path>;
 * - a signed-in user on /login goes to the redirect target or '/';
 * - a token without loaded roles loads the permission info and dictionaries, adds the menu
 *   routes and re-enters the same address so it matches them; on failure the tokens are
 *   cleared, the error shown and the user sent to '/';
 * - unknown paths go to /404.
 */
export function createGuardLoader({ basename, getRouter, pageMap }: GuardOptions) {
  return async function guardLoader({ request }: LoaderFunctionArgs): Promise<null> {
    const url = new URL(request.url);
    const path = stripBasename(url.pathname, basename);
    // A request carries no fragment, but list pages keep their state there (`#pageNo=2`): on a page
    // load the address bar still holds it, so the redirects below keep it.
    const hash = window.location.pathname === url.pathname ? window.location.hash : '';
    const fullPath = `${path}${url.search}${hash}`;
    const whitelisted = WHITE_LIST.includes(path);

    if (!getAccessToken()) {
      if (whitelisted) return null;
      throw replace(`/login?redirect=${encodeURIComponent(fullPath)}`);
    }
    if (path === '/login') throw replace(safeRedirect(url.searchParams.get('redirect')));
    if (whitelisted) return null;

    if (!isSessionLoaded()) {
      // The page registry downloads meanwhile; failing to load it is a page error, not a sign-out.
      const pages = typeof pageMap === 'function' ? pageMap() : Promise.resolve(pageMap);
      pages.catch(() => undefined);
      let menus: readonly MenuNode[];
      try {
        menus = (await loadSession()).menus;
      } catch (error) {
        removeToken();
        useSessionStore.getState().reset();
        const message = errorMessageOf(error);
        void withFeedback(({ message: toast }) => void toast.error(message));
        throw replace('/');
      }
      // Read the router only now: on the first load the loader starts while it is being created.
      const router = getRouter();
      if (router) installMenuRoutes(router, menus, await pages);
      // Match the same address again, now with the menu routes in place.
      throw replace(fullPath);
    }

    const router = getRouter();
    if (router) {
      const matches = matchRoutes(router.routes, url.pathname, basename);
      if (!matches || matches.at(-1)?.route.id === ROUTE_IDS.notFound) throw replace('/404');
    }
    return null;
  };
}
