import type { Kysely, Selectable } from 'kysely';
import type { Database, LoginLogTable } from '../db/schema.js';

/*
 * The login log's writer: sign-ins and sign-outs of staff users and of members, from whichever module
 * signs them in (auth, social, OAuth2, member). The login-log module reads it.
 */

/** Login log types and results of the reference (dictionaries system_login_type, system_login_result). */
export const LOGIN_LOG_TYPE = { USERNAME: 100, MOBILE: 103, LOGOUT_SELF: 200, LOGOUT_DELETE: 202 } as const;
export const LOGIN_RESULT = {
  SUCCESS: 0,
  BAD_CREDENTIALS: 10,
  USER_DISABLED: 20,
  CAPTCHA_NOT_FOUND: 30,
  CAPTCHA_CODE_ERROR: 31,
  /** Ours: refused by the failed-sign-in throttle (dictionary label 登录失败次数过多). */
  TOO_MANY_FAILURES: 40,
} as const;

export type LoginLogEntry = Pick<
  Selectable<LoginLogTable>,
  'tenantId' | 'logType' | 'userId' | 'userType' | 'username' | 'result' | 'userIp' | 'userAgent' | 'traceId'
> & { at: number };

export const loginLogRepository = (db: Kysely<Database>) => ({
  async insert(entry: LoginLogEntry): Promise<void> {
    const { at, ...row } = entry;
    await db
      .insertInto('systemLoginLog')
      .values({
        ...row,
        createTime: at,
        updateTime: at,
        creator: String(entry.userId || ''),
        updater: null,
      })
      .execute();
  },
});
