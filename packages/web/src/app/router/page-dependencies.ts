import type { LazyRouteFunction, RouteObject } from 'react-router';
import { loadQueryClient } from '../../shared/query/query-client-slot';
import { ROUTE_IDS } from './route-ids';

/** What pages may rely on, loaded with the first page that needs it rather than with the shell. */
const loadPageDependencies = (): Promise<unknown> =>
  Promise.all([loadQueryClient(), import('../../shared/date/dayjs-zh-cn')]);

/**
 * A route's `lazy` that also waits for what pages rely on: the query client and dayjs in Chinese.
 * Both load in parallel with the page's own chunk.
 */
export const withPageDependencies =
  <R extends RouteObject>(lazy: LazyRouteFunction<R>): LazyRouteFunction<R> =>
  async () => {
    const [route] = await Promise.all([lazy(), loadPageDependencies()]);
    return route;
  };

/**
 * The routes with the lazy pages directly below the layout route waiting for the page
 * dependencies, except those listed (pages that use neither, such as the home page). Server menu
 * routes get the same from `buildMenuRoutes`.
 */
export const pagesWithDependencies = (
  routes: RouteObject[],
  { except }: { except: readonly string[] },
): RouteObject[] =>
  routes.map((route) => {
    if (!route.children) return route;
    if (route.id !== ROUTE_IDS.layout)
      return { ...route, children: pagesWithDependencies(route.children, { except }) } as RouteObject;
    const children = route.children.map((page) =>
      typeof page.lazy === 'function' && !(page.id && except.includes(page.id))
        ? ({ ...page, lazy: withPageDependencies(page.lazy) } as RouteObject)
        : page,
    );
    return { ...route, children } as RouteObject;
  });
