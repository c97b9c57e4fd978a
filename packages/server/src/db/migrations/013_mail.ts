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
 * Mail accounts, templates and the send log (global to all tenants, as in the reference), plus
 * `infra_secret`: server-generated keys, here the one that encrypts mail passwords when no
 * SECRET_KEY is configured. The log rows double as the send queue: `next_attempt_at` is set while
 * a send is due, and `locked_by`/`locked_until` hold a poller's claim.
 */
export const up = async (db: AnyDb, dialect: DialectName): Promise<void> => {
  const create = (name: string) => base(db.schema.createTable(name), dialect);

  await create('system_mail_account')
    .addColumn('mail', 'varchar(255)', notNull)
    .addColumn('username', 'varchar(255)', notNull)
    // AES-256-GCM sealed, never the password itself.
    .addColumn('password', 'varchar(512)', notNull)
    .addColumn('host', 'varchar(255)', notNull)
    .addColumn('port', 'integer', notNull)
    .addColumn('ssl_enable', 'smallint', int0)
    .execute();

  await create('system_mail_template')
    .addColumn('name', 'varchar(63)', notNull)
    .addColumn('code', 'varchar(63)', notNull)
    .addColumn('account_id', 'bigint', notNull)
    .addColumn('nickname', 'varchar(255)')
    .addColumn('title', 'varchar(255)', notNull)
    .addColumn('content', 'text', notNull)
    // JSON array of the placeholder names.
    .addColumn('params', 'varchar(1024)', notNull)
    .addColumn('status', 'smallint', int0)
    .addColumn('remark', 'varchar(500)')
    .execute();
  await db.schema
    .createIndex('idx_system_mail_template_code')
    .on('system_mail_template')
    .column('code')
    .execute();
  await db.schema
    .createIndex('idx_system_mail_template_account')
    .on('system_mail_template')
    .column('account_id')
    .execute();

  await create('system_mail_log')
    .addColumn('user_id', 'bigint')
    .addColumn('user_type', 'smallint')
    .addColumn('to_mail', 'varchar(255)', notNull)
    .addColumn('account_id', 'bigint', notNull)
    .addColumn('from_mail', 'varchar(255)', notNull)
    .addColumn('template_id', 'bigint', notNull)
    .addColumn('template_code', 'varchar(63)', notNull)
    .addColumn('template_nickname', 'varchar(255)')
    .addColumn('template_title', 'varchar(255)', notNull)
    .addColumn('template_content', 'text', notNull)
    .addColumn('template_params', 'text', notNull)
    .addColumn('send_status', 'smallint', int0)
    .addColumn('send_time', 'bigint')
    .addColumn('send_message_id', 'varchar(255)')
    .addColumn('send_exception', 'text')
    .addColumn('send_attempts', 'integer', int0)
    .addColumn('next_attempt_at', 'bigint')
    .addColumn('locked_by', 'varchar(128)')
    .addColumn('locked_until', 'bigint')
    .execute();
  // Pollers look for due sends only; the page filters by status and lists newest first.
  await db.schema
    .createIndex('idx_system_mail_log_due')
    .on('system_mail_log')
    .column('next_attempt_at')
    .execute();
  await db.schema
    .createIndex('idx_system_mail_log_status')
    .on('system_mail_log')
    .columns(['send_status', 'id'])
    .execute();

  await db.schema
    .createTable('infra_secret')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'varchar(255)', notNull)
    .addColumn('create_time', 'bigint', notNull)
    .execute();
};
