import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../database.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then */

/**
 * Tenant packages (`system_tenant_package`, global): the menus a tenant's roles may hold, as a JSON
 * array in `menu_ids`. `system_tenant` already has every column of the reference; it gains the
 * indexes of its page filters and of the package-in-use check.
 */
export const up = async (db: Kysely<any>, dialect: DialectName): Promise<void> => {
  await (
    dialect === 'postgres'
      ? db.schema
          .createTable('system_tenant_package')
          .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : db.schema
          .createTable('system_tenant_package')
          .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('creator', 'varchar(64)')
    .addColumn('create_time', 'bigint', (c) => c.notNull().defaultTo(sql`0`))
    .addColumn('updater', 'varchar(64)')
    .addColumn('update_time', 'bigint', (c) => c.notNull().defaultTo(sql`0`))
    .addColumn('deleted', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'varchar(30)', (c) => c.notNull())
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('remark', 'varchar(256)')
    .addColumn('menu_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  // Names are unique among the packages not deleted; a deleted package's name can be used again.
  await db.schema
    .createIndex('uk_system_tenant_package_name')
    .on('system_tenant_package')
    .column('name')
    .unique()
    .where(sql.ref('deleted'), '=', 0)
    .execute();
  for (const column of ['status', 'create_time'])
    await db.schema
      .createIndex(`idx_system_tenant_package_${column}`)
      .on('system_tenant_package')
      .column(column)
      .execute();

  for (const column of ['package_id', 'status', 'create_time', 'contact_name', 'contact_mobile'])
    await db.schema.createIndex(`idx_system_tenant_${column}`).on('system_tenant').column(column).execute();
};
