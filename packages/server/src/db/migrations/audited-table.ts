import type { CreateTableBuilder, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../database.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then */

/** `create table <name>` with its id: an identity on PostgreSQL, an auto-increment on SQLite. */
export const tableWithId = (
  db: Kysely<any>,
  dialect: DialectName,
  name: string,
): CreateTableBuilder<string, any> => {
  const table = db.schema.createTable(name);
  return dialect === 'postgres'
    ? table.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
};

/**
 * `create table <name>` with the columns every business table starts with: the id, the audit columns
 * and, for a tenant's table, `tenant_id`. Used by the migrations from 022 on; the earlier ones keep the
 * copy they ran with.
 */
export const auditedTable = (
  db: Kysely<any>,
  dialect: DialectName,
  name: string,
  { tenant = false }: { tenant?: boolean } = {},
): CreateTableBuilder<string, any> => {
  const audited = tableWithId(db, dialect, name)
    .addColumn('creator', 'varchar(64)')
    .addColumn('create_time', 'bigint', (c) => c.notNull().defaultTo(sql`0`))
    .addColumn('updater', 'varchar(64)')
    .addColumn('update_time', 'bigint', (c) => c.notNull().defaultTo(sql`0`))
    .addColumn('deleted', 'smallint', (c) => c.notNull().defaultTo(0));
  return tenant ? audited.addColumn('tenant_id', 'bigint', (c) => c.notNull().defaultTo(0)) : audited;
};
