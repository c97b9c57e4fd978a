import { QueryClientContext } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';

let client: QueryClient | undefined;
let loading: Promise<QueryClient> | undefined;
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getClient = () => client;

/**
 * Loads the query cache (TanStack Query's client and its core) once. The shell itself runs no
 * queries: the route loaders of the pages wait for it (`withPageDependencies`), so the first
 * screen after sign-in does not download it.
 */
export const loadQueryClient = (): Promise<QueryClient> => {
  loading ??= import('./query-client').then(
    ({ queryClient }) => {
      client = queryClient;
      listeners.forEach((listener) => listener());
      return queryClient;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
};

/**
 * `QueryClientProvider` for the shell: provides the query client to the pages once it has loaded
 * (pages wait for it before they render), mounting it as the provider does.
 */
export function QueryClientSlot({ children }: { children?: ReactNode }) {
  const current = useSyncExternalStore(subscribe, getClient, getClient);
  useEffect(() => {
    if (!current) return;
    current.mount();
    return () => current.unmount();
  }, [current]);
  return <QueryClientContext value={current}>{children}</QueryClientContext>;
}
