import type { NotifyMessageFilter } from '@app/contract';
import type { Insertable, Kysely, SelectQueryBuilder } from 'kysely';
import type {
  Database,
  NotifyMessageRow,
  NotifyMessageTable,
  NotifyTemplateRow,
  NotifyTemplateTable,
} from '../../db/schema.js';
import {
  type Page,
  type PageParams,
  contains,
  fetchPage,
  notDeleted,
  createdStamp,
  updatedStamp,
  softDeleted,
} from '../../lib/crud/index.js';

export const READ = 1;
export const UNREAD = 0;

export interface TemplateFilter {
  name?: string | undefined;
  code?: string | undefined;
  status?: number | undefined;
  createTime?: [number | null, number | null] | undefined;
}

/** The columns a template's create and update write. */
export type TemplateChanges = Pick<
  NotifyTemplateRow,
  'name' | 'code' | 'nickname' | 'content' | 'type' | 'params' | 'status' | 'remark'
>;

export interface MessageFilter {
  readStatus?: boolean | undefined;
  /** [from, to] epoch ms, inclusive; null = open. */
  createTime?: [number | null, number | null] | undefined;
}

/** Messages of one user of one tenant; every query is scoped by both. */
const ownedBy = <O>(
  q: SelectQueryBuilder<Database, 'systemNotifyMessage', O>,
  tenantId: number,
  userId: number,
  userType: number,
) =>
  q
    .where('tenantId', '=', tenantId)
    .where('userId', '=', userId)
    .where('userType', '=', userType)
    .where(notDeleted());

/** The columns this repository reads (every column: its callers map whole rows). */
export const columns = {
  template: [
    'id',
    'name',
    'code',
    'nickname',
    'content',
    'type',
    'params',
    'status',
    'remark',
    'creator',
    'createTime',
    'updater',
    'updateTime',
    'deleted',
  ],
  message: [
    'id',
    'userId',
    'userType',
    'templateId',
    'templateCode',
    'templateNickname',
    'templateContent',
    'templateType',
    'templateParams',
    'readStatus',
    'readTime',
    'tenantId',
    'creator',
    'createTime',
    'updater',
    'updateTime',
    'deleted',
  ],
} as const;

export const notifyRepository = (db: Kysely<Database>) => ({
  // ----- templates: global, deleted logically -----

  async templatePage(filter: TemplateFilter, page: PageParams): Promise<Page<NotifyTemplateRow>> {
    let q = db.selectFrom('systemNotifyTemplate').where(notDeleted());
    if (filter.name !== undefined) q = q.where(contains('name', filter.name));
    if (filter.code !== undefined) q = q.where(contains('code', filter.code));
    if (filter.status !== undefined) q = q.where('status', '=', filter.status);
    const [from, to] = filter.createTime ?? [null, null];
    if (from !== null) q = q.where('createTime', '>=', from);
    if (to !== null) q = q.where('createTime', '<=', to);
    return fetchPage(q, page, (rows) => rows.select(columns.template).orderBy('id', 'desc'));
  },

  findTemplateById: (id: number): Promise<NotifyTemplateRow | undefined> =>
    db
      .selectFrom('systemNotifyTemplate')
      .select(columns.template)
      .where('id', '=', id)
      .where(notDeleted())
      .executeTakeFirst(),

  async insertTemplate(values: TemplateChanges, at: number, by: number): Promise<number> {
    const row: Insertable<NotifyTemplateTable> = {
      ...values,
      ...createdStamp(at, by),
    };
    const { id } = await db
      .insertInto('systemNotifyTemplate')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(id);
  },

  async updateTemplate(id: number, values: TemplateChanges, at: number, by: number): Promise<void> {
    await db
      .updateTable('systemNotifyTemplate')
      .set({ ...values, ...updatedStamp(at, by) })
      .where('id', '=', id)
      .where(notDeleted())
      .execute();
  },

  async deleteTemplate(id: number, at: number, by: number): Promise<void> {
    await db.updateTable('systemNotifyTemplate').set(softDeleted(at, by)).where('id', '=', id).execute();
  },

  findTemplateByCode: (code: string): Promise<NotifyTemplateRow | undefined> =>
    db
      .selectFrom('systemNotifyTemplate')
      .select(columns.template)
      .where('code', '=', code)
      .where(notDeleted())
      .orderBy('id')
      .executeTakeFirst(),

  // ----- messages: every query is scoped by tenant -----

  /** The tenant's messages of every user, for the admin list. */
  async messagePage(
    tenantId: number,
    filter: NotifyMessageFilter,
    page: PageParams,
  ): Promise<Page<NotifyMessageRow>> {
    let q = db.selectFrom('systemNotifyMessage').where('tenantId', '=', tenantId).where(notDeleted());
    if (filter.userId !== undefined) q = q.where('userId', '=', filter.userId);
    if (filter.userType !== undefined) q = q.where('userType', '=', filter.userType);
    if (filter.templateCode !== undefined) q = q.where(contains('templateCode', filter.templateCode));
    if (filter.templateType !== undefined) q = q.where('templateType', '=', filter.templateType);
    const [from, to] = filter.createTime ?? [null, null];
    if (from !== null) q = q.where('createTime', '>=', from);
    if (to !== null) q = q.where('createTime', '<=', to);
    return fetchPage(q, page, (rows) => rows.select(columns.message).orderBy('id', 'desc'));
  },

  findMessageById: (tenantId: number, id: number): Promise<NotifyMessageRow | undefined> =>
    db
      .selectFrom('systemNotifyMessage')
      .select(columns.message)
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .where(notDeleted())
      .executeTakeFirst(),

  async insertMessages(rows: Insertable<NotifyMessageTable>[]): Promise<void> {
    if (rows.length > 0) await db.insertInto('systemNotifyMessage').values(rows).execute();
  },

  async insertMessage(row: Insertable<NotifyMessageTable>): Promise<number> {
    const { id } = await db
      .insertInto('systemNotifyMessage')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(id);
  },

  async pageOfUser(
    tenantId: number,
    userId: number,
    userType: number,
    filter: MessageFilter,
    page: PageParams,
  ): Promise<Page<NotifyMessageRow>> {
    let q = ownedBy(db.selectFrom('systemNotifyMessage'), tenantId, userId, userType);
    if (filter.readStatus !== undefined) q = q.where('readStatus', '=', filter.readStatus ? READ : UNREAD);
    const [from, to] = filter.createTime ?? [null, null];
    if (from !== null) q = q.where('createTime', '>=', from);
    if (to !== null) q = q.where('createTime', '<=', to);
    return fetchPage(q, page, (rows) =>
      rows.select(columns.message).orderBy('createTime', 'desc').orderBy('id', 'desc'),
    );
  },

  /** The newest unread messages first. */
  unreadOfUser: (
    tenantId: number,
    userId: number,
    userType: number,
    size: number,
  ): Promise<NotifyMessageRow[]> =>
    ownedBy(db.selectFrom('systemNotifyMessage'), tenantId, userId, userType)
      .select(columns.message)
      .where('readStatus', '=', UNREAD)
      .orderBy('createTime', 'desc')
      .orderBy('id', 'desc')
      .limit(size)
      .execute(),

  async countUnread(tenantId: number, userId: number, userType: number): Promise<number> {
    const { count } = await ownedBy(db.selectFrom('systemNotifyMessage'), tenantId, userId, userType)
      .where('readStatus', '=', UNREAD)
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(count);
  },

  /** Marks the user's unread messages read (only `ids` when given); returns how many changed. */
  async markRead(
    tenantId: number,
    userId: number,
    userType: number,
    ids: number[] | null,
    at: number,
  ): Promise<number> {
    let q = db
      .updateTable('systemNotifyMessage')
      .set({ readStatus: READ, readTime: at, ...updatedStamp(at, userId) })
      .where('tenantId', '=', tenantId)
      .where('userId', '=', userId)
      .where('userType', '=', userType)
      .where('readStatus', '=', UNREAD)
      .where(notDeleted());
    if (ids) q = q.where('id', 'in', ids);
    const result = await q.executeTakeFirst();
    return Number(result.numUpdatedRows);
  },
});
export type NotifyRepository = ReturnType<typeof notifyRepository>;
