import { sql, type Generated, type RawBuilder, type SqlBool } from 'kysely';

/**
 * The audit columns every business table carries, as the reference's BaseDO: who and when
 * created and last updated it, and the soft-delete flag (0/1, so both dialects share one path).
 */
export interface Audit {
  creator: string | null;
  createTime: Generated<number>;
  updater: string | null;
  updateTime: Generated<number>;
  deleted: Generated<number>;
}

/** The reference stores the acting user's id as text; system writes leave it null. */
const actor = (by: number | string | null): string | null => (by === null ? null : String(by));

/** Stamps of a new row, created and updated by `by` at `at`. */
export const createdStamp = (at: number, by: number | string | null) => ({
  creator: actor(by),
  updater: actor(by),
  createTime: at,
  updateTime: at,
});

/** Stamps of a change to a row. */
export const updatedStamp = (at: number, by: number | string | null) => ({
  updater: actor(by),
  updateTime: at,
});

/** The change that deletes a row: rows are kept, marked deleted, for the audit trail. */
export const softDeleted = (at: number, by: number | string | null) => ({
  deleted: 1,
  ...updatedStamp(at, by),
});

/**
 * Rows not deleted, for any audited table; `table` names the alias when the query joins several
 * audited tables (a bare `deleted` would be ambiguous there).
 */
export const notDeleted = (table?: string): RawBuilder<SqlBool> =>
  sql<SqlBool>`${sql.ref(table === undefined ? 'deleted' : `${table}.deleted`)} = 0`;
