import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SocialError } from '@app/contract';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { fail } from '../../lib/errors.js';
import { storedKeyMaterial } from '../../lib/stored-secret.js';

/** How long a sign-in state (and with it the exchanged code) may be used. */
export const STATE_TTL_MS = 10 * 60_000;

/** What a state vouches for: the tenant, platform and redirect address it was issued for. */
export interface StatePayload {
  tenantId: number;
  type: number;
  redirectUri: string;
  expiresAt: number;
  nonce: string;
}

type Wire = { t: number; s: number; r: string; e: number; n: string };

const isWire = (v: unknown): v is Wire => {
  if (typeof v !== 'object' || v === null) return false;
  const w = v as Record<string, unknown>;
  return (
    Number.isSafeInteger(w.t) &&
    Number.isSafeInteger(w.s) &&
    typeof w.r === 'string' &&
    Number.isSafeInteger(w.e) &&
    typeof w.n === 'string'
  );
};

const invalid = () => fail(SocialError.SOCIAL_USER_AUTH_FAILURE, '授权状态无效，请重新发起登录');

/** Marks a nonce used; false when it already was. Entries go away once the state has expired. */
interface NonceStore {
  claim(nonce: string, expiresAt: number): Promise<boolean>;
}

const redisNonces = (redis: Redis, now: () => number): NonceStore => ({
  async claim(nonce, expiresAt) {
    const ttl = Math.max(1, expiresAt - now());
    return (await redis.set(`social-state:${nonce}`, '1', 'PX', ttl, 'NX')) === 'OK';
  },
});

const databaseNonces = (db: Kysely<Database>, now: () => number): NonceStore => {
  let lastSweep = 0;
  return {
    async claim(nonce, expiresAt) {
      const at = now();
      if (at - lastSweep > 60_000) {
        lastSweep = at;
        await db.deleteFrom('systemSocialState').where('expireTime', '<=', at).execute();
      }
      const inserted = await db
        .insertInto('systemSocialState')
        .values({ nonce, expireTime: expiresAt })
        .onConflict((oc) => oc.column('nonce').doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
    },
  };
};

/**
 * The `state` of a social sign-in: base64url JSON of {tenant, platform, redirect address, expiry,
 * nonce}, then `.` and its HMAC-SHA256. The server keeps nothing until the code is exchanged; then
 * the nonce is claimed, so a state serves one exchange only.
 */
export const socialStates = (ctx: AppContext) => {
  const material = storedKeyMaterial(ctx, 'social-state');
  const nonces = ctx.redis ? redisNonces(ctx.redis, ctx.now) : databaseNonces(ctx.db.kysely, ctx.now);
  const mac = async (body: string) =>
    createHmac('sha256', await material())
      .update(body)
      .digest();

  return {
    async issue(tenantId: number, type: number, redirectUri: string): Promise<string> {
      const wire: Wire = {
        t: tenantId,
        s: type,
        r: redirectUri,
        e: ctx.now() + STATE_TTL_MS,
        n: randomBytes(16).toString('base64url'),
      };
      const body = Buffer.from(JSON.stringify(wire)).toString('base64url');
      return `${body}.${(await mac(body)).toString('base64url')}`;
    },

    /** The payload of a state this server issued for this tenant and platform, not yet expired. */
    async verify(state: string, tenantId: number, type: number): Promise<StatePayload> {
      const [body = '', signature = '', extra] = state.split('.');
      if (!body || !signature || extra !== undefined) throw invalid();
      const expected = await mac(body);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
      let wire: unknown;
      try {
        wire = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
      } catch {
        throw invalid();
      }
      if (!isWire(wire) || wire.t !== tenantId || wire.s !== type) throw invalid();
      if (wire.e <= ctx.now()) throw fail(SocialError.SOCIAL_USER_AUTH_FAILURE, '授权已过期，请重新发起登录');
      return { tenantId: wire.t, type: wire.s, redirectUri: wire.r, expiresAt: wire.e, nonce: wire.n };
    },

    /** Claims the state for its one exchange; a second claim fails. */
    async claim(payload: StatePayload): Promise<void> {
      if (!(await nonces.claim(payload.nonce, payload.expiresAt)))
        throw fail(SocialError.SOCIAL_USER_AUTH_FAILURE, '授权状态已被使用，请重新发起登录');
    },
  };
};

export type SocialStates = ReturnType<typeof socialStates>;
