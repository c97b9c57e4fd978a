import type { CodegenColumn, CodegenTable } from '@app/contract';

// Test data of the codegen pages' tests.

const at = new Date(2026, 10, 20, 8, 0, 0).getTime();

export const contactTable: CodegenTable = {
  id: 1,
  dataSourceConfigId: 0,
  scene: 1,
  tableName: 'demo01_contact',
  tableComment: '示例联系人表',
  remark: null,
  moduleName: 'infra',
  businessName: 'demo01-contact',
  className: 'Demo01Contact',
  classComment: '示例联系人',
  author: '芋道源码',
  templateType: 1,
  frontType: 50,
  parentMenuId: 2,
  masterTableId: null,
  subJoinColumnId: null,
  subJoinMany: null,
  treeParentColumnId: null,
  treeNameColumnId: null,
  createTime: at,
  updateTime: at + 60_000,
};

export const column = (
  id: number,
  columnName: string,
  overrides: Partial<CodegenColumn> = {},
): CodegenColumn => ({
  id,
  tableId: contactTable.id,
  columnName,
  dataType: 'VARCHAR',
  columnComment: `${columnName}注释`,
  nullable: false,
  primaryKey: false,
  autoIncrement: false,
  ordinalPosition: id,
  javaType: 'String',
  javaField: columnName,
  dictType: '',
  example: '',
  createOperation: true,
  updateOperation: true,
  listOperation: false,
  listOperationCondition: '=',
  listOperationResult: true,
  htmlType: 'input',
  createTime: at,
  ...overrides,
});
