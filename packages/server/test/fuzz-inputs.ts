import { API_PREFIX, apiOf, type Endpoint } from '@app/contract';
import fc from 'fast-check';
import type { z } from 'zod';

/*
 * Inputs for the contract fuzz suite (fuzz.test.ts): valid values and bad ones derived from an
 * endpoint's own zod request schemas, the hostile texts every text field is tried with, and the
 * bad requests of each endpoint built from them, each with what the contract expects of its answer.
 */

/** Strings an attacker sends into any text field, by what they try. */
const HOSTILE_TEXTS: Readonly<Record<string, readonly string[]>> = {
  路径穿越: [
    '../../../../etc/passwd',
    '..\\..\\..\\windows\\win.ini',
    '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    'a/../../b',
  ],
  SQL注入: [
    "' OR '1'='1",
    '1; DROP TABLE system_users; --',
    "1' UNION SELECT password FROM system_users --",
    '"; select sqlite_version(); --',
  ],
  HTML注入: ['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', '{{7*7}}${7*7}<%= 7*7 %>'],
  控制字符: ['\u0000', 'a\u0000b', '\u0001\u001f\u007f', '\r\nX-Injected: 1', '\u202e\ufeff\u200b', '\ud800'],
};

/** Request bodies that are not JSON although they say so. */
const MALFORMED_JSON: readonly string[] = [
  '{',
  '{"a":',
  '[1,2',
  'nul',
  "{'a':1}",
  '{"a":1}}',
  '{"a":01}',
  '{"a":"\\x41"}',
  '\u0000',
  '{"a":1,}',
];

/** JSON that parses but is no object: the body as a whole of the wrong type. */
const WRONG_TOP_LEVEL_JSON: readonly string[] = ['null', '[]', '"fuzz"', '0', 'true', '[{}]'];

/** Prototype-pollution bodies; the JSON parser is set to refuse them. */
const PROTOTYPE_POLLUTION: readonly string[] = [
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
];

/** Byte sequences that are no UTF-8: a lone continuation byte, an overlong '/', a cut-off character. */
const INVALID_UTF8: readonly Buffer[] = [
  Buffer.from([0xff, 0xfe]),
  Buffer.from([0xc0, 0xaf]),
  Buffer.from([0xe4, 0xb8]),
  Buffer.from([0x80]),
];

/** The same bytes percent-encoded, for query strings. */
const invalidUtf8InUrl = (bytes: Buffer): string =>
  [...bytes].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');

/** One megabyte of text. */
const MEGABYTE_TEXT = 'x'.repeat(1024 * 1024);

/** Ids no seeded row has: valid requests then change nothing that exists. */
const FRESH_ID = 1_000_001;

/** The parts of a zod definition read here (zod keeps them on `_zod.def`). */
interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number | bigint | Date;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
}
interface SchemaDef {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: readonly z.ZodType[];
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  values?: readonly unknown[];
  entries?: Record<string, unknown>;
  getter?: () => z.ZodType;
  format?: string;
  pattern?: RegExp;
  checks?: readonly { _zod: { def: CheckDef } }[];
}

const defOf = (schema: z.ZodType): SchemaDef => schema._zod.def as unknown as SchemaDef;
const checksOf = (schema: z.ZodType): CheckDef[] => (defOf(schema).checks ?? []).map((c) => c._zod.def);

const accepts = (schema: z.ZodType, value: unknown): boolean => schema.safeParse(value).success;

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** The object behind a request schema (pipes and wrappers peeled), if it is one. */
const shapeOf = (schema: z.ZodType | undefined): Record<string, z.ZodType> | null => {
  if (!schema) return null;
  const def = defOf(schema);
  if (def.type === 'object') return def.shape ?? {};
  if (def.type === 'pipe' && def.in) return shapeOf(def.in);
  if (WRAPPERS.has(def.type) && def.innerType) return shapeOf(def.innerType);
  if (def.type === 'lazy' && def.getter) return shapeOf(def.getter());
  return null;
};

/** The schemas a value finally meets: through wrappers, both ends of pipes and every union option. */
const leavesOf = (schema: z.ZodType, depth = 0): z.ZodType[] => {
  if (depth > 12) return [];
  const def = defOf(schema);
  if (WRAPPERS.has(def.type) && def.innerType) return leavesOf(def.innerType, depth + 1);
  if (def.type === 'pipe') return [def.in, def.out].flatMap((s) => (s ? leavesOf(s, depth + 1) : []));
  if (def.type === 'union') return (def.options ?? []).flatMap((s) => leavesOf(s, depth + 1));
  if (def.type === 'lazy' && def.getter) return leavesOf(def.getter(), depth + 1);
  return [schema];
};

/**
 * The schema of the value at `path` below `schema` (object keys, array indexes), through wrappers,
 * pipes and unions; null where it cannot be told.
 */
const schemaAt = (schema: z.ZodType, path: readonly (string | number)[]): z.ZodType | null => {
  if (path.length === 0) return schema;
  const [step, ...rest] = path;
  for (const leaf of leavesOf(schema)) {
    const def = defOf(leaf);
    if (typeof step === 'string' && def.type === 'object' && def.shape?.[step])
      return schemaAt(def.shape[step], rest);
    if (typeof step === 'number' && def.type === 'array' && def.element) return schemaAt(def.element, rest);
  }
  return null;
};

/**
 * Paths below `schema` of number lists without a declared maximum: ids a handler may pass to
 * `in (…)`, which binds a value per item.
 */
export const unboundedNumberLists = (schema: z.ZodType, path = '', depth = 0): string[] => {
  if (depth > 12) return [];
  const def = defOf(schema);
  const below = (s: z.ZodType | undefined, at = path) => (s ? unboundedNumberLists(s, at, depth + 1) : []);
  if (WRAPPERS.has(def.type)) return below(def.innerType);
  if (def.type === 'pipe') return below(def.in);
  if (def.type === 'union') return (def.options ?? []).flatMap((s) => below(s));
  if (def.type === 'object')
    return Object.entries(def.shape ?? {}).flatMap(([key, s]) => below(s, path ? `${path}.${key}` : key));
  if (def.type !== 'array' || !def.element) return [];
  const ofNumbers = leavesOf(def.element).some((leaf) => defOf(leaf).type === 'number');
  const bounded = checksOf(schema).some((c) => c.check === 'max_length' || c.check === 'length_equals');
  return [...(ofNumbers && !bounded ? [path || '(整个请求体)'] : []), ...below(def.element, `${path}[]`)];
};

/** Where values come from: JSON (any type) or a query string (text only). */
type ValueMode = 'json' | 'query';

/**
 * Texts tried in turn for a text field: an id of no row, numbers, a date, addresses, a password, a
 * JSON object, a JDBC URL (of a port nothing listens on), a cron expression, a colour.
 */
const TEXT_POOL = [
  String(FRESH_ID),
  '1',
  'fuzz',
  '0',
  'true',
  '2024-01-01 00:00:00',
  '模糊测试',
  'fuzz@example.com',
  'https://example.com/fuzz.png',
  '13800138000',
  '127.0.0.1',
  'fuzz_1',
  'Fuzz1234',
  '{"fuzz":1}',
  'jdbc:mysql://127.0.0.1:1/fuzz',
  '0 0 1 * * ?',
  '#1890ff',
  'a',
];
const NUMBER_POOL = [FRESH_ID, 1, 0, 10, 100, 2, 0.5];

const NONE = Symbol('no valid value');

const sampleOf = <T>(arbitrary: fc.Arbitrary<T>, seed: number, count: number): T[] =>
  fc.sample(arbitrary, { seed, numRuns: count });

const textCandidates = (schema: z.ZodType, seed: number): unknown[] => {
  const def = defOf(schema);
  const checks = checksOf(schema);
  const min = Math.max(0, ...checks.map((c) => (c.check === 'min_length' ? (c.minimum ?? 0) : 0)));
  const exact = checks.find((c) => c.check === 'length_equals')?.length;
  const patterns = [def.pattern, ...checks.map((c) => c.pattern)].filter((p): p is RegExp => !!p);
  const matching = patterns.flatMap((p) => {
    try {
      // fast-check draws from the pattern without its flags (it takes none of i, m, s, u).
      return sampleOf(fc.stringMatching(new RegExp(p.source)), seed, 8);
    } catch {
      return [];
    }
  });
  const padded = [
    ...(min > 0 ? ['fuzz'.padEnd(min, 'z'), '1'.padEnd(min, '0')] : []),
    ...(exact ? ['z'.repeat(exact), '1'.repeat(exact)] : []),
  ];
  return [...TEXT_POOL, ...padded, ...matching];
};

const numberCandidates = (schema: z.ZodType): unknown[] => {
  const bounds = checksOf(schema).flatMap((c) =>
    c.check === 'greater_than' || c.check === 'less_than'
      ? [Number(c.value), Number(c.value) + 1, Number(c.value) - 1]
      : [],
  );
  return [...NUMBER_POOL, ...bounds];
};

const asQueryValue = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map((v) => asQueryValue(v));
  // A query string carries no null and no object.
  if (value === undefined) return value;
  return value === null || typeof value === 'object' ? NONE : String(value as string | number | boolean);
};

/** Values the schema may accept, the likeliest first. */
const candidatesOf = (schema: z.ZodType, mode: ValueMode, seed: number, depth: number): unknown[] => {
  if (depth > 12) return [];
  const def = defOf(schema);
  const inner = (s: z.ZodType | undefined) => (s ? candidatesOf(s, mode, seed, depth + 1) : []);
  switch (def.type) {
    case 'string':
      return textCandidates(schema, seed);
    case 'number':
      return numberCandidates(schema);
    case 'boolean':
      return [true, false];
    case 'literal':
      return [...(def.values ?? [])];
    case 'enum':
      return Object.values(def.entries ?? {});
    case 'null':
      return [null];
    case 'nullable':
      return [...inner(def.innerType), null];
    case 'pipe':
      // A preprocess step (a transform first) takes anything: the candidates are those of its target.
      return def.in && defOf(def.in).type === 'transform' ? inner(def.out) : inner(def.in);
    case 'transform':
    case 'unknown':
    case 'any':
      return [...TEXT_POOL, ...NUMBER_POOL, {}, null];
    case 'union':
      // The last option is mostly the full form ('' and null come first as the blank ones).
      return [...(def.options ?? [])].reverse().flatMap((s) => inner(s));
    case 'array': {
      const item = def.element ? validValue(def.element, mode, seed, depth + 1) : NONE;
      const min = Math.max(1, ...checksOf(schema).map((c) => c.minimum ?? c.length ?? 0));
      return item === NONE ? [[]] : [Array.from({ length: min }, () => item), []];
    }
    case 'object':
      return mode === 'query' ? [] : objectCandidates(def.shape ?? {}, mode, seed, depth);
    case 'record':
      return [{}];
    case 'lazy':
      return def.getter ? inner(def.getter()) : [];
    default:
      if (WRAPPERS.has(def.type)) return [...inner(def.innerType), undefined];
      return [];
  }
};

const objectCandidates = (
  shape: Record<string, z.ZodType>,
  mode: ValueMode,
  seed: number,
  depth: number,
): unknown[] => {
  const full: Record<string, unknown> = {};
  const required: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(shape)) {
    const value = validValue(field, mode, seed, depth + 1);
    if (value === NONE || value === undefined) continue;
    full[key] = value;
    if (!accepts(field, undefined)) required[key] = value;
  }
  return [full, required];
};

/**
 * A value `schema` accepts, found among likely candidates (every field given where it can be, ids of
 * no existing row); NONE when none is found. In query mode the value is text, as a query string
 * carries it.
 */
const validValue = (schema: z.ZodType, mode: ValueMode, seed: number, depth = 0): unknown => {
  for (const candidate of candidatesOf(schema, mode, seed, depth)) {
    const value = mode === 'query' ? asQueryValue(candidate) : candidate;
    if (value !== NONE && accepts(schema, value)) return value;
  }
  return NONE;
};

/** The object with its fields of FRESH_ID counted up, for refinements across fields (start before end). */
const ascending = (value: unknown): unknown => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  let next = FRESH_ID;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [
      key,
      v === FRESH_ID ? next++ : v === String(FRESH_ID) ? String(next++) : v,
    ]),
  );
};

/** An object request schema's valid value; `{}` when none was found (the mutations still go out). */
const validObject = (
  schema: z.ZodType | undefined,
  mode: ValueMode,
  seed: number,
): Record<string, unknown> => {
  if (!schema) return {};
  const shape = shapeOf(schema);
  const candidates = shape ? objectCandidates(shape, mode, seed, 0) : candidatesOf(schema, mode, seed, 0);
  for (const candidate of [...candidates, ...candidates.map(ascending)])
    if (accepts(schema, candidate)) return candidate as Record<string, unknown>;
  const first = candidates[0];
  return typeof first === 'object' && first !== null ? (first as Record<string, unknown>) : {};
};

/** Values of any JSON type, for wrong-type mutations. */
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.integer(), { maxKeys: 2 }),
);

/** Query texts that are not what a number, date or flag field reads. */
const anyQueryText: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom(
    'abc',
    '1.5',
    '-3',
    '1e3',
    '0x10',
    ' 1 ',
    'NaN',
    'Infinity',
    'null',
    'undefined',
    '[]',
    '{}',
  ),
  fc.array(fc.string({ maxLength: 4 }), { minLength: 2, maxLength: 3 }),
);

/** Up to `count` values of another type than `schema` takes, drawn from the seed. */
const wrongTypeValues = (schema: z.ZodType, mode: ValueMode, seed: number, count: number): unknown[] => {
  const refused = sampleOf(mode === 'query' ? anyQueryText : anyJson, seed, count * 8).filter(
    (v) => !accepts(schema, v),
  );
  return [...new Map(refused.map((v) => [JSON.stringify(v), v])).values()].slice(0, count);
};

/** Values just outside the limits `schema` declares (lengths, bounds, whole numbers), that it refuses. */
const outOfRangeValues = (schema: z.ZodType, mode: ValueMode): unknown[] => {
  const values: unknown[] = [];
  for (const leaf of leavesOf(schema)) {
    const { type } = defOf(leaf);
    for (const c of checksOf(leaf)) {
      if (c.check === 'max_length' && c.maximum !== undefined)
        values.push(type === 'array' ? Array(c.maximum + 1).fill(FRESH_ID) : 'z'.repeat(c.maximum + 1));
      if (c.check === 'min_length' && c.minimum !== undefined && c.minimum > 0)
        values.push(type === 'array' ? [] : 'z'.repeat(c.minimum - 1));
      if (c.check === 'length_equals' && c.length !== undefined) values.push('z'.repeat(c.length + 1));
      if (c.check === 'greater_than' && typeof c.value === 'number')
        values.push(c.inclusive ? c.value - 1 : c.value);
      if (c.check === 'less_than' && typeof c.value === 'number')
        values.push(c.inclusive ? c.value + 1 : c.value);
      if (c.check === 'number_format') values.push(1.5, 2 ** 53, -(2 ** 53));
    }
  }
  // Numbers past every bound: what a field without declared limits gets.
  values.push(-1, 0, 2 ** 63, -(2 ** 63), 1e308, 0.000001);
  const sent = mode === 'query' ? values.map((v) => asQueryValue(v)).filter((v) => v !== NONE) : values;
  const refused = sent.filter((v) => !accepts(schema, v));
  return [...new Map(refused.map((v) => [JSON.stringify(v), v])).values()];
};

/**
 * Values at the edge of what `schema` accepts: numbers beyond a 16- and a 32-bit column, the largest
 * safe integer, texts of the longest accepted length in ASCII and in CJK. A database column narrower
 * than its contract (PostgreSQL enforces integer ranges and varchar lengths, SQLite neither) fails
 * on them.
 */
const acceptedExtremes = (schema: z.ZodType, mode: ValueMode): unknown[] => {
  const values: unknown[] = [32_768, 2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER];
  for (const leaf of leavesOf(schema))
    for (const c of checksOf(leaf))
      if (
        c.check === 'max_length' &&
        c.maximum !== undefined &&
        c.maximum <= 100_000 &&
        defOf(leaf).type !== 'array'
      )
        values.push('z'.repeat(c.maximum), '中'.repeat(c.maximum));
  const sent = mode === 'query' ? values.map((v) => asQueryValue(v)).filter((v) => v !== NONE) : values;
  const accepted = sent.filter((v) => accepts(schema, v));
  return [...new Map(accepted.map((v) => [JSON.stringify(v), v])).values()];
};

/** A stable 32-bit seed for a name under the run's seed, so one endpoint's draws do not shift another's. */
const seedFor = (runSeed: number, name: string): number => {
  let hash = runSeed | 0;
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193);
  return hash >>> 0;
};

/* Requests. */

type Path = readonly (string | number)[];

/** A request as parts, before it is encoded. */
export interface Parts {
  params: Record<string, string>;
  /** Query pairs in order; a repeated key is sent repeated. */
  query: (readonly [string, string])[];
  /** Text after `?` as sent, instead of `query` (bytes no encoder makes). */
  rawQuery?: string;
  /** A path parameter's text as sent, instead of its encoded value. */
  rawParam?: { name: string; text: string };
  /** The JSON body; NO_BODY for none. */
  body: unknown;
  /** The body's bytes as sent, instead of `body` as JSON. */
  rawBody?: string | Buffer;
  /** Content type when a body is sent; JSON unless told. */
  contentType?: string;
  /**
   * Authorization header: the proper token of the endpoint's caller, or another header (`expired`
   * and `tampered` stand for the caller's expired token and its token with a character changed).
   */
  auth: { proper: true } | { proper: false; header: string | null };
  /** tenant-id header; null: not sent. */
  tenant: string | null;
}

const NO_BODY = Symbol('no body');

export interface Probe {
  endpoint: Endpoint;
  name: string;
  /** What was sent, for the report. */
  what: string;
  parts: Parts;
  /** `refused`: the contract refuses it, so the answer is a 4xx-class code and no table changes. */
  expect: 'refused' | 'any';
  /** Texts sent that an answer may echo back, left out of the leak checks. */
  echoes: string[];
}

export const nameOf = (e: Endpoint): string => `${e.method} ${API_PREFIX[apiOf(e)]}${e.path}`;
const pathParamsOf = (e: Endpoint) => [...e.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

/** The query object the server parses from `text` (a repeated key becomes a list; undecodable text stays). */
const parseQueryText = (text: string): Record<string, string | string[]> => {
  const query: Record<string, string | string[]> = {};
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const at = pair.indexOf('=');
    const [key, value] = (at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)]).map((part) => {
      const spaced = part.replace(/\+/g, ' ');
      try {
        return decodeURIComponent(spaced);
      } catch {
        return spaced;
      }
    }) as [string, string];
    const had = query[key];
    if (had === undefined) query[key] = value;
    else if (Array.isArray(had)) had.push(value);
    else query[key] = [had, value];
  }
  return query;
};

/** Percent-encoded text; a lone surrogate, which UTF-8 cannot carry, goes as U+FFFD (as Buffer does). */
const encode = (text: string): string =>
  encodeURIComponent(
    text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'),
  );

const queryTextOf = (parts: Parts): string =>
  parts.rawQuery ?? parts.query.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');

export const urlOf = (e: Endpoint, parts: Parts): string => {
  const path = e.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    parts.rawParam?.name === name ? parts.rawParam.text : encode(parts.params[name] ?? ''),
  );
  const query = queryTextOf(parts);
  return `${API_PREFIX[apiOf(e)]}${path}${query ? `?${query}` : ''}`;
};

export const payloadOf = (parts: Parts): string | Buffer | undefined =>
  parts.rawBody ?? (parts.body === NO_BODY ? undefined : JSON.stringify(parts.body));

/**
 * Whether the contract refuses the request, judged by the endpoint's own schemas on what the server
 * parses; null when that cannot be told beforehand.
 */
const contractRefuses = (e: Endpoint, parts: Parts, bodyAsText: boolean): boolean | null => {
  if (parts.rawParam) {
    try {
      decodeURIComponent(parts.rawParam.text);
    } catch {
      return true;
    }
    return null;
  }
  if (e.params && !accepts(e.params, parts.params)) return true;
  if (e.query && !accepts(e.query, parseQueryText(queryTextOf(parts)))) return true;
  // GET bodies are not read; multipart ones are read by the handler.
  if (e.method === 'GET') return false;
  if (e.files || bodyAsText) return null;
  if (parts.contentType) return null;
  let body: unknown = parts.body === NO_BODY ? undefined : parts.body;
  if (parts.rawBody !== undefined) {
    const text = parts.rawBody.toString();
    if (text.trim() === '') body = undefined;
    // The JSON parser refuses prototype keys.
    else if (PROTOTYPE_POLLUTION.includes(text)) return true;
    else {
      try {
        body = JSON.parse(text);
      } catch {
        return true;
      }
    }
  }
  return e.body ? !accepts(e.body, body) : false;
};

/** A copy of `value` with the value at `path` replaced (or removed, for NONE). */
const withValueAt = (value: unknown, path: Path, replacement: unknown): unknown => {
  if (path.length === 0) return replacement;
  const [step, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...(value as unknown[])];
    if (rest.length === 0 && replacement === NONE) copy.splice(step as number, 1);
    else copy[step as number] = withValueAt(copy[step as number], rest, replacement);
    return copy;
  }
  const copy = { ...(value as Record<string, unknown>) };
  if (rest.length === 0 && replacement === NONE) delete copy[step as string];
  else copy[step as string] = withValueAt(copy[step as string], rest, replacement);
  return copy;
};

/** Every field below `value` (object keys, the first array item), down to `maxDepth`. */
const fieldPaths = (value: unknown, maxDepth: number, prefix: Path = []): Path[] => {
  if (prefix.length >= maxDepth) return [];
  const below = (key: string | number, item: unknown) => {
    const path = [...prefix, key];
    return [path, ...fieldPaths(item, maxDepth, path)];
  };
  if (Array.isArray(value)) return value.length > 0 ? below(0, value[0]) : [];
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, item]) => below(key, item));
  return [];
};

const valueAt = (value: unknown, path: Path): unknown =>
  path.reduce<unknown>((v, step) => (v as Record<string | number, unknown> | undefined)?.[step], value);

const labelOf = (path: Path) => path.map((step) => (typeof step === 'number' ? `[${step}]` : step)).join('.');

const HOSTILE_KINDS = Object.keys(HOSTILE_TEXTS);

/**
 * The longest query value sent: Node's HTTP server refuses a request whose head (request line
 * included) passes 16 KiB, so longer query strings never reach the app outside of inject.
 */
const QUERY_TEXT_MAX = 15_000;

const BAD_TENANT_HEADERS = ['999999999999', 'abc', '-1', '1.5', "1' OR '1'='1", '1'.repeat(400)];
const BAD_AUTHORIZATIONS: readonly (readonly [string, string | null])[] = [
  ['过期令牌', 'expired'],
  ['伪造令牌', `Bearer ${'f'.repeat(32)}`],
  ['篡改令牌', 'tampered'],
  ['空 Bearer', 'Bearer '],
  ['SQL 注入令牌', "Bearer ' OR '1'='1"],
  ['Basic 认证头', 'Basic YWRtaW46YWRtaW4xMjM='],
  ['超长令牌', `Bearer ${'t'.repeat(8000)}`],
  ['无令牌', null],
];

export interface ProbeOptions {
  /** The endpoint reads its body as text (a payment platform's signed notification), not as JSON. */
  bodyAsText?: boolean;
}

/**
 * The bad requests of one endpoint, built from its request schemas: each field missing, of the wrong
 * type, out of range and hostile; whole bodies malformed, empty or polluting; query strings repeated,
 * unknown or undecodable; a megabyte of text and huge lists; wrong tenant headers and tokens that are
 * none. Draws that vary between endpoints come from the run's seed.
 */
export const probesOf = (
  e: Endpoint,
  runSeed: number,
  { bodyAsText = false }: ProbeOptions = {},
): Probe[] => {
  const name = nameOf(e);
  const seed = seedFor(runSeed, name);
  /** `count` items of `list`, taken in turn from where the endpoint's seed points. */
  let turn = seed;
  const pick = <T>(list: readonly T[], count = 1): T[] =>
    Array.from({ length: Math.min(count, list.length) }, () => list[turn++ % list.length]!);
  const hostile = (kind: string) => pick(HOSTILE_TEXTS[kind]!)[0]!;

  const probes: Probe[] = [];
  const base: Parts = {
    params: validObject(e.params, 'query', seed) as Record<string, string>,
    query: Object.entries(validObject(e.query, 'query', seed)).flatMap(([k, v]) =>
      (Array.isArray(v) ? v : [v]).map((item) => [k, String(item)] as const),
    ),
    body: e.body === undefined ? NO_BODY : validObject(e.body, 'json', seed),
    auth: { proper: true },
    tenant: '1',
  };

  /**
   * A probe: `base` changed by `change`. Sent with the proper token and tenant, it is `refused` when
   * the contract refuses it; `refusedBySecurity` marks header changes every non-public endpoint refuses.
   */
  const add = (what: string, change: Partial<Parts>, echoes: string[] = [], refusedBySecurity = false) => {
    const parts: Parts = { ...base, ...change };
    const proper = parts.auth.proper && parts.tenant === '1';
    const refused =
      (refusedBySecurity && e.access.kind !== 'public') ||
      (proper && contractRefuses(e, parts, bodyAsText) === true);
    probes.push({ endpoint: e, name, what, parts, expect: refused ? 'refused' : 'any', echoes });
  };

  add('基准请求', {});

  // Path parameters.
  for (const param of pathParamsOf(e)) {
    const value = base.params[param] ?? '';
    const schema = e.params ? schemaAt(e.params, [param]) : null;
    const withParam = (text: string): Partial<Parts> => ({ params: { ...base.params, [param]: text } });
    add(`路径参数 ${param} 为空`, withParam(''));
    for (const text of schema ? pick(outOfRangeValues(schema, 'query')) : [])
      if (typeof text === 'string') add(`路径参数 ${param} 越界`, withParam(text), [text]);
    for (const kind of HOSTILE_KINDS) {
      const text = hostile(kind);
      add(`路径参数 ${param} ${kind}`, withParam(text), [text]);
    }
    add(`路径参数 ${param} 过长`, withParam('p'.repeat(5000)));
    for (const bytes of pick(INVALID_UTF8))
      add(`路径参数 ${param} 非法 UTF-8`, {
        rawParam: { name: param, text: `${value}${invalidUtf8InUrl(bytes)}` },
      });
    add(`路径参数 ${param} 非法百分号编码`, { rawParam: { name: param, text: '%E4%B8%' } });
  }

  // Query parameters: every declared one missing, of the wrong type and out of range.
  const queryKeys = [...new Set(base.query.map(([k]) => k))];
  const withQuery = (key: string, values: readonly string[] | null): Partial<Parts> => {
    const others = base.query.filter(([k]) => k !== key);
    return { query: values === null ? others : [...others, ...values.map((v) => [key, v] as const)] };
  };
  const queryShape = shapeOf(e.query) ?? {};
  const texts = (value: unknown) => (Array.isArray(value) ? value.map(String) : [String(value)]);
  for (const [key, schema] of Object.entries(queryShape)) {
    add(`查询参数 ${key} 缺失`, withQuery(key, null));
    for (const wrong of wrongTypeValues(schema, 'query', seedFor(seed, key), 1))
      add(`查询参数 ${key} 类型错误 ${JSON.stringify(wrong)}`, withQuery(key, texts(wrong)), texts(wrong));
    for (const out of pick(outOfRangeValues(schema, 'query')))
      add(`查询参数 ${key} 越界 ${JSON.stringify(out).slice(0, 40)}`, withQuery(key, texts(out)), texts(out));
    for (const edge of pick(acceptedExtremes(schema, 'query'), 2))
      add(
        `查询参数 ${key} 边界 ${JSON.stringify(edge).slice(0, 40)}`,
        withQuery(key, texts(edge)),
        texts(edge),
      );
  }
  const hostileKey = queryKeys[0] ?? 'fuzz';
  for (const key of pick(queryKeys)) {
    const value = base.query.find(([k]) => k === key)![1];
    add(`查询参数 ${key} 重复`, withQuery(key, [value, value]));
  }
  for (const kind of pick(HOSTILE_KINDS, 2)) {
    const text = hostile(kind);
    add(`查询参数 ${hostileKey} ${kind}`, withQuery(hostileKey, [text]), [text]);
  }
  add('未知查询参数', {
    query: [...base.query, ['fuzzUnknown', '1'], ['__proto__', 'x'], ['constructor', 'y'], ['', 'z']],
  });
  const rest = queryTextOf({ ...base, query: base.query.filter(([k]) => k !== hostileKey) });
  const undecodable = [
    ...INVALID_UTF8.map((bytes) => [`查询参数 ${hostileKey} 非法 UTF-8`, invalidUtf8InUrl(bytes)] as const),
    [`查询参数 ${hostileKey} 非法百分号编码`, '%E4%B8%'] as const,
  ];
  for (const [what, text] of pick(undecodable))
    add(what, { rawQuery: `${rest ? `${rest}&` : ''}${encode(hostileKey)}=${text}&%zz=1` });
  // Lists (ids=1&ids=2…, ids=1,2…) as long as a query string gets.
  for (const key of queryKeys) {
    const schema = queryShape[key];
    if (!schema || !accepts(schema, [String(FRESH_ID), String(FRESH_ID + 1)])) continue;
    const ids = Array.from({ length: Math.floor(QUERY_TEXT_MAX / 8) }, (_, i) => String(FRESH_ID + i));
    add(`查询参数 ${key} 超长列表`, withQuery(key, ids.slice(0, ids.length / 2)));
    add(`查询参数 ${key} 超长逗号列表`, withQuery(key, [ids.join(',')]));
    break;
  }

  // Body fields, down to the third level: missing, null, of the wrong type, out of range, hostile.
  let longTextSent = false;
  for (const path of base.body === NO_BODY ? [] : fieldPaths(base.body, 3)) {
    const at = labelOf(path);
    const top = path.length === 1;
    const schema = e.body ? schemaAt(e.body, path) : null;
    const current = valueAt(base.body, path);
    const replace = (value: unknown): Partial<Parts> => ({ body: withValueAt(base.body, path, value) });
    add(`body.${at} 缺失`, replace(NONE));
    if (top) add(`body.${at} 为 null`, replace(null));
    if (schema) {
      for (const wrong of wrongTypeValues(schema, 'json', seedFor(seed, at), 1))
        add(`body.${at} 类型错误 ${JSON.stringify(wrong)}`, replace(wrong));
      for (const out of pick(outOfRangeValues(schema, 'json')))
        add(`body.${at} 越界 ${JSON.stringify(out).slice(0, 40)}`, replace(out));
      for (const edge of pick(acceptedExtremes(schema, 'json'), 2))
        add(
          `body.${at} 边界 ${JSON.stringify(edge).slice(0, 40)}`,
          replace(edge),
          typeof edge === 'string' ? [edge] : [],
        );
    }
    if (typeof current === 'string') {
      for (const kind of pick(HOSTILE_KINDS)) {
        const text = hostile(kind);
        add(`body.${at} ${kind}`, replace(text), [text]);
      }
      if (!longTextSent) {
        longTextSent = true;
        add(`body.${at} 1MB 字符串`, replace(MEGABYTE_TEXT));
      }
    }
    if (Array.isArray(current) && top) {
      const item: unknown = current[0] ?? FRESH_ID;
      // More items than SQLite binds variables (32,766), as many as fit the 2 MB body limit.
      const count = Math.min(40_000, Math.floor(1_500_000 / (JSON.stringify(item).length + 1)));
      const huge = Array.from({ length: count }, (_, i) => (typeof item === 'number' ? FRESH_ID + i : item));
      add(`body.${at} 超大数组 ${count} 项`, replace(huge));
    }
  }
  if (!longTextSent) add('查询参数超长字符串', withQuery(hostileKey, ['x'.repeat(QUERY_TEXT_MAX)]));

  // Whole bodies: malformed, empty, and one more of the other kinds.
  if (e.method !== 'GET') {
    for (const text of pick(MALFORMED_JSON)) add(`畸形 JSON ${JSON.stringify(text)}`, { rawBody: text });
    for (const text of pick(['', ' \n '])) add('空请求体（声明 JSON）', { rawBody: text });
    const json = base.body === NO_BODY ? '{"a":"b","n":1}' : JSON.stringify(base.body);
    const quote = json.indexOf('":"');
    const others: [string, Partial<Parts>][] = [
      ...PROTOTYPE_POLLUTION.map((text): [string, Partial<Parts>] => ['原型污染', { rawBody: text }]),
      ...WRONG_TOP_LEVEL_JSON.map((text): [string, Partial<Parts>] => [
        `整体类型错误 ${text}`,
        { rawBody: text },
      ]),
      ['text/plain 请求体', { rawBody: 'fuzz', contentType: 'text/plain' }],
      ['不支持的内容类型', { rawBody: '<a/>', contentType: 'application/xml' }],
      ['请求体嵌套过深', { rawBody: `${'['.repeat(5000)}${']'.repeat(5000)}` }],
      ...(/:-?\d/.test(json)
        ? [['请求体 Infinity', { rawBody: json.replace(/:(-?\d+)/, ':1e999') }] as [string, Partial<Parts>]]
        : []),
      ...(quote > 0
        ? INVALID_UTF8.map((bytes): [string, Partial<Parts>] => [
            '请求体含非法 UTF-8',
            {
              rawBody: Buffer.concat([
                Buffer.from(json.slice(0, quote + 3)),
                bytes,
                Buffer.from(json.slice(quote + 3)),
              ]),
            },
          ])
        : []),
    ];
    for (const [what, change] of pick(others)) add(what, change);
  }

  // Headers: another tenant's id and one malformed or missing; two tokens that are none (expired,
  // forged, tampered…) in turn.
  add('tenant-id 2（别的租户）', { tenant: '2' }, [], true);
  const [tenantWhat, tenant, refusedTenant] = pick([
    ...BAD_TENANT_HEADERS.map((value) => [`tenant-id ${value.slice(0, 20)}`, value, true] as const),
    ['无 tenant-id', null, false] as const,
    ['空 tenant-id', '', false] as const,
  ])[0]!;
  add(tenantWhat, { tenant }, [], refusedTenant);
  for (const [what, header] of pick(BAD_AUTHORIZATIONS, 2))
    add(what, { auth: { proper: false, header } }, [], true);
  return probes;
};
