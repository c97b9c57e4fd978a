import type { TimeRange } from '@app/contract';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DialectName } from '../../db/database.js';
import type { Database, MailAccountTable, MailLogTable, MailTemplateTable } from '../../db/schema.js';
import {
  type PageParams,
  contains,
  fetchPage,
  notDeleted,
  createdStamp,
  updatedStamp,
  softDeleted,
} from '../../lib/crud/index.js';

export type MailAccountRow = Pick<Selectable<MailAccountTable>, (typeof columns.account)[number]>;
export type MailTemplateRow = Pick<Selectable<MailTemplateTable>, (typeof columns.template)[number]>;
export type MailLogRow = Selectable<MailLogTable>;

export type MailAccountChanges = Pick<
  MailAccountRow,
  'mail' | 'username' | 'password' | 'host' | 'port' | 'sslEnable'
>;
export type MailTemplateChanges = Pick<
  MailTemplateRow,
  'name' | 'code' | 'accountId' | 'nickname' | 'title' | 'content' | 'params' | 'status' | 'remark'
>;

export interface MailAccountFilter {
  mail?: string | undefined;
  username?: string | undefined;
}
export interface MailTemplateFilter {
  name?: string | undefined;
  code?: string | undefined;
  accountId?: number | undefined;
  status?: number | undefined;
  createTime?: TimeRange | undefined;
}
export interface MailLogFilter {
  userId?: number | undefined;
  userType?: number | undefined;
  toMail?: string | undefined;
  accountId?: number | undefined;
  templateId?: number | undefined;
  sendStatus?: number | undefined;
  sendTime?: TimeRange | undefined;
}

/** The columns this repository reads: what its callers map into the API's shapes. */
export const columns = {
  account: ['id', 'mail', 'username', 'password', 'host', 'port', 'sslEnable', 'createTime'],
  template: [
    'id',
    'name',
    'code',
    'accountId',
    'nickname',
    'title',
    'content',
    'params',
    'status',
    'remark',
    'createTime',
  ],
  log: [
    'id',
    'userId',
    'userType',
    'toMail',
    'accountId',
    'fromMail',
    'templateId',
    'templateCode',
    'templateNickname',
    'templateTitle',
    'templateContent',
    'templateParams',
    'sendStatus',
    'sendTime',
    'sendMessageId',
    'sendException',
    'sendAttempts',
    'nextAttemptAt',
    'lockedBy',
    'lockedUntil',
    'creator',
    'createTime',
    'updater',
    'updateTime',
    'deleted',
  ],
} as const;

/** Mail accounts, templates and logs; global tables (no tenant), deleted logically. */
export const mailRepository = (db: Kysely<Database>, dialect: DialectName) => {
  const accounts = (filter: MailAccountFilter) => {
    let q = db.selectFrom('systemMailAccount').where(notDeleted());
    if (filter.mail !== undefined) q = q.where(contains('mail', filter.mail));
    if (filter.username !== undefined) q = q.where(contains('username', filter.username));
    return q;
  };

  const templates = (filter: MailTemplateFilter) => {
    let q = db.selectFrom('systemMailTemplate').where(notDeleted());
    if (filter.name !== undefined) q = q.where(contains('name', filter.name));
    if (filter.code !== undefined) q = q.where(contains('code', filter.code));
    if (filter.accountId !== undefined) q = q.where('accountId', '=', filter.accountId);
    if (filter.status !== undefined) q = q.where('status', '=', filter.status);
    const [from, to] = filter.createTime ?? [null, null];
    if (from !== null) q = q.where('createTime', '>=', from);
    if (to !== null) q = q.where('createTime', '<=', to);
    return q;
  };

  const logs = (filter: MailLogFilter) => {
    let q = db.selectFrom('systemMailLog').where(notDeleted());
    if (filter.userId !== undefined) q = q.where('userId', '=', filter.userId);
    if (filter.userType !== undefined) q = q.where('userType', '=', filter.userType);
    if (filter.toMail !== undefined) q = q.where(contains('toMail', filter.toMail));
    if (filter.accountId !== undefined) q = q.where('accountId', '=', filter.accountId);
    if (filter.templateId !== undefined) q = q.where('templateId', '=', filter.templateId);
    if (filter.sendStatus !== undefined) q = q.where('sendStatus', '=', filter.sendStatus);
    const [from, to] = filter.sendTime ?? [null, null];
    if (from !== null) q = q.where('sendTime', '>=', from);
    if (to !== null) q = q.where('sendTime', '<=', to);
    return q;
  };

  return {
    // ---------- accounts ----------
    async pageAccounts(filter: MailAccountFilter, page: PageParams) {
      return fetchPage(accounts(filter), page, (rows) => rows.select(columns.account).orderBy('id', 'desc'));
    },

    listAccounts: (): Promise<MailAccountRow[]> =>
      accounts({}).select(columns.account).orderBy('id').execute(),

    findAccount: (id: number): Promise<MailAccountRow | undefined> =>
      accounts({}).select(columns.account).where('id', '=', id).executeTakeFirst(),

    async insertAccount(values: MailAccountChanges, at: number, by: number): Promise<number> {
      const { id } = await db
        .insertInto('systemMailAccount')
        .values({ ...values, ...createdStamp(at, by) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    async updateAccount(
      id: number,
      values: Omit<MailAccountChanges, 'password'> & { password?: string },
      at: number,
      by: number,
    ): Promise<void> {
      await db
        .updateTable('systemMailAccount')
        .set({ ...values, ...updatedStamp(at, by) })
        .where('id', '=', id)
        .execute();
    },

    /** Deletes the account unless a template still uses it; false when one does. */
    deleteAccountIfUnused: (id: number, at: number, by: number): Promise<boolean> =>
      db.transaction().execute(async (tx) => {
        const used = await tx
          .selectFrom('systemMailTemplate')
          .select('id')
          .where('accountId', '=', id)
          .where(notDeleted())
          .executeTakeFirst();
        if (used) return false;
        await tx.updateTable('systemMailAccount').set(softDeleted(at, by)).where('id', '=', id).execute();
        return true;
      }),

    // ---------- templates ----------
    async pageTemplates(filter: MailTemplateFilter, page: PageParams) {
      return fetchPage(templates(filter), page, (rows) =>
        rows.select(columns.template).orderBy('id', 'desc'),
      );
    },

    listTemplates: (): Promise<MailTemplateRow[]> =>
      templates({}).select(columns.template).orderBy('id').execute(),

    findTemplate: (id: number): Promise<MailTemplateRow | undefined> =>
      templates({}).select(columns.template).where('id', '=', id).executeTakeFirst(),

    findTemplateByCode: (code: string): Promise<MailTemplateRow | undefined> =>
      templates({}).select(columns.template).where('code', '=', code).executeTakeFirst(),

    async insertTemplate(values: MailTemplateChanges, at: number, by: number): Promise<number> {
      const { id } = await db
        .insertInto('systemMailTemplate')
        .values({ ...values, ...createdStamp(at, by) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    async updateTemplate(id: number, values: MailTemplateChanges, at: number, by: number): Promise<void> {
      await db
        .updateTable('systemMailTemplate')
        .set({ ...values, ...updatedStamp(at, by) })
        .where('id', '=', id)
        .execute();
    },

    async deleteTemplate(id: number, at: number, by: number): Promise<void> {
      await db.updateTable('systemMailTemplate').set(softDeleted(at, by)).where('id', '=', id).execute();
    },

    // ---------- logs ----------
    async pageLogs(filter: MailLogFilter, page: PageParams) {
      return fetchPage(logs(filter), page, (rows) => rows.select(columns.log).orderBy('id', 'desc'));
    },

    findLog: (id: number): Promise<MailLogRow | undefined> =>
      logs({}).select(columns.log).where('id', '=', id).executeTakeFirst(),

    async insertLog(
      values: Omit<Insertable<MailLogTable>, keyof ReturnType<typeof createdStamp>>,
      at: number,
      by: number | null,
    ): Promise<number> {
      const { id } = await db
        .insertInto('systemMailLog')
        .values({ ...values, ...createdStamp(at, by) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    /**
     * Claims up to `limit` due sends no live claim holds, for `leaseMs`: on PostgreSQL rows other
     * pollers are claiming are skipped (`FOR UPDATE SKIP LOCKED`); on SQLite the single UPDATE is the
     * compare-and-swap (one writer at a time, so two pollers never claim the same row).
     */
    async claimDue(owner: string, now: number, leaseMs: number, limit: number): Promise<MailLogRow[]> {
      const free = (q: ReturnType<typeof logs>) =>
        q
          .where('nextAttemptAt', 'is not', null)
          .where('nextAttemptAt', '<=', now)
          .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<', now)]));
      const candidates = free(logs({})).select('id').orderBy('nextAttemptAt').orderBy('id').limit(limit);
      return db
        .updateTable('systemMailLog')
        .set({ lockedBy: owner, lockedUntil: now + leaseMs })
        .where('id', 'in', dialect === 'postgres' ? candidates.forUpdate().skipLocked() : candidates)
        .where('nextAttemptAt', '<=', now)
        .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<', now)]))
        .returningAll()
        .execute();
    },

    /** Records one send attempt and releases the claim; `nextAttemptAt` null ends the row's sending. */
    async recordAttempt(
      id: number,
      result: {
        sendStatus: number;
        sendTime: number;
        sendMessageId: string | null;
        sendException: string | null;
        sendAttempts: number;
        nextAttemptAt: number | null;
      },
    ): Promise<void> {
      await db
        .updateTable('systemMailLog')
        .set({ ...result, lockedBy: null, lockedUntil: null, updateTime: result.sendTime })
        .where('id', '=', id)
        .execute();
    },
  };
};

export type MailRepository = ReturnType<typeof mailRepository>;
