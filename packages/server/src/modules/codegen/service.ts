import {
  CODEGEN_SCENE,
  CODEGEN_SUPPORTED_TEMPLATES,
  CODEGEN_TEMPLATE_TYPE,
  CodegenError,
  DataSourceConfigError,
  type CodegenColumn,
  type CodegenDetail,
  type CodegenPreviewFile,
  type CodegenTable,
  type CodegenTableFilter,
  type CodegenUpdate,
  type DatabaseTable,
  type PageResult,
} from '@app/contract';
import { zipSync, strToU8 } from 'fflate';
import type { AppContext, LoginUser } from '../../context.js';
import type { OpenDataSource } from '../../lib/data-source.js';
import { badRequest, fail, ServiceError } from '../../lib/errors.js';
import type { PageParams } from '../../lib/crud/index.js';
import type { DataSourceService } from '../data-source/service.js';
import { type ColumnSettings, defaultColumn, defaultTable } from './defaults.js';
import { generateModule } from './generator/index.js';
import { type DbColumn, listTables, readColumns } from './introspect.js';
import {
  type CodegenColumnRow,
  type CodegenTableRow,
  type NewCodegenColumn,
  codegenRepository,
} from './repository.js';

const toTable = (row: CodegenTableRow): CodegenTable => ({
  ...row,
  subJoinMany: row.subJoinMany === null ? null : row.subJoinMany === 1,
});

const toColumn = (row: CodegenColumnRow): CodegenColumn => ({
  ...row,
  nullable: row.nullable === 1,
  primaryKey: row.primaryKey === 1,
  autoIncrement: row.autoIncrement === 1,
  createOperation: row.createOperation === 1,
  updateOperation: row.updateOperation === 1,
  listOperation: row.listOperation === 1,
  listOperationResult: row.listOperationResult === 1,
});

const flag = (value: boolean) => (value ? 1 : 0);

/** The master templates, whose module includes their sub-tables. */
const MASTER_TEMPLATES: readonly number[] = [
  CODEGEN_TEMPLATE_TYPE.MASTER_NORMAL,
  CODEGEN_TEMPLATE_TYPE.MASTER_ERP,
  CODEGEN_TEMPLATE_TYPE.MASTER_INNER,
];

/** Column settings as the table stores them. */
const storedColumn = (c: ColumnSettings): NewCodegenColumn => ({
  ...c,
  nullable: flag(c.nullable),
  primaryKey: flag(c.primaryKey),
  autoIncrement: flag(c.autoIncrement),
  createOperation: flag(c.createOperation),
  updateOperation: flag(c.updateOperation),
  listOperation: flag(c.listOperation),
  listOperationResult: flag(c.listOperationResult),
});

/**
 * Code generation: tables of a data source imported with their columns' settings guessed, edited, kept
 * in step with the database, and turned into this project's module for the table (preview and zip).
 */
export const codegenService = (ctx: AppContext, dataSources: DataSourceService) => {
  const repo = codegenRepository(ctx.db.kysely);

  /** Runs `work` on an open data source; a source that cannot be reached is 1001007001. */
  const withSource = async <T>(id: number, work: (source: OpenDataSource) => Promise<T>): Promise<T> => {
    const source = await dataSources.connect(id);
    try {
      return await work(source).catch((error: unknown) => {
        if (error instanceof ServiceError) throw error;
        throw fail(DataSourceConfigError.DATA_SOURCE_CONFIG_NOT_OK);
      });
    } finally {
      await source.close().catch(() => {});
    }
  };

  const existing = async (id: number): Promise<CodegenTableRow> => {
    const row = await repo.findTable(id);
    if (!row) throw fail(CodegenError.CODEGEN_TABLE_NOT_EXISTS);
    return row;
  };

  /** A saved table and its columns as the generator reads them, checked for what generation needs. */
  const generatorTable = async (table: CodegenTableRow) => {
    const columns = (await repo.columnsOf(table.id)).map(toColumn);
    const keys = columns.filter((c) => c.primaryKey);
    if (keys.length !== 1 || keys[0]!.columnName !== 'id' || !keys[0]!.autoIncrement)
      throw fail(CodegenError.CODEGEN_PRIMARY_KEY_REQUIRED);
    const nameOf = (id: number | null) => columns.find((c) => c.id === id)?.columnName ?? null;
    return {
      table: {
        ...table,
        treeParentColumn: nameOf(table.treeParentColumnId),
        treeNameColumn: nameOf(table.treeNameColumnId),
      },
      columns,
      nameOf,
    };
  };

  /** What the generator makes the module of: the table, and a master's sub-tables. */
  const generatorInput = async (tableId: number) => {
    const saved = await existing(tableId);
    if (saved.templateType === CODEGEN_TEMPLATE_TYPE.SUB) throw fail(CodegenError.CODEGEN_SUB_WITH_MASTER);
    if (!CODEGEN_SUPPORTED_TEMPLATES.includes(saved.templateType))
      throw fail(CodegenError.CODEGEN_TEMPLATE_NOT_SUPPORTED);
    const { table, columns } = await generatorTable(saved);
    if (!MASTER_TEMPLATES.includes(saved.templateType)) return { table, columns, subs: [] };
    const subTables = await repo.subTablesOf(saved.id);
    if (subTables.length === 0) throw fail(CodegenError.CODEGEN_MASTER_GENERATION_FAIL_NO_SUB_TABLE);
    const subs = await Promise.all(
      subTables.map(async (row) => {
        const sub = await generatorTable(row);
        const joinColumn = sub.nameOf(row.subJoinColumnId);
        if (!joinColumn) throw fail(CodegenError.CODEGEN_SUB_COLUMN_NOT_EXISTS, row.subJoinColumnId ?? '');
        return { table: sub.table, columns: sub.columns, joinColumn, many: row.subJoinMany === 1 };
      }),
    );
    return { table, columns, subs };
  };

  return {
    /** The tables of a data source not imported yet, filtered by name and comment. */
    async databaseTables(
      dataSourceConfigId: number,
      name: string | undefined,
      comment: string | undefined,
    ): Promise<DatabaseTable[]> {
      const imported = new Set((await repo.listBySource(dataSourceConfigId)).map((t) => t.tableName));
      const all = await withSource(dataSourceConfigId, listTables);
      const has = (text: string, part: string | undefined) =>
        part === undefined || text.toLowerCase().includes(part.toLowerCase());
      return all.filter((t) => !imported.has(t.name) && has(t.name, name) && has(t.comment, comment));
    },

    async tableList(dataSourceConfigId: number): Promise<CodegenTable[]> {
      return (await repo.listBySource(dataSourceConfigId)).map(toTable);
    },

    async page(query: CodegenTableFilter & PageParams): Promise<PageResult<CodegenTable>> {
      const { list, total } = await repo.page(query, query);
      return { list: list.map(toTable), total };
    },

    async detail(tableId: number): Promise<CodegenDetail> {
      const table = await existing(tableId);
      return { table: toTable(table), columns: (await repo.columnsOf(tableId)).map(toColumn) };
    },

    /** Imports tables by name with their columns' guessed settings; all or none. */
    async createList(user: LoginUser, dataSourceConfigId: number, tableNames: string[]): Promise<number[]> {
      const imported = new Set((await repo.listBySource(dataSourceConfigId)).map((t) => t.tableName));
      const names = [...new Set(tableNames)];
      const found = await withSource(dataSourceConfigId, async (source) => {
        const tables = new Map((await listTables(source)).map((t) => [t.name, t]));
        const result = [];
        for (const name of names) {
          const table = tables.get(name);
          if (!table) throw fail(CodegenError.CODEGEN_IMPORT_TABLE_NULL);
          if (imported.has(name)) throw fail(CodegenError.CODEGEN_TABLE_EXISTS);
          const columns = await readColumns(source, name);
          if (columns.length === 0) throw fail(CodegenError.CODEGEN_IMPORT_COLUMNS_NULL);
          result.push({ table, columns });
        }
        return result;
      });
      const author = await repo.nicknameOf(user.id);
      const ids: number[] = [];
      for (const { table, columns } of found)
        ids.push(
          await repo.insert(
            { ...defaultTable(table, author), dataSourceConfigId },
            columns.map((c) => storedColumn(defaultColumn(c))),
            ctx.now(),
            user.id,
          ),
        );
      return ids;
    },

    async update(user: LoginUser, { table, columns }: CodegenUpdate): Promise<true> {
      const saved = await existing(table.id);
      const savedColumns = await repo.columnsOf(table.id);
      const ids = new Set(savedColumns.map((c) => c.id));
      if (columns.length !== ids.size || columns.some((c) => !ids.has(c.id)))
        throw fail(CodegenError.CODEGEN_COLUMNS_MISMATCH);
      if (table.scene !== CODEGEN_SCENE.ADMIN) throw fail(CodegenError.CODEGEN_SCENE_NOT_SUPPORTED);
      // A sub-table has no menu: its rows are edited on its master's page.
      if (table.parentMenuId === null && table.templateType !== CODEGEN_TEMPLATE_TYPE.SUB)
        throw fail(CodegenError.CODEGEN_PARENT_MENU_REQUIRED);
      if (!CODEGEN_SUPPORTED_TEMPLATES.includes(table.templateType))
        throw fail(CodegenError.CODEGEN_TEMPLATE_NOT_SUPPORTED);
      const typeOf = new Map(columns.map((c) => [c.id, c.javaType]));
      for (const c of columns) {
        const name = savedColumns.find((s) => s.id === c.id)!.columnName;
        if (c.listOperation && c.listOperationCondition === 'LIKE' && c.javaType !== 'String')
          throw badRequest(`字段 ${name} 不是文本，不能用 LIKE 查询`);
        if (c.listOperation && c.listOperationCondition === 'BETWEEN' && c.javaType !== 'LocalDateTime')
          throw badRequest(`字段 ${name} 不是日期时间，不能用 BETWEEN 查询`);
      }
      if (table.templateType === CODEGEN_TEMPLATE_TYPE.SUB) {
        if (table.masterTableId === null || table.subJoinColumnId === null || table.subJoinMany === null)
          throw fail(CodegenError.CODEGEN_SUB_JOIN_REQUIRED);
        const master = await repo.findTable(table.masterTableId);
        if (!master || master.id === table.id)
          throw fail(CodegenError.CODEGEN_MASTER_TABLE_NOT_EXISTS, table.masterTableId);
        if (!ids.has(table.subJoinColumnId))
          throw fail(CodegenError.CODEGEN_SUB_COLUMN_NOT_EXISTS, table.subJoinColumnId);
      }
      if (table.templateType === CODEGEN_TEMPLATE_TYPE.TREE) {
        const parent = columns.find((c) => c.id === table.treeParentColumnId);
        if (!parent || !columns.some((c) => c.id === table.treeNameColumnId))
          throw fail(CodegenError.CODEGEN_TREE_COLUMNS_REQUIRED);
        if (parent.javaField !== 'parentId' || !['Long', 'Integer'].includes(typeOf.get(parent.id)!))
          throw badRequest('树表的父编号字段必须是整数，java属性为 parentId');
      }
      const { id, subJoinMany, ...settings } = table;
      await repo.update(
        id,
        {
          ...settings,
          dataSourceConfigId: saved.dataSourceConfigId,
          subJoinMany: subJoinMany === null ? null : flag(subJoinMany),
        },
        columns.map((c) => ({
          ...c,
          nullable: flag(c.nullable),
          createOperation: flag(c.createOperation),
          updateOperation: flag(c.updateOperation),
          listOperation: flag(c.listOperation),
          listOperationResult: flag(c.listOperationResult),
        })),
        ctx.now(),
        user.id,
      );
      return true;
    },

    /**
     * Brings the columns in step with the database: new ones added with guessed settings, removed ones
     * dropped, changed ones (type, nullability, key, position) updated; a column that stayed keeps what
     * the user set (its Java type follows a changed database type).
     */
    async syncFromDb(user: LoginUser, tableId: number): Promise<true> {
      const table = await existing(tableId);
      const dbColumns = await withSource(table.dataSourceConfigId, (source) =>
        readColumns(source, table.tableName),
      );
      if (dbColumns.length === 0) throw fail(CodegenError.CODEGEN_SYNC_COLUMNS_NULL);
      const saved = await repo.columnsOf(tableId);
      const byName = new Map(saved.map((c) => [c.columnName, c]));
      const inDb = new Set(dbColumns.map((c) => c.name));
      const added = dbColumns.filter((c) => !byName.has(c.name)).map((c) => storedColumn(defaultColumn(c)));
      const removed = saved.filter((c) => !inDb.has(c.columnName)).map((c) => c.id);
      const changed = dbColumns.flatMap((c: DbColumn) => {
        const before = byName.get(c.name);
        if (!before) return [];
        const now = {
          dataType: c.dataType,
          nullable: flag(c.nullable),
          primaryKey: flag(c.primaryKey),
          autoIncrement: flag(c.autoIncrement),
          ordinalPosition: c.ordinalPosition,
        };
        if ((Object.keys(now) as (keyof typeof now)[]).every((k) => before[k] === now[k])) return [];
        const javaType = before.dataType === c.dataType ? before.javaType : defaultColumn(c).javaType;
        return [{ id: before.id, ...now, javaType }];
      });
      if (added.length + removed.length + changed.length === 0)
        throw fail(CodegenError.CODEGEN_SYNC_NONE_CHANGE);
      await repo.sync(tableId, added, changed, removed, ctx.now(), user.id);
      return true;
    },

    async delete(user: LoginUser, tableId: number): Promise<true> {
      await existing(tableId);
      await repo.delete(tableId, ctx.now(), user.id);
      return true;
    },

    async preview(tableId: number): Promise<CodegenPreviewFile[]> {
      const { table, columns, subs } = await generatorInput(tableId);
      return generateModule(table, columns, subs);
    },

    /** The generated files as a zip, and the table's name for the file name. */
    async download(tableId: number): Promise<{ tableName: string; zip: Uint8Array }> {
      const { table, columns, subs } = await generatorInput(tableId);
      const files = await generateModule(table, columns, subs);
      const zip = zipSync(Object.fromEntries(files.map((f) => [f.filePath, strToU8(f.code)])), {
        mtime: ctx.now(),
      });
      return { tableName: table.tableName, zip };
    },
  };
};
export type CodegenService = ReturnType<typeof codegenService>;
