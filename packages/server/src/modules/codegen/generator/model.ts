import { CODEGEN_TEMPLATE_TYPE } from '@app/contract';

/** What the generator reads of a table's settings (the saved codegen table, its tree columns by name). */
export interface GenTable {
  tableName: string;
  tableComment: string;
  moduleName: string;
  businessName: string;
  className: string;
  classComment: string;
  author: string;
  templateType: number;
  parentMenuId: number | null;
  /** Tree template: the parent column's and the shown name column's names. */
  treeParentColumn: string | null;
  treeNameColumn: string | null;
}

/** What the generator reads of a column's settings. */
export interface GenColumn {
  columnName: string;
  dataType: string;
  columnComment: string;
  nullable: boolean;
  primaryKey: boolean;
  javaType: string;
  javaField: string;
  dictType: string;
  example: string;
  createOperation: boolean;
  updateOperation: boolean;
  listOperation: boolean;
  listOperationCondition: string;
  listOperationResult: boolean;
  htmlType: string;
}

/** A sub-table of a master/sub template: its settings, the column naming the master row, one or many. */
export interface GenSub {
  table: GenTable;
  columns: readonly GenColumn[];
  joinColumn: string;
  many: boolean;
}

export interface GeneratedFile {
  filePath: string;
  code: string;
}

/** The audit columns of `auditedTable`, which every generated module treats alike. */
export const AUDIT_COLUMNS = ['creator', 'create_time', 'updater', 'update_time', 'deleted'] as const;
export const TENANT_COLUMN = 'tenant_id';

const words = (text: string): string[] =>
  text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());

export const camelCase = (text: string): string =>
  words(text)
    .map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1)))
    .join('');
export const pascalCase = (text: string): string => {
  const camel = camelCase(text);
  return camel.charAt(0).toUpperCase() + camel.slice(1);
};
export const kebabCase = (text: string): string => words(text).join('-');
export const constantCase = (text: string): string => words(text).join('_').toUpperCase();

/** FNV-1a of a text: stable numbers for a module's menu ids and error codes. */
const hash = (text: string): number => {
  let h = 0x811c9dc5;
  for (const c of text) {
    h ^= c.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
};

/** A generated number kept apart from the reference's and the seed's, from the module's name. */
const slot = (text: string): number => hash(text) % 90_000;

/**
 * The names one table's module is known by, all derived from the settings: the domain (`demo01-contact`:
 * folders, file names, the API path and permissions), the TypeScript names, the menu's ids (a block of
 * ten from 100000, above every seeded id) and its error codes (a block of a hundred from 1_100_000_000, above
 * the reference's).
 */
export const namesOf = (table: GenTable) => {
  const domain = kebabCase(table.className);
  const camel = camelCase(table.className);
  const pascal = pascalCase(table.className);
  const key = `${table.moduleName}:${domain}`;
  const n = slot(key);
  return {
    domain,
    camel,
    pascal,
    constant: constantCase(table.className),
    entity: table.classComment,
    /** Kysely's name of the table (its CamelCasePlugin maps it). */
    tableKey: camelCase(table.tableName),
    apiBase: `/${table.moduleName}/${domain}`,
    permission: (action: string) => `${key}:${action}`,
    menuId: 100_000 + n * 10,
    /** A block of a hundred: the master's codes, then ten for each sub-table. */
    errorBase: 1_100_000_000 + n * 100,
    /** The page's menu component, and so its file below the feature's pages/. */
    component: `${table.moduleName}/${table.businessName}/index`,
    componentName: `${pascalCase(table.moduleName)}${pascal}`,
    isTree: table.templateType === CODEGEN_TEMPLATE_TYPE.TREE,
    /** A master whose sub-tables are edited in its form (普通) or also shown under its rows (内嵌). */
    isMaster: MASTER_TEMPLATES.has(table.templateType),
    isInner: table.templateType === CODEGEN_TEMPLATE_TYPE.MASTER_INNER,
    /** A master whose sub-tables have lists of their own below its list (ERP). */
    isErp: table.templateType === CODEGEN_TEMPLATE_TYPE.MASTER_ERP,
  };
};

const MASTER_TEMPLATES = new Set<number>([
  CODEGEN_TEMPLATE_TYPE.MASTER_NORMAL,
  CODEGEN_TEMPLATE_TYPE.MASTER_INNER,
]);

/**
 * The names of a sub-table within its master's module: its own (types, schemas) from its class name;
 * the field of the master's body and the path segment from its table name without the module, as the
 * reference names them (`infra_demo03_course` → `demo03Courses`, `/demo03-course/list-by-student-id`).
 */
export const subNamesOf = (master: GenTable, sub: GenSub) => {
  const own = namesOf(sub.table);
  const bare = sub.table.tableName.replace(new RegExp(`^${master.moduleName}_`), '');
  const join = sub.columns.find((c) => c.columnName === sub.joinColumn)!;
  return {
    ...own,
    segment: kebabCase(bare),
    field: `${camelCase(bare)}${sub.many ? 's' : ''}`,
    join,
    /** `list-by-student-id` or `get-by-student-id`. */
    byJoin: `${sub.many ? 'list' : 'get'}-by-${kebabCase(join.javaField)}`,
  };
};
export type SubNames = ReturnType<typeof subNamesOf>;
export type Names = ReturnType<typeof namesOf>;

/** The columns of a table as the generator sorts them. */
export const columnsOf = (columns: readonly GenColumn[]) => {
  const audit = new Set<string>(AUDIT_COLUMNS);
  const business = columns.filter(
    (c) => !c.primaryKey && !audit.has(c.columnName) && c.columnName !== TENANT_COLUMN,
  );
  const names = new Set(columns.map((c) => c.columnName));
  // The key first, the creation time last, the table's own columns between, as lists and searches show them.
  const rank = (c: GenColumn) => (c.primaryKey ? 0 : c.columnName === 'create_time' ? 2 : 1);
  const ordered = [...columns].sort((a, b) => rank(a) - rank(b));
  return {
    business,
    audited: AUDIT_COLUMNS.every((name) => names.has(name)),
    tenant: names.has(TENANT_COLUMN),
    createTime: columns.find((c) => c.columnName === 'create_time'),
    created: business.filter((c) => c.createOperation),
    updated: business.filter((c) => c.updateOperation),
    /** Business columns a row shows (the form reads them too) plus the creation time when listed. */
    shown: business.filter((c) => c.listOperationResult || c.createOperation || c.updateOperation),
    searched: ordered.filter((c) => c.listOperation && !c.primaryKey),
    listed: ordered.filter((c) => c.listOperationResult),
  };
};

/** `varchar(100)` → 100; undefined for types without a length. */
export const maxLengthOf = (column: GenColumn): number | undefined => {
  const m = /\((\d+)\)/.exec(column.dataType);
  return m && /char/i.test(column.dataType) ? Number(m[1]) : undefined;
};

/**
 * The values a whole-number column holds, by its type (the table may be one that was imported, with a
 * smallint); none for Long, whose bigint holds every safe integer. PostgreSQL refuses a value beyond it.
 */
export const wholeRangeOf = (c: GenColumn): { min: number; max: number } | undefined =>
  c.javaType !== 'Integer'
    ? undefined
    : /^(tinyint|smallint|int2|smallserial)/i.test(c.dataType)
      ? { min: -32_768, max: 32_767 }
      : { min: -2_147_483_648, max: 2_147_483_647 };

/** A number as TypeScript source, its thousands apart (`-32_768`). */
export const numberLiteral = (n: number): string => n.toLocaleString('en').replace(/,/g, '_');

export const isNumeric = (c: GenColumn) => ['Long', 'Integer', 'Double', 'BigDecimal'].includes(c.javaType);
export const isWhole = (c: GenColumn) => c.javaType === 'Long' || c.javaType === 'Integer';
export const isDateTime = (c: GenColumn) => c.javaType === 'LocalDateTime';
export const isBoolean = (c: GenColumn) => c.javaType === 'Boolean';
/** A label for messages: the comment without what follows a space or bracket (`性别 1男 2女` → 性别). */
export const labelOf = (c: GenColumn): string => c.columnComment.split(/[\s(（:：,，]/)[0] || c.columnName;

/** A TypeScript string literal. */
export const str = (text: string): string => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
