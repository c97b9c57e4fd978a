import { DEFAULT_ROLE } from '@app/contract';
import type { MenuNode, PermissionInfo } from '@app/contract';
import { create } from 'zustand';

export type SessionUser = PermissionInfo['user'];

interface SessionState {
  user: SessionUser | null;
  /** Role codes; never empty once loaded (ROLE_DEFAULT stands in for none). */
  roles: string[];
  permissions: string[];
  menus: MenuNode[];
  /** When the permission info of this page load arrived (ms). */
  loadedAt: number | null;
  setSession: (info: PermissionInfo) => void;
  reset: () => void;
}

const empty = { user: null, roles: [], permissions: [], menus: [], loadedAt: null };

/** The signed-in user's permission info: user, roles, permissions and server menus. */
export const useSessionStore = create<SessionState>()((set) => ({
  ...empty,
  setSession: (info) =>
    set({
      user: info.user,
      roles: info.roles.length > 0 ? info.roles : [DEFAULT_ROLE],
      permissions: info.permissions,
      menus: info.menus,
      loadedAt: Date.now(),
    }),
  reset: () => set(empty),
}));

/** Roles are loaded when the list is non-empty (the reference guard's test). */
export const isSessionLoaded = (): boolean => useSessionStore.getState().roles.length > 0;
