import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';

/** Values that can be read once: `take` answers and removes in one step, so two instances never both get it. */
export interface CaptchaStore {
  put(key: string, value: string, ttlMs: number): Promise<void>;
  take(key: string): Promise<string | null>;
}

const redisStore = (redis: Redis): CaptchaStore => ({
  async put(key, value, ttlMs) {
    await redis.set(`captcha:${key}`, value, 'PX', ttlMs);
  },
  take: (key) => redis.getdel(`captcha:${key}`),
});

/** Rows of `system_captcha`; expired rows are ignored and swept now and then. */
const databaseStore = (db: Kysely<Database>, now: () => number): CaptchaStore => {
  let lastSweep = 0;
  return {
    async put(cacheKey, value, ttlMs) {
      const at = now();
      await db
        .insertInto('systemCaptcha')
        .values({ cacheKey, value, expireTime: at + ttlMs })
        .onConflict((oc) => oc.column('cacheKey').doUpdateSet({ value, expireTime: at + ttlMs }))
        .execute();
      if (at - lastSweep > 60_000) {
        lastSweep = at;
        await db.deleteFrom('systemCaptcha').where('expireTime', '<=', at).execute();
      }
    },
    async take(cacheKey) {
      const row = await db
        .selectFrom('systemCaptcha')
        .select(['value', 'expireTime'])
        .where('cacheKey', '=', cacheKey)
        .executeTakeFirst();
      if (!row) return null;
      // Only the caller whose delete removed the row may use it.
      const deleted = await db
        .deleteFrom('systemCaptcha')
        .where('cacheKey', '=', cacheKey)
        .where('expireTime', '=', row.expireTime)
        .executeTakeFirst();
      if (Number(deleted.numDeletedRows) !== 1) return null;
      return Number(row.expireTime) > now() ? row.value : null;
    },
  };
};

export const captchaStore = (ctx: AppContext): CaptchaStore =>
  ctx.redis ? redisStore(ctx.redis) : databaseStore(ctx.db.kysely, ctx.now);
