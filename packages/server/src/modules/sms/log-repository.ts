import type { SmsLogFilter } from '@app/contract';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DialectName } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { SmsLogTable } from '../../db/sms-schema.js';
import {
  type Page,
  type PageParams,
  contains,
  fetchPage,
  notDeleted,
  createdStamp,
} from '../../lib/crud/index.js';

export type SmsLogRow = Selectable<SmsLogTable>;
export type NewSmsLog = Omit<
  Insertable<SmsLogTable>,
  'id' | 'creator' | 'updater' | 'createTime' | 'updateTime' | 'deleted' | 'lockedBy' | 'lockedUntil'
>;

/** What one send attempt leaves on its row. */
export type SmsAttemptResult = Pick<
  SmsLogRow,
  | 'sendStatus'
  | 'sendTime'
  | 'sendCode'
  | 'sendMsg'
  | 'apiSendCode'
  | 'apiSendMsg'
  | 'apiRequestId'
  | 'apiSerialNo'
  | 'attempts'
  | 'nextSendTime'
>;

/** The SMS send log (global), which is also the send queue: rows with a due `nextSendTime` are to send. */
/** The columns this repository reads (every column of the table: its callers map whole rows). */
export const columns = {
  smsLog: [
    'id',
    'channelId',
    'channelCode',
    'templateId',
    'templateCode',
    'templateType',
    'templateContent',
    'templateParams',
    'apiTemplateId',
    'mobile',
    'userId',
    'userType',
    'sendStatus',
    'sendTime',
    'sendCode',
    'sendMsg',
    'apiSendCode',
    'apiSendMsg',
    'apiRequestId',
    'apiSerialNo',
    'receiveStatus',
    'receiveTime',
    'apiReceiveCode',
    'apiReceiveMsg',
    'attempts',
    'nextSendTime',
    'lockedBy',
    'lockedUntil',
    'creator',
    'createTime',
    'updater',
    'updateTime',
    'deleted',
  ],
} as const;

export const smsLogRepository = (db: Kysely<Database>, dialect: DialectName) => {
  const matching = (filter: SmsLogFilter) => {
    let q = db.selectFrom('systemSmsLog').where(notDeleted());
    if (filter.channelId !== undefined) q = q.where('channelId', '=', filter.channelId);
    if (filter.templateId !== undefined) q = q.where('templateId', '=', filter.templateId);
    if (filter.mobile) q = q.where(contains('mobile', filter.mobile));
    if (filter.sendStatus !== undefined) q = q.where('sendStatus', '=', filter.sendStatus);
    if (filter.receiveStatus !== undefined) q = q.where('receiveStatus', '=', filter.receiveStatus);
    for (const column of ['sendTime', 'receiveTime'] as const) {
      const [from, to] = filter[column] ?? [null, null];
      if (from !== null) q = q.where(column, '>=', from);
      if (to !== null) q = q.where(column, '<=', to);
    }
    return q;
  };

  return {
    async page(filter: SmsLogFilter, page: PageParams): Promise<Page<SmsLogRow>> {
      return fetchPage(matching(filter), page, (rows) => rows.select(columns.smsLog).orderBy('id', 'desc'));
    },

    /** The newest `limit` matching rows. */
    list: (filter: SmsLogFilter, limit: number): Promise<SmsLogRow[]> =>
      matching(filter).select(columns.smsLog).orderBy('id', 'desc').limit(limit).execute(),

    findById: (id: number): Promise<SmsLogRow | undefined> =>
      db.selectFrom('systemSmsLog').select(columns.smsLog).where('id', '=', id).executeTakeFirst(),

    async insert(values: NewSmsLog, at: number, by: string | null): Promise<number> {
      const { id } = await db
        .insertInto('systemSmsLog')
        .values({ ...values, ...createdStamp(at, by) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    /**
     * Claims up to `limit` rows due for sending that no live claim holds, for `leaseMs` (as the
     * workflow timers' `claimDue`): PostgreSQL skips rows other pollers are claiming; on SQLite the
     * single UPDATE is the compare-and-swap.
     */
    async claimDue(owner: string, now: number, leaseMs: number, limit: number): Promise<SmsLogRow[]> {
      const candidates = db
        .selectFrom('systemSmsLog')
        .select('id')
        .where('nextSendTime', '<=', now)
        .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<', now)]))
        .orderBy('nextSendTime')
        .orderBy('id')
        .limit(limit);
      return db
        .updateTable('systemSmsLog')
        .set({ lockedBy: owner, lockedUntil: now + leaseMs })
        .where('id', 'in', dialect === 'postgres' ? candidates.forUpdate().skipLocked() : candidates)
        .where('nextSendTime', '<=', now)
        .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<', now)]))
        .returningAll()
        .execute();
    },

    /** Records an attempt and releases the claim, if `owner` still holds it; false when it did not. */
    async recordAttempt(id: number, owner: string, result: SmsAttemptResult, at: number): Promise<boolean> {
      const updated = await db
        .updateTable('systemSmsLog')
        .set({ ...result, lockedBy: null, lockedUntil: null, updateTime: at })
        .where('id', '=', id)
        .where('lockedBy', '=', owner)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },
  };
};

export type SmsLogRepository = ReturnType<typeof smsLogRepository>;
