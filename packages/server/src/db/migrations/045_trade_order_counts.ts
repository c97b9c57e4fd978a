import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../database.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then */

/** Spreads one tenant's counts over this many rows per cell, so concurrent orders on PostgreSQL do not queue on one row. */
const SLOTS = 8;

/** The columns 订单列表's tabs and equality filters select by: one count row per combination. */
const CELL = ['tenant_id', 'status', 'type', 'terminal', 'pay_channel_code'] as const;

/** What a live order adds to its cell, read from `row` (new or old). */
const cellValues = (row: 'new' | 'old') =>
  `${row}.tenant_id, ${row}.status, ${row}.type, ${row}.terminal, coalesce(${row}.pay_channel_code, ''), ${row}.id % ${SLOTS}`;
const paid = (row: 'new' | 'old') => `case when ${row}.payed = 1 then ${row}.pay_price else 0 end`;

/** SQLite's row triggers: a live order counted in, or out of, its cell. */
const increment = (row: 'new' | 'old') => `
  insert into trade_order_count (${CELL.join(', ')}, slot, order_count, paid_price)
  values (${cellValues(row)}, 1, ${paid(row)})
  on conflict (${CELL.join(', ')}, slot) do update
    set order_count = trade_order_count.order_count + 1,
        paid_price = trade_order_count.paid_price + excluded.paid_price`;

const decrement = (row: 'new' | 'old') => `
  update trade_order_count
    set order_count = order_count - 1, paid_price = paid_price - ${paid(row)}
    where tenant_id = ${row}.tenant_id and status = ${row}.status and type = ${row}.type
      and terminal = ${row}.terminal and pay_channel_code = coalesce(${row}.pay_channel_code, '')
      and slot = ${row}.id % ${SLOTS}`;

/** The columns whose change moves an order from one count to another (SQLite's update triggers). */
const COUNTED = ['status', 'type', 'terminal', 'pay_channel_code', 'payed', 'pay_price', 'deleted'];
const changed = COUNTED.map((c) => `old.${c} is not new.${c}`).join(' or ');

/**
 * 订单列表's totals and 订单统计 without counting: the number of live orders and their paid amount per
 * tenant, status, type, terminal and pay channel, kept by triggers in the transaction of every write
 * to trade_order (the database's own, so no write path can forget them). A page whose filters are
 * only these columns sums a few rows (order-list.ts) instead of counting up to a million orders.
 */
export const up = async (db: Kysely<any>, dialect: DialectName): Promise<void> => {
  await db.schema
    .createTable('trade_order_count')
    .addColumn('tenant_id', 'bigint', (c) => c.notNull())
    .addColumn('status', 'smallint', (c) => c.notNull())
    .addColumn('type', 'smallint', (c) => c.notNull())
    .addColumn('terminal', 'smallint', (c) => c.notNull())
    // '' for an order not paid yet: a key column cannot be null and still conflict.
    .addColumn('pay_channel_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('slot', 'smallint', (c) => c.notNull())
    .addColumn('order_count', 'bigint', (c) => c.notNull())
    .addColumn('paid_price', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_trade_order_count', [...CELL, 'slot'])
    .execute();
  await sql
    .raw(
      `insert into trade_order_count (${CELL.join(', ')}, slot, order_count, paid_price)
       select tenant_id, status, type, terminal, coalesce(pay_channel_code, ''), id % ${SLOTS}, count(*),
              sum(case when payed = 1 then pay_price else 0 end)
       from trade_order where deleted = 0
       group by tenant_id, status, type, terminal, coalesce(pay_channel_code, ''), id % ${SLOTS}`,
    )
    .execute(db);

  if (dialect === 'postgres') {
    // Once per statement, over its transition tables: a row trigger would update a count row once
    // per order, and within one transaction each update of the same row adds a version that the
    // next must step over, so a statement writing a million orders would never end.
    const delta = (rows: string, sign: 1 | -1) =>
      `select tenant_id, status, type, terminal, coalesce(pay_channel_code, '') as pay_channel_code,
              id % ${SLOTS} as slot, ${sign} as order_count,
              ${sign} * (case when payed = 1 then pay_price else 0 end) as paid_price
       from ${rows} where deleted = 0`;
    const apply = (parts: string[]) => `
      insert into trade_order_count (${CELL.join(', ')}, slot, order_count, paid_price)
      select ${CELL.join(', ')}, slot, sum(order_count), sum(paid_price)
      from (${parts.join(' union all ')}) d
      group by ${CELL.join(', ')}, slot
      having sum(order_count) <> 0 or sum(paid_price) <> 0
      on conflict (${CELL.join(', ')}, slot) do update
        set order_count = trade_order_count.order_count + excluded.order_count,
            paid_price = trade_order_count.paid_price + excluded.paid_price`;
    const triggers = [
      ['insert', 'insert', 'new table as new_rows', [delta('new_rows', 1)]],
      [
        'update',
        'update',
        'old table as old_rows new table as new_rows',
        [delta('old_rows', -1), delta('new_rows', 1)],
      ],
      ['delete', 'delete', 'old table as old_rows', [delta('old_rows', -1)]],
    ] as const;
    for (const [name, event, tables, parts] of triggers) {
      await sql
        .raw(
          `create function trade_order_count_${name}() returns trigger language plpgsql as $$
           begin ${apply([...parts])}; return null; end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger trade_order_count_${name} after ${event} on trade_order
           referencing ${tables} for each statement execute function trade_order_count_${name}()`,
        )
        .execute(db);
    }
    return;
  }
  // SQLite has no statement triggers: one per row, each a point update.
  const triggers = [
    ['insert', 'after insert on trade_order when new.deleted = 0', [increment('new')]],
    ['delete', 'after delete on trade_order when old.deleted = 0', [decrement('old')]],
    ['update_old', `after update on trade_order when old.deleted = 0 and (${changed})`, [decrement('old')]],
    ['update_new', `after update on trade_order when new.deleted = 0 and (${changed})`, [increment('new')]],
  ] as const;
  for (const [name, when, statements] of triggers)
    await sql
      .raw(`create trigger trade_order_count_${name} ${when} begin ${statements.join('; ')}; end`)
      .execute(db);
};
