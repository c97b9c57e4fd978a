import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then */

/**
 * The two jobs of 订单 look across tenants for orders of one status older than a moment: unpaid
 * since `create_time` (tradeOrderAutoCancelJob), shipped since `delivery_time`
 * (tradeOrderAutoReceiveJob). Every index of 044 leads with the tenant, so each run, every minute,
 * read every order; these lead with the status.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createIndex('idx_trade_order_status_create_time')
    .on('trade_order')
    .columns(['status', 'deleted', 'create_time'])
    .execute();
  await db.schema
    .createIndex('idx_trade_order_status_delivery_time')
    .on('trade_order')
    .columns(['status', 'deleted', 'delivery_time'])
    .execute();
};
