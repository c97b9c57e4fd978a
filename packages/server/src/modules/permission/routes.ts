import { authPermissionInfo, GlobalError } from '@app/contract';
import type { AppContext, LoginUser } from '../../context.js';
import { MemoryCache } from '../../lib/cache.js';
import { fail } from '../../lib/errors.js';
import { type RawJson, type RouteRegistrar, toRawJson } from '../../plugins/routes.js';
import type { PermissionService } from './service.js';

export const permissionRoutes = (
  route: RouteRegistrar,
  ctx: AppContext,
  permissions: PermissionService,
): void => {
  // Every page load asks for this; keep each user's answer serialised until something changes.
  const answers = new MemoryCache<RawJson>(10_000, 60_000, ctx.now);
  ctx.bus.on('permission', () => answers.clear());

  const load = async (user: LoginUser): Promise<RawJson> => {
    const info = await permissions.getPermissionInfo(user);
    // The token outlived its user (deleted since sign-in): treat as signed out.
    if (!info) throw fail(GlobalError.UNAUTHORIZED);
    const json = toRawJson(authPermissionInfo, info);
    answers.set(`${user.tenantId}:${user.id}`, json);
    return json;
  };
  route(authPermissionInfo, (req) => answers.get(`${req.user.tenantId}:${req.user.id}`) ?? load(req.user));
};
