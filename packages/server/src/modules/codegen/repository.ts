import { CODEGEN_TEMPLATE_TYPE, type CodegenTableFilter } from '@app/contract';
import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { CodegenColumnTable, CodegenTableTable } from '../../db/codegen-schema.js';
import type { Database } from '../../db/schema.js';
import {
  type Page,
  type PageParams,
  contains,
  createdStamp,
  fetchPage,
  notDeleted,
  softDeleted,
  updatedStamp,
} from '../../lib/crud/index.js';

/** The columns this repository reads (every column of the tables: its callers map whole rows). */
export const columns = {
  table: [
    'id',
    'dataSourceConfigId',
    'scene',
    'tableName',
    'tableComment',
    'remark',
    'moduleName',
    'businessName',
    'className',
    'classComment',
    'author',
    'templateType',
    'frontType',
    'parentMenuId',
    'masterTableId',
    'subJoinColumnId',
    'subJoinMany',
    'treeParentColumnId',
    'treeNameColumnId',
    'createTime',
    'updateTime',
  ],
  column: [
    'id',
    'tableId',
    'columnName',
    'dataType',
    'columnComment',
    'nullable',
    'primaryKey',
    'autoIncrement',
    'ordinalPosition',
    'javaType',
    'javaField',
    'dictType',
    'example',
    'createOperation',
    'updateOperation',
    'listOperation',
    'listOperationCondition',
    'listOperationResult',
    'htmlType',
    'createTime',
  ],
} as const;

export type CodegenTableRow = Pick<Selectable<CodegenTableTable>, (typeof columns.table)[number]>;
export type CodegenColumnRow = Pick<Selectable<CodegenColumnTable>, (typeof columns.column)[number]>;
export type NewCodegenTable = Omit<
  Insertable<CodegenTableTable>,
  'creator' | 'updater' | 'createTime' | 'updateTime'
>;
export type NewCodegenColumn = Omit<
  Insertable<CodegenColumnTable>,
  'tableId' | 'creator' | 'updater' | 'createTime' | 'updateTime'
>;

/** `infra_codegen_table` and `infra_codegen_column`: global, deleted logically, a table's columns with it. */
export const codegenRepository = (db: Kysely<Database>) => {
  const tables = () => db.selectFrom('infraCodegenTable').where(notDeleted());

  const insertColumns = async (
    tx: Transaction<Database>,
    tableId: number,
    rows: readonly NewCodegenColumn[],
    at: number,
    by: number,
  ) => {
    if (rows.length > 0)
      await tx
        .insertInto('infraCodegenColumn')
        .values(rows.map((c) => ({ ...c, tableId, ...createdStamp(at, by) })))
        .execute();
  };

  return {
    page: (filter: CodegenTableFilter, page: PageParams): Promise<Page<CodegenTableRow>> => {
      let q = tables();
      if (filter.tableName) q = q.where(contains('tableName', filter.tableName));
      if (filter.tableComment) q = q.where(contains('tableComment', filter.tableComment));
      if (filter.className) q = q.where(contains('className', filter.className));
      const [from, to] = filter.createTime ?? [null, null];
      if (from !== null) q = q.where('createTime', '>=', from);
      if (to !== null) q = q.where('createTime', '<=', to);
      return fetchPage(q, page, (rows) => rows.select(columns.table).orderBy('id', 'desc'));
    },

    listBySource: (dataSourceConfigId: number): Promise<CodegenTableRow[]> =>
      tables()
        .select(columns.table)
        .where('dataSourceConfigId', '=', dataSourceConfigId)
        .orderBy('id')
        .execute(),

    /** The sub-tables of a master table. */
    subTablesOf: (masterTableId: number): Promise<CodegenTableRow[]> =>
      tables()
        .select(columns.table)
        .where('masterTableId', '=', masterTableId)
        .where('templateType', '=', CODEGEN_TEMPLATE_TYPE.SUB)
        .orderBy('id')
        .execute(),

    findTable: (id: number): Promise<CodegenTableRow | undefined> =>
      tables().select(columns.table).where('id', '=', id).executeTakeFirst(),

    columnsOf: (tableId: number): Promise<CodegenColumnRow[]> =>
      db
        .selectFrom('infraCodegenColumn')
        .select(columns.column)
        .where('tableId', '=', tableId)
        .where(notDeleted())
        .orderBy('ordinalPosition')
        .orderBy('id')
        .execute(),

    /** A table with its columns, in one transaction; its id. */
    insert: (
      table: NewCodegenTable,
      rows: readonly NewCodegenColumn[],
      at: number,
      by: number,
    ): Promise<number> =>
      db.transaction().execute(async (tx) => {
        const { id } = await tx
          .insertInto('infraCodegenTable')
          .values({ ...table, ...createdStamp(at, by) })
          .returning('id')
          .executeTakeFirstOrThrow();
        await insertColumns(tx, Number(id), rows, at, by);
        return Number(id);
      }),

    /** The table's settings and each column's (by id), in one transaction. */
    update: (
      id: number,
      table: Updateable<CodegenTableTable>,
      changes: readonly (Updateable<CodegenColumnTable> & { id: number })[],
      at: number,
      by: number,
    ): Promise<void> =>
      db.transaction().execute(async (tx) => {
        await tx
          .updateTable('infraCodegenTable')
          .set({ ...table, ...updatedStamp(at, by) })
          .where('id', '=', id)
          .execute();
        for (const { id: columnId, ...change } of changes)
          await tx
            .updateTable('infraCodegenColumn')
            .set({ ...change, ...updatedStamp(at, by) })
            .where('id', '=', columnId)
            .where('tableId', '=', id)
            .execute();
      }),

    /** A sync: columns added, changed (by id) and removed (by id), and the table's update time. */
    sync: (
      tableId: number,
      added: readonly NewCodegenColumn[],
      changed: readonly (Updateable<CodegenColumnTable> & { id: number })[],
      removed: readonly number[],
      at: number,
      by: number,
    ): Promise<void> =>
      db.transaction().execute(async (tx) => {
        await insertColumns(tx, tableId, added, at, by);
        for (const { id, ...change } of changed)
          await tx
            .updateTable('infraCodegenColumn')
            .set({ ...change, ...updatedStamp(at, by) })
            .where('id', '=', id)
            .execute();
        if (removed.length > 0)
          await tx
            .updateTable('infraCodegenColumn')
            .set(softDeleted(at, by))
            .where('id', 'in', removed)
            .execute();
        await tx
          .updateTable('infraCodegenTable')
          .set(updatedStamp(at, by))
          .where('id', '=', tableId)
          .execute();
      }),

    delete: (id: number, at: number, by: number): Promise<void> =>
      db.transaction().execute(async (tx) => {
        await tx.updateTable('infraCodegenTable').set(softDeleted(at, by)).where('id', '=', id).execute();
        await tx
          .updateTable('infraCodegenColumn')
          .set(softDeleted(at, by))
          .where('tableId', '=', id)
          .where(notDeleted())
          .execute();
      }),

    /** The nickname written as a new table's author. */
    nicknameOf: async (userId: number): Promise<string> =>
      (await db.selectFrom('systemUsers').select('nickname').where('id', '=', userId).executeTakeFirst())
        ?.nickname ?? '',
  };
};
