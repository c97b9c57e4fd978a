import type { AppContext } from '../../context.js';
import type { RouteRegistrar } from '../../plugins/routes.js';
import { registerRoutes, registerService } from '../auth/register.js';
import type { TokenService } from '../auth/token-service.js';
import { clientSecretBox, socialClientService } from './client-service.js';
import { socialLoginService } from './login.js';
import { socialRoutes } from './routes.js';
import { socialUserService } from './user-service.js';

/** Social clients, social sign-in and binding, the login page's options, and self-registration. */
export const registerSocial = (route: RouteRegistrar, ctx: AppContext, tokens: TokenService): void => {
  const social = socialUserService(ctx);
  socialRoutes(route, ctx, {
    clients: socialClientService(ctx, clientSecretBox(ctx)),
    social,
    login: socialLoginService(ctx, tokens, social),
  });
  registerRoutes(route, registerService(ctx, tokens));
};
