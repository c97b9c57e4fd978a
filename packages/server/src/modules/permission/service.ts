import type { MenuNode, PermissionInfo } from '@app/contract';
import { SUPER_ADMIN_ROLE } from '@app/contract';
import type { AppContext, LoginUser } from '../../context.js';
import type { MenuRow } from '../../db/schema.js';
import { type Cached, MemoryCache, thenCached } from '../../lib/cache.js';
import { buildTree } from '../../lib/tree.js';
import { tenantMenuIds } from '../tenant-package/tenant-menus.js';
import { userRepository } from '../user/repository.js';
import { permissionRepository } from './repository.js';

export const MENU_TYPE = { DIR: 1, MENU: 2, BUTTON: 3 } as const;
const GRANTS_TTL_MS = 60_000;

interface Grants {
  roles: string[];
  isSuperAdmin: boolean;
  menus: MenuRow[];
}

const toMenuNode = (m: MenuRow): MenuNode => ({
  id: m.id,
  parentId: m.parentId,
  name: m.name,
  path: m.path,
  component: m.component || null,
  componentName: m.componentName || null,
  icon: m.icon,
  visible: m.visible === 1,
  keepAlive: m.keepAlive === 1,
  alwaysShow: m.alwaysShow === 1,
});

export const permissionService = (ctx: AppContext) => {
  const repo = permissionRepository(ctx.db.kysely);
  const users = userRepository(ctx.db.kysely);
  // Grants are read on every guarded request; role, menu and assignment changes publish 'permission'.
  const grantsCache = new MemoryCache<Grants>(10_000, GRANTS_TTL_MS, ctx.now);
  ctx.bus.on('permission', () => grantsCache.clear());

  const grantsOf = (user: LoginUser): Cached<Grants> =>
    grantsCache.get(`${user.tenantId}:${user.id}`) ?? rememberGrants(user);
  const rememberGrants = async (user: LoginUser): Promise<Grants> => {
    const grants = await loadGrants(user);
    grantsCache.set(`${user.tenantId}:${user.id}`, grants);
    return grants;
  };

  /**
   * The user's enabled role codes and the enabled menus those roles hold (every menu for super_admin),
   * never beyond the tenant's package: outside the system tenant super_admin holds the package, and
   * no permission check passes without its menu.
   */
  const loadGrants = async (user: LoginUser): Promise<Grants> => {
    const roles = await repo.enabledRolesOfUser(user.tenantId, user.id);
    const allowed = await tenantMenuIds(ctx.db.kysely, user.tenantId);
    const all = (await repo.enabledMenus()).filter((m) => allowed === null || allowed.has(m.id));
    if (roles.some((r) => r.code === SUPER_ADMIN_ROLE))
      return { roles: roles.map((r) => r.code), isSuperAdmin: allowed === null, menus: all };
    const held = await repo.menuIdsOfRoles(
      user.tenantId,
      roles.map((r) => r.id),
    );
    return {
      roles: roles.map((r) => r.code),
      isSuperAdmin: false,
      menus: all.filter((m) => held.has(m.id)),
    };
  };

  return {
    /** True when the user's roles hold a menu carrying any of the codes; super_admin holds all. */
    hasAnyPermission(user: LoginUser, codes: readonly string[]): Cached<boolean> {
      return thenCached(
        grantsOf(user),
        (grants) =>
          grants.isSuperAdmin ||
          grants.menus.some((m) => m.permission !== '' && codes.includes(m.permission)),
      );
    },

    async getPermissionInfo(user: LoginUser): Promise<PermissionInfo | null> {
      const row = await users.findById(user.tenantId, user.id);
      if (!row) return null;
      const grants = await grantsOf(user);
      const permissions = [...new Set(grants.menus.map((m) => m.permission).filter((p) => p !== ''))];
      const menus = buildTree(grants.menus.filter((m) => m.type !== MENU_TYPE.BUTTON).map(toMenuNode));
      return {
        user: { id: row.id, nickname: row.nickname, avatar: row.avatar ?? '', deptId: row.deptId },
        roles: grants.roles,
        permissions,
        menus,
      };
    },
  };
};
export type PermissionService = ReturnType<typeof permissionService>;
