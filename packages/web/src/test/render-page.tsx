import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { RouteObject } from 'react-router';
import { useSessionStore } from '../shared/session/session-store';

export interface RenderPageOptions {
  /** Permissions of the signed-in user (role `common`); without them the session is left as it is. */
  permissions?: string[];
  /** The route the page is mounted at. */
  path?: string;
  /** The address opened, default `path` (may add a search or a hash). */
  address?: string;
  /** Routes beside the page, e.g. the places it navigates to. */
  routes?: RouteObject[];
}

/**
 * Renders a page as the shell would: signed in with `permissions`, inside a fresh query client, antd's
 * App and a memory router. Returns the router, the query client and a user without typing delays.
 */
export function renderPage(
  page: ReactElement,
  { permissions, path = '/page', address = path, routes = [] }: RenderPageOptions = {},
) {
  if (permissions) useSessionStore.setState({ roles: ['common'], permissions });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path, element: page }, ...routes], { initialEntries: [address] });
  const view = render(
    <QueryClientProvider client={client}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
  return { router, client, view, user: userEvent.setup({ delay: null }) };
}
