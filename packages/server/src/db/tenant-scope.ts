import { AsyncLocalStorage } from 'node:async_hooks';
import {
  AliasNode,
  AndNode,
  BinaryOperationNode,
  ColumnNode,
  DefaultInsertValueNode,
  IdentifierNode,
  type DeleteQueryNode,
  type InsertQueryNode,
  JoinNode,
  type Kysely,
  type KyselyPlugin,
  ListNode,
  type MergeQueryNode,
  type OperationNode,
  OperationNodeTransformer,
  OperatorNode,
  OrNode,
  ParensNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  PrimitiveValueListNode,
  type QueryId,
  type QueryResult,
  type RawNode,
  ReferenceNode,
  type RootOperationNode,
  type SelectQueryNode,
  sql,
  TableNode,
  type UnknownRow,
  type UpdateQueryNode,
  ValueListNode,
  ValueNode,
  ValuesNode,
  WhereNode,
} from 'kysely';
import type { Database } from './schema.js';

/*
 * Tenant isolation by construction (the reference's TenantLineInnerInterceptor): while a tenant scope
 * is active, every query over a tenant-scoped table is rewritten to touch that tenant's rows only.
 * Repositories keep their own `tenant_id` conditions; this layer catches the query that forgets one.
 */

const TENANT_COLUMN = 'tenant_id';

/**
 * Tables that carry no tenant filter even with a `tenant_id` column: the reference's ignore tables
 * (global configuration and the message channels every tenant shares). Other tables with a `tenant_id`
 * (the API logs, the modules made by 代码生成) are scoped. The one list to change when a new global
 * table is added.
 */
export const TENANT_IGNORED_TABLES: ReadonlySet<string> = new Set([
  'system_tenant',
  'system_tenant_package',
  'system_dict_type',
  'system_dict_data',
  'system_menu',
  'system_error_code',
  'system_oauth2_client',
  'system_sms_channel',
  'system_sms_template',
  'system_sms_log',
  'system_sensitive_word',
  'system_mail_account',
  'system_mail_template',
  'system_mail_log',
  'system_notify_template',
]);
export const isTenantIgnoredTable = (table: string): boolean => TENANT_IGNORED_TABLES.has(table);

/** A query the tenant scope refuses: a write for another tenant, or a shape it cannot filter. */
export class TenantScopeError extends Error {
  override readonly name = 'TenantScopeError';
}

interface Scope {
  readonly tenantId: number | null;
}
const storage = new AsyncLocalStorage<Scope>();
const UNSCOPED: Scope = Object.freeze({ tenantId: null });

/** Runs `fn` (and everything it starts) with queries confined to `tenantId`. */
export const withTenantScope = <T>(tenantId: number, fn: () => T): T => storage.run({ tenantId }, fn);

/**
 * Runs `fn` without a tenant scope, for work that must cross tenants inside a request (the system
 * tenant's tenant management) or that must not inherit the scope of the request that started it
 * (pollers, event-driven recounts).
 */
export const withoutTenantScope = <T>(fn: () => T): T => storage.run(UNSCOPED, fn);

/** The tenant of the active scope, or null outside one. */
export const currentTenantScope = (): number | null => storage.getStore()?.tenantId ?? null;

/** Adds `extra` conditions to `base` with AND; an OR at the top of `base` is kept in parentheses. */
const and = (base: OperationNode | undefined, extra: readonly OperationNode[]): OperationNode | undefined =>
  extra.reduce<OperationNode | undefined>(
    (acc, condition) => (acc ? AndNode.create(acc, condition) : condition),
    base && OrNode.is(base) ? ParensNode.create(base) : base,
  );

const isColumn = (node: OperationNode, name: string): boolean =>
  ColumnNode.is(node) && node.column.name === name;

/** Nodes that hold no query and no table to scope: returned as they are. */
const LEAVES: ReadonlySet<string> = new Set([
  'IdentifierNode',
  'SchemableIdentifierNode',
  'TableNode',
  'ColumnNode',
  'ReferenceNode',
  'SelectAllNode',
  'OperatorNode',
  'ValueNode',
  'PrimitiveValueListNode',
  'DefaultInsertValueNode',
]);

/** The conditions ANDed at the top of a WHERE clause. */
const conjuncts = (node: OperationNode | undefined): OperationNode[] => {
  if (!node) return [];
  if (AndNode.is(node)) return [...conjuncts(node.left), ...conjuncts(node.right)];
  if (ParensNode.is(node)) return conjuncts(node.node);
  return [node];
};

/**
 * Rewrites query trees for the tenant of `rewrite`. One per plugin: a transformer is costly to build,
 * and a rewrite runs synchronously from start to end, so reusing it is safe.
 */
class TenantFilter extends OperationNodeTransformer {
  private tenantId = 0;

  constructor(
    private readonly tables: ReadonlySet<string>,
    private readonly tables$: RegExp,
  ) {
    super();
  }

  rewrite(node: RootOperationNode, tenantId: number): RootOperationNode {
    this.tenantId = tenantId;
    // A refused query leaves its path on the stack.
    this.nodeStack.length = 0;
    return this.transformNode(node);
  }

  /**
   * Leaves are kept as they are; the rest is copied without the base class's freezing of every node,
   * which cost more than the rewrite itself.
   */
  override transformNode<T extends OperationNode | undefined>(node: T, queryId?: QueryId): T {
    if (!node || LEAVES.has(node.kind)) return node;
    this.nodeStack.push(node);
    const out = this.transformNodeImpl(node, queryId);
    this.nodeStack.pop();
    return out;
  }

  private scopedTable(node: OperationNode): string | null {
    const name = TableNode.is(node) ? node.table.identifier.name : null;
    return name !== null && this.tables.has(name) ? name : null;
  }

  /** `<table or alias>.tenant_id = ?` for a FROM or JOIN item over a tenant table, else null. */
  private conditionFor(item: OperationNode): OperationNode | null {
    let ref: TableNode;
    if (TableNode.is(item)) {
      if (!this.scopedTable(item)) return null;
      ref = item;
    } else if (AliasNode.is(item) && this.scopedTable(item.node) && IdentifierNode.is(item.alias)) {
      ref = TableNode.create(item.alias.name);
    } else return null;
    return BinaryOperationNode.create(
      ReferenceNode.create(ColumnNode.create(TENANT_COLUMN), ref),
      OperatorNode.create('='),
      ValueNode.create(this.tenantId),
    );
  }

  private conditionsFor(items: readonly OperationNode[] | undefined): OperationNode[] {
    return (items ?? []).flatMap((item) => this.conditionFor(item) ?? []);
  }

  /**
   * A join over a tenant table gets its condition in ON (so a LEFT JOIN keeps its unmatched rows);
   * a join without ON hands it to the WHERE clause.
   */
  private scopeJoins(joins: readonly JoinNode[] | undefined): { joins?: JoinNode[]; where: OperationNode[] } {
    if (!joins) return { where: [] };
    const where: OperationNode[] = [];
    const scoped = joins.map((join) => {
      const condition = this.conditionFor(join.table);
      if (!condition) return join;
      if (join.joinType === 'RightJoin' || join.joinType === 'FullJoin')
        throw new TenantScopeError(`租户范围内不支持对租户表的 ${join.joinType}`);
      if (!join.on) {
        where.push(condition);
        return join;
      }
      return JoinNode.createWithOn(join.joinType, join.table, and(join.on.on, [condition])!);
    });
    return { joins: scoped, where };
  }

  /**
   * Whether the WHERE clause already requires `condition` (the repositories' own `tenant_id = ?` for
   * this tenant): then the SQL stays as written. An unqualified column counts when `single` (one table).
   */
  private alreadyRequired(where: WhereNode | undefined, condition: OperationNode, single: boolean): boolean {
    if (!where || !BinaryOperationNode.is(condition) || !ReferenceNode.is(condition.leftOperand))
      return false;
    const table = condition.leftOperand.table?.table.identifier.name;
    return conjuncts(where.where).some((c) => {
      if (!BinaryOperationNode.is(c) || !OperatorNode.is(c.operator) || c.operator.operator !== '=')
        return false;
      const [ref, value] = ValueNode.is(c.rightOperand)
        ? [c.leftOperand, c.rightOperand]
        : [c.rightOperand, c.leftOperand];
      if (!ValueNode.is(value) || Number(value.value) !== this.tenantId) return false;
      if (ReferenceNode.is(ref) && isColumn(ref.column, TENANT_COLUMN))
        return ref.table ? ref.table.table.identifier.name === table : single;
      return single && isColumn(ref, TENANT_COLUMN);
    });
  }

  private filtered(
    where: WhereNode | undefined,
    conditions: OperationNode[],
    single = false,
  ): WhereNode | undefined {
    const missing = conditions.filter((c) => !this.alreadyRequired(where, c, single));
    if (missing.length === 0) return where;
    return WhereNode.create(and(where?.where, missing)!);
  }

  private checkTenantValue(value: unknown): void {
    if (Number(value) !== this.tenantId)
      throw new TenantScopeError(`租户 ${this.tenantId} 的范围内不能写入租户 ${String(value)} 的数据`);
  }

  protected override transformSelectQuery(node: SelectQueryNode, queryId?: QueryId): SelectQueryNode {
    const out = super.transformSelectQuery(node, queryId);
    const joins = this.scopeJoins(out.joins);
    const conditions = [...this.conditionsFor(out.from?.froms), ...joins.where];
    if (conditions.length === 0 && joins.joins === out.joins) return out;
    const single = out.from?.froms.length === 1 && !out.joins?.length;
    return { ...out, joins: joins.joins, where: this.filtered(out.where, conditions, single) };
  }

  protected override transformUpdateQuery(node: UpdateQueryNode, queryId?: QueryId): UpdateQueryNode {
    const out = super.transformUpdateQuery(node, queryId);
    const targets = out.table ? (ListNode.is(out.table) ? out.table.items : [out.table]) : [];
    const targetConditions = this.conditionsFor(targets);
    if (targetConditions.length > 0)
      for (const update of out.updates ?? []) {
        if (!isColumn(update.column, TENANT_COLUMN)) continue;
        if (!ValueNode.is(update.value)) throw new TenantScopeError('租户范围内只能把 tenant_id 设为常量');
        this.checkTenantValue(update.value.value);
      }
    const joins = this.scopeJoins(out.joins);
    const conditions = [...targetConditions, ...this.conditionsFor(out.from?.froms), ...joins.where];
    if (conditions.length === 0 && joins.joins === out.joins) return out;
    const single = targets.length === 1 && !out.from && !out.joins?.length;
    return { ...out, joins: joins.joins, where: this.filtered(out.where, conditions, single) };
  }

  protected override transformDeleteQuery(node: DeleteQueryNode, queryId?: QueryId): DeleteQueryNode {
    const out = super.transformDeleteQuery(node, queryId);
    const joins = this.scopeJoins(out.joins);
    const conditions = [
      ...this.conditionsFor(out.from.froms),
      ...this.conditionsFor(out.using?.tables),
      ...joins.where,
    ];
    if (conditions.length === 0 && joins.joins === out.joins) return out;
    const single = out.from.froms.length === 1 && !out.using && !out.joins?.length;
    return { ...out, joins: joins.joins, where: this.filtered(out.where, conditions, single) };
  }

  /** Sets `tenant_id` on every row that leaves it out and refuses a row for another tenant. */
  protected override transformInsertQuery(node: InsertQueryNode, queryId?: QueryId): InsertQueryNode {
    const out = super.transformInsertQuery(node, queryId);
    if (!out.into || !this.scopedTable(out.into)) return out;
    if (!out.values || !ValuesNode.is(out.values))
      throw new TenantScopeError('租户范围内写入租户表只支持 values(...)');
    const columns = out.columns ?? [];
    const index = columns.findIndex((c) => isColumn(c, TENANT_COLUMN));
    const rows = out.values.values.map((row) => {
      if (PrimitiveValueListNode.is(row)) {
        if (index === -1) return PrimitiveValueListNode.create([...row.values, this.tenantId]);
        this.checkTenantValue(row.values[index]);
        return row;
      }
      if (index === -1) return ValueListNode.create([...row.values, ValueNode.create(this.tenantId)]);
      const value = row.values[index]!;
      if (DefaultInsertValueNode.is(value))
        return ValueListNode.create(
          row.values.map((v, i) => (i === index ? ValueNode.create(this.tenantId) : v)),
        );
      if (!ValueNode.is(value)) throw new TenantScopeError('租户范围内 tenant_id 只能是常量');
      this.checkTenantValue(value.value);
      return row;
    });
    // An upsert must not take over a conflicting row of another tenant.
    const onConflict =
      out.onConflict?.updates && out.onConflict.updates.length > 0
        ? {
            ...out.onConflict,
            updateWhere: this.filtered(out.onConflict.updateWhere, [this.conditionFor(out.into)!]),
          }
        : out.onConflict;
    return {
      ...out,
      columns: index === -1 ? [...columns, ColumnNode.create(TENANT_COLUMN)] : columns,
      values: ValuesNode.create(rows),
      onConflict,
    };
  }

  protected override transformMergeQuery(node: MergeQueryNode, queryId?: QueryId): MergeQueryNode {
    const target = AliasNode.is(node.into) ? node.into.node : node.into;
    if (this.scopedTable(target)) throw new TenantScopeError('租户范围内不支持对租户表的 MERGE');
    return super.transformMergeQuery(node, queryId);
  }

  /** Raw SQL cannot be rewritten: raw SQL naming a tenant table is refused inside a scope. */
  protected override transformRaw(node: RawNode, queryId?: QueryId): RawNode {
    const named = node.sqlFragments.some((fragment) => this.tables$.test(fragment));
    if (named || node.parameters.some((p) => this.scopedTable(p)))
      throw new TenantScopeError('租户范围内的原生 SQL 不能访问租户表，请改用查询构造器');
    return super.transformRaw(node, queryId);
  }
}

/**
 * The Kysely plugin. Put it after CamelCasePlugin: it then sees the database's snake_case names.
 * `load` reads the tenant-scoped tables (every table with a `tenant_id` column that is not ignored)
 * from the schema; until then a query inside a scope fails rather than running unfiltered.
 */
export class TenantScopePlugin implements KyselyPlugin {
  private tables: ReadonlySet<string> | null = null;
  private filter: TenantFilter | null = null;

  /** The tenant-scoped tables, as loaded. */
  get scopedTables(): ReadonlySet<string> {
    if (!this.tables) throw new TenantScopeError('租户表清单尚未从数据库读取');
    return this.tables;
  }

  async load(db: Kysely<Database>, dialect: 'sqlite' | 'postgres'): Promise<ReadonlySet<string>> {
    const query =
      dialect === 'sqlite'
        ? sql<{ name: string }>`select m.name as name from sqlite_master m
            join pragma_table_info(m.name) c on c.name = ${TENANT_COLUMN}
            where m.type = 'table'`
        : sql<{ name: string }>`select table_name as name from information_schema.columns
            where column_name = ${TENANT_COLUMN} and table_schema = current_schema()`;
    const { rows } = await withoutTenantScope(() => query.execute(db));
    const names = rows.map((r) => r.name).filter((name) => !isTenantIgnoredTable(name));
    this.tables = new Set(names);
    const named = names.length > 0 ? new RegExp(`\\b(?:${names.join('|')})\\b`, 'i') : /$^/;
    this.filter = new TenantFilter(this.tables, named);
    return this.tables;
  }

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    const tenantId = currentTenantScope();
    if (tenantId === null) return node;
    if (!this.filter) throw new TenantScopeError('租户表清单尚未从数据库读取');
    return this.filter.rewrite(node, tenantId);
  }

  transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(result);
  }
}
