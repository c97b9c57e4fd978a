import { App } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, useLocation } from 'react-router';
import type { BlockerFunction } from 'react-router';
import { usePageSlot } from '../../layout/page-cache';
import { isRedirectPath, useTagsStore, viewKey } from '../../layout/tags-view';
import type { TagView } from '../../layout/tags-view';
import { useLayoutSettings } from '../../shared/settings/layout-settings';

export const LEAVE_QUESTION = '当前修改尚未保存，确定要离开吗?';

/**
 * Asks before unsaved changes are lost: on the page's own way out (`leave`), on a navigation that drops
 * the page (its tab was closed, tabs are off, or it is re-created through the refresh route; a page
 * whose tab stays open keeps its state in the page cache, so going to another tab asks nothing), and
 * on a reload or a closed window (the browser's own question). Staying after a closed tab reopens it.
 *
 * Not covered: closing the tab of this page while another tab is on screen, or 关闭其他 / 关闭全部 from
 * another tab; the tags view would need to ask its pages before closing them.
 */
export function useLeaveGuard() {
  const { modal } = App.useApp();
  const location = useLocation();
  const key = usePageSlot()?.key ?? viewKey(location);
  const dirty = useRef(false);
  const released = useRef(false);
  // The tabs as they were before this page's tab was closed, to bring it back when the user stays.
  const tabsBeforeClose = useRef<TagView[] | null>(null);

  useEffect(
    () =>
      useTagsStore.subscribe((state, previous) => {
        const open = (views: readonly TagView[]) => views.some((view) => view.fullPath === key);
        if (open(previous.views) && !open(state.views)) tabsBeforeClose.current = previous.views;
      }),
    [key],
  );

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => {
      if (released.current || !dirty.current || viewKey(nextLocation) === viewKey(currentLocation))
        return false;
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
    modal.confirm({
      title: '系统提示',
      content: LEAVE_QUESTION,
      okText: '确定',
      cancelText: '取消',
      onOk: () => {
        released.current = true;
        blocker.proceed();
      },
      onCancel: () => {
        blocker.reset();
        const views = tabsBeforeClose.current;
        if (views && !useTagsStore.getState().views.some((view) => view.fullPath === key))
          useTagsStore.setState({ views });
      },
    });
  }, [blocker, modal, key]);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (released.current || !dirty.current) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  return {
    /** Something was changed by the user (stable, cheap: call it on every change). */
    markDirty: useCallback(() => {
      dirty.current = true;
    }, []),
    /** Leaves through `go` (closing the tab), asking first when there are unsaved changes. */
    leave: (go: () => void) => {
      const proceed = () => {
        released.current = true;
        go();
      };
      if (!dirty.current) proceed();
      else
        modal.confirm({
          title: '系统提示',
          content: LEAVE_QUESTION,
          okText: '确定',
          cancelText: '取消',
          onOk: proceed,
        });
    },
    /** Leaves through `go` without asking (the changes were saved). */
    release: (go: () => void) => {
      released.current = true;
      go();
    },
  };
}
