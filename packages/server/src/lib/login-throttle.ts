import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { AppContext } from '../context.js';
import type { Database } from '../db/schema.js';

/** Failed sign-ins allowed per account, and per address, within one window. */
export const LOGIN_THROTTLE = { accountFailures: 5, addressFailures: 20, windowMs: 15 * 60_000 } as const;

/** Whom an attempt counts against: the account (tenant and username) and the client's address. */
export interface AttemptSource {
  tenantId: number;
  username: string;
  ip: string;
}

export interface LoginThrottle {
  /** True when the account or the address has used up its failures in the current window. */
  isBlocked(source: AttemptSource): Promise<boolean>;
  recordFailure(source: AttemptSource): Promise<void>;
  /** A success clears the account's failures (not the address's: one good account must not unlock guessing at others). */
  recordSuccess(source: AttemptSource): Promise<void>;
}

const accountKey = (s: AttemptSource) => `account:${s.tenantId}:${s.username.toLowerCase()}`;
const addressKey = (s: AttemptSource) => `ip:${s.ip}`;

const overLimit = (account: number, address: number) =>
  account >= LOGIN_THROTTLE.accountFailures || address >= LOGIN_THROTTLE.addressFailures;

/** Counters in Redis, shared by every instance: fixed windows that expire by themselves. */
const redisThrottle = (redis: Redis): LoginThrottle => {
  const key = (k: string) => `login-failure:${k}`;
  return {
    async isBlocked(source) {
      const [account, address] = await redis.mget(key(accountKey(source)), key(addressKey(source)));
      return overLimit(Number(account ?? 0), Number(address ?? 0));
    },
    async recordFailure(source) {
      const multi = redis.multi();
      for (const k of [key(accountKey(source)), key(addressKey(source))]) {
        multi.incr(k);
        // NX: the window starts with the first failure and is not extended by later ones.
        multi.pexpire(k, LOGIN_THROTTLE.windowMs, 'NX');
      }
      await multi.exec();
    },
    async recordSuccess(source) {
      await redis.del(key(accountKey(source)));
    },
  };
};

/** Counters in the database (`system_login_failure`), for a single instance without Redis. */
/** Deletes the failure rows of windows ended by `at` (history only); returns how many. */
export const deleteEndedWindows = async (db: Kysely<Database>, at: number): Promise<number> => {
  const result = await db
    .deleteFrom('systemLoginFailure')
    .where('windowStart', '<=', at - LOGIN_THROTTLE.windowMs)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
};

const databaseThrottle = (db: Kysely<Database>, now: () => number): LoginThrottle => {
  let lastSweep = 0;
  const failuresOf = async (keys: string[]) => {
    const rows = await db
      .selectFrom('systemLoginFailure')
      .select(['throttleKey', 'failures'])
      .where('throttleKey', 'in', keys)
      .where('windowStart', '>', now() - LOGIN_THROTTLE.windowMs)
      .execute();
    return (k: string) => rows.find((r) => r.throttleKey === k)?.failures ?? 0;
  };
  return {
    async isBlocked(source) {
      const failures = await failuresOf([accountKey(source), addressKey(source)]);
      return overLimit(failures(accountKey(source)), failures(addressKey(source)));
    },
    async recordFailure(source) {
      const at = now();
      const windowOver = sql<boolean>`${sql.ref('systemLoginFailure.windowStart')} <= ${at - LOGIN_THROTTLE.windowMs}`;
      for (const throttleKey of [accountKey(source), addressKey(source)]) {
        await db
          .insertInto('systemLoginFailure')
          .values({ throttleKey, failures: 1, windowStart: at })
          .onConflict((oc) =>
            oc.column('throttleKey').doUpdateSet({
              failures: sql<number>`case when ${windowOver} then 1 else ${sql.ref('systemLoginFailure.failures')} + 1 end`,
              windowStart: sql<number>`case when ${windowOver} then ${at} else ${sql.ref('systemLoginFailure.windowStart')} end`,
            }),
          )
          .execute();
      }
      // Rows of finished windows are only history; drop them now and then.
      if (at - lastSweep > 60_000) {
        lastSweep = at;
        await deleteEndedWindows(db, at);
      }
    },
    async recordSuccess(source) {
      await db.deleteFrom('systemLoginFailure').where('throttleKey', '=', accountKey(source)).execute();
    },
  };
};

export const loginThrottle = (ctx: AppContext): LoginThrottle =>
  ctx.redis ? redisThrottle(ctx.redis) : databaseThrottle(ctx.db.kysely, ctx.now);
