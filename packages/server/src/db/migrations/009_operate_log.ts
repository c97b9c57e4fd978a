import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../database.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then */

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
const int0 = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
const str = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');

/**
 * The operate log (`system_operate_log`): one row per write through the API, with the fields of the
 * reference. Indexes serve the page's filters within a tenant, newest first: time, user (the
 * nickname filter becomes the matching users' ids), type and result. The module filter matches
 * anywhere in the text, which no B-tree index serves; it scans the tenant's time index. The login
 * log gets an index for its success/failure filter.
 */
export const up = async (db: Kysely<any>, dialect: DialectName): Promise<void> => {
  const table = db.schema.createTable('system_operate_log');
  await (
    dialect === 'postgres'
      ? table.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('trace_id', 'varchar(64)', str)
    .addColumn('user_id', 'bigint', notNull)
    .addColumn('user_type', 'smallint', notNull)
    .addColumn('module', 'varchar(50)', notNull)
    .addColumn('name', 'varchar(200)', notNull)
    .addColumn('type', 'smallint', notNull)
    .addColumn('content', 'varchar(2000)', str)
    .addColumn('exts', 'varchar(512)')
    .addColumn('request_method', 'varchar(16)', str)
    .addColumn('request_url', 'varchar(512)', str)
    .addColumn('user_ip', 'varchar(50)', str)
    .addColumn('user_agent', 'varchar(512)', str)
    .addColumn('java_method', 'varchar(512)', str)
    .addColumn('java_method_args', 'text', notNull)
    .addColumn('start_time', 'bigint', notNull)
    .addColumn('duration', 'integer', notNull)
    .addColumn('result_code', 'integer', int0)
    .addColumn('result_msg', 'varchar(512)', str)
    .addColumn('result_data', 'text', notNull)
    .addColumn('tenant_id', 'bigint', int0)
    .addColumn('creator', 'varchar(64)')
    .addColumn('create_time', 'bigint', (c) => c.notNull().defaultTo(sql`0`))
    .addColumn('updater', 'varchar(64)')
    .addColumn('update_time', 'bigint', (c) => c.notNull().defaultTo(sql`0`))
    .addColumn('deleted', 'smallint', int0)
    .execute();

  const index = (name: string, table: string, columns: string[]) =>
    db.schema.createIndex(name).on(table).columns(columns).execute();
  await index('idx_system_operate_log_time', 'system_operate_log', ['tenant_id', 'start_time']);
  await index('idx_system_operate_log_user', 'system_operate_log', ['tenant_id', 'user_id', 'start_time']);
  await index('idx_system_operate_log_type', 'system_operate_log', ['tenant_id', 'type', 'start_time']);
  await index('idx_system_operate_log_result', 'system_operate_log', [
    'tenant_id',
    'result_code',
    'start_time',
  ]);
  await index('idx_system_login_log_result', 'system_login_log', ['tenant_id', 'result', 'create_time']);
};
