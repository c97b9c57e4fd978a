import { Activity, Suspense, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ContextType, ReactElement, RefObject } from 'react';
import {
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
  UNSAFE_LocationContext as LocationContext,
  useMatches,
  useOutlet,
} from 'react-router';
import type { RouteMeta } from '../../shared/menu';
import { useLayoutSettings } from '../../shared/settings/layout-settings';
import type { UiSize } from '../../shared/settings/layout-settings';
import { PageLoading } from '../../shared/ui/page-loading';
import { isRedirectPath, pageMeta, redirectTarget, viewKey } from '../tags-view/tags-model';
import { useTagsStore } from '../tags-view/tags-store';
import { PageSlotContext } from './page-context';
import type { PageSlot } from './page-context';
import './page-cache.css';

type LocationValue = ContextType<typeof LocationContext>;
type RouterStateValue = ContextType<typeof DataRouterStateContext>;

/** One rendered page: on screen, or hidden and kept with its state. */
export interface CacheEntry {
  /** pathname + search. */
  key: string;
  /** Distinguishes a re-created page from its predecessor under the same key. */
  id: number;
  /** The routed element (the layout's outlet) as last seen on screen. */
  element: ReactElement | null;
  /** Router contexts as last seen on screen: a hidden page keeps seeing its own address. */
  location: LocationValue;
  routerState: RouterStateValue;
  meta: RouteMeta | undefined;
  /** Kept when left (meta keepAlive not false, or an embedded external link). */
  cacheable: boolean;
}

export interface CacheState {
  entries: CacheEntry[];
  seq: number;
  /** UI size the entries were created with; a change clears the hidden ones. */
  size: UiSize;
}

export type ActivePage = Omit<CacheEntry, 'id'>;

export interface ReconcileOptions {
  /** Hidden pages stay only while this holds for their key (they have an open tab). */
  keep: (key: string) => boolean;
  /** Current UI size. */
  size: UiSize;
}

/** Whether a page is kept when left: meta keepAlive false opts out, external-link frames always stay. */
export const isCacheable = (pathname: string, meta: RouteMeta | undefined): boolean =>
  !isRedirectPath(pathname) && (meta?.keepAlive !== false || Boolean(meta?.link));

/**
 * The next cache for the page on screen. Hidden pages are dropped when they are not cacheable,
 * lost their tab, are being re-created through the refresh route, or the UI size changed. The
 * page on screen is added or updated. Returns `state` itself when nothing changed.
 */
export function reconcileCache(state: CacheState, active: ActivePage, options: ReconcileOptions): CacheState {
  const sizeChanged = options.size !== state.size;
  const refreshing = redirectTarget(active.location.location.pathname, active.location.location.search);
  let changed = sizeChanged;
  const entries = state.entries.filter((entry) => {
    const kept =
      entry.key === active.key ||
      (entry.cacheable && !sizeChanged && entry.key !== refreshing && options.keep(entry.key));
    if (!kept) changed = true;
    return kept;
  });
  let seq = state.seq;
  const at = entries.findIndex((entry) => entry.key === active.key);
  const known = entries[at];
  if (!known) {
    entries.push({ ...active, id: seq });
    seq += 1;
    changed = true;
  } else if (
    known.element !== active.element ||
    known.location !== active.location ||
    known.routerState !== active.routerState ||
    known.meta !== active.meta ||
    known.cacheable !== active.cacheable
  ) {
    entries[at] = { ...known, ...active };
    changed = true;
  }
  return changed ? { entries, seq, size: options.size } : state;
}

/** Remembers scroll offsets of elements inside a slot and puts them back when it shows again. */
function useElementScrollMemory(ref: RefObject<HTMLDivElement | null>, active: boolean) {
  const saved = useRef(new Map<Element, [number, number]>());
  const activeRef = useRef(active);

  useLayoutEffect(() => {
    activeRef.current = active;
    if (!active) return;
    for (const [element, [left, top]] of saved.current) {
      if (!element.isConnected) {
        saved.current.delete(element);
        continue;
      }
      element.scrollLeft = left;
      element.scrollTop = top;
    }
  }, [active]);

  useEffect(() => {
    const root = ref.current;
    const positions = saved.current;
    if (!root) return;
    const onScroll = (event: Event) => {
      const target = event.target;
      if (!activeRef.current || !(target instanceof Element) || !root.contains(target)) return;
      if (target.scrollLeft || target.scrollTop) positions.set(target, [target.scrollLeft, target.scrollTop]);
      else positions.delete(target);
    };
    root.addEventListener('scroll', onScroll, true);
    return () => root.removeEventListener('scroll', onScroll, true);
  }, [ref]);
}

function CacheSlot({ entry, active }: { entry: CacheEntry; active: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useElementScrollMemory(ref, active);
  const slot = useMemo<PageSlot>(
    () => ({ key: entry.key, active, meta: entry.meta }),
    [entry.key, active, entry.meta],
  );
  return (
    <div ref={ref} className="page-cache-slot" data-page-key={entry.key} hidden={!active} inert={!active}>
      <Activity mode={active ? 'visible' : 'hidden'}>
        <PageSlotContext value={slot}>
          <LocationContext value={entry.location}>
            <DataRouterStateContext value={entry.routerState}>
              <Suspense fallback={<PageLoading />}>{entry.element}</Suspense>
            </DataRouterStateContext>
          </LocationContext>
        </PageSlotContext>
      </Activity>
    </div>
  );
}

/** Remembers the window scroll offset per page and restores it when the page is shown again. */
function useWindowScrollMemory(activeKey: string, entries: readonly CacheEntry[]) {
  const positions = useRef(new Map<string, number>());
  const activeRef = useRef(activeKey);

  useEffect(() => {
    const onScroll = () => {
      positions.current.set(activeRef.current, window.scrollY);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  // Forget pages that left the cache: a re-created page starts at the top.
  useEffect(() => {
    const known = new Set(entries.map((entry) => entry.key));
    for (const key of positions.current.keys()) if (!known.has(key)) positions.current.delete(key);
  }, [entries]);

  useLayoutEffect(() => {
    activeRef.current = activeKey;
    const top = positions.current.get(activeKey);
    if (top) window.scrollTo(0, top);
  }, [activeKey]);

  // The root scrolls to the top after every navigation, in an effect that runs after this one
  // (parents run theirs after their children): restore once all of them have run.
  useEffect(() => {
    const top = positions.current.get(activeKey);
    if (!top) return;
    let cancelled = false;
    queueMicrotask(() => {
      if (!cancelled && activeRef.current === activeKey) window.scrollTo(0, top);
    });
    return () => {
      cancelled = true;
    };
  }, [activeKey]);
}

/**
 * The main area's outlet with keep-alive. Every visited page stays mounted, hidden with React
 * `<Activity>` (DOM and state kept, effects paused) while another tab is on screen, until its tab
 * closes. Keys are pathname + search. Pages with meta keepAlive false are dropped when left;
 * embedded external links always stay. `/redirect/<path>` re-creates `<path>`; a change of the
 * UI size drops every hidden page. A hidden page keeps seeing its own address and route matches,
 * takes no focus (inert) and does not touch the title; the window scroll offset and scrolled
 * elements inside a page come back when it is shown again.
 */
export function PageCache() {
  const outlet = useOutlet();
  const location = useContext(LocationContext);
  const routerState = useContext(DataRouterStateContext);
  const matches = useMatches();
  const meta = pageMeta(matches);
  const activeKey = viewKey(location.location);
  const tagsView = useLayoutSettings((state) => state.setting.tagsView);
  const size = useLayoutSettings((state) => state.size);
  const views = useTagsStore((state) => state.views);

  const active: ActivePage = {
    key: activeKey,
    element: outlet,
    location,
    routerState,
    meta,
    cacheable: isCacheable(location.location.pathname, meta),
  };
  const tabKeys = new Set(tagsView ? views.map((view) => view.fullPath) : []);
  const options: ReconcileOptions = { keep: (key) => tabKeys.has(key), size };

  const [state, setState] = useState<CacheState>(() =>
    reconcileCache({ entries: [], seq: 0, size }, active, options),
  );
  const next = reconcileCache(state, active, options);
  if (next !== state) setState(next);

  useWindowScrollMemory(activeKey, next.entries);

  return (
    <div className="page-cache">
      {next.entries.map((entry) => (
        <CacheSlot key={`${entry.key}#${entry.id}`} entry={entry} active={entry.key === activeKey} />
      ))}
    </div>
  );
}

export default PageCache;
