import {
  authLoginOptions,
  authSocialAuthRedirect,
  authSocialLogin,
  socialClientCreate,
  socialClientDelete,
  socialClientGet,
  socialClientPage,
  socialClientUpdate,
  socialUserBind,
  socialUserUnbind,
} from '@app/contract';
import { ADMIN_USER_TYPE, type AppContext } from '../../context.js';
import type { RouteRegistrar } from '../../plugins/routes.js';
import { registrationEnabled } from '../auth/register.js';
import { tenantRepository } from '../tenant/repository.js';
import type { SocialClientService } from './client-service.js';
import type { socialLoginService } from './login.js';
import type { SocialUserService } from './user-service.js';

export const socialRoutes = (
  route: RouteRegistrar,
  ctx: AppContext,
  deps: {
    clients: SocialClientService;
    social: SocialUserService;
    login: ReturnType<typeof socialLoginService>;
  },
): void => {
  const { clients, social, login } = deps;
  const tenants = tenantRepository(ctx.db.kysely);

  route(socialClientPage, ({ user, query }) => clients.page(user, query));
  route(socialClientGet, ({ user, query }) => clients.get(user, query.id));
  route(socialClientCreate, ({ user, body }) => clients.create(user, body));
  route(socialClientUpdate, ({ user, body }) => clients.update(user, body));
  route(socialClientDelete, ({ user, query }) => clients.delete(user, query.id));

  route(socialUserBind, async ({ user, body }) => {
    await social.bind(user, body);
    return true;
  });
  route(socialUserUnbind, async ({ user, body }) => {
    await social.unbind(user, body.type, body.openid);
    return true;
  });

  route(authSocialAuthRedirect, ({ query, tenantId }) =>
    social.authorizeRedirect(tenantId!, ADMIN_USER_TYPE, query.type, query.redirectUri),
  );
  route(authSocialLogin, ({ body, tenantId, ip, userAgent, traceId }) =>
    login.login(body, { tenantId: tenantId!, ip, userAgent, traceId }),
  );
  route(authLoginOptions, async ({ query, tenantId }) => {
    const tenant = query.tenantName ? ((await tenants.findByName(query.tenantName))?.id ?? null) : tenantId;
    const [registerEnabled, socialTypes] = await Promise.all([
      registrationEnabled(ctx),
      tenant === null ? [] : social.enabledTypes(tenant, ADMIN_USER_TYPE),
    ]);
    return { registerEnabled, socialTypes };
  });
};
