import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';
import { auditedTable } from './audited-table.js';
import { addSeedMenus, insertMenus, type MenuInsert } from './seed-menus.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then */
type AnyDb = Kysely<any>;

/** 订单中心 › 配送管理 › 快递发货: 快递公司 and 运费模版 with their buttons, as the seed facts number them. */
const MENUS = [2072, 2164, 2165, 2167, 2168, 2169, 2170, 2171, 2172, 2173, 2174, 2175, 2176, 2177, 2178];

/** 运费查询, ours (the spec's /exp/price-query), beside 运费模版; its id lies above the reference's. */
const PRICE_QUERY: MenuInsert[] = [
  {
    id: 2749,
    name: '运费查询',
    permission: 'trade:delivery:price-query:query',
    type: 2,
    sort: 2,
    parentId: 2165,
    path: '/exp/price-query',
    icon: 'ep:search',
    component: 'exp/price-query/index',
    componentName: 'ExpPriceQuery',
  },
];

/**
 * Express companies and freight templates, per tenant. A template's charge and free-shipping rules
 * are rows of their own, replaced whole when the template is saved; a rule's regions are a JSON list
 * of area ids (1 stands for all of China).
 */
export const up = async (db: AnyDb, dialect: DialectName): Promise<void> => {
  const tenant = { tenant: true };
  await auditedTable(db, dialect, 'trade_delivery_express', tenant)
    .addColumn('code', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('logo', 'varchar(1024)')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'smallint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('idx_trade_delivery_express_tenant')
    .on('trade_delivery_express')
    .columns(['tenant_id', 'deleted', 'sort', 'id'])
    .execute();

  await auditedTable(db, dialect, 'trade_delivery_express_template', tenant)
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('charge_mode', 'smallint', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('idx_trade_delivery_express_template_tenant')
    .on('trade_delivery_express_template')
    .columns(['tenant_id', 'deleted', 'sort', 'id'])
    .execute();

  await auditedTable(db, dialect, 'trade_delivery_express_template_charge', tenant)
    .addColumn('template_id', 'bigint', (c) => c.notNull())
    .addColumn('area_ids', 'text', (c) => c.notNull())
    .addColumn('start_count', 'double precision', (c) => c.notNull())
    .addColumn('start_price', 'integer', (c) => c.notNull())
    .addColumn('extra_count', 'double precision', (c) => c.notNull())
    .addColumn('extra_price', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('idx_trade_delivery_express_template_charge_template')
    .on('trade_delivery_express_template_charge')
    .columns(['tenant_id', 'template_id'])
    .execute();

  await auditedTable(db, dialect, 'trade_delivery_express_template_free', tenant)
    .addColumn('template_id', 'bigint', (c) => c.notNull())
    .addColumn('area_ids', 'text', (c) => c.notNull())
    .addColumn('free_price', 'integer', (c) => c.notNull())
    .addColumn('free_count', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('idx_trade_delivery_express_template_free_template')
    .on('trade_delivery_express_template_free')
    .columns(['tenant_id', 'template_id'])
    .execute();

  await addSeedMenus(db, dialect, MENUS);
  await insertMenus(db, dialect, PRICE_QUERY);
};
