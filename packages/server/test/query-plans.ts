import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../src/db/database.js';

/**
 * Query plans of the statements a test ran on SQLite. Every statement on a tenant table carries
 * `tenant_id = ?` (the tenant scope adds it), and without statistics SQLite may pick an index that
 * leads with tenant_id over a far more selective one: the statement then reads every row of the
 * tenant. `tenantWideSearches` finds those plans.
 */

/** A statement with its literals replaced, so that runs of one query count once. */
const shapeOf = (statement: string) =>
  statement.replace(/'(?:[^']|'')*'/g, '?').replace(/(?<![\w"])-?\d+(?:\.\d+)?(?![\w"])/g, '?');

/** Collects the distinct statements (one example of each shape); pass `record` as `onStatement`. */
export const statementRecorder = () => {
  const examples = new Map<string, string>();
  return {
    record: (statement: string) => {
      const shape = shapeOf(statement);
      if (!examples.has(shape)) examples.set(shape, statement);
    },
    statements: () => [...examples.values()],
  };
};

const SEARCH = /^SEARCH (\w+)(?: AS (\w+))? USING (?:COVERING )?INDEX (\w+) \(([^)]*)\)/;

/**
 * Plans that search `table` by `tenant_id` alone although the statement also fixes a column that
 * another index of the table leads with (`"col" = ` or `"col" in (`, unqualified or qualified by the table).
 */
export const tenantWideSearches = async (db: Db, statements: readonly string[]) => {
  const leadsOf = new Map<string, Map<string, string>>();
  const leads = async (table: string) => {
    let found = leadsOf.get(table);
    if (!found) {
      const rows = await sql<{ index: string; column: string }>`
        select il.name as "index", ii.name as "column"
        from pragma_index_list(${table}) il join pragma_index_info(il.name) ii
        where ii.seqno = 0`.execute(db.kysely);
      found = new Map(rows.rows.map((r) => [r.index, r.column]));
      leadsOf.set(table, found);
    }
    return found;
  };
  const findings: string[] = [];
  for (const statement of statements) {
    if (!/^\s*(select|update|delete|with)\b/i.test(statement)) continue;
    const plan = await sql<{ detail: string }>`explain query plan ${sql.raw(statement)}`.execute(db.kysely);
    for (const { detail } of plan.rows) {
      const [, table, alias, used, columns] = SEARCH.exec(detail) ?? [];
      if (!table || columns !== 'tenant_id=?') continue;
      const better = [...(await leads(table))].filter(
        ([index, column]) =>
          index !== used &&
          column !== 'tenant_id' &&
          // Unqualified or qualified by this table: a joined table's column of the same name does not count.
          new RegExp(
            `(?<!"\\.)"${column}" (=|in \\()|"(${table}|${alias ?? table})"\\."${column}" (=|in \\()`,
          ).test(statement),
      );
      if (better.length)
        findings.push(`${detail}（可用 ${better.map(([i]) => i).join('、')}）：${statement.slice(0, 300)}`);
    }
  }
  return findings;
};

export const QUERY_PLAN_CHECK =
  'ran no statement that reads all of a tenant where a more selective index serves';

/** The check a suite ends with: it ran at least `atLeast` kinds of statement, none tenant-wide. */
export const expectSelectiveQueryPlans = async (
  db: Db,
  recorder: ReturnType<typeof statementRecorder>,
  atLeast: number,
): Promise<void> => {
  const statements = recorder.statements();
  expect(statements.length).toBeGreaterThan(atLeast);
  expect(await tenantWideSearches(db, statements), '这些语句按租户扫描了全部行').toEqual([]);
};
