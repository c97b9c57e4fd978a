import type { Access, ApiName } from '@app/contract';
import { GlobalError, OAUTH2_DEFAULT_CLIENT_ID, TenantError } from '@app/contract';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import { ADMIN_USER_TYPE, MEMBER_USER_TYPE, type LoginUser } from '../context.js';
import { withTenantScope } from '../db/tenant-scope.js';
import { type Cached, thenCached } from '../lib/cache.js';
import { fail, ServiceError } from '../lib/errors.js';
import type { PermissionService } from '../modules/permission/service.js';
import type { TenantService } from '../modules/tenant/service.js';
import type { TokenService } from '../modules/auth/token-service.js';

declare module 'fastify' {
  interface FastifyRequest {
    loginUser: LoginUser | null;
    tenantId: number | null;
    bearerToken: string | null;
  }
  interface FastifyContextConfig {
    /** Set on every API route; routes without it (the web app) skip these checks. */
    access?: Access;
    tenant?: 'ignore' | undefined;
    /** The API the route belongs to; its tokens are those of its user type. */
    api?: ApiName;
  }
}

const TENANT_HEADER = 'tenant-id';

const bearerOf = (header: string | undefined): string | null => {
  if (!header) return null;
  const token = header.startsWith('Bearer ') ? header.slice(7).trim() : header.trim();
  return token || null;
};

const tenantHeaderOf = (value: string | string[] | undefined): number | null => {
  const raw = Array.isArray(value) ? value[0] : value;
  if (raw === undefined || raw === '' || raw === 'null' || raw === 'undefined') return null;
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id < 0) {
    throw new ServiceError(GlobalError.BAD_REQUEST.code, `${GlobalError.BAD_REQUEST.msg}:租户编号格式不正确`);
  }
  return id;
};

/** The user type whose tokens an API takes (the reference's filter: `/admin-api` = 2, `/app-api` = 1). */
const USER_TYPE_OF: Readonly<Record<ApiName, number>> = { admin: ADMIN_USER_TYPE, app: MEMBER_USER_TYPE };

/**
 * Authentication, tenant and permission checks, in that order, for every API route:
 * 401 without a valid token, 403 for another tenant's header, 400 without a tenant, 403 without the permission.
 * A token of another user type than the route's API takes (a member's on the admin API, a staff
 * user's on the member API) counts as no token.
 * The rest of the request (validation, handler, reply) then runs in the tenant scope of the resolved
 * tenant, so its queries see that tenant's rows only; routes that ignore the tenant run unscoped.
 */
export const registerSecurity = (
  app: FastifyInstance,
  deps: { tokens: TokenService; tenants: TenantService; permissions: PermissionService },
): void => {
  app.decorateRequest('loginUser', null);
  app.decorateRequest('tenantId', null);
  app.decorateRequest('bearerToken', null);

  /** The checks of one request, in order; at once while the token, tenant and grants are cached. */
  const authorize = (
    request: FastifyRequest,
    access: Access,
    { tenant, api = 'admin' }: FastifyContextConfig,
  ): Cached<void> => {
    request.bearerToken = bearerOf(request.headers.authorization);
    const caller = request.bearerToken
      ? deps.tokens.checkAccessToken(request.bearerToken, USER_TYPE_OF[api])
      : null;
    return thenCached(caller, (caller): Cached<void> => {
      // A third-party client's token reaches only the endpoints that ask for a scope (docs/architecture.md).
      const thirdParty = caller?.clientId !== undefined && caller.clientId !== OAUTH2_DEFAULT_CLIENT_ID;
      request.loginUser = caller && (access.kind === 'scope' || !thirdParty) ? caller : null;
      const user = request.loginUser;
      if (access.kind !== 'public' && !user) throw fail(GlobalError.UNAUTHORIZED);

      const headerTenant = tenantHeaderOf(request.headers[TENANT_HEADER]);
      if (user && headerTenant !== null && headerTenant !== user.tenantId)
        throw fail(TenantError.TENANT_FORBIDDEN);
      request.tenantId = user ? user.tenantId : headerTenant;
      let valid: Cached<void> = undefined;
      if (tenant !== 'ignore') {
        if (request.tenantId === null) throw fail(TenantError.TENANT_HEADER_MISSING);
        valid = deps.tenants.validTenant(request.tenantId);
      }
      return thenCached(valid, () => {
        if (access.kind === 'scope' && !user!.scopes?.includes(access.scope))
          throw fail(GlobalError.FORBIDDEN);
        if (access.kind !== 'permission') return;
        return thenCached(deps.permissions.hasAnyPermission(user!, access.anyOf), (allowed) => {
          if (!allowed) throw fail(GlobalError.FORBIDDEN);
        });
      });
    });
  };

  // A callback hook: `done` continues the request inside the tenant scope, so the scope reaches the
  // handler; a promise is made only when a check has to wait for Redis or the database.
  app.addHook('preValidation', (request, _reply, done) => {
    const { config } = request.routeOptions;
    const { access } = config;
    if (!access) return done();
    const proceed = () => {
      if (config.tenant !== 'ignore' && request.tenantId !== null) withTenantScope(request.tenantId, done);
      else done();
    };
    let checked: Cached<void>;
    try {
      checked = authorize(request, access, config);
    } catch (error) {
      return done(error as Error);
    }
    if (checked instanceof Promise) checked.then(proceed, done);
    else proceed();
  });
};
