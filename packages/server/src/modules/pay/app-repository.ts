import type { PayAppFilter } from '@app/contract';
import type { Kysely, Selectable } from 'kysely';
import type { PayAppTable, PayChannelTable } from '../../db/pay-schema.js';
import type { Database } from '../../db/schema.js';
import {
  contains,
  createdStamp,
  fetchPage,
  notDeleted,
  softDeleted,
  updatedStamp,
  type PageParams,
} from '../../lib/crud/index.js';

export type AppChanges = Pick<
  Selectable<PayAppTable>,
  'name' | 'status' | 'remark' | 'orderNotifyUrl' | 'refundNotifyUrl'
>;
export type ChannelChanges = Pick<Selectable<PayChannelTable>, 'status' | 'feeRate' | 'remark' | 'config'>;

const APP_COLUMNS = [
  'id',
  'name',
  'status',
  'remark',
  'orderNotifyUrl',
  'refundNotifyUrl',
  'createTime',
] as const;
const CHANNEL_COLUMNS = [
  'id',
  'appId',
  'code',
  'status',
  'feeRate',
  'remark',
  'config',
  'createTime',
] as const;
export type AppRow = Pick<Selectable<PayAppTable>, (typeof APP_COLUMNS)[number]>;
export type ChannelRow = Pick<Selectable<PayChannelTable>, (typeof CHANNEL_COLUMNS)[number]>;

/** 支付应用 and their channel configurations. */
export const appRepository = (db: Kysely<Database>) => {
  const apps = (tenantId: number) =>
    db.selectFrom('payApp').where('tenantId', '=', tenantId).where(notDeleted());
  const channels = (tenantId: number) =>
    db.selectFrom('payChannel').where('tenantId', '=', tenantId).where(notDeleted());

  return {
    page(tenantId: number, filter: PayAppFilter, page: PageParams) {
      let query = apps(tenantId);
      if (filter.name !== undefined) query = query.where(contains('name', filter.name));
      if (filter.status !== undefined) query = query.where('status', '=', filter.status);
      const [from, to] = filter.createTime ?? [null, null];
      if (from !== null) query = query.where('createTime', '>=', from);
      if (to !== null) query = query.where('createTime', '<=', to);
      return fetchPage(query, page, (rows) => rows.select(APP_COLUMNS).orderBy('id', 'desc'));
    },

    list: (tenantId: number) => apps(tenantId).select(['id', 'name']).orderBy('id').execute(),

    findById: (tenantId: number, id: number) =>
      apps(tenantId).select(APP_COLUMNS).where('id', '=', id).executeTakeFirst(),

    /** Names by id, for the lists that show which app a row belongs to. */
    async namesOf(tenantId: number, ids: readonly number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('payApp')
        .select(['id', 'name'])
        .where('tenantId', '=', tenantId)
        .where('id', 'in', [...new Set(ids)])
        .execute();
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    firstEnabled: (tenantId: number) =>
      apps(tenantId).select(APP_COLUMNS).where('status', '=', 0).orderBy('id').limit(1).executeTakeFirst(),

    async insert(tenantId: number, values: AppChanges, at: number, by: number): Promise<number> {
      const { id } = await db
        .insertInto('payApp')
        .values({ ...values, tenantId, ...createdStamp(at, by) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    async update(tenantId: number, id: number, values: Partial<AppChanges>, at: number, by: number) {
      await db
        .updateTable('payApp')
        .set({ ...values, ...updatedStamp(at, by) })
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .execute();
    },

    /** Deletes the app and its channel configurations. */
    async softDelete(tenantId: number, id: number, at: number, by: number) {
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('payChannel')
          .set(softDeleted(at, by))
          .where('tenantId', '=', tenantId)
          .where('appId', '=', id)
          .where(notDeleted())
          .execute();
        await tx
          .updateTable('payApp')
          .set(softDeleted(at, by))
          .where('tenantId', '=', tenantId)
          .where('id', '=', id)
          .execute();
      });
    },

    async channelCodesOf(tenantId: number, appIds: readonly number[]): Promise<Map<number, string[]>> {
      const codes = new Map<number, string[]>(appIds.map((id) => [id, []]));
      if (appIds.length === 0) return codes;
      const rows = await channels(tenantId)
        .select(['appId', 'code'])
        .where('appId', 'in', [...appIds])
        .execute();
      for (const row of rows) codes.get(row.appId)?.push(row.code);
      return codes;
    },

    findChannel: (tenantId: number, appId: number, code: string) =>
      channels(tenantId)
        .select(CHANNEL_COLUMNS)
        .where('appId', '=', appId)
        .where('code', '=', code)
        .executeTakeFirst(),

    /** A channel by id whatever its tenant: a provider's notification names only the channel. */
    findChannelAnyTenant: (id: number) =>
      db
        .selectFrom('payChannel')
        .select([...CHANNEL_COLUMNS, 'tenantId'])
        .where('id', '=', id)
        .where(notDeleted())
        .executeTakeFirst(),

    findChannelById: (tenantId: number, id: number) =>
      channels(tenantId).select(CHANNEL_COLUMNS).where('id', '=', id).executeTakeFirst(),

    async insertChannel(
      tenantId: number,
      values: ChannelChanges & { appId: number; code: string },
      at: number,
      by: number,
    ): Promise<number> {
      const { id } = await db
        .insertInto('payChannel')
        .values({ ...values, tenantId, ...createdStamp(at, by) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    async updateChannel(tenantId: number, id: number, values: ChannelChanges, at: number, by: number) {
      await db
        .updateTable('payChannel')
        .set({ ...values, ...updatedStamp(at, by) })
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .execute();
    },

    async softDeleteChannel(tenantId: number, id: number, at: number, by: number) {
      await db
        .updateTable('payChannel')
        .set(softDeleted(at, by))
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .execute();
    },
  };
};

export type AppRepository = ReturnType<typeof appRepository>;
