import { sql } from 'kysely';
import type { OpenDataSource } from '../../lib/data-source.js';

/* What a data source says of its tables, whichever database it is: SQLite, PostgreSQL or MySQL/MariaDB. */

export interface DbTable {
  name: string;
  /** Empty where the database keeps none (SQLite) or none was written. */
  comment: string;
}

export interface DbColumn {
  name: string;
  /** As the database declares it, with the length where it has one: `varchar(100)`, `bigint`. */
  dataType: string;
  comment: string;
  nullable: boolean;
  primaryKey: boolean;
  autoIncrement: boolean;
  ordinalPosition: number;
}

/** Tables that are the server's machinery, not data: never offered for import. */
const INTERNAL = /^(sqlite_|kysely_)/;

export const listTables = async ({ db, dialect }: OpenDataSource): Promise<DbTable[]> => {
  const query =
    dialect === 'sqlite'
      ? sql<DbTable>`select name, '' as comment from sqlite_master where type = 'table' order by name`
      : dialect === 'postgres'
        ? sql<DbTable>`select c.relname as name, coalesce(obj_description(c.oid, 'pg_class'), '') as comment
            from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where n.nspname = current_schema() and c.relkind in ('r', 'p') order by c.relname`
        : sql<DbTable>`select table_name as name, table_comment as comment from information_schema.tables
            where table_schema = database() and table_type = 'BASE TABLE' order by table_name`;
  const { rows } = await query.execute(db);
  return rows
    .map((r) => ({ name: String(r.name), comment: String(r.comment ?? '') }))
    .filter((t) => !INTERNAL.test(t.name));
};

interface RawColumn {
  name: string;
  data_type: string;
  comment: string | null;
  nullable: number | boolean | string;
  primary_key: number | boolean | string;
  auto_increment: number | boolean | string;
  ordinal_position: number | string;
}

const truthy = (v: number | boolean | string) => v === true || v === 1 || v === '1' || v === 't';

/** The columns of `table` in their order; empty when there is no such table. */
export const readColumns = async ({ db, dialect }: OpenDataSource, table: string): Promise<DbColumn[]> => {
  let rows: RawColumn[];
  if (dialect === 'sqlite') {
    const info = await sql<{ cid: number; name: string; type: string; notnull: number; pk: number }>`
      select cid, name, type, "notnull", pk from pragma_table_info(${table})`.execute(db);
    const keys = info.rows.filter((c) => c.pk > 0);
    rows = info.rows.map((c) => ({
      name: c.name,
      data_type: c.type.toLowerCase(),
      comment: '',
      nullable: c.notnull === 0 && c.pk === 0,
      primary_key: c.pk > 0,
      // A lone integer primary key is SQLite's rowid: it counts up by itself.
      auto_increment: c.pk > 0 && keys.length === 1 && c.type.toLowerCase() === 'integer',
      ordinal_position: c.cid + 1,
    }));
  } else if (dialect === 'postgres') {
    ({ rows } = await sql<RawColumn>`
      select a.attname as name,
        format_type(a.atttypid, a.atttypmod) as data_type,
        col_description(a.attrelid, a.attnum) as comment,
        not a.attnotnull as nullable,
        exists (select 1 from pg_index i where i.indrelid = a.attrelid and i.indisprimary
          and a.attnum = any(i.indkey)) as primary_key,
        (a.attidentity <> '' or coalesce(pg_get_expr(d.adbin, d.adrelid), '') like 'nextval(%') as auto_increment,
        a.attnum as ordinal_position
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where n.nspname = current_schema() and c.relname = ${table} and a.attnum > 0 and not a.attisdropped
      order by a.attnum`.execute(db));
  } else {
    ({ rows } = await sql<RawColumn>`
      select column_name as name, column_type as data_type, column_comment as comment,
        is_nullable = 'YES' as nullable, column_key = 'PRI' as primary_key,
        extra like '%auto_increment%' as auto_increment, ordinal_position
      from information_schema.columns
      where table_schema = database() and table_name = ${table}
      order by ordinal_position`.execute(db));
  }
  return rows.map((r) => ({
    name: String(r.name),
    dataType: String(r.data_type),
    comment: String(r.comment ?? ''),
    nullable: truthy(r.nullable),
    primaryKey: truthy(r.primary_key),
    autoIncrement: truthy(r.auto_increment),
    ordinalPosition: Number(r.ordinal_position),
  }));
};
