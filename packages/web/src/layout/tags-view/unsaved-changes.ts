import { useCallback, useEffect, useState } from 'react';
import { useBlocker, useLocation } from 'react-router';
import type { BlockerFunction } from 'react-router';
import { useLayoutSettings } from '../../shared/settings/layout-settings';
import { withFeedback } from '../../shared/ui/feedback';
import { usePageSlot } from '../page-cache/page-context';
import { isRedirectPath, viewKey } from './tags-model';
import { useTagsStore } from './tags-store';

export const LEAVE_QUESTION = '当前修改尚未保存，确定要离开吗?';

/**
 * Tab keys of the pages holding unsaved changes (see `useUnsavedChanges`). Module state, not effects: a
 * page whose tab is in the background is paused, its effects cleaned up, and its changes are still there.
 */
const unsaved = new Set<string>();

// A reload or a closed window asks the browser's own question while any page holds changes.
if (typeof window !== 'undefined')
  window.addEventListener('beforeunload', (event) => {
    if (unsaved.size === 0) return;
    event.preventDefault();
    event.returnValue = '';
  });

/** Asks whether to lose unsaved changes; `onOk` goes on, `onCancel` stays. */
const askToLeave = (onOk: () => void, onCancel?: () => void) =>
  void withFeedback(({ modal }) =>
    modal.confirm({
      title: '系统提示',
      content: LEAVE_QUESTION,
      okText: '确定',
      cancelText: '取消',
      onOk,
      onCancel,
    }),
  );

/**
 * Runs `drop` (which closes the pages of `fullPaths`) at once, or after the user agreed to lose the
 * unsaved changes of some of them. The tabs' close actions (×, 关闭其他, 全部关闭…) go through it.
 */
export const confirmDrop = (fullPaths: readonly string[], drop: () => void): void => {
  const losing = fullPaths.filter((fullPath) => unsaved.has(fullPath));
  if (losing.length === 0) return drop();
  askToLeave(() => {
    for (const fullPath of losing) unsaved.delete(fullPath);
    drop();
  });
};

/**
 * For an editor page: once `markDirty` was called, every way of losing the page asks first. Closing its
 * tab (from any tab, alone or with others) asks through `confirmDrop`; a navigation that drops the page
 * (tabs are off, or the refresh route re-creates it) through the router's blocker; a reload or a closed
 * window through the browser's own question; the page's own way out through `leave`. Going to another tab
 * asks nothing: the page cache keeps the page as it is.
 */
export function useUnsavedChanges() {
  const location = useLocation();
  const key = usePageSlot()?.key ?? viewKey(location);
  // A new page under the key starts clean (a page dropped without asking, e.g. at sign-out, left its mark).
  useState(() => unsaved.delete(key));

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => {
      if (!unsaved.has(key) || viewKey(nextLocation) === viewKey(currentLocation)) return false;
      const kept =
        useLayoutSettings.getState().setting.tagsView &&
        useTagsStore.getState().views.some((view) => view.fullPath === key);
      return !kept || isRedirectPath(nextLocation.pathname);
    },
    [key],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    askToLeave(
      () => {
        unsaved.delete(key);
        blocker.proceed();
      },
      () => blocker.reset(),
    );
  }, [blocker, key]);

  return {
    /** The user changed something (stable and cheap: call it on every change). */
    markDirty: useCallback(() => void unsaved.add(key), [key]),
    /** Leaves through `go` (e.g. closing the tab), asking first when there are unsaved changes. */
    leave: (go: () => void) => confirmDrop([key], go),
    /** Leaves through `go` without asking: the changes were saved. */
    release: (go: () => void) => {
      unsaved.delete(key);
      go();
    },
  };
}
