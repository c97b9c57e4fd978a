import { useContext, useMemo } from 'react';
import { UNSAFE_DataRouterContext, useLocation, useNavigate } from 'react-router';
import {
  closeAllViews,
  closeLeftViews,
  closeOtherViews,
  closeRightViews,
  closeView,
  refreshPath,
  targetAfterClose,
  viewKey,
} from './tags-model';
import type { TagView } from './tags-model';
import { useTagsStore } from './tags-store';
import { confirmDrop } from './unsaved-changes';

/** Tab operations for the tags view and for pages (the reference's `$tab`). */
export interface TabsApi {
  /** Key (pathname + search) of the page the hook is used in; the defaults of the methods below. */
  current: string;
  /** Re-creates a page through the refresh route (its cached state is dropped). */
  refresh: (fullPath?: string) => void;
  /** Closes a tab; when it is the page on screen, goes to the last remaining tab. */
  close: (fullPath?: string) => void;
  /** Closes every closable tab but this one and shows it. */
  closeOthers: (fullPath?: string) => void;
  closeLeft: (fullPath?: string) => void;
  closeRight: (fullPath?: string) => void;
  closeAll: (fullPath?: string) => void;
  /** Closes a tab (default: this page) and opens another address, e.g. a list after saving a form. */
  closeAndOpen: (to: string, fullPath?: string) => void;
  /** Names the tab (default: this page's) by what it shows, instead of the route's title. */
  setTitle: (title: string, fullPath?: string) => void;
}

/**
 * Tab operations. Inside a cached page `current` is that page's own key, even while it is hidden;
 * the decision whether to navigate uses the page actually on screen.
 */
export function useTabs(): TabsApi {
  const navigate = useNavigate();
  const location = useLocation();
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const current = viewKey(location);

  return useMemo(() => {
    const onScreen = () => (router ? viewKey(router.state.location) : current);
    const viewFor = (fullPath: string): TagView =>
      useTagsStore.getState().views.find((view) => view.fullPath === fullPath) ?? {
        fullPath,
        path: fullPath.split('?')[0] ?? fullPath,
        title: '',
        affix: false,
      };
    /** After tabs were closed: leave the page on screen if its tab is gone. */
    const settle = (remaining: readonly TagView[], closed: TagView) => {
      if (!remaining.some((view) => view.fullPath === onScreen()))
        void navigate(targetAfterClose(remaining, closed));
    };
    const store = () => useTagsStore.getState();
    /** Runs `close` once the pages it would drop may go (a page with unsaved changes asks first). */
    const closing = (remaining: (views: readonly TagView[]) => readonly TagView[], close: () => void) => {
      const { views } = store();
      const kept = new Set(remaining(views));
      confirmDrop(
        views.filter((view) => !kept.has(view)).map((view) => view.fullPath),
        close,
      );
    };

    return {
      current,
      refresh: (fullPath = current) => void navigate(refreshPath(fullPath), { replace: true }),
      close: (fullPath = current) => {
        const view = viewFor(fullPath);
        if (view.affix) return;
        closing(
          (views) => closeView(views, fullPath),
          () => settle(store().closeView(fullPath), view),
        );
      },
      closeOthers: (fullPath = current) =>
        closing(
          (views) => closeOtherViews(views, fullPath),
          () => {
            store().closeOthers(fullPath);
            if (fullPath !== onScreen()) void navigate(fullPath);
          },
        ),
      closeLeft: (fullPath = current) =>
        closing(
          (views) => closeLeftViews(views, fullPath),
          () => settle(store().closeLeft(fullPath), viewFor(fullPath)),
        ),
      closeRight: (fullPath = current) =>
        closing(
          (views) => closeRightViews(views, fullPath),
          () => settle(store().closeRight(fullPath), viewFor(fullPath)),
        ),
      closeAll: (fullPath = current) => {
        const view = viewFor(fullPath);
        closing(closeAllViews, () => settle(store().closeAll(), view));
      },
      closeAndOpen: (to, fullPath = current) =>
        closing(
          (views) => closeView(views, fullPath),
          () => {
            store().closeView(fullPath);
            void navigate(to);
          },
        ),
      setTitle: (title, fullPath = current) => store().setTitle(fullPath, title),
    };
  }, [current, navigate, router]);
}
