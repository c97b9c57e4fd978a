import { createHash, timingSafeEqual } from 'node:crypto';
import { OAuth2Error } from '@app/contract';
import { STATUS_DISABLED, type AppContext } from '../../context.js';
import type { OAuth2ClientRow } from '../../db/schema.js';
import { fail } from '../../lib/errors.js';
import { secretBox } from '../../lib/secret-box.js';
import { storedKeyMaterial } from '../../lib/stored-secret.js';

/** A client as the server works with it: lists parsed, the secret still sealed. */
export interface OAuth2ClientRecord {
  id: number;
  clientId: string;
  /** `v1:…` sealed, or '' for a client that takes no secret. */
  sealedSecret: string;
  name: string;
  logo: string;
  description: string | null;
  status: number;
  accessTokenValiditySeconds: number;
  refreshTokenValiditySeconds: number;
  redirectUris: string[];
  authorizedGrantTypes: string[];
  scopes: string[];
  autoApproveScopes: string[];
  authorities: string[];
  resourceIds: string[];
  additionalInformation: string | null;
  pkceRequired: boolean;
  createTime: number;
}

const list = (json: string): string[] => {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
};

export const toClientRecord = (row: OAuth2ClientRow): OAuth2ClientRecord => ({
  id: row.id,
  clientId: row.clientId,
  sealedSecret: row.secret,
  name: row.name,
  logo: row.logo,
  description: row.description,
  status: row.status,
  accessTokenValiditySeconds: row.accessTokenValiditySeconds,
  refreshTokenValiditySeconds: row.refreshTokenValiditySeconds,
  redirectUris: list(row.redirectUris),
  authorizedGrantTypes: list(row.authorizedGrantTypes),
  scopes: list(row.scopes),
  autoApproveScopes: list(row.autoApproveScopes),
  authorities: list(row.authorities),
  resourceIds: list(row.resourceIds),
  additionalInformation: row.additionalInformation,
  pkceRequired: row.pkceRequired === 1,
  createTime: row.createTime,
});

/** What a request must satisfy of a client (the reference's validOAuthClientFromCache); unset: not checked. */
export interface ClientCheck {
  /** Compared in constant time; a client without a secret never matches. */
  secret?: string;
  grantType?: string;
  scopes?: readonly string[];
  /** Must equal one registered address exactly. */
  redirectUri?: string;
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * The OAuth2 clients (a global table), all held in memory as the reference caches them; writes
 * publish 'oauth2-client' so every instance reads them again. Secrets are sealed with a key of
 * their own (`SECRET_KEY` or one kept in `infra_secret`).
 */
export const oauth2ClientStore = (ctx: AppContext) => {
  let cached: Promise<Map<string, OAuth2ClientRecord>> | null = null;
  let generation = 0;
  ctx.bus.on('oauth2-client', () => {
    generation += 1;
    cached = null;
  });
  const keyMaterial = storedKeyMaterial(ctx, 'oauth2-client-secret');
  const box = async () => secretBox(await keyMaterial());

  const load = async (): Promise<Map<string, OAuth2ClientRecord>> => {
    const rows = await ctx.db.kysely
      .selectFrom('systemOauth2Client')
      .selectAll()
      .where('deleted', '=', 0)
      .execute();
    return new Map(rows.map((row) => [row.clientId, toClientRecord(row)]));
  };

  const all = (): Promise<Map<string, OAuth2ClientRecord>> => {
    if (cached) return cached;
    const started = generation;
    const loading = load();
    cached = loading;
    // A change published while reading leaves this result uncached; the next call reads again.
    loading.then(
      () => {
        if (started !== generation && cached === loading) cached = null;
      },
      () => {
        if (cached === loading) cached = null;
      },
    );
    return loading;
  };

  const open = async (sealed: string): Promise<string> => (sealed ? (await box()).open(sealed) : '');

  return {
    find: async (clientId: string): Promise<OAuth2ClientRecord | undefined> => (await all()).get(clientId),

    seal: async (plain: string): Promise<string> => (await box()).seal(plain),
    open,

    /** Tells every instance that clients changed. */
    changed: (): Promise<void> => ctx.bus.publish('oauth2-client'),

    /** The enabled client, after the checks asked for; throws the reference's 1_002_020_xxx errors. */
    async valid(clientId: string, check: ClientCheck = {}): Promise<OAuth2ClientRecord> {
      const client = (await all()).get(clientId);
      if (!client) throw fail(OAuth2Error.OAUTH2_CLIENT_NOT_EXISTS);
      if (client.status === STATUS_DISABLED) throw fail(OAuth2Error.OAUTH2_CLIENT_DISABLE);
      if (check.secret !== undefined) {
        const secret = await open(client.sealedSecret);
        if (!secret || !timingSafeEqual(digest(secret), digest(check.secret)))
          throw fail(OAuth2Error.OAUTH2_CLIENT_CLIENT_SECRET_ERROR, '客户端密钥不正确');
      }
      if (check.grantType !== undefined && !client.authorizedGrantTypes.includes(check.grantType))
        throw fail(OAuth2Error.OAUTH2_CLIENT_AUTHORIZED_GRANT_TYPE_NOT_EXISTS);
      if (check.scopes?.some((scope) => !client.scopes.includes(scope)))
        throw fail(OAuth2Error.OAUTH2_CLIENT_SCOPE_OVER);
      if (check.redirectUri !== undefined && !client.redirectUris.includes(check.redirectUri))
        throw fail(OAuth2Error.OAUTH2_CLIENT_REDIRECT_URI_NOT_MATCH, check.redirectUri);
      return client;
    },
  };
};

export type OAuth2ClientStore = ReturnType<typeof oauth2ClientStore>;
