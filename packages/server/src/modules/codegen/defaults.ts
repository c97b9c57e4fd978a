import { CODEGEN_FRONT_TYPE, CODEGEN_SCENE, CODEGEN_TEMPLATE_TYPE } from '@app/contract';
import { AUDIT_COLUMNS, camelCase, type GenColumn, pascalCase, TENANT_COLUMN } from './generator/model.js';
import type { DbColumn, DbTable } from './introspect.js';

/* The settings an imported table and its columns start with, as the reference's CodegenBuilder guesses them. */

/** The column settings a user edits, as saved: what the generator reads, and where the column stands. */
export interface ColumnSettings extends GenColumn {
  autoIncrement: boolean;
  ordinalPosition: number;
}

/** The reference's Java type of a database type, by the first rule that matches. */
const JAVA_TYPES: readonly [RegExp, string][] = [
  [/^(tinyint\(1\)|bit|bool)/i, 'Boolean'],
  [/^(bigint|int8|bigserial)/i, 'Long'],
  [/^(int|integer|smallint|tinyint|mediumint|int2|int4|serial|smallserial)/i, 'Integer'],
  [/^(decimal|numeric|money)/i, 'BigDecimal'],
  [/^(double|float|real)/i, 'Double'],
  [/^(datetime|timestamp|date|time)/i, 'LocalDateTime'],
];

/** Bigint columns of this project hold times as epoch milliseconds; their names tell them apart. */
const TIME_NAME = /(_time|_date|^birthday)$/;

const javaTypeOf = (column: DbColumn): string => {
  const type = JAVA_TYPES.find(([pattern]) => pattern.test(column.dataType.trim()))?.[1] ?? 'String';
  return type === 'Long' && TIME_NAME.test(column.name) ? 'LocalDateTime' : type;
};

/** Widgets by the end of the column's name, as the reference maps them. */
const HTML_TYPES: readonly [RegExp, string][] = [
  [/status$/, 'radio'],
  [/sex$/, 'radio'],
  [/type$/, 'select'],
  [/(image|avatar|pic|picture)(_url)?$/, 'imageUpload'],
  [/file(_url)?$/, 'fileUpload'],
  [/(content|description)$/, 'editor'],
];

const DICT_TYPES: readonly [RegExp, string][] = [
  [/^status$/, 'common_status'],
  [/^sex$/, 'system_user_sex'],
];

const NOT_WRITTEN = new Set<string>([...AUDIT_COLUMNS, TENANT_COLUMN]);
/** The creation time stays searchable and listed, as in the reference. */
const NOT_SEARCHED = new Set<string>([...AUDIT_COLUMNS, TENANT_COLUMN].filter((c) => c !== 'create_time'));

export const defaultColumn = (column: DbColumn): ColumnSettings => {
  const javaType = javaTypeOf(column);
  const written = !column.primaryKey && !NOT_WRITTEN.has(column.name);
  const searched = !column.primaryKey && !NOT_SEARCHED.has(column.name) && javaType !== 'BigDecimal';
  const htmlType =
    javaType === 'LocalDateTime'
      ? 'datetime'
      : (HTML_TYPES.find(([pattern]) => pattern.test(column.name))?.[1] ?? 'input');
  return {
    columnName: column.name,
    dataType: column.dataType,
    columnComment: column.comment || column.name,
    nullable: column.nullable,
    primaryKey: column.primaryKey,
    autoIncrement: column.autoIncrement,
    ordinalPosition: column.ordinalPosition,
    javaType,
    javaField: camelCase(column.name),
    dictType: DICT_TYPES.find(([pattern]) => pattern.test(column.name))?.[1] ?? '',
    example: '',
    createOperation: written,
    updateOperation: written,
    // Text is searched by its name only; other columns by value.
    listOperation: searched && (javaType !== 'String' || /name$/.test(column.name)) && htmlType !== 'editor',
    listOperationCondition:
      javaType === 'LocalDateTime' ? 'BETWEEN' : /name$/.test(column.name) ? 'LIKE' : '=',
    listOperationResult: !NOT_SEARCHED.has(column.name),
    htmlType,
  };
};

/** A table's first settings: module and business from its name (`infra_demo01_contact` → infra, demo01). */
export const defaultTable = (table: DbTable, author: string) => {
  const [moduleName = 'biz', ...rest] = table.name.toLowerCase().split('_');
  const businessName = rest[0] ?? moduleName;
  const comment = table.comment || table.name;
  return {
    scene: CODEGEN_SCENE.ADMIN,
    tableName: table.name,
    tableComment: comment,
    remark: null,
    moduleName: /^[a-z][a-z0-9]*$/.test(moduleName) ? moduleName : 'biz',
    businessName: /^[a-z][a-z0-9]*$/.test(businessName) ? businessName : 'biz',
    className: pascalCase(rest.length > 0 ? rest.join('_') : table.name) || 'Entity',
    classComment: comment.replace(/表$/, '') || comment,
    author,
    templateType: CODEGEN_TEMPLATE_TYPE.ONE,
    frontType: CODEGEN_FRONT_TYPE.REACT_ANTD,
  };
};
