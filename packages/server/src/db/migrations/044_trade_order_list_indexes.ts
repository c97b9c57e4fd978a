import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../database.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then */

/**
 * 订单列表 over a million orders (bench/trade.ts): each filter that is an equality gets an index
 * (tenant_id, column, deleted, id), so that the page walks it newest first and stops at the page,
 * and the count reads the index alone instead of fetching every matching order to check `deleted`.
 * 042's status and member indexes are made again that way: the count, and SQLite without statistics
 * (the server never runs ANALYZE), which weighs indexes by the equalities they match and otherwise
 * walked every order of the tenant. The time range's index also answers the range's smallest and
 * largest id (order-list.ts). Substring searches match lower(column) (lib/crud/search.ts): on
 * PostgreSQL, trigram indexes for the receiver's name and the member's nickname and mobile, where
 * pg_trgm is there; SQLite has none to offer. docs/benchmarks.md has what each one bought.
 */
export const up = async (db: Kysely<any>, dialect: DialectName): Promise<void> => {
  await db.schema.dropIndex('idx_trade_order_status').execute();
  await db.schema.dropIndex('idx_trade_order_user').execute();
  const byColumn = [
    ['status', 'status'],
    ['user', 'user_id'],
    ['type', 'type'],
    ['terminal', 'terminal'],
    ['pay_channel', 'pay_channel_code'],
    ['create_time', 'create_time'],
    ['receiver_mobile', 'receiver_mobile'],
  ] as const;
  for (const [name, column] of byColumn)
    await db.schema
      .createIndex(`idx_trade_order_${name}`)
      .on('trade_order')
      .columns(['tenant_id', column, 'deleted', 'id'])
      .execute();
  // A payment finds its order by its pay order (payment.ts): without this each payment reads every order.
  await db.schema
    .createIndex('idx_trade_order_pay_order')
    .on('trade_order')
    .columns(['tenant_id', 'pay_order_id'])
    .execute();
  if (dialect === 'postgres') {
    const available = await sql`select 1 from pg_available_extensions where name = 'pg_trgm'`.execute(db);
    if (available.rows.length > 0) {
      await sql`create extension if not exists pg_trgm`.execute(db);
      const trigram = [
        ['trade_order', 'receiver_name'],
        ['member_user', 'nickname'],
        ['member_user', 'mobile'],
      ] as const;
      for (const [table, column] of trigram)
        await sql`create index ${sql.id(`idx_${table}_${column}_trgm`)} on ${sql.id(table)} using gin (lower(${sql.id(column)}) gin_trgm_ops)`.execute(
          db,
        );
    }
  }
};
