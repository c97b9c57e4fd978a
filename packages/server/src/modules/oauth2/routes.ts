import {
  oauth2AuthorizeApprove,
  oauth2AuthorizeGet,
  oauth2CheckToken,
  oauth2ClientCreate,
  oauth2ClientDelete,
  oauth2ClientGet,
  oauth2ClientPage,
  oauth2ClientUpdate,
  oauth2RevokeToken,
  oauth2Token,
  oauth2TokenDelete,
  oauth2TokenPage,
  oauth2UserGet,
  oauth2UserUpdate,
} from '@app/contract';
import type { RouteRegistrar } from '../../plugins/routes.js';
import type { ProfileService } from '../profile/service.js';
import type { OAuth2ClientService } from './client-service.js';
import type { OAuth2OpenService } from './open-service.js';
import type { oauth2TokenAdminService } from './token-admin-service.js';

export const oauth2Routes = (
  route: RouteRegistrar,
  deps: {
    clients: OAuth2ClientService;
    open: OAuth2OpenService;
    tokenAdmin: ReturnType<typeof oauth2TokenAdminService>;
    profiles: ProfileService;
  },
): void => {
  const { clients, open, tokenAdmin, profiles } = deps;
  route(oauth2ClientPage, ({ query }) => clients.page(query));
  route(oauth2ClientGet, ({ query }) => clients.get(query.id));
  route(oauth2ClientCreate, ({ user, body }) => clients.create(user, body));
  route(oauth2ClientUpdate, ({ user, body }) => clients.update(user, body));
  route(oauth2ClientDelete, ({ user, query }) => clients.delete(user, query.id));

  route(oauth2TokenPage, ({ user, query }) => tokenAdmin.page(user, query));
  route(oauth2TokenDelete, ({ user, query, ip, userAgent, traceId }) =>
    tokenAdmin.forceLogout(user, query.accessToken, { ip, userAgent, traceId }),
  );

  route(oauth2AuthorizeGet, ({ user, query }) => open.authorizeInfo(user, query.clientId));

  route(oauth2UserGet, async ({ user }) => {
    const profile = await profiles.get(user);
    return {
      id: profile.id,
      username: profile.username,
      nickname: profile.nickname,
      email: profile.email,
      mobile: profile.mobile,
      sex: profile.sex,
      avatar: profile.avatar,
      dept: profile.dept,
      posts: profile.posts,
    };
  });
  route(oauth2UserUpdate, ({ user, body }) => profiles.update(user, body));
};

/** The endpoints that read form fields (and query parameters) as the reference does; see register.ts. */
export const oauth2FormRoutes = (route: RouteRegistrar, open: OAuth2OpenService): void => {
  route(oauth2AuthorizeApprove, ({ user, body }) => open.approve(user, body));
  route(oauth2Token, ({ body, raw, ip, userAgent, traceId }) =>
    open.token(body, {
      authorization: raw.headers.authorization,
      tenantId: raw.tenantId,
      ip,
      userAgent,
      traceId,
    }),
  );
  route(oauth2CheckToken, ({ body, raw }) => open.checkToken(body.token, body, raw.headers.authorization));
  route(oauth2RevokeToken, ({ body, raw }) => open.revokeToken(body.token, body, raw.headers.authorization));
};
