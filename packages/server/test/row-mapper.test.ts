import { inspect, isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { CamelCasePlugin, type QueryResult, type UnknownRow } from 'kysely';
import { describe, expect, it } from 'vitest';
import { RowCamelCasePlugin } from '../src/db/row-mapper.js';

/** The rows a query answers, as each plugin hands them on. */
const mapped = async (plugin: CamelCasePlugin, rows: UnknownRow[]) =>
  (
    await plugin.transformResult({
      queryId: { queryId: 'q' },
      result: { rows } as QueryResult<UnknownRow>,
    })
  ).rows;

const column = fc.oneof(
  fc.constantFrom(
    'id',
    'tenant_id',
    'pay_channel_code',
    'create_time',
    'a__b',
    'x_1',
    '__proto__',
    'constructor',
  ),
  fc.string({ maxLength: 12 }),
);
const leaf = fc.oneof(
  fc.constant(null),
  fc.integer(),
  fc.string(),
  fc.boolean(),
  fc.constant(Buffer.from('bytes')),
  fc.constant(new Date(0)),
);
/** Values as the drivers answer them, with PostgreSQL's json: nested objects and arrays. */
const value = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, leaf, tie('object'), fc.array(tie('value'), { maxLength: 3 })),
  object: fc.dictionary(column, tie('value'), { maxKeys: 4 }),
})).value;

describe('RowCamelCasePlugin', () => {
  it('answers every result exactly as Kysely’s CamelCasePlugin does', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(column, { minLength: 1, maxLength: 8 }),
        fc.array(fc.array(value, { minLength: 8, maxLength: 8 }), { minLength: 1, maxLength: 4 }),
        async (columns, values) => {
          // Rows of one result share their columns, as a statement's rows do.
          const rows = values.map((row) => Object.fromEntries(columns.map((c, i) => [c, row[i]])));
          const ours = await mapped(new RowCamelCasePlugin(), rows);
          const theirs = await mapped(new CamelCasePlugin(), rows);
          // node's strict equality (prototypes, own keys): vitest's treats an own `constructor` key as the type.
          expect(isDeepStrictEqual(ours, theirs), inspect({ ours, theirs })).toBe(true);
          expect(ours.map((r) => Object.keys(r))).toEqual(theirs.map((r) => Object.keys(r)));
        },
      ),
      { numRuns: 300, seed: 7 },
    );
  });
});
