import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../database.js';
import { auditedTable, tableWithId } from './audited-table.js';
import { addSeedMenus } from './seed-menus.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then */
type AnyDb = Kysely<any>;

/** 支付管理 and its pages' buttons, as the seed facts number them. */
const MENUS = [
  1117, 1126, 1127, 1128, 1129, 1130, 1132, 1133, 1134, 1135, 1136, 1137, 1161, 1162, 1163, 1164, 1165, 1166,
  1173, 1174, 1175, 1176, 1177, 1178, 2161, 2301, 2302,
];

/** The reference's pay jobs whose handlers this server has; paused, as the reference seeds them. */
const JOBS = [
  ['支付通知 Job', 'payNotifyJob', '* * * * * ?'],
  ['支付订单同步 Job', 'payOrderSyncJob', '0 0/1 * * * ?'],
  ['支付订单过期 Job', 'payOrderExpireJob', '0 0/1 * * * ?'],
  ['退款订单的同步 Job', 'payRefundSyncJob', '0 0/1 * * * ?'],
] as const;

/**
 * Payments, per tenant: apps and their channels, orders and each attempt to pay them, refunds,
 * the notifications we send merchants and their log, wallets and their transactions, demo orders.
 */
export const up = async (db: AnyDb, dialect: DialectName): Promise<void> => {
  const tenant = { tenant: true };
  await auditedTable(db, dialect, 'pay_app', tenant)
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'smallint', (c) => c.notNull())
    .addColumn('remark', 'varchar(500)')
    .addColumn('order_notify_url', 'varchar(1024)', (c) => c.notNull())
    .addColumn('refund_notify_url', 'varchar(1024)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('idx_pay_app_tenant')
    .on('pay_app')
    .columns(['tenant_id', 'deleted', 'id'])
    .execute();

  await auditedTable(db, dialect, 'pay_channel', tenant)
    .addColumn('app_id', 'bigint', (c) => c.notNull())
    .addColumn('code', 'varchar(32)', (c) => c.notNull())
    .addColumn('status', 'smallint', (c) => c.notNull())
    .addColumn('fee_rate', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('remark', 'varchar(500)')
    .addColumn('config', 'text', (c) => c.notNull())
    .execute();
  // One configuration per app and channel: concurrent creates cannot both land.
  await sql`create unique index uk_pay_channel_app_code on pay_channel (app_id, code) where deleted = 0`.execute(
    db,
  );

  await auditedTable(db, dialect, 'pay_order', tenant)
    .addColumn('app_id', 'bigint', (c) => c.notNull())
    .addColumn('channel_id', 'bigint')
    .addColumn('channel_code', 'varchar(32)')
    .addColumn('merchant_order_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('subject', 'varchar(32)', (c) => c.notNull())
    .addColumn('body', 'varchar(128)', (c) => c.notNull())
    .addColumn('notify_url', 'varchar(1024)', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('channel_fee_rate', 'double precision')
    .addColumn('channel_fee_price', 'bigint')
    .addColumn('status', 'smallint', (c) => c.notNull())
    .addColumn('user_ip', 'varchar(50)')
    .addColumn('expire_time', 'bigint', (c) => c.notNull())
    .addColumn('success_time', 'bigint')
    .addColumn('extension_id', 'bigint')
    .addColumn('no', 'varchar(64)')
    .addColumn('refund_price', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('channel_user_id', 'varchar(255)')
    .addColumn('channel_order_no', 'varchar(64)')
    .execute();
  await sql`create unique index uk_pay_order_merchant on pay_order (app_id, merchant_order_id) where deleted = 0`.execute(
    db,
  );
  await db.schema
    .createIndex('idx_pay_order_list')
    .on('pay_order')
    .columns(['tenant_id', 'deleted', 'id'])
    .execute();
  // What the expiry job asks: waiting orders past their time.
  await db.schema
    .createIndex('idx_pay_order_expire')
    .on('pay_order')
    .columns(['status', 'expire_time'])
    .execute();

  await auditedTable(db, dialect, 'pay_order_extension', tenant)
    .addColumn('order_id', 'bigint', (c) => c.notNull())
    .addColumn('no', 'varchar(64)', (c) => c.notNull())
    .addColumn('channel_id', 'bigint', (c) => c.notNull())
    .addColumn('channel_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_ip', 'varchar(50)')
    .addColumn('status', 'smallint', (c) => c.notNull())
    .addColumn('channel_extras', 'text')
    .addColumn('channel_error_code', 'varchar(64)')
    .addColumn('channel_error_msg', 'varchar(512)')
    .addColumn('channel_notify_data', 'text')
    .execute();
  await db.schema
    .createIndex('uk_pay_order_extension_no')
    .unique()
    .on('pay_order_extension')
    .column('no')
    .execute();
  await db.schema
    .createIndex('idx_pay_order_extension_order')
    .on('pay_order_extension')
    .columns(['order_id', 'status'])
    .execute();

  await auditedTable(db, dialect, 'pay_refund', tenant)
    .addColumn('no', 'varchar(64)', (c) => c.notNull())
    .addColumn('app_id', 'bigint', (c) => c.notNull())
    .addColumn('channel_id', 'bigint', (c) => c.notNull())
    .addColumn('channel_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('order_id', 'bigint', (c) => c.notNull())
    .addColumn('order_no', 'varchar(64)', (c) => c.notNull())
    .addColumn('merchant_order_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('merchant_refund_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('notify_url', 'varchar(1024)', (c) => c.notNull())
    .addColumn('status', 'smallint', (c) => c.notNull())
    .addColumn('pay_price', 'bigint', (c) => c.notNull())
    .addColumn('refund_price', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'varchar(256)', (c) => c.notNull())
    .addColumn('user_ip', 'varchar(50)')
    .addColumn('channel_order_no', 'varchar(64)')
    .addColumn('channel_refund_no', 'varchar(64)')
    .addColumn('success_time', 'bigint')
    .addColumn('channel_error_code', 'varchar(128)')
    .addColumn('channel_error_msg', 'varchar(256)')
    .addColumn('channel_notify_data', 'text')
    .execute();
  await db.schema.createIndex('uk_pay_refund_no').unique().on('pay_refund').column('no').execute();
  await sql`create unique index uk_pay_refund_merchant on pay_refund (app_id, merchant_refund_id) where deleted = 0`.execute(
    db,
  );
  // At most one refund of an order under way at a time (the reference's "已经有退款在处理中").
  await sql`create unique index uk_pay_refund_waiting on pay_refund (order_id) where status = 0 and deleted = 0`.execute(
    db,
  );
  await db.schema
    .createIndex('idx_pay_refund_list')
    .on('pay_refund')
    .columns(['tenant_id', 'deleted', 'id'])
    .execute();

  await auditedTable(db, dialect, 'pay_notify_task', tenant)
    .addColumn('app_id', 'bigint', (c) => c.notNull())
    .addColumn('type', 'smallint', (c) => c.notNull())
    .addColumn('data_id', 'bigint', (c) => c.notNull())
    .addColumn('merchant_order_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('merchant_refund_id', 'varchar(64)')
    .addColumn('status', 'smallint', (c) => c.notNull())
    .addColumn('next_notify_time', 'bigint', (c) => c.notNull())
    .addColumn('last_execute_time', 'bigint')
    .addColumn('notify_times', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_notify_times', 'integer', (c) => c.notNull())
    .addColumn('notify_url', 'varchar(1024)', (c) => c.notNull())
    .addColumn('locked_by', 'varchar(64)')
    .addColumn('locked_until', 'bigint')
    .execute();
  // A result is announced once: one task per order or refund.
  await db.schema
    .createIndex('uk_pay_notify_task_data')
    .unique()
    .on('pay_notify_task')
    .columns(['type', 'data_id'])
    .execute();
  await db.schema
    .createIndex('idx_pay_notify_task_due')
    .on('pay_notify_task')
    .columns(['status', 'next_notify_time'])
    .execute();
  await db.schema
    .createIndex('idx_pay_notify_task_list')
    .on('pay_notify_task')
    .columns(['tenant_id', 'deleted', 'id'])
    .execute();

  await tableWithId(db, dialect, 'pay_notify_log')
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('task_id', 'bigint', (c) => c.notNull())
    .addColumn('notify_times', 'integer', (c) => c.notNull())
    .addColumn('response', 'varchar(2048)', (c) => c.notNull())
    .addColumn('status', 'smallint', (c) => c.notNull())
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('idx_pay_notify_log_task')
    .on('pay_notify_log')
    .columns(['task_id', 'id'])
    .execute();

  await auditedTable(db, dialect, 'pay_wallet', tenant)
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('user_type', 'smallint', (c) => c.notNull())
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('total_expense', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('total_recharge', 'bigint', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('ck_pay_wallet_balance', sql`balance >= 0`)
    .execute();
  await db.schema
    .createIndex('uk_pay_wallet_user')
    .unique()
    .on('pay_wallet')
    .columns(['tenant_id', 'user_type', 'user_id'])
    .execute();

  await tableWithId(db, dialect, 'pay_wallet_transaction')
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('wallet_id', 'bigint', (c) => c.notNull())
    .addColumn('biz_type', 'smallint', (c) => c.notNull())
    .addColumn('biz_id', 'bigint', (c) => c.notNull())
    .addColumn('title', 'varchar(128)', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('balance', 'bigint', (c) => c.notNull())
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('idx_pay_wallet_transaction_biz')
    .on('pay_wallet_transaction')
    .columns(['biz_type', 'biz_id'])
    .execute();

  await auditedTable(db, dialect, 'pay_demo_order', tenant)
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('spu_id', 'bigint', (c) => c.notNull())
    .addColumn('spu_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('pay_status', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('pay_order_id', 'bigint', (c) => c.notNull())
    .addColumn('pay_time', 'bigint')
    .addColumn('pay_channel_code', 'varchar(32)')
    .addColumn('pay_refund_id', 'bigint')
    .addColumn('refund_price', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('refund_time', 'bigint')
    .execute();
  await db.schema
    .createIndex('idx_pay_demo_order_list')
    .on('pay_demo_order')
    .columns(['tenant_id', 'deleted', 'id'])
    .execute();

  const now = Date.now();
  await db
    .insertInto('infra_job')
    .values(
      JOBS.map(([name, handlerName, cron]) => ({
        creator: '1',
        updater: '1',
        create_time: now,
        update_time: now,
        name,
        status: 2,
        handler_name: handlerName,
        handler_param: null,
        cron_expression: cron,
        retry_count: 0,
        retry_interval: 0,
        monitor_timeout: 0,
      })),
    )
    .execute();

  await addSeedMenus(db, dialect, MENUS);
};
