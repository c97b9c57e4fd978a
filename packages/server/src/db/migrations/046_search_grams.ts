import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../database.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then */

/** The substring searches that get a gram table: `<table>_<column>_gram`. */
const SEARCHED = [
  ['trade_order', 'receiver_name'],
  ['member_user', 'nickname'],
] as const;

/**
 * The longest text SQLite splits into grams: its triggers cannot generate a series, so they join a
 * list of positions, which each written row scans. Both columns are varchar(30), checked on write.
 */
const SQLITE_POSITIONS = 64;

/**
 * Every 1- and 2-character piece of `row.column`, lower-cased as `contains` lower-cases: the gram
 * and the from and where clauses that enumerate them, `row` being a table alias or a trigger's
 * new or old row. PostgreSQL generates the positions; SQLite joins a list of them.
 */
const piecesOf = (dialect: DialectName, row: string, column: string) => {
  const text = `${row}.${column}`;
  if (dialect === 'postgres')
    return {
      gram: `lower(substr(${text}, p, w))`,
      from: `generate_series(1, char_length(${text})) p, generate_series(1, 2) w`,
      where: `p + w - 1 <= char_length(${text})`,
    };
  const positions = Array.from({ length: SQLITE_POSITIONS }, (_, i) => `(${i + 1})`).join(', ');
  return {
    gram: `lower(substr(${text}, p.column1, w.column1))`,
    from: `(values ${positions}) p, (values (1), (2)) w`,
    where: `p.column1 + w.column1 - 1 <= length(${text})`,
  };
};

/**
 * Substring search without reading every row (order-list.ts; docs/benchmarks.md): for a searched
 * column, a table of every 1- and 2-character piece of its lower-cased text and the row holding it,
 * kept by triggers. A search text of one character is its piece; a longer one can only be contained
 * where each of its 2-character pieces is, so lib/crud/gram-search.ts reads the rows of its rarest
 * piece and `contains` checks them. Replaces 044's trigram indexes on these columns, which served
 * three characters or more on PostgreSQL only.
 */
export const up = async (db: Kysely<any>, dialect: DialectName): Promise<void> => {
  for (const [table, column] of SEARCHED) {
    const gramTable = `${table}_${column}_gram`;
    await db.schema
      .createTable(gramTable)
      .addColumn('tenant_id', 'bigint', (c) => c.notNull())
      .addColumn('gram', 'varchar(8)', (c) => c.notNull())
      .addColumn('row_id', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint(`pk_${gramTable}`, ['tenant_id', 'gram', 'row_id'])
      .execute();
    /** The pieces of every row `r` of `rows` (a table, or a statement's transition tables) that `where` keeps. */
    const pieces = (rows: string, where = 'true') => {
      const { gram, from, where: fits } = piecesOf(dialect, 'r', column);
      return `select distinct r.tenant_id, ${gram} as gram, r.id as row_id
        from ${rows}, ${from} where ${fits} and ${where}`;
    };
    await sql.raw(`insert into ${gramTable} (tenant_id, gram, row_id) ${pieces(`${table} r`)}`).execute(db);
    if (dialect === 'postgres') {
      // Once per statement over its transition tables, as migration 045 keeps its counts: a
      // million rows written in one statement are split in one insert.
      // The rows of an update whose text changed, old and new joined (a hash join: no index on either).
      const renamedOld = `old_rows r join new_rows other on other.id = r.id`;
      const renamedNew = `new_rows r join old_rows other on other.id = r.id`;
      const renamed = `r.${column} is distinct from other.${column}`;
      const removeAll = (rows: string, where?: string) =>
        `delete from ${gramTable} g using (${pieces(rows, where)}) p
         where g.tenant_id = p.tenant_id and g.gram = p.gram and g.row_id = p.row_id`;
      const addAll = (rows: string, where?: string) =>
        `insert into ${gramTable} (tenant_id, gram, row_id) ${pieces(rows, where)}`;
      const triggers = [
        ['insert', 'insert', 'new table as new_rows', [addAll('new_rows r')]],
        [
          'update',
          'update',
          'old table as old_rows new table as new_rows',
          [removeAll(renamedOld, renamed), addAll(renamedNew, renamed)],
        ],
        ['delete', 'delete', 'old table as old_rows', [removeAll('old_rows r')]],
      ] as const;
      for (const [name, event, tables, statements] of triggers) {
        await sql
          .raw(
            `create function ${gramTable}_${name}() returns trigger language plpgsql as $$
             begin ${statements.join('; ')}; return null; end $$`,
          )
          .execute(db);
        await sql
          .raw(
            `create trigger ${gramTable}_${name} after ${event} on ${table}
             referencing ${tables} for each statement execute function ${gramTable}_${name}()`,
          )
          .execute(db);
      }
      await sql.raw(`drop index if exists idx_${table}_${column}_trgm`).execute(db);
      continue;
    }
    // SQLite has no statement triggers: one per row.
    const add = (row: string) => {
      const { gram, from, where } = piecesOf(dialect, row, column);
      return `insert into ${gramTable} (tenant_id, gram, row_id)
        select distinct ${row}.tenant_id, ${gram}, ${row}.id from ${from} where ${where}`;
    };
    const remove = (row: string) => {
      const { gram, from, where } = piecesOf(dialect, row, column);
      return `delete from ${gramTable} where tenant_id = ${row}.tenant_id and row_id = ${row}.id
        and gram in (select ${gram} from ${from} where ${where})`;
    };
    const triggers = [
      ['insert', `after insert on ${table}`, [add('new')]],
      ['delete', `after delete on ${table}`, [remove('old')]],
      [
        'update',
        `after update of ${column} on ${table} when old.${column} is not new.${column}`,
        [remove('old'), add('new')],
      ],
    ] as const;
    for (const [name, when, statements] of triggers)
      await sql
        .raw(`create trigger ${gramTable}_${name} ${when} begin ${statements.join('; ')}; end`)
        .execute(db);
  }
};
