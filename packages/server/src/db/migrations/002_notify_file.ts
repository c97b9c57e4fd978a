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
const str = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');

/**
 * In-site messages (templates are global, messages belong to a tenant's user) and the database file
 * store behind avatars (`infra_file` describes a file, `infra_file_content` holds its bytes).
 */
export const up = async (db: AnyDb, dialect: DialectName): Promise<void> => {
  const create = (name: string) => base(db.schema.createTable(name), dialect);
  const bytes = dialect === 'postgres' ? 'bytea' : 'blob';

  await create('system_notify_template')
    .addColumn('name', 'varchar(63)', notNull)
    .addColumn('code', 'varchar(64)', notNull)
    .addColumn('nickname', 'varchar(255)', notNull)
    .addColumn('content', 'varchar(1024)', notNull)
    .addColumn('type', 'smallint', notNull)
    .addColumn('params', 'varchar(255)', (c) => c.notNull().defaultTo('[]'))
    .addColumn('status', 'smallint', int0)
    .addColumn('remark', 'varchar(255)')
    .execute();
  await db.schema
    .createIndex('idx_system_notify_template_code')
    .on('system_notify_template')
    .column('code')
    .execute();

  await create('system_notify_message')
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('user_id', 'bigint', notNull)
    .addColumn('user_type', 'smallint', notNull)
    .addColumn('template_id', 'bigint', notNull)
    .addColumn('template_code', 'varchar(64)', notNull)
    .addColumn('template_nickname', 'varchar(255)', notNull)
    .addColumn('template_content', 'varchar(1024)', notNull)
    .addColumn('template_type', 'integer', notNull)
    .addColumn('template_params', 'varchar(2048)', (c) => c.notNull().defaultTo('{}'))
    .addColumn('read_status', 'smallint', int0)
    .addColumn('read_time', 'bigint')
    .execute();
  // The bell counts and lists a user's unread messages, newest first; the page filters by read status and time.
  await db.schema
    .createIndex('idx_system_notify_message_user')
    .on('system_notify_message')
    .columns(['tenant_id', 'user_id', 'read_status', 'create_time'])
    .execute();

  await create('infra_file')
    .addColumn('config_id', 'bigint', notNull)
    .addColumn('name', 'varchar(256)', str)
    .addColumn('path', 'varchar(512)', notNull)
    .addColumn('url', 'varchar(1024)', notNull)
    .addColumn('type', 'varchar(128)', notNull)
    .addColumn('size', 'integer', notNull)
    .execute();

  await create('infra_file_content')
    .addColumn('config_id', 'bigint', notNull)
    .addColumn('path', 'varchar(512)', notNull)
    .addColumn('content', bytes, notNull)
    .execute();
  await db.schema
    .createIndex('uk_infra_file_content_path')
    .unique()
    .on('infra_file_content')
    .columns(['config_id', 'path'])
    .execute();
};
