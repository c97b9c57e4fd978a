export { PageCache, isCacheable, reconcileCache } from './page-cache';
export type { CacheEntry, CacheState } from './page-cache';
export { PageSlotContext, usePageActive, usePageSlot } from './page-context';
export type { PageSlot } from './page-context';
