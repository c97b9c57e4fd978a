import { notifyMessageUnreadCount } from '@app/contract';
import { create } from 'zustand';
import { request } from '../../shared/request';

interface UnreadState {
  /** Unread in-site messages of the signed-in user, as last heard from the server. */
  count: number;
  setCount: (count: number) => void;
}

/** The bell's unread count; pages that mark messages read refresh it with `reloadUnreadCount`. */
export const useUnreadStore = create<UnreadState>()((set) => ({
  count: 0,
  setCount: (count) => set({ count: Math.max(0, count) }),
}));

/**
 * Asks the server for the unread count and stores it. Failures are not shown (the next poll tries
 * again); an expired session still leads to the re-login dialog through the request layer.
 */
export async function reloadUnreadCount(): Promise<void> {
  try {
    useUnreadStore.getState().setCount(await request(notifyMessageUnreadCount, { showError: false }));
  } catch {
    // Keep the last known count.
  }
}
