import { sql, type RawBuilder, type SqlBool } from 'kysely';

/**
 * `%text%` for LIKE, lower-cased, with `\` escaping `%`, `_` and itself: a search for `50%` or
 * `a_b` means those characters, not "anything".
 */
export const containsPattern = (text: string): string =>
  `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The one substring filter: `column` (a name or `alias.name`) contains `text`, ignoring case.
 * LIKE alone differs by dialect (SQLite ignores ASCII case, PostgreSQL does not), so both sides
 * are lower-cased. The column is a plain string because Kysely cannot infer the table of a
 * factory passed to `where`; a wrong name fails every test that searches.
 */
export const contains = (column: string, text: string): RawBuilder<SqlBool> =>
  sql<SqlBool>`lower(${sql.ref(column)}) like ${containsPattern(text)} escape '\\'`;
