import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.js';

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

/** The gram tables of migration 046, named by the column they serve. */
export type GramTable = 'tradeOrderReceiverNameGram' | 'memberUserNicknameGram';

/** How far each piece's rows are counted when choosing the rarest: enough to tell a name from a common word. */
const RAREST_COUNTED = 5000;
/** Up to how many candidates are passed as a list of ids rather than as their subquery. */
const IDS_LISTED = 1000;

/**
 * The ids of the tenant's rows that can contain `text` in the column `gramTable` serves, read from
 * its gram index instead of every row: for one character, the rows holding it (exactly the
 * matches); for more, the rows holding its two rarest 2-character pieces, which a match must hold. A
 * superset: combine with `contains` on the column. Counting each piece costs at most
 * RAREST_COUNTED index entries.
 */
export const gramCandidates = async (
  db: Kysely<Database>,
  gramTable: GramTable,
  tenantId: number,
  text: string,
) => {
  const characters = [...text.toLowerCase()];
  // Filters turn a blank search into none: an empty text here is a caller's mistake.
  if (characters.length === 0) throw new Error('gramCandidates: empty search text');
  const holding = (gram: string) =>
    db.selectFrom(gramTable).select('rowId').where('tenantId', '=', tenantId).where('gram', '=', gram);
  if (characters.length === 1) return holding(characters[0]!);
  const pieces = [...new Set(characters.slice(1).map((c, i) => characters[i]! + c))];
  if (pieces.length === 1) return holding(pieces[0]!);
  const counts = await Promise.all(
    pieces.map(async (gram) => {
      const { n } = await db
        .selectFrom(holding(gram).limit(RAREST_COUNTED).as('held'))
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return { gram, n: Number(n) };
    }),
  );
  const [rarest, next] = counts.sort((a, b) => a.n - b.n);
  // A match holds every piece: the rows holding the two rarest, intersected in the index, are far
  // fewer rows to read than those holding one (罗勇雅 over a million orders: 40 instead of 640).
  const candidates = holding(rarest!.gram).where('rowId', 'in', holding(next!.gram));
  if (rarest!.n === 0 || rarest!.n > IDS_LISTED) return candidates;
  // Given the ids, a planner looks each row up by its key; given the subquery, PostgreSQL guesses
  // the LIKE selects few rows and runs it on every row of the table instead (lower() on Chinese
  // text costs far more than it supposes: 25 ms over 50,000 members).
  const ids = (await candidates.execute()).map((row) => row.rowId);
  return ids.length > 0 ? ids : candidates;
};
