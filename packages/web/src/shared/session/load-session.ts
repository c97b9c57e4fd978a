import { authPermissionInfo } from '@app/contract';
import type { PermissionInfo } from '@app/contract';
import { loadDicts } from '../dict/dict-store';
import { preloadTopMenuIcons } from '../menu/menu-icons';
import { request } from '../request';
import { useSessionStore } from './session-store';

/**
 * Loads the permission info and the dictionaries after sign-in, and the icons of the top-level
 * menus the first screen shows. Errors are not shown here (the route guard shows one message); a
 * dictionary failure does not block the session.
 */
export async function loadSession(): Promise<PermissionInfo> {
  const [info] = await Promise.all([
    request(authPermissionInfo, { showError: false, reloginDialog: false }).then(async (loaded) => {
      await preloadTopMenuIcons(loaded.menus);
      return loaded;
    }),
    loadDicts({ showError: false, reloginDialog: false }).catch(() => undefined),
  ]);
  useSessionStore.getState().setSession(info);
  return info;
}
