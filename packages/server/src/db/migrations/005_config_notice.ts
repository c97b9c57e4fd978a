import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../database.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then */
type AnyDb = Kysely<any>;
type Table = CreateTableBuilder<string, any>;

const base = (t: Table, dialect: DialectName): Table =>
  (dialect === 'postgres'
    ? t.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('creator', 'varchar(64)')
    .addColumn('create_time', 'bigint', (c) => c.notNull().defaultTo(sql`0`))
    .addColumn('updater', 'varchar(64)')
    .addColumn('update_time', 'bigint', (c) => c.notNull().defaultTo(sql`0`))
    .addColumn('deleted', 'smallint', (c) => c.notNull().defaultTo(0));

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
const int0 = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);

/**
 * Configuration parameters (`infra_config`, global to all tenants) and the notices of each tenant
 * (`system_notice`). Both are deleted logically, so key uniqueness is checked by the service.
 */
export const up = async (db: AnyDb, dialect: DialectName): Promise<void> => {
  const create = (name: string) => base(db.schema.createTable(name), dialect);

  await create('infra_config')
    .addColumn('category', 'varchar(50)', notNull)
    // 1 系统内置 (cannot be deleted), 2 自定义.
    .addColumn('type', 'smallint', notNull)
    .addColumn('name', 'varchar(100)', notNull)
    .addColumn('config_key', 'varchar(100)', notNull)
    .addColumn('value', 'varchar(500)', notNull)
    .addColumn('visible', 'smallint', int0)
    .addColumn('remark', 'varchar(500)')
    .execute();
  await db.schema.createIndex('idx_infra_config_key').on('infra_config').column('config_key').execute();

  await create('system_notice')
    .addColumn('tenant_id', 'bigint', int0)
    .addColumn('title', 'varchar(50)', notNull)
    .addColumn('content', 'text', notNull)
    .addColumn('type', 'smallint', notNull)
    .addColumn('status', 'smallint', int0)
    .execute();
  // Pages list a tenant's notices newest first.
  await db.schema
    .createIndex('idx_system_notice_tenant')
    .on('system_notice')
    .columns(['tenant_id', 'id'])
    .execute();
};
