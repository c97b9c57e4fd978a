import { createContext, useContext } from 'react';
import type { RouteMeta } from '../../shared/menu';

/** What a page rendered by the page cache knows about its own slot. */
export interface PageSlot {
  /** Cache key of the page: pathname + search. */
  key: string;
  /** True while the page is on screen; false while it waits hidden in the cache. */
  active: boolean;
  /** Route meta of the page (title, keepAlive, link...). */
  meta: RouteMeta | undefined;
}

export const PageSlotContext = createContext<PageSlot | null>(null);

/**
 * True while the page is on screen, false while it is cached behind another tab. Effects of a
 * hidden page are cleaned up anyway (React `<Activity>`), so `setInterval` polling in an effect
 * pauses by itself; use this flag for work driven by render, e.g. TanStack Query's
 * `refetchInterval: active ? 5000 : false` or `enabled`. Outside the page cache it is always true.
 */
export function usePageActive(): boolean {
  return useContext(PageSlotContext)?.active ?? true;
}

/** The page's own slot (key, active, route meta), or null outside the page cache. */
export function usePageSlot(): PageSlot | null {
  return useContext(PageSlotContext);
}
