import type { PageResult, PayApp, PayAppPageItem, PayChannel } from '@app/contract';
import {
  PayError,
  type PayChannelCode,
  type payAppCreateReq,
  type payAppPageReq,
  type payAppUpdateReq,
  type payAppUpdateStatusReq,
  type payChannelCreateReq,
  type payChannelUpdateReq,
} from '@app/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AppContext, LoginUser } from '../../context.js';
import { STATUS_ENABLED } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { fail, isUniqueViolation } from '../../lib/errors.js';
import { appRepository, type AppRow, type ChannelRow } from './app-repository.js';
import type { ChannelConfigs } from './channel-config.js';

/** What deleting an app asks the order side: does the app have orders, or refunds? */
export interface AppUsage {
  hasOrders(tenantId: number, appId: number): Promise<boolean>;
  hasRefunds(tenantId: number, appId: number): Promise<boolean>;
}

/** 支付应用 of the caller's tenant and their channel configurations. */
export const appService = (ctx: AppContext, configs: ChannelConfigs, usage: AppUsage) => {
  const repo = appRepository(ctx.db.kysely);
  /** `db`: the caller's transaction, when it is in one. */
  const repoOf = (db?: Kysely<Database>) => (db ? appRepository(db) : repo);

  const existing = async (tenantId: number, id: number, db?: Kysely<Database>): Promise<AppRow> => {
    const row = await repoOf(db).findById(tenantId, id);
    if (!row) throw fail(PayError.APP_NOT_FOUND);
    return row;
  };

  const shownChannel = async (row: ChannelRow): Promise<PayChannel> => ({
    ...row,
    config: await configs.shown(row.config),
  });

  return {
    existing,

    /** The app an order is paid or refunded through: it exists and is enabled. */
    async enabled(tenantId: number, id: number, db?: Kysely<Database>): Promise<AppRow> {
      const app = await existing(tenantId, id, db);
      if (app.status !== STATUS_ENABLED) throw fail(PayError.APP_IS_DISABLE);
      return app;
    },

    firstEnabled: (tenantId: number, db?: Kysely<Database>) => repoOf(db).firstEnabled(tenantId),
    namesOf: (tenantId: number, ids: readonly number[]) => repo.namesOf(tenantId, ids),

    async page(user: LoginUser, query: z.output<typeof payAppPageReq>): Promise<PageResult<PayAppPageItem>> {
      const { pageNo, pageSize, ...filter } = query;
      const page = await repo.page(user.tenantId, filter, { pageNo, pageSize });
      const codes = await repo.channelCodesOf(
        user.tenantId,
        page.list.map((a) => a.id),
      );
      return {
        total: page.total,
        list: page.list.map((a) => ({ ...a, channelCodes: codes.get(a.id) ?? [] })),
      };
    },

    list: (user: LoginUser) => repo.list(user.tenantId),

    get: (user: LoginUser, id: number): Promise<PayApp> => existing(user.tenantId, id),

    create: (user: LoginUser, body: z.output<typeof payAppCreateReq>): Promise<number> =>
      repo.insert(user.tenantId, body, ctx.now(), user.id),

    async update(user: LoginUser, body: z.output<typeof payAppUpdateReq>): Promise<boolean> {
      const { id, ...changes } = body;
      await existing(user.tenantId, id);
      await repo.update(user.tenantId, id, changes, ctx.now(), user.id);
      return true;
    },

    async updateStatus(user: LoginUser, body: z.output<typeof payAppUpdateStatusReq>): Promise<boolean> {
      await existing(user.tenantId, body.id);
      await repo.update(user.tenantId, body.id, { status: body.status }, ctx.now(), user.id);
      return true;
    },

    async delete(user: LoginUser, id: number): Promise<boolean> {
      await existing(user.tenantId, id);
      if (await usage.hasOrders(user.tenantId, id)) throw fail(PayError.APP_EXIST_ORDER_CANT_DELETE);
      if (await usage.hasRefunds(user.tenantId, id)) throw fail(PayError.APP_EXIST_REFUND_CANT_DELETE);
      await repo.softDelete(user.tenantId, id, ctx.now(), user.id);
      return true;
    },

    async getChannel(user: LoginUser, appId: number, code: PayChannelCode): Promise<PayChannel | null> {
      const row = await repo.findChannel(user.tenantId, appId, code);
      return row ? shownChannel(row) : null;
    },

    async createChannel(user: LoginUser, body: z.output<typeof payChannelCreateReq>): Promise<number> {
      await existing(user.tenantId, body.appId);
      if (await repo.findChannel(user.tenantId, body.appId, body.code))
        throw fail(PayError.CHANNEL_EXIST_SAME_CHANNEL_ERROR);
      const config = await configs.toStored(body.code, body.config, null);
      try {
        return await repo.insertChannel(user.tenantId, { ...body, config }, ctx.now(), user.id);
      } catch (error) {
        // A concurrent create of the same channel lost the race on the unique index.
        if (isUniqueViolation(error)) throw fail(PayError.CHANNEL_EXIST_SAME_CHANNEL_ERROR);
        throw error;
      }
    },

    async updateChannel(user: LoginUser, body: z.output<typeof payChannelUpdateReq>): Promise<boolean> {
      const { id, ...changes } = body;
      const row = await repo.findChannelById(user.tenantId, id);
      if (!row) throw fail(PayError.CHANNEL_NOT_FOUND);
      const config = await configs.toStored(row.code as PayChannelCode, changes.config, row.config);
      await repo.updateChannel(user.tenantId, id, { ...changes, config }, ctx.now(), user.id);
      return true;
    },

    async deleteChannel(user: LoginUser, id: number): Promise<boolean> {
      if (!(await repo.findChannelById(user.tenantId, id))) throw fail(PayError.CHANNEL_NOT_FOUND);
      await repo.softDeleteChannel(user.tenantId, id, ctx.now(), user.id);
      return true;
    },

    /** The channel an order is paid through: configured and enabled. */
    async enabledChannel(tenantId: number, appId: number, code: string): Promise<ChannelRow> {
      const channel = await repo.findChannel(tenantId, appId, code);
      if (!channel) throw fail(PayError.CHANNEL_NOT_FOUND);
      if (channel.status !== STATUS_ENABLED) throw fail(PayError.CHANNEL_IS_DISABLE);
      return channel;
    },

    findChannelById: (tenantId: number, id: number, db?: Kysely<Database>) =>
      repoOf(db).findChannelById(tenantId, id),
    findChannelAnyTenant: (id: number) => repo.findChannelAnyTenant(id),
  };
};

export type AppService = ReturnType<typeof appService>;
