import { createBrowserRouter } from 'react-router';
import { BASE_URL } from '../../shared/config';
import { setShellDownload } from '../../shared/navigation/shell-prefetch';
import { createGuardLoader } from './guard';
import type { AppRouter } from './guard';
import { loadSignedInArea } from './load-signed-in-area';
import { createRoutes } from './routes';

/** Router basename from Vite's base ('/admin/' → '/admin', '/' stays '/'). */
export const ROUTER_BASENAME = BASE_URL === '/' ? '/' : BASE_URL.replace(/\/+$/, '');

/** The history-mode data router of the app under the configured base path. */
export function createAppRouter(): AppRouter {
  const holder: { router?: AppRouter } = {};
  const guard = createGuardLoader({
    basename: ROUTER_BASENAME,
    getRouter: () => holder.router,
    // The page registry comes with the signed-in area, loaded in parallel with the session.
    pageMap: async () => (await loadSignedInArea()).PAGE_MAP,
  });
  holder.router = createBrowserRouter(createRoutes(guard), { basename: ROUTER_BASENAME });
  // The login form prefetches the signed-in area, so that signing in does not wait for it.
  setShellDownload(loadSignedInArea);
  return holder.router;
}

export { ROUTE_IDS, menuRouteId } from './route-ids';
