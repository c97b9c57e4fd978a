import type { CreateTableBuilder, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../database.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then */

/**
 * SMS: channels, templates and the send log (global, as in the reference; the log doubles as the
 * send queue through `next_send_time` and its claim columns), and the verification codes of SMS
 * sign-in (per tenant).
 */
export const up = async (db: Kysely<any>, dialect: DialectName): Promise<void> => {
  const table = (name: string): CreateTableBuilder<string, 'id'> =>
    (dialect === 'postgres'
      ? db.schema
          .createTable(name)
          .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : db.schema.createTable(name).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    )
      .addColumn('creator', 'varchar(64)')
      .addColumn('create_time', 'bigint', (c) => c.notNull().defaultTo(sql`0`))
      .addColumn('updater', 'varchar(64)')
      .addColumn('update_time', 'bigint', (c) => c.notNull().defaultTo(sql`0`))
      .addColumn('deleted', 'smallint', (c) => c.notNull().defaultTo(0));

  await table('system_sms_channel')
    .addColumn('signature', 'varchar(64)', (c) => c.notNull())
    .addColumn('code', 'varchar(63)', (c) => c.notNull())
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('remark', 'varchar(255)')
    .addColumn('api_key', 'varchar(128)', (c) => c.notNull())
    .addColumn('api_secret', 'varchar(128)')
    .addColumn('callback_url', 'varchar(255)')
    .addColumn('api_url', 'varchar(255)')
    .execute();

  await table('system_sms_template')
    .addColumn('type', 'smallint', (c) => c.notNull())
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('code', 'varchar(63)', (c) => c.notNull())
    .addColumn('name', 'varchar(63)', (c) => c.notNull())
    .addColumn('content', 'varchar(255)', (c) => c.notNull())
    .addColumn('params', 'varchar(255)', (c) => c.notNull().defaultTo('[]'))
    .addColumn('remark', 'varchar(255)')
    .addColumn('api_template_id', 'varchar(63)', (c) => c.notNull())
    .addColumn('channel_id', 'bigint', (c) => c.notNull())
    .addColumn('channel_code', 'varchar(63)', (c) => c.notNull())
    .execute();
  // Codes are unique among the templates not deleted.
  await db.schema
    .createIndex('uk_system_sms_template_code')
    .on('system_sms_template')
    .column('code')
    .unique()
    .where(sql.ref('deleted'), '=', 0)
    .execute();
  await db.schema
    .createIndex('idx_system_sms_template_channel_id')
    .on('system_sms_template')
    .column('channel_id')
    .execute();

  await table('system_sms_log')
    .addColumn('channel_id', 'bigint', (c) => c.notNull())
    .addColumn('channel_code', 'varchar(63)', (c) => c.notNull())
    .addColumn('template_id', 'bigint', (c) => c.notNull())
    .addColumn('template_code', 'varchar(63)', (c) => c.notNull())
    .addColumn('template_type', 'smallint', (c) => c.notNull())
    .addColumn('template_content', 'varchar(1024)', (c) => c.notNull())
    .addColumn('template_params', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('api_template_id', 'varchar(63)', (c) => c.notNull())
    .addColumn('mobile', 'varchar(20)', (c) => c.notNull())
    .addColumn('user_id', 'bigint')
    .addColumn('user_type', 'smallint')
    .addColumn('send_status', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('send_time', 'bigint')
    .addColumn('send_code', 'integer')
    .addColumn('send_msg', 'varchar(255)')
    .addColumn('api_send_code', 'varchar(63)')
    .addColumn('api_send_msg', 'varchar(255)')
    .addColumn('api_request_id', 'varchar(255)')
    .addColumn('api_serial_no', 'varchar(255)')
    .addColumn('receive_status', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('receive_time', 'bigint')
    .addColumn('api_receive_code', 'varchar(63)')
    .addColumn('api_receive_msg', 'varchar(255)')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_send_time', 'bigint')
    .addColumn('locked_by', 'varchar(128)')
    .addColumn('locked_until', 'bigint')
    .execute();
  for (const column of ['next_send_time', 'mobile', 'send_time', 'channel_id', 'template_id'])
    await db.schema.createIndex(`idx_system_sms_log_${column}`).on('system_sms_log').column(column).execute();

  await table('system_sms_code')
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('mobile', 'varchar(20)', (c) => c.notNull())
    .addColumn('code', 'varchar(6)', (c) => c.notNull())
    .addColumn('create_ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('scene', 'smallint', (c) => c.notNull())
    .addColumn('today_index', 'smallint', (c) => c.notNull())
    .addColumn('used', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('used_time', 'bigint')
    .addColumn('used_ip', 'varchar(64)')
    .addColumn('attempts', 'smallint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('idx_system_sms_code_mobile')
    .on('system_sms_code')
    .columns(['mobile', 'create_time'])
    .execute();
};
