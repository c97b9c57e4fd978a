import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';
import { auditedTable } from './audited-table.js';
import { addSeedMenus, insertMenus } from './seed-menus.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then */
type AnyDb = Kysely<any>;

/** Dictionary items the reference's v2.0 server knows beyond the seed, and ours (the React front end). */
const DICT_ITEMS = [
  { dictType: 'infra_codegen_template_type', value: '10', label: '主子表（普通模式）', sort: 10 },
  { dictType: 'infra_codegen_template_type', value: '11', label: '主子表（ERP 模式）', sort: 11 },
  { dictType: 'infra_codegen_template_type', value: '12', label: '主子表（内嵌模式）', sort: 12 },
  { dictType: 'infra_codegen_template_type', value: '15', label: '主子表（子表）', sort: 15 },
  { dictType: 'infra_codegen_front_type', value: '50', label: 'React Ant Design 本项目模版', sort: 50 },
];

/**
 * Code generation: the imported tables' settings (`infra_codegen_table`) and their columns'
 * (`infra_codegen_column`), both global as in the reference; the 代码生成 menu on a database seeded
 * before; the 代码生成示例 directory the generated demo modules hang under (a page in the seed facts,
 * a directory here); and the template and front-end types the seed's dictionaries lack.
 */
export const up = async (db: AnyDb, dialect: DialectName): Promise<void> => {
  await auditedTable(db, dialect, 'infra_codegen_table')
    .addColumn('data_source_config_id', 'bigint', (c) => c.notNull())
    .addColumn('scene', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('table_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('table_comment', 'varchar(500)', (c) => c.notNull())
    .addColumn('remark', 'varchar(500)')
    .addColumn('module_name', 'varchar(30)', (c) => c.notNull())
    .addColumn('business_name', 'varchar(30)', (c) => c.notNull())
    .addColumn('class_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('class_comment', 'varchar(50)', (c) => c.notNull())
    .addColumn('author', 'varchar(50)', (c) => c.notNull())
    .addColumn('template_type', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('front_type', 'smallint', (c) => c.notNull())
    .addColumn('parent_menu_id', 'bigint')
    .addColumn('master_table_id', 'bigint')
    .addColumn('sub_join_column_id', 'bigint')
    .addColumn('sub_join_many', 'smallint')
    .addColumn('tree_parent_column_id', 'bigint')
    .addColumn('tree_name_column_id', 'bigint')
    .execute();
  await db.schema
    .createIndex('idx_infra_codegen_table_name')
    .on('infra_codegen_table')
    .columns(['data_source_config_id', 'table_name'])
    .execute();

  await auditedTable(db, dialect, 'infra_codegen_column')
    .addColumn('table_id', 'bigint', (c) => c.notNull())
    .addColumn('column_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('data_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('column_comment', 'varchar(500)', (c) => c.notNull())
    .addColumn('nullable', 'smallint', (c) => c.notNull())
    .addColumn('primary_key', 'smallint', (c) => c.notNull())
    .addColumn('auto_increment', 'smallint', (c) => c.notNull())
    .addColumn('ordinal_position', 'integer', (c) => c.notNull())
    .addColumn('java_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('java_field', 'varchar(64)', (c) => c.notNull())
    .addColumn('dict_type', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('example', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('create_operation', 'smallint', (c) => c.notNull())
    .addColumn('update_operation', 'smallint', (c) => c.notNull())
    .addColumn('list_operation', 'smallint', (c) => c.notNull())
    .addColumn('list_operation_condition', 'varchar(32)', (c) => c.notNull().defaultTo('='))
    .addColumn('list_operation_result', 'smallint', (c) => c.notNull())
    .addColumn('html_type', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('idx_infra_codegen_column_table')
    .on('infra_codegen_column')
    .columns(['table_id', 'ordinal_position'])
    .execute();

  await addSeedMenus(db, dialect, [115, 1056, 1057, 1058, 1059, 1060]);
  await insertMenus(db, dialect, [
    {
      id: 1070,
      name: '代码生成示例',
      permission: '',
      type: 1,
      sort: 15,
      parentId: 2,
      path: 'demo',
      icon: 'validCode',
    },
  ]);

  const now = Date.now();
  const present = new Set(
    (
      await db
        .selectFrom('system_dict_data')
        .select(['dict_type', 'value'])
        .where(
          'dict_type',
          'in',
          DICT_ITEMS.map((d) => d.dictType),
        )
        .where('deleted', '=', 0)
        .execute()
    ).map((r: { dict_type: string; value: string }) => `${r.dict_type}/${r.value}`),
  );
  const items = DICT_ITEMS.filter((d) => !present.has(`${d.dictType}/${d.value}`)).map((d) => ({
    creator: '1',
    updater: '1',
    create_time: now,
    update_time: now,
    sort: d.sort,
    label: d.label,
    value: d.value,
    dict_type: d.dictType,
    status: 0,
    color_type: '',
    css_class: '',
    remark: null,
  }));
  if (items.length > 0) await db.insertInto('system_dict_data').values(items).execute();
};
