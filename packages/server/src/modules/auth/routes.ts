import { authLogin, authLogout, authRefreshToken } from '@app/contract';
import type { RouteRegistrar } from '../../plugins/routes.js';
import type { authService } from './service.js';
import type { TokenService } from './token-service.js';

export const authRoutes = (
  route: RouteRegistrar,
  auth: ReturnType<typeof authService>,
  tokens: TokenService,
): void => {
  route(authLogin, ({ body, tenantId, ip, userAgent }) =>
    auth.login(body, { tenantId: tenantId!, ip, userAgent }),
  );
  route(authLogout, ({ bearerToken, ip, userAgent }) => auth.logout(bearerToken, { ip, userAgent }));
  route(authRefreshToken, ({ query, tenantId }) => tokens.refreshAccessToken(query.refreshToken, tenantId));
};
