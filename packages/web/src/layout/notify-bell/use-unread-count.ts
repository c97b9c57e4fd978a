import { useEffect, useSyncExternalStore } from 'react';
import { openUnreadCountChannel } from './unread-channel';
import { reloadUnreadCount, useUnreadStore } from './unread-store';

/** The unread count is asked for on load and then every 2 minutes (the reference's poll). */
export const UNREAD_POLL_INTERVAL = 120_000;

const subscribeVisibility = (onChange: () => void) => {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
};
const isVisible = () => document.visibilityState !== 'hidden';

/** True while the browser tab is visible. */
export function useDocumentVisible(): boolean {
  return useSyncExternalStore(subscribeVisibility, isVisible, () => true);
}

/**
 * Keeps the unread count current while the tab is visible: loads it at once and every 2 minutes,
 * and follows the server's WebSocket (or, without one, its event stream) for immediate updates. A
 * hidden tab stops both; becoming visible again loads at once. Everything stops on unmount.
 */
export function useUnreadCount(): number {
  const visible = useDocumentVisible();
  const count = useUnreadStore((state) => state.count);

  useEffect(() => {
    if (!visible) return;
    void reloadUnreadCount();
    const timer = setInterval(() => void reloadUnreadCount(), UNREAD_POLL_INTERVAL);
    const stop = openUnreadCountChannel((next) => useUnreadStore.getState().setCount(next));
    return () => {
      clearInterval(timer);
      stop();
    };
  }, [visible]);

  return count;
}
