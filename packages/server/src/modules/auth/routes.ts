import { authLogin, authLogout, authRefreshToken } from '@app/contract';
import type { RouteRegistrar } from '../../plugins/routes.js';
import type { authService } from './service.js';
import type { TokenService } from './token-service.js';

export const authRoutes = (
  route: RouteRegistrar,
  auth: ReturnType<typeof authService>,
  tokens: TokenService,
): void => {
  route(authLogin, ({ body, tenantId, ip, userAgent, traceId }) =>
    auth.login(body, { tenantId: tenantId!, ip, userAgent, traceId }),
  );
  route(authLogout, ({ bearerToken, ip, userAgent, traceId }) =>
    auth.logout(bearerToken, { ip, userAgent, traceId }),
  );
  route(authRefreshToken, ({ query, tenantId }) => tokens.refreshAccessToken(query.refreshToken, tenantId));
};
