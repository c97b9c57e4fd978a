import type { Generated } from 'kysely';
import type { Audit } from '../lib/crud/audit.js';

/* Tables of code generation (migration 029); see schema.ts for the conventions. Global (no tenant). */

export interface CodegenTableTable extends Audit {
  id: Generated<number>;
  dataSourceConfigId: number;
  /** infra_codegen_scene: 1 管理后台, 2 用户 APP. */
  scene: number;
  tableName: string;
  tableComment: string;
  remark: string | null;
  moduleName: string;
  businessName: string;
  className: string;
  classComment: string;
  author: string;
  /** infra_codegen_template_type. */
  templateType: number;
  frontType: number;
  parentMenuId: number | null;
  masterTableId: number | null;
  subJoinColumnId: number | null;
  /** 0/1; null unless a sub-table. */
  subJoinMany: number | null;
  treeParentColumnId: number | null;
  treeNameColumnId: number | null;
}

/** Booleans are 0/1, as elsewhere. */
export interface CodegenColumnTable extends Audit {
  id: Generated<number>;
  tableId: number;
  columnName: string;
  dataType: string;
  columnComment: string;
  nullable: number;
  primaryKey: number;
  autoIncrement: number;
  ordinalPosition: number;
  javaType: string;
  javaField: string;
  dictType: string;
  example: string;
  createOperation: number;
  updateOperation: number;
  listOperation: number;
  listOperationCondition: string;
  listOperationResult: number;
  htmlType: string;
}
