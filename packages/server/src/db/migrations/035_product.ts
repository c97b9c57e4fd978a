import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../database.js';
import { auditedTable } from './audited-table.js';
import { addSeedMenus } from './seed-menus.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then */
type AnyDb = Kysely<any>;

/** 商城系统 › 商品中心 and its pages' buttons, as the seed facts number them. */
const MENUS = [2362, 2000, 2002, 2003, 2004, 2005, 2006, 2008, 2009, 2010, 2011, 2012];
const MORE_MENUS = [2014, 2015, 2016, 2017, 2018, 2162, 2019, 2020, 2021, 2022, 2023];

/**
 * The product catalogue, per tenant: categories (a two-level tree), brands, properties and their
 * values, SPUs and their SKUs; the 商品中心 menus on a database seeded before.
 */
export const up = async (db: AnyDb, dialect: DialectName): Promise<void> => {
  const tenant = { tenant: true };
  await auditedTable(db, dialect, 'product_category', tenant)
    .addColumn('parent_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('pic_url', 'varchar(1024)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'smallint', (c) => c.notNull())
    .addColumn('description', 'varchar(1024)')
    .execute();
  await db.schema
    .createIndex('idx_product_category_tenant')
    .on('product_category')
    .columns(['tenant_id', 'parent_id'])
    .execute();

  await auditedTable(db, dialect, 'product_brand', tenant)
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('pic_url', 'varchar(1024)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'varchar(1024)')
    .addColumn('status', 'smallint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('idx_product_brand_tenant')
    .on('product_brand')
    .columns(['tenant_id', 'sort'])
    .execute();

  await auditedTable(db, dialect, 'product_property', tenant)
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('remark', 'varchar(500)')
    .execute();
  await db.schema
    .createIndex('idx_product_property_tenant')
    .on('product_property')
    .columns(['tenant_id', 'name'])
    .execute();

  await auditedTable(db, dialect, 'product_property_value', tenant)
    .addColumn('property_id', 'bigint', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('remark', 'varchar(500)')
    .execute();
  await db.schema
    .createIndex('idx_product_property_value_property')
    .on('product_property_value')
    .columns(['tenant_id', 'property_id'])
    .execute();

  await auditedTable(db, dialect, 'product_spu', tenant)
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('code', 'varchar(64)')
    .addColumn('sell_point', 'varchar(128)')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('category_id', 'bigint', (c) => c.notNull())
    .addColumn('brand_id', 'bigint', (c) => c.notNull())
    .addColumn('pic_urls', 'text', (c) => c.notNull())
    .addColumn('video_url', 'varchar(1024)')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'smallint', (c) => c.notNull())
    .addColumn('spec_type', 'smallint', (c) => c.notNull())
    .addColumn('show_stock', 'smallint', (c) => c.notNull())
    .addColumn('market_price', 'integer', (c) => c.notNull())
    .addColumn('min_price', 'integer', (c) => c.notNull())
    .addColumn('max_price', 'integer', (c) => c.notNull())
    .addColumn('total_stock', 'bigint', (c) => c.notNull())
    .addColumn('alarm_stock', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('virtual_sales_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sales_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('click_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The list walks an index in its order (sort, id descending) and stops at the page; the count reads
  // the same index alone (deleted is in it): one index per way of listing (all, by status, alarming).
  await db.schema
    .createIndex('idx_product_spu_sort')
    .on('product_spu')
    .columns(['tenant_id', 'deleted', 'sort', 'id'])
    .execute();
  await db.schema
    .createIndex('idx_product_spu_status')
    .on('product_spu')
    .columns(['tenant_id', 'deleted', 'status', 'sort', 'id'])
    .execute();
  await db.schema
    .createIndex('idx_product_spu_alarm')
    .on('product_spu')
    .columns(['tenant_id', 'deleted', 'alarm_stock', 'sort', 'id', 'status'])
    .execute();
  await db.schema
    .createIndex('idx_product_spu_category')
    .on('product_spu')
    .columns(['tenant_id', 'category_id'])
    .execute();
  await db.schema
    .createIndex('idx_product_spu_brand')
    .on('product_spu')
    .columns(['tenant_id', 'brand_id'])
    .execute();
  await db.schema
    .createIndex('idx_product_spu_name')
    .on('product_spu')
    .columns(['tenant_id', 'deleted', 'name', 'code'])
    .execute();
  // Substring searches match lower(column) (lib/crud/search.ts): trigram indexes where pg_trgm is there.
  if (dialect === 'postgres') {
    const available = await sql`select 1 from pg_available_extensions where name = 'pg_trgm'`.execute(db);
    if (available.rows.length > 0) {
      await sql`create extension if not exists pg_trgm`.execute(db);
      for (const column of ['name', 'code'])
        await sql`create index ${sql.id(`idx_product_spu_${column}_trgm`)} on product_spu using gin (lower(${sql.id(column)}) gin_trgm_ops)`.execute(
          db,
        );
    }
  }

  await auditedTable(db, dialect, 'product_sku', tenant)
    .addColumn('spu_id', 'bigint', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('properties', 'text', (c) => c.notNull())
    .addColumn('property_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('pic_url', 'varchar(1024)', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('market_price', 'integer', (c) => c.notNull())
    .addColumn('cost_price', 'integer', (c) => c.notNull())
    .addColumn('bar_code', 'varchar(64)')
    .addColumn('stock', 'integer', (c) => c.notNull())
    .addColumn('warn_stock', 'integer')
    .addColumn('volume', 'double precision')
    .addColumn('weight', 'double precision')
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('sales_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('idx_product_sku_spu')
    .on('product_sku')
    .columns(['tenant_id', 'spu_id'])
    .execute();

  await addSeedMenus(db, dialect, [...MENUS, ...MORE_MENUS]);
};
