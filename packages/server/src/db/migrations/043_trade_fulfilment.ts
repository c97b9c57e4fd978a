import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';
import { DICT_DATA_SEED } from '../seed-data/dicts.js';
import { auditedTable } from './audited-table.js';
import { addSeedMenus, insertMenus, type MenuInsert } from './seed-menus.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then */
type AnyDb = Kysely<any>;

/** 订单中心 › 订单列表, as the seed facts number it. */
const MENUS = [2076];

/** Ours, above the reference's ids: 订单列表's buttons, and 快递管理 with its buttons beside 运费查询. */
const OWN_MENUS: MenuInsert[] = [
  { id: 2750, name: '订单查询', permission: 'trade:order:query', type: 3, sort: 1, parentId: 2076 },
  { id: 2751, name: '订单更新', permission: 'trade:order:update', type: 3, sort: 2, parentId: 2076 },
  {
    id: 2752,
    name: '快递管理',
    permission: '',
    type: 2,
    sort: 3,
    parentId: 2165,
    path: '/exp/order',
    icon: 'ep:van',
    component: 'exp/order/index',
    componentName: 'ExpOrder',
  },
  {
    id: 2753,
    name: '快递订单查询',
    permission: 'trade:delivery:express-order:query',
    type: 3,
    sort: 1,
    parentId: 2752,
  },
  {
    id: 2754,
    name: '快递订单更新',
    permission: 'trade:delivery:express-order:update',
    type: 3,
    sort: 2,
    parentId: 2752,
  },
  {
    id: 2755,
    name: '快递订单导出',
    permission: 'trade:delivery:express-order:export',
    type: 3,
    sort: 3,
    parentId: 2752,
  },
];

/** The reference's trade jobs whose handlers this server has; paused, as the reference seeds them. */
const JOBS = [
  ['交易订单的自动过期 Job', 'tradeOrderAutoCancelJob'],
  ['交易订单的自动收货 Job', 'tradeOrderAutoReceiveJob'],
] as const;

/** How long an order waits for payment, and a shipped order for its receipt (the reference's defaults). */
const CONFIGS = [
  [
    '交易订单支付超时（分钟）',
    'trade.order.pay-expire-minutes',
    '120',
    '未支付的订单在下单后多少分钟自动关闭',
  ],
  [
    '交易订单自动收货（天）',
    'trade.order.receive-expire-days',
    '14',
    '已发货的订单在发货后多少天自动确认收货',
  ],
] as const;

/**
 * The fulfilment of orders: 快递管理's express orders (one per delivery with logistics) and the
 * events recorded on each, 订单列表's menu and buttons, the 异常 item of exp_order_status, the
 * auto-cancel and auto-receive jobs with their configuration.
 */
export const up = async (db: AnyDb, dialect: DialectName): Promise<void> => {
  const tenant = { tenant: true };
  await auditedTable(db, dialect, 'trade_express_order', tenant)
    .addColumn('order_id', 'bigint', (c) => c.notNull())
    .addColumn('order_no', 'varchar(32)', (c) => c.notNull())
    .addColumn('express_id', 'bigint', (c) => c.notNull())
    .addColumn('express_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('logistics_no', 'varchar(64)', (c) => c.notNull())
    .addColumn('type', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('status', 'smallint', (c) => c.notNull())
    .addColumn('refund_flag', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('freight', 'integer', (c) => c.notNull())
    .addColumn('receiver_name', 'varchar(30)', (c) => c.notNull())
    .addColumn('receiver_mobile', 'varchar(11)', (c) => c.notNull())
    .addColumn('receiver_area_id', 'integer', (c) => c.notNull())
    .addColumn('receiver_detail_address', 'varchar(250)', (c) => c.notNull())
    .addColumn('sign_time', 'bigint')
    .execute();
  await db.schema
    .createIndex('idx_trade_express_order_tenant')
    .on('trade_express_order')
    .columns(['tenant_id', 'deleted', 'id'])
    .execute();
  await db.schema
    .createIndex('idx_trade_express_order_order')
    .on('trade_express_order')
    .columns(['tenant_id', 'order_id'])
    .execute();

  await auditedTable(db, dialect, 'trade_express_order_event', tenant)
    .addColumn('express_order_id', 'bigint', (c) => c.notNull())
    .addColumn('status', 'smallint', (c) => c.notNull())
    .addColumn('content', 'varchar(500)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('idx_trade_express_order_event_order')
    .on('trade_express_order_event')
    .columns(['tenant_id', 'express_order_id'])
    .execute();

  const now = Date.now();
  const audit = { creator: '1', updater: '1', create_time: now, update_time: now };
  await db
    .insertInto('infra_job')
    .values(
      JOBS.map(([name, handlerName]) => ({
        ...audit,
        name,
        status: 2,
        handler_name: handlerName,
        handler_param: null,
        cron_expression: '0 * * * * ?',
        retry_count: 3,
        retry_interval: 0,
        monitor_timeout: 0,
      })),
    )
    .execute();
  await db
    .insertInto('infra_config')
    .values(
      CONFIGS.map(([name, key, value, remark]) => ({
        ...audit,
        category: 'trade',
        type: 1,
        name,
        config_key: key,
        value,
        visible: 1,
        remark,
      })),
    )
    .execute();

  if (await addSeedMenus(db, dialect, MENUS)) {
    const exception = DICT_DATA_SEED.find((d) => d.dictType === 'exp_order_status' && d.value === '40')!;
    const present = await db
      .selectFrom('system_dict_data')
      .select('id')
      .where('dict_type', '=', 'exp_order_status')
      .where('value', '=', '40')
      .where('deleted', '=', 0)
      .executeTakeFirst();
    if (!present)
      await db
        .insertInto('system_dict_data')
        .values({
          ...audit,
          sort: exception.sort,
          label: exception.label,
          value: exception.value,
          dict_type: 'exp_order_status',
          status: exception.status,
          color_type: exception.colorType,
          css_class: exception.cssClass,
          remark: null,
        })
        .execute();
  }
  await insertMenus(db, dialect, OWN_MENUS);
};
