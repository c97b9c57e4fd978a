import type { MenuNode } from '@app/contract';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import type { RouteObject } from 'react-router';
import type { RouteMeta } from '../../shared/menu';
import { useSessionStore } from '../../shared/session';
import { useLayoutSettings } from '../../shared/settings/layout-settings';
import { AntdConfig } from '../../shared/ui/antd-provider';
import { PERMISSION_INFO } from '../../test/fixtures';

/** Shows the current address, for assertions on navigation. */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

export interface RenderShellOptions {
  /** Initial address. */
  path?: string;
  /** Route meta of the page route (title, activeMenu, ...). */
  meta?: RouteMeta;
  /** Server menus of the session (the fixture menus by default). */
  menus?: MenuNode[];
}

/**
 * Renders a shell widget inside antd (the console's provider) and a memory router whose single page
 * route carries `meta`, with the fixture session loaded.
 */
export function renderShell(ui: ReactNode, { path = '/index', meta, menus }: RenderShellOptions = {}) {
  useSessionStore.getState().setSession({ ...PERMISSION_INFO, menus: menus ?? PERMISSION_INFO.menus });
  const routes: RouteObject[] = [
    {
      path: '/',
      element: (
        <AntdConfig>
          {ui}
          <Outlet />
          <LocationProbe />
        </AntdConfig>
      ),
      children: [{ path: '*', handle: meta, element: null }],
    },
  ];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(<RouterProvider router={router} />);
  return { router, ...view };
}

/** Puts the layout store back to its first state and forgets the session. */
export function resetShellState(): void {
  useLayoutSettings.setState(useLayoutSettings.getInitialState(), true);
  useSessionStore.getState().reset();
}

/** Makes `document.body` report `width` px (jsdom lays nothing out). */
export function setBodyWidth(width: number): void {
  document.body.getBoundingClientRect = () =>
    ({
      width,
      height: 800,
      top: 0,
      left: 0,
      right: width,
      bottom: 800,
      x: 0,
      y: 0,
      toJSON: () => ({}),
    }) as DOMRect;
}

/** Undoes `setBodyWidth`. */
export function restoreBodyWidth(): void {
  Reflect.deleteProperty(document.body, 'getBoundingClientRect');
}
