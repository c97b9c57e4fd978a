import { randomInt, timingSafeEqual } from 'node:crypto';
import { SMS_SCENE_TEMPLATE, SmsError } from '@app/contract';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { fail, type ServiceError } from '../../lib/errors.js';
import type { SmsSender } from './sender.js';

/** The rules of SMS verification codes (the reference's defaults, and our try limit). */
export const SMS_CODE_RULES = {
  expiresMs: 10 * 60_000,
  /** Least time between two codes sent to one mobile. */
  sendIntervalMs: 60_000,
  maxPerDay: 10,
  /** Wrong codes tried before a code is void. */
  maxAttempts: 5,
} as const;

const startOfDay = (ms: number): number => {
  const d = new Date(ms);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
};

const sameCode = (a: string, b: string): boolean =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Why a code was refused; the sign-in logs it (a wrong code apart from a missing one). */
export type SmsCodeFailure = 'not-found' | 'not-correct';

export class SmsCodeRejected extends Error {
  constructor(
    readonly failure: SmsCodeFailure,
    readonly error: ServiceError,
  ) {
    super(error.message);
  }
}

/**
 * Verification codes sent by SMS, kept in `system_sms_code` so every server instance agrees. The
 * send limits count per mobile across tenants (they protect the phone); a code is checked within
 * the tenant it was sent for.
 */
export const smsCodeService = (ctx: AppContext, sender: SmsSender) => {
  const db = ctx.db.kysely;

  /**
   * Uses the latest code sent for `scene` to `mobile` in the tenant: refuses a missing, used,
   * voided or expired one, or a wrong code (which counts a try; the fifth voids the code).
   */
  const use = async (tenantId: number, mobile: string, scene: number, code: string, ip: string) => {
    const last = await db
      .selectFrom('systemSmsCode')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('mobile', '=', mobile)
      .where('scene', '=', scene)
      .where('deleted', '=', 0)
      .orderBy('createTime', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!last) throw new SmsCodeRejected('not-found', fail(SmsError.SMS_CODE_NOT_FOUND));
    if (last.used) throw new SmsCodeRejected('not-found', fail(SmsError.SMS_CODE_USED));
    if (last.attempts >= SMS_CODE_RULES.maxAttempts)
      throw new SmsCodeRejected('not-found', fail(SmsError.SMS_CODE_TOO_MANY_ATTEMPTS));
    const now = ctx.now();
    if (now - last.createTime >= SMS_CODE_RULES.expiresMs)
      throw new SmsCodeRejected('not-found', fail(SmsError.SMS_CODE_EXPIRED));
    const fresh = db
      .updateTable('systemSmsCode')
      .where('id', '=', last.id)
      .where('used', '=', 0)
      .where('attempts', '<', SMS_CODE_RULES.maxAttempts);
    if (!sameCode(last.code, code)) {
      await fresh.set({ attempts: sql<number>`attempts + 1`, updateTime: now }).execute();
      throw new SmsCodeRejected('not-correct', fail(SmsError.SMS_CODE_NOT_CORRECT));
    }
    // Conditional, so that two sign-ins racing with one code cannot both use it.
    const used = await fresh
      .set({ used: 1, usedTime: now, usedIp: ip.slice(0, 64), updateTime: now })
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1)
      throw new SmsCodeRejected('not-found', fail(SmsError.SMS_CODE_USED));
  };

  /** Creates a code for `mobile` within the send limits; returns it with its row id. */
  const create = (tenantId: number, mobile: string, scene: number, ip: string) =>
    db.transaction().execute(async (tx) => {
      // Two instances must not both pass the limits for one mobile: serialise on it (SQLite runs one
      // writer at a time anyway).
      if (ctx.db.dialect === 'postgres')
        await sql`select pg_advisory_xact_lock(hashtext(${`sms-code:${mobile}`}))`.execute(tx);
      const now = ctx.now();
      const last = await tx
        .selectFrom('systemSmsCode')
        .select(['createTime', 'todayIndex'])
        .where('mobile', '=', mobile)
        .where('deleted', '=', 0)
        .orderBy('createTime', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      const today = last !== undefined && last.createTime >= startOfDay(now);
      if (today && last.todayIndex >= SMS_CODE_RULES.maxPerDay)
        throw fail(SmsError.SMS_CODE_EXCEED_SEND_MAXIMUM_QUANTITY_PER_DAY);
      if (last !== undefined && now - last.createTime < SMS_CODE_RULES.sendIntervalMs)
        throw fail(SmsError.SMS_CODE_SEND_TOO_FAST);
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const { id } = await tx
        .insertInto('systemSmsCode')
        .values({
          tenantId,
          mobile,
          code,
          createIp: ip.slice(0, 64),
          scene,
          todayIndex: today ? last.todayIndex + 1 : 1,
          used: 0,
          usedTime: null,
          usedIp: null,
          creator: null,
          updater: null,
          createTime: now,
          updateTime: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: Number(id), code };
    });

  return {
    /**
     * Sends a new code for `scene` to `mobile` through the scene's template. Limits: one per
     * 60 s (1_002_014_005) and ten a day (1_002_014_004) per mobile.
     */
    async send(
      tenantId: number,
      mobile: string,
      scene: number,
      ip: string,
      user: { id: number; type: number } | null,
    ): Promise<void> {
      const templateCode = SMS_SCENE_TEMPLATE[scene];
      if (!templateCode) throw new Error(`验证码场景(${scene}) 没有对应的短信模板`);
      const { id, code } = await create(tenantId, mobile, scene, ip);
      try {
        await sender.send(mobile, user?.id ?? null, user?.type ?? null, templateCode, { code });
      } catch (error) {
        // A code that could not be sent does not count against the limits.
        await db.deleteFrom('systemSmsCode').where('id', '=', id).execute();
        throw error;
      }
    },

    /** Uses the code; a refusal throws SmsCodeRejected, which says why (see `use`). */
    use,

    /** Uses the code; a refusal throws its error itself (1_002_014_000…, for callers that log no reason). */
    async verify(tenantId: number, mobile: string, scene: number, code: string, ip: string): Promise<void> {
      try {
        await use(tenantId, mobile, scene, code, ip);
      } catch (error) {
        throw error instanceof SmsCodeRejected ? error.error : error;
      }
    },
  };
};

export type SmsCodeService = ReturnType<typeof smsCodeService>;
