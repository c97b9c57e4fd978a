import { createHash } from 'node:crypto';
import type {
  OAuth2AccessTokenResp,
  OAuth2AuthorizeInfo,
  OAuth2CheckTokenResp,
  oauth2AuthorizeReq,
  oauth2TokenReq,
} from '@app/contract';
import {
  AuthError,
  GlobalError,
  OAUTH2_GRANT_TYPES,
  OAuth2Error,
  TenantError,
  UserError,
} from '@app/contract';
import type { z } from 'zod';
import { STATUS_DISABLED, type AppContext, type LoginUser } from '../../context.js';
import { digestToken, newToken } from '../../lib/crypto.js';
import { fail, ServiceError } from '../../lib/errors.js';
import type { authService } from '../auth/service.js';
import type { IssuedTokens, TokenService } from '../auth/token-service.js';
import type { TenantService } from '../tenant/service.js';
import { userRepository } from '../user/repository.js';
import type { OAuth2ClientRecord } from './client-store.js';
import { oauth2GrantRepository } from './grant-repository.js';
import { codeRedirect, deniedRedirect, implicitRedirect } from './redirects.js';

type AuthorizeReq = z.output<typeof oauth2AuthorizeReq>;
type TokenReq = z.output<typeof oauth2TokenReq>;

/** Codes live five minutes; remembered approvals thirty days (as the reference). */
const CODE_TTL_MS = 5 * 60 * 1000;
const APPROVAL_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** Who calls the token endpoint: from the request, for the login log of the password grant. */
export interface TokenCaller {
  /** The `Authorization` header (HTTP Basic carries the client's credentials). */
  authorization: string | undefined;
  /** The `tenant-id` header, if sent. */
  tenantId: number | null;
  ip: string;
  userAgent: string;
  traceId: string;
}

const badRequest = (detail: string) =>
  new ServiceError(GlobalError.BAD_REQUEST.code, `${GlobalError.BAD_REQUEST.msg}:${detail}`);

/** client_id and client_secret from HTTP Basic (form-encoded, RFC 6749 §2.3.1) or the form fields. */
const clientCredentials = (
  authorization: string | undefined,
  form: { client_id?: string; client_secret?: string },
): { id: string; secret: string } => {
  const basic = /^Basic\s+(\S+)$/i.exec(authorization ?? '');
  if (basic) {
    const text = Buffer.from(basic[1]!, 'base64').toString('utf8');
    const at = text.indexOf(':');
    const decode = (part: string) => {
      try {
        return decodeURIComponent(part.replace(/\+/g, ' '));
      } catch {
        return part;
      }
    };
    if (at > 0 && at < text.length - 1)
      return { id: decode(text.slice(0, at)), secret: decode(text.slice(at + 1)) };
  } else if (form.client_id && form.client_secret) {
    return { id: form.client_id, secret: form.client_secret };
  }
  throw fail(OAuth2Error.CLIENT_CREDENTIALS_MISSING);
};

const splitScopes = (scope: string | undefined): string[] => [
  ...new Set((scope ?? '').split(' ').filter((s) => s !== '')),
];

const s256 = (verifier: string) => createHash('sha256').update(verifier, 'ascii').digest('base64url');

/**
 * The authorization server's open side: the consent the /sso page asks for, and the token, check
 * and revoke endpoints third-party clients call.
 */
export const oauth2OpenService = (
  ctx: AppContext,
  deps: { tokens: TokenService; tenants: TenantService; auth: ReturnType<typeof authService> },
) => {
  const { tokens, tenants } = deps;
  const clients = tokens.clients;
  const grants = oauth2GrantRepository(ctx.db.kysely);
  const users = userRepository(ctx.db.kysely);

  const approver = (user: LoginUser, clientId: string) => ({
    tenantId: user.tenantId,
    userId: user.id,
    userType: user.userType,
    clientId,
  });

  /** Every scope asked for is auto-approved by the client (remembered as approved), or was approved before. */
  const preApproved = async (user: LoginUser, client: OAuth2ClientRecord, scopes: string[]) => {
    const now = ctx.now();
    if (scopes.every((s) => client.autoApproveScopes.includes(s))) {
      const answers = Object.fromEntries(scopes.map((s) => [s, true]));
      await grants.saveApprovals(approver(user, client.clientId), answers, now + APPROVAL_TTL_MS, now);
      return true;
    }
    const approvals = await grants.approvals(approver(user, client.clientId), now);
    const approved = new Set(approvals.filter((a) => a.approved === 1).map((a) => a.scope));
    return scopes.every((s) => approved.has(s));
  };

  const toTokenResp = (issued: IssuedTokens): OAuth2AccessTokenResp => ({
    access_token: issued.accessToken,
    ...(issued.refreshToken ? { refresh_token: issued.refreshToken } : {}),
    token_type: 'bearer',
    expires_in: Math.max(0, Math.floor((issued.expiresTime - ctx.now()) / 1000)),
    scope: issued.scopes.join(' '),
  });

  /** The tenant a grant acting for no code or refresh token needs: from the tenant-id header. */
  const headerTenant = async (tenantId: number | null): Promise<number> => {
    if (tenantId === null) throw fail(TenantError.TENANT_HEADER_MISSING);
    await tenants.validTenant(tenantId);
    return tenantId;
  };

  const exchangeCode = async (req: TokenReq, client: OAuth2ClientRecord, tenantId: number | null) => {
    // Taken out before it is checked: a code is spent by any attempt, right or wrong.
    const code = req.code ? await grants.consumeCode(digestToken(req.code), tenantId) : undefined;
    if (!code) throw fail(OAuth2Error.OAUTH2_CODE_NOT_EXISTS);
    if (code.expiresTime <= ctx.now()) throw fail(OAuth2Error.OAUTH2_CODE_EXPIRE);
    if (code.clientId !== client.clientId) throw fail(OAuth2Error.OAUTH2_GRANT_CLIENT_ID_MISMATCH);
    if ((req.redirect_uri ?? '') !== code.redirectUri)
      throw fail(OAuth2Error.OAUTH2_GRANT_REDIRECT_URI_MISMATCH);
    // Standard clients do not send the state here; one that does must send the same.
    if (req.state !== undefined && req.state !== code.state)
      throw fail(OAuth2Error.OAUTH2_GRANT_STATE_MISMATCH);
    if (code.codeChallenge !== null && (!req.code_verifier || s256(req.code_verifier) !== code.codeChallenge))
      throw fail(OAuth2Error.OAUTH2_GRANT_CODE_VERIFIER_MISMATCH);
    await tenants.validTenant(code.tenantId);
    const user = await users.findById(code.tenantId, code.userId);
    if (!user) throw fail(UserError.USER_NOT_EXISTS);
    if (user.status === STATUS_DISABLED) throw fail(AuthError.LOGIN_USER_DISABLED);
    return tokens.issueTokens(
      { id: user.id, tenantId: code.tenantId },
      client.clientId,
      JSON.parse(code.scopes),
    );
  };

  return {
    /** GET authorize: the client's name and logo, and each of its scopes with the user's earlier answer. */
    async authorizeInfo(user: LoginUser, clientId: string): Promise<OAuth2AuthorizeInfo> {
      const client = await clients.valid(clientId);
      const approvals = await grants.approvals(approver(user, clientId), ctx.now());
      const answer = new Map(approvals.map((a) => [a.scope, a.approved === 1]));
      return {
        client: { name: client.name, logo: client.logo },
        scopes: client.scopes.map((key) => ({ key, value: answer.get(key) ?? false })),
      };
    },

    /**
     * POST authorize: the address to send the browser to. With auto_approve, null unless every scope
     * asked for is auto-approved or was approved before; otherwise the user's answers are remembered
     * and approving none is a denial.
     */
    async approve(user: LoginUser, req: AuthorizeReq): Promise<string | null> {
      const grantType =
        req.response_type === 'code'
          ? 'authorization_code'
          : req.response_type === 'token'
            ? 'implicit'
            : null;
      if (!grantType) throw fail(OAuth2Error.RESPONSE_TYPE_INVALID);
      const requested = Object.keys(req.scope);
      const client = await clients.valid(req.client_id, {
        grantType,
        scopes: requested,
        redirectUri: req.redirect_uri,
      });
      const challenge = req.code_challenge?.trim() || null;
      if (grantType === 'authorization_code') {
        if (challenge && (req.code_challenge_method !== 'S256' || !S256_CHALLENGE.test(challenge)))
          throw fail(OAuth2Error.CODE_CHALLENGE_METHOD_INVALID);
        if (!challenge && client.pkceRequired) throw fail(OAuth2Error.OAUTH2_CLIENT_PKCE_REQUIRED);
      }
      const approvedScopes = requested.filter((s) => req.scope[s]);

      if (req.auto_approve) {
        if (approvedScopes.length === 0 || !(await preApproved(user, client, approvedScopes))) return null;
      } else {
        const now = ctx.now();
        await grants.saveApprovals(approver(user, client.clientId), req.scope, now + APPROVAL_TTL_MS, now);
        if (approvedScopes.length === 0)
          return deniedRedirect(req.redirect_uri, grantType === 'implicit', req.state);
      }

      if (grantType === 'authorization_code') {
        const code = newToken();
        const now = ctx.now();
        await grants.insertCode({
          tenantId: user.tenantId,
          userId: user.id,
          userType: user.userType,
          code: digestToken(code),
          clientId: client.clientId,
          scopes: JSON.stringify(approvedScopes),
          expiresTime: now + CODE_TTL_MS,
          redirectUri: req.redirect_uri,
          state: req.state ?? '',
          codeChallenge: challenge,
          codeChallengeMethod: challenge ? 'S256' : null,
          creator: String(user.id),
          updater: String(user.id),
          createTime: now,
          updateTime: now,
        });
        return codeRedirect(req.redirect_uri, code, req.state);
      }
      const issued = await tokens.issueTokens(
        { id: user.id, tenantId: user.tenantId },
        client.clientId,
        approvedScopes,
      );
      return implicitRedirect(
        req.redirect_uri,
        {
          accessToken: issued.accessToken,
          expiresIn: Math.floor((issued.expiresTime - ctx.now()) / 1000),
          scopes: issued.scopes,
        },
        req.state,
        client.additionalInformation,
      );
    },

    /**
     * POST token. The tenant comes from the tenant-id header when sent, else from the code or
     * refresh token exchanged; password and client_credentials need the header.
     */
    async token(req: TokenReq, caller: TokenCaller): Promise<OAuth2AccessTokenResp> {
      const grantType = req.grant_type;
      if (!(OAUTH2_GRANT_TYPES as readonly string[]).includes(grantType))
        throw fail(OAuth2Error.UNKNOWN_GRANT_TYPE, grantType);
      if (grantType === 'implicit') throw fail(OAuth2Error.IMPLICIT_NOT_ON_TOKEN);
      const credentials = clientCredentials(caller.authorization, req);
      const scopes = splitScopes(req.scope);
      const client = await clients.valid(credentials.id, {
        secret: credentials.secret,
        grantType,
        scopes,
        ...(grantType === 'authorization_code' && req.redirect_uri ? { redirectUri: req.redirect_uri } : {}),
      });
      if (caller.tenantId !== null) await tenants.validTenant(caller.tenantId);

      switch (grantType) {
        case 'authorization_code':
          return toTokenResp(await exchangeCode(req, client, caller.tenantId));
        case 'refresh_token': {
          if (!req.refresh_token) throw fail(AuthError.REFRESH_TOKEN_INVALID);
          return toTokenResp(
            await tokens.refreshClientToken(req.refresh_token, client.clientId, caller.tenantId),
          );
        }
        case 'password': {
          if (!req.username || !req.password) throw badRequest('username 和 password 不能为空');
          const tenantId = await headerTenant(caller.tenantId);
          const user = await deps.auth.authenticate(req.username.trim(), req.password, {
            tenantId,
            ip: caller.ip,
            userAgent: caller.userAgent,
            traceId: caller.traceId,
          });
          return toTokenResp(await tokens.issueTokens({ id: user.id, tenantId }, client.clientId, scopes));
        }
        default: {
          const tenantId = await headerTenant(caller.tenantId);
          return toTokenResp(await tokens.issueClientToken(tenantId, client.clientId, scopes));
        }
      }
    },

    /** POST check-token: any valid token's facts, for an authenticated client. */
    async checkToken(
      token: string,
      form: { client_id?: string; client_secret?: string },
      authorization?: string,
    ) {
      const credentials = clientCredentials(authorization, form);
      await clients.valid(credentials.id, { secret: credentials.secret });
      const info = await tokens.inspectAccessToken(token);
      const resp: OAuth2CheckTokenResp = {
        user_id: info.userId,
        user_type: info.userType,
        tenant_id: info.tenantId,
        client_id: info.clientId,
        scopes: info.scopes,
        access_token: token,
        exp: Math.floor(info.expiresTime / 1000),
      };
      return resp;
    },

    /** DELETE token: a client revokes one of its own access tokens (and the refresh token behind it). */
    async revokeToken(
      token: string,
      form: { client_id?: string; client_secret?: string },
      authorization?: string,
    ): Promise<boolean> {
      const credentials = clientCredentials(authorization, form);
      const client = await clients.valid(credentials.id, { secret: credentials.secret });
      return tokens.revokeClientToken(client.clientId, token);
    },
  };
};

export type OAuth2OpenService = ReturnType<typeof oauth2OpenService>;
