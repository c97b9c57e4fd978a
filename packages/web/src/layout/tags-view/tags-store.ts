import { create } from 'zustand';
import {
  addAffixViews,
  addView,
  closeAllViews,
  closeLeftViews,
  closeOtherViews,
  closeRightViews,
  closeView,
  setViewTitle,
} from './tags-model';
import type { TagView } from './tags-model';

interface TagsState {
  /** The open tabs in strip order; affix tabs first. Kept in memory only (not across reloads). */
  views: TagView[];
  addView: (view: TagView) => void;
  addAffixViews: (views: readonly TagView[]) => void;
  /** The page's own title for its tab (see `setViewTitle`). */
  setTitle: (fullPath: string, title: string) => void;
  /** Each remover returns the tabs that remain. */
  closeView: (fullPath: string) => TagView[];
  closeOthers: (fullPath: string) => TagView[];
  closeLeft: (fullPath: string) => TagView[];
  closeRight: (fullPath: string) => TagView[];
  closeAll: () => TagView[];
  reset: () => void;
}

/**
 * The open tabs. The page cache keeps exactly the pages that have a tab here (plus the page on
 * screen), so closing a tab also drops its cached page.
 */
export const useTagsStore = create<TagsState>()((set, get) => {
  const apply = (next: TagView[]): TagView[] => {
    if (next !== get().views) set({ views: next });
    return next;
  };
  return {
    views: [],
    addView: (view) => void apply(addView(get().views, view)),
    addAffixViews: (views) => void apply(addAffixViews(get().views, views)),
    setTitle: (fullPath, title) => void apply(setViewTitle(get().views, fullPath, title)),
    closeView: (fullPath) => apply(closeView(get().views, fullPath)),
    closeOthers: (fullPath) => apply(closeOtherViews(get().views, fullPath)),
    closeLeft: (fullPath) => apply(closeLeftViews(get().views, fullPath)),
    closeRight: (fullPath) => apply(closeRightViews(get().views, fullPath)),
    closeAll: () => apply(closeAllViews(get().views)),
    reset: () => set({ views: [] }),
  };
});
