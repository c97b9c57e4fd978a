import type { Endpoint } from '@app/contract';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The resource an endpoint belongs to: its path without the last segment
 * (`/system/post/page` and `/system/post/delete` both belong to `/system/post`).
 */
export const resourceOf = (endpoint: Pick<Endpoint, 'path'>): string =>
  endpoint.path.slice(0, endpoint.path.lastIndexOf('/')) || endpoint.path;

/**
 * The query key of a call: resource, path, then the parameters. Keys are never written by hand, so two
 * pages reading one endpoint share its cache, and a write to a resource reaches every read of it.
 */
export const queryKey = (endpoint: Pick<Endpoint, 'path'>, params?: unknown): QueryKey =>
  params === undefined
    ? [resourceOf(endpoint), endpoint.path]
    : [resourceOf(endpoint), endpoint.path, params];

/** Marks every cached read of the endpoints' resources stale (refetching those on screen). */
export const invalidateEndpoints = (
  client: QueryClient,
  ...endpoints: readonly Pick<Endpoint, 'path'>[]
): Promise<void> =>
  Promise.all(
    [...new Set(endpoints.map(resourceOf))].map((resource) =>
      client.invalidateQueries({ queryKey: [resource] }),
    ),
  ).then(() => undefined);
