import type { SmsChannelFilter, SmsTemplateFilter } from '@app/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SmsChannelTable, SmsTemplateTable } from '../../db/sms-schema.js';
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

export type SmsChannelRow = Pick<Selectable<SmsChannelTable>, (typeof columns.channel)[number]>;
export type SmsChannelChanges = Pick<
  SmsChannelRow,
  'signature' | 'code' | 'status' | 'remark' | 'apiKey' | 'apiSecret' | 'callbackUrl' | 'apiUrl'
>;
export type SmsTemplateRow = Pick<Selectable<SmsTemplateTable>, (typeof columns.template)[number]>;
export type SmsTemplateChanges = Pick<
  SmsTemplateRow,
  | 'type'
  | 'status'
  | 'code'
  | 'name'
  | 'content'
  | 'params'
  | 'remark'
  | 'apiTemplateId'
  | 'channelId'
  | 'channelCode'
>;

/** The columns this repository reads: what its callers map into the API's shapes. */
export const columns = {
  channel: [
    'id',
    'signature',
    'code',
    'status',
    'remark',
    'apiKey',
    'apiSecret',
    'callbackUrl',
    'apiUrl',
    'createTime',
  ],
  template: [
    'id',
    'type',
    'status',
    'code',
    'name',
    'content',
    'params',
    'remark',
    'apiTemplateId',
    'channelId',
    'channelCode',
    'createTime',
  ],
} as const;

const count = (n: { n: string | number }) => Number(n.n);

/** SMS channels and templates; global tables (no tenant), soft-deleted. */
export const smsRepository = (db: Kysely<Database>) => {
  const channels = (filter: Partial<SmsChannelFilter> = {}) => {
    let q = db.selectFrom('systemSmsChannel').where(notDeleted());
    if (filter.signature) q = q.where(contains('signature', filter.signature));
    if (filter.code) q = q.where('code', '=', filter.code);
    if (filter.status !== undefined) q = q.where('status', '=', filter.status);
    const [from, to] = filter.createTime ?? [null, null];
    if (from !== null) q = q.where('createTime', '>=', from);
    if (to !== null) q = q.where('createTime', '<=', to);
    return q;
  };

  const templates = (filter: Partial<SmsTemplateFilter> = {}) => {
    let q = db.selectFrom('systemSmsTemplate').where(notDeleted());
    if (filter.type !== undefined) q = q.where('type', '=', filter.type);
    if (filter.status !== undefined) q = q.where('status', '=', filter.status);
    if (filter.code) q = q.where(contains('code', filter.code));
    if (filter.content) q = q.where(contains('content', filter.content));
    if (filter.apiTemplateId) q = q.where(contains('apiTemplateId', filter.apiTemplateId));
    if (filter.channelId !== undefined) q = q.where('channelId', '=', filter.channelId);
    const [from, to] = filter.createTime ?? [null, null];
    if (from !== null) q = q.where('createTime', '>=', from);
    if (to !== null) q = q.where('createTime', '<=', to);
    return q;
  };

  return {
    async channelPage(filter: SmsChannelFilter, page: PageParams): Promise<Page<SmsChannelRow>> {
      return fetchPage(channels(filter), page, (rows) => rows.select(columns.channel).orderBy('id', 'desc'));
    },

    channelList: (): Promise<SmsChannelRow[]> => channels().select(columns.channel).orderBy('id').execute(),

    findChannel: (id: number): Promise<SmsChannelRow | undefined> =>
      channels().select(columns.channel).where('id', '=', id).executeTakeFirst(),

    async insertChannel(values: SmsChannelChanges, at: number, by: number): Promise<number> {
      const { id } = await db
        .insertInto('systemSmsChannel')
        .values({ ...values, ...createdStamp(at, by) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    /** Updates the channel and the channel code its templates keep a copy of. */
    async updateChannel(id: number, values: SmsChannelChanges, at: number, by: number): Promise<void> {
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('systemSmsChannel')
          .set({ ...values, ...updatedStamp(at, by) })
          .where('id', '=', id)
          .execute();
        await tx
          .updateTable('systemSmsTemplate')
          .set({ channelCode: values.code })
          .where('channelId', '=', id)
          .where('channelCode', '<>', values.code)
          .execute();
      });
    },

    async deleteChannel(id: number, at: number, by: number): Promise<void> {
      await db.updateTable('systemSmsChannel').set(softDeleted(at, by)).where('id', '=', id).execute();
    },

    countTemplatesOfChannel: (channelId: number): Promise<number> =>
      templates()
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('channelId', '=', channelId)
        .executeTakeFirstOrThrow()
        .then(count),

    async templatePage(filter: SmsTemplateFilter, page: PageParams): Promise<Page<SmsTemplateRow>> {
      return fetchPage(templates(filter), page, (rows) =>
        rows.select(columns.template).orderBy('id', 'desc'),
      );
    },

    templateList: (filter: SmsTemplateFilter): Promise<SmsTemplateRow[]> =>
      templates(filter).select(columns.template).orderBy('id', 'desc').execute(),

    findTemplate: (id: number): Promise<SmsTemplateRow | undefined> =>
      templates().select(columns.template).where('id', '=', id).executeTakeFirst(),

    findTemplateByCode: (code: string): Promise<SmsTemplateRow | undefined> =>
      templates().select(columns.template).where('code', '=', code).executeTakeFirst(),

    async insertTemplate(values: SmsTemplateChanges, at: number, by: number): Promise<number> {
      const { id } = await db
        .insertInto('systemSmsTemplate')
        .values({ ...values, ...createdStamp(at, by) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    async updateTemplate(id: number, values: SmsTemplateChanges, at: number, by: number): Promise<void> {
      await db
        .updateTable('systemSmsTemplate')
        .set({ ...values, ...updatedStamp(at, by) })
        .where('id', '=', id)
        .execute();
    },

    async deleteTemplate(id: number, at: number, by: number): Promise<void> {
      await db.updateTable('systemSmsTemplate').set(softDeleted(at, by)).where('id', '=', id).execute();
    },
  };
};

export type SmsRepository = ReturnType<typeof smsRepository>;
