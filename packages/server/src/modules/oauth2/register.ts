import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { routeRegistrar, type RouteRegistrar } from '../../plugins/routes.js';
import { authService } from '../auth/service.js';
import type { TokenService } from '../auth/token-service.js';
import type { FileService } from '../file/service.js';
import { profileService } from '../profile/service.js';
import type { TenantService } from '../tenant/service.js';
import { oauth2ClientService } from './client-service.js';
import { oauth2OpenService } from './open-service.js';
import { oauth2FormRoutes, oauth2Routes } from './routes.js';
import { oauth2TokenAdminService } from './token-admin-service.js';

const FORM = 'application/x-www-form-urlencoded';

/**
 * The OAuth2 authorization server: 应用管理, 令牌管理, the /sso page's authorize endpoints, the token,
 * check-token and revoke endpoints, and the user info a client's token may read or change.
 */
export const registerOAuth2 = async (
  app: FastifyInstance,
  route: RouteRegistrar,
  ctx: AppContext,
  deps: {
    apiPrefix: string;
    tokens: TokenService;
    tenants: TenantService;
    files: FileService;
  },
): Promise<void> => {
  const open = oauth2OpenService(ctx, { ...deps, auth: authService(ctx, deps.tokens) });
  oauth2Routes(route, {
    clients: oauth2ClientService(ctx, deps.tokens.clients),
    open,
    tokenAdmin: oauth2TokenAdminService(ctx, deps.tokens),
    profiles: profileService(ctx, deps.files),
  });

  // Standard OAuth2 clients post forms; the reference reads the same names from the query string too.
  await app.register(async (forms) => {
    forms.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    forms.addHook('preValidation', async (request) => {
      const body = request.body && typeof request.body === 'object' ? request.body : {};
      request.body = { ...(request.query as object), ...body };
      // The answer of authorize is a redirect carrying a code or an access token: keep it out of the operate log.
      request.operateLog = null;
    });
    oauth2FormRoutes(routeRegistrar(forms, deps.apiPrefix), open);
  });
};
