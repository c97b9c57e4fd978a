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

/** The columns whose change moves an order from one count to another. */
const COUNTED = ['status', 'type', 'terminal', 'pay_channel_code', 'payed', 'pay_price', 'deleted'];
const changed = COUNTED.map((c) => `old.${c} is distinct from new.${c}`).join(' or ');

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
    await sql
      .raw(
        `create function trade_order_count_apply() returns trigger language plpgsql as $$
         begin
           if tg_op <> 'INSERT' then
             if old.deleted = 0 then ${decrement('old')}; end if;
           end if;
           if tg_op <> 'DELETE' then
             if new.deleted = 0 then ${increment('new')}; end if;
           end if;
           return null;
         end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger trade_order_count_insert_delete after insert or delete on trade_order
         for each row execute function trade_order_count_apply()`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger trade_order_count_update after update on trade_order
         for each row when (${changed}) execute function trade_order_count_apply()`,
      )
      .execute(db);
    return;
  }
  // SQLite: `is not` is its `is distinct from`.
  const changedSqlite = changed.replaceAll('is distinct from', 'is not');
  const triggers = [
    ['insert', 'after insert on trade_order when new.deleted = 0', [increment('new')]],
    ['delete', 'after delete on trade_order when old.deleted = 0', [decrement('old')]],
    [
      'update_old',
      `after update on trade_order when old.deleted = 0 and (${changedSqlite})`,
      [decrement('old')],
    ],
    [
      'update_new',
      `after update on trade_order when new.deleted = 0 and (${changedSqlite})`,
      [increment('new')],
    ],
  ] as const;
  for (const [name, when, statements] of triggers)
    await sql
      .raw(`create trigger trade_order_count_${name} ${when} begin ${statements.join('; ')}; end`)
      .execute(db);
};
