import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { DialectName } from '../database.js';
import { auditedTable } from './audited-table.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then */

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
const int0 = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
const str = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');

/** A tenant's table with the request columns both logs share. */
const requestTable = (db: Kysely<any>, dialect: DialectName, name: string) =>
  auditedTable(db, dialect, name, { tenant: true })
    .addColumn('trace_id', 'varchar(64)', str)
    .addColumn('user_id', 'bigint', int0)
    .addColumn('user_type', 'smallint', int0)
    .addColumn('application_name', 'varchar(50)', notNull)
    .addColumn('request_method', 'varchar(16)', str)
    .addColumn('request_url', 'varchar(255)', str)
    .addColumn('request_params', 'text', notNull)
    .addColumn('user_ip', 'varchar(50)', str)
    .addColumn('user_agent', 'varchar(512)', str);

/**
 * The API logs of the reference (`infra_api_access_log`, `infra_api_error_log`), tenant-scoped like
 * the operate log. Every request writes an access-log row, so that table has one index besides its
 * key: the tenant's rows by request time, which the page reads newest first and its other filters
 * (user, result, URL…) scan within the tenant. Its clean job reads old rows in key order, where rows
 * are in time order: the first rows are the old ones. The error log, written rarely, also has
 * indexes by user, by process status and by creation time (its clean job).
 */
export const up = async (db: Kysely<any>, dialect: DialectName): Promise<void> => {
  await requestTable(db, dialect, 'infra_api_access_log')
    .addColumn('response_body', 'text')
    .addColumn('operate_module', 'varchar(50)', str)
    .addColumn('operate_name', 'varchar(200)', str)
    .addColumn('operate_type', 'smallint', int0)
    .addColumn('begin_time', 'bigint', notNull)
    .addColumn('end_time', 'bigint', notNull)
    .addColumn('duration', 'integer', notNull)
    .addColumn('result_code', 'integer', int0)
    .addColumn('result_msg', 'varchar(512)', str)
    .execute();

  await requestTable(db, dialect, 'infra_api_error_log')
    .addColumn('exception_time', 'bigint', notNull)
    .addColumn('exception_name', 'varchar(128)', str)
    .addColumn('exception_message', 'text', notNull)
    .addColumn('exception_root_cause_message', 'text', notNull)
    .addColumn('exception_stack_trace', 'text', notNull)
    .addColumn('exception_class_name', 'varchar(512)', str)
    .addColumn('exception_file_name', 'varchar(512)', str)
    .addColumn('exception_method_name', 'varchar(512)', str)
    .addColumn('exception_line_number', 'integer', int0)
    .addColumn('process_status', 'smallint', int0)
    .addColumn('process_time', 'bigint')
    .addColumn('process_user_id', 'bigint')
    .execute();

  const index = (name: string, table: string, columns: string[]) =>
    db.schema.createIndex(name).on(table).columns(columns).execute();
  const access = 'infra_api_access_log';
  await index('idx_infra_api_access_log_time', access, ['tenant_id', 'begin_time']);
  const error = 'infra_api_error_log';
  await index('idx_infra_api_error_log_time', error, ['tenant_id', 'exception_time']);
  await index('idx_infra_api_error_log_user', error, ['tenant_id', 'user_id', 'exception_time']);
  await index('idx_infra_api_error_log_status', error, ['tenant_id', 'process_status', 'exception_time']);
  await index('idx_infra_api_error_log_create', error, ['create_time']);
};
