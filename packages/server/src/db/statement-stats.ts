import type {
  KyselyPlugin,
  LogEvent,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryId,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/** How many statement shapes are kept (数据库监控); statements of further shapes are only counted. */
export const STATEMENT_SHAPE_LIMIT = 2000;
/** How many distinct SQL texts remember their shape, so that only a text's first run is normalised. */
const TEXT_LIMIT = 10_000;

export interface StatementShape {
  sql: string;
  count: number;
  errors: number;
  totalMs: number;
  maxMs: number;
  rows: number;
  lastTime: number;
}

/**
 * A statement's shape: Kysely binds values as parameters, so its SQL is already one per query
 * shape except for what varies with the values' number (`in (?, ?, ?)`, multi-row `values`) and
 * literals written into raw SQL. PostgreSQL's `$n` placeholders read as `?`.
 */
export const statementShape = (text: string): string =>
  text
    .replace(/'(?:[^']|'')*'/g, '?')
    .replace(/\$\d+\b/g, '?')
    .replace(/(?<![\w."])-?\d+(?:\.\d+)?\b/g, '?')
    .replace(/\(\s*\?(?:\s*,\s*\?)+\s*\)/g, '(?, …)')
    .replace(/\((?:\?|\?, …)\)(?:\s*,\s*\((?:\?|\?, …)\))+/g, '(?, …), …')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * 数据库监控's figures: every statement the database runs, counted by shape through Kysely's `log`
 * option (its duration) and a plugin that sees the result (its rows). Per statement this costs a
 * lookup of its SQL text in a Map and a few additions; a text is normalised once.
 */
export class StatementStats implements KyselyPlugin {
  readonly #shapes = new Map<string, StatementShape>();
  /** SQL text → its shape, so that most statements skip normalising. */
  readonly #texts = new Map<string, StatementShape>();
  /** The shape of a statement that ran, until its result passes the plugin. */
  readonly #pending = new WeakMap<QueryId, StatementShape>();
  #since: number;
  #dropped = 0;

  constructor(private readonly now: () => number = Date.now) {
    this.#since = now();
  }

  /** Kysely's `log` option. */
  readonly log = (event: LogEvent): void => {
    const shape = this.#count(event.query.sql, event.queryDurationMillis);
    if (!shape) return;
    if (event.level === 'error') shape.errors++;
    else this.#pending.set(event.query.queryId, shape);
  };

  /** A statement that ran outside Kysely (the off-thread writer's). */
  readonly record = (text: string, ms: number, rows: number): void => {
    const shape = this.#count(text, ms);
    if (shape) shape.rows += rows;
  };

  #count(text: string, ms: number): StatementShape | undefined {
    const shape = this.#shapeOf(text);
    if (!shape) {
      this.#dropped++;
      return undefined;
    }
    shape.count++;
    shape.totalMs += ms;
    if (ms > shape.maxMs) shape.maxMs = ms;
    shape.lastTime = this.now();
    return shape;
  }

  #shapeOf(text: string): StatementShape | undefined {
    const known = this.#texts.get(text);
    if (known) return known;
    const sql = statementShape(text);
    let shape = this.#shapes.get(sql);
    if (!shape) {
      if (this.#shapes.size >= STATEMENT_SHAPE_LIMIT) return undefined;
      shape = { sql, count: 0, errors: 0, totalMs: 0, maxMs: 0, rows: 0, lastTime: 0 };
      this.#shapes.set(sql, shape);
    }
    if (this.#texts.size < TEXT_LIMIT) this.#texts.set(text, shape);
    return shape;
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const { result, queryId } = args;
    const shape = this.#pending.get(queryId);
    if (shape) {
      this.#pending.delete(queryId);
      shape.rows += result.rows.length > 0 ? result.rows.length : Number(result.numAffectedRows ?? 0);
    }
    return result;
  }

  /** The shapes, most total time first. */
  read() {
    const list = [...this.#shapes.values()]
      .filter((s) => s.count > 0)
      .map((s) => ({ ...s, avgMs: s.totalMs / s.count }))
      .sort((a, b) => b.totalMs - a.totalMs);
    return { since: this.#since, limit: STATEMENT_SHAPE_LIMIT, dropped: this.#dropped, list };
  }

  reset(): void {
    this.#shapes.clear();
    this.#texts.clear();
    this.#dropped = 0;
    this.#since = this.now();
  }
}
