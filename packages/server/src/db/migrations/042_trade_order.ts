import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';
import { auditedTable } from './audited-table.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then */
type AnyDb = Kysely<any>;

/**
 * 交易订单: the orders members place through the member API, their items (a copy of the product as
 * sold) and their log of status changes. All per tenant; prices are integer fen.
 */
export const up = async (db: AnyDb, dialect: DialectName): Promise<void> => {
  const tenant = { tenant: true };
  await auditedTable(db, dialect, 'trade_order', tenant)
    .addColumn('no', 'varchar(32)', (c) => c.notNull())
    .addColumn('type', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('terminal', 'smallint', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('user_ip', 'varchar(50)', (c) => c.notNull())
    .addColumn('user_remark', 'varchar(200)')
    .addColumn('status', 'smallint', (c) => c.notNull())
    .addColumn('product_count', 'integer', (c) => c.notNull())
    .addColumn('cancel_type', 'smallint')
    .addColumn('cancel_time', 'bigint')
    .addColumn('finish_time', 'bigint')
    .addColumn('remark', 'varchar(200)')
    .addColumn('pay_order_id', 'bigint')
    .addColumn('payed', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('pay_time', 'bigint')
    .addColumn('pay_channel_code', 'varchar(32)')
    .addColumn('original_price', 'integer', (c) => c.notNull())
    .addColumn('order_price', 'integer', (c) => c.notNull())
    .addColumn('discount_price', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('delivery_price', 'integer', (c) => c.notNull())
    .addColumn('adjust_price', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pay_price', 'integer', (c) => c.notNull())
    .addColumn('delivery_template_id', 'bigint')
    .addColumn('logistics_id', 'bigint')
    .addColumn('logistics_no', 'varchar(64)')
    .addColumn('delivery_time', 'bigint')
    .addColumn('receive_time', 'bigint')
    .addColumn('receiver_name', 'varchar(30)', (c) => c.notNull())
    .addColumn('receiver_mobile', 'varchar(11)', (c) => c.notNull())
    .addColumn('receiver_area_id', 'integer', (c) => c.notNull())
    .addColumn('receiver_detail_address', 'varchar(250)', (c) => c.notNull())
    .addColumn('after_sale_status', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('refund_price', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('uk_trade_order_no')
    .on('trade_order')
    .columns(['tenant_id', 'no'])
    .unique()
    .execute();
  // 订单列表 newest first, by status (its tabs), and a member's own orders.
  await db.schema
    .createIndex('idx_trade_order_tenant')
    .on('trade_order')
    .columns(['tenant_id', 'deleted', 'id'])
    .execute();
  await db.schema
    .createIndex('idx_trade_order_status')
    .on('trade_order')
    .columns(['tenant_id', 'status', 'id'])
    .execute();
  await db.schema
    .createIndex('idx_trade_order_user')
    .on('trade_order')
    .columns(['tenant_id', 'user_id', 'id'])
    .execute();

  await auditedTable(db, dialect, 'trade_order_item', tenant)
    .addColumn('order_id', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('spu_id', 'bigint', (c) => c.notNull())
    .addColumn('spu_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('sku_id', 'bigint', (c) => c.notNull())
    .addColumn('pic_url', 'varchar(512)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('original_price', 'integer', (c) => c.notNull())
    .addColumn('pay_price', 'integer', (c) => c.notNull())
    .addColumn('properties', 'text', (c) => c.notNull())
    .addColumn('after_sale_status', 'smallint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('idx_trade_order_item_order')
    .on('trade_order_item')
    .columns(['tenant_id', 'order_id'])
    .execute();

  await auditedTable(db, dialect, 'trade_order_log', tenant)
    .addColumn('order_id', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('user_type', 'smallint', (c) => c.notNull())
    .addColumn('operate_type', 'smallint', (c) => c.notNull())
    .addColumn('before_status', 'smallint')
    .addColumn('after_status', 'smallint', (c) => c.notNull())
    .addColumn('content', 'varchar(500)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('idx_trade_order_log_order')
    .on('trade_order_log')
    .columns(['tenant_id', 'order_id'])
    .execute();
};
