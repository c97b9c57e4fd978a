import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../database.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then */
type AnyDb = Kysely<any>;
type Table = CreateTableBuilder<string, any>;

const audit = (t: Table): Table =>
  t
    .addColumn('creator', 'varchar(64)')
    .addColumn('create_time', 'bigint', (c) => c.notNull().defaultTo(sql`0`))
    .addColumn('updater', 'varchar(64)')
    .addColumn('update_time', 'bigint', (c) => c.notNull().defaultTo(sql`0`));

/** Auto-increment id, tenant, audit columns and the logical-delete flag. */
const numbered = (t: Table, dialect: DialectName): Table =>
  audit(
    (dialect === 'postgres'
      ? t.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    ).addColumn('tenant_id', 'bigint', (c) => c.notNull()),
  ).addColumn('deleted', 'smallint', (c) => c.notNull().defaultTo(0));

/** A string id (as Flowable gives models and definitions) and the tenant. */
const stringKeyed = (t: Table): Table =>
  t
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'bigint', (c) => c.notNull());

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

/**
 * Workflow management: forms, user groups, models, the process definitions deployed from them
 * (one row per version, never deleted) and the task assignment rules of models and definitions.
 */
export const up = async (db: AnyDb, dialect: DialectName): Promise<void> => {
  const index = (name: string, table: string, columns: string[]) =>
    db.schema.createIndex(name).on(table).columns(columns).execute();

  await numbered(db.schema.createTable('bpm_form'), dialect)
    .addColumn('name', 'varchar(64)', notNull)
    .addColumn('status', 'smallint', notNull)
    // JSON object text of the designer's schema without its components.
    .addColumn('conf', 'text', notNull)
    // JSON array of the components' JSON texts.
    .addColumn('fields', 'text', notNull)
    .addColumn('remark', 'varchar(255)')
    .execute();
  await index('idx_bpm_form_tenant_name', 'bpm_form', ['tenant_id', 'name']);

  await numbered(db.schema.createTable('bpm_user_group'), dialect)
    .addColumn('name', 'varchar(30)', notNull)
    .addColumn('description', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    // JSON array of user ids.
    .addColumn('member_user_ids', 'text', notNull)
    .addColumn('status', 'smallint', notNull)
    .execute();
  await index('idx_bpm_user_group_tenant_name', 'bpm_user_group', ['tenant_id', 'name']);
  await index('idx_bpm_user_group_tenant_status', 'bpm_user_group', ['tenant_id', 'status']);
  await index('idx_bpm_user_group_tenant_time', 'bpm_user_group', ['tenant_id', 'create_time']);

  await audit(stringKeyed(db.schema.createTable('bpm_model')))
    .addColumn('deleted', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('key', 'varchar(64)', notNull)
    .addColumn('name', 'varchar(64)', notNull)
    .addColumn('description', 'varchar(500)')
    .addColumn('category', 'varchar(64)')
    .addColumn('bpmn_xml', 'text')
    .addColumn('form_type', 'smallint')
    .addColumn('form_id', 'bigint')
    .addColumn('form_custom_create_path', 'varchar(255)')
    .addColumn('form_custom_view_path', 'varchar(255)')
    // The latest deployed definition.
    .addColumn('process_definition_id', 'varchar(64)')
    .execute();
  // Keys are unique among live models; deleted ones keep theirs, so the service checks.
  await index('idx_bpm_model_tenant_key', 'bpm_model', ['tenant_id', 'key']);
  await index('idx_bpm_model_tenant_category', 'bpm_model', ['tenant_id', 'category']);
  await index('idx_bpm_model_tenant_time', 'bpm_model', ['tenant_id', 'create_time']);

  await audit(stringKeyed(db.schema.createTable('bpm_process_definition')))
    .addColumn('model_id', 'varchar(64)', notNull)
    .addColumn('key', 'varchar(64)', notNull)
    .addColumn('version', 'integer', notNull)
    .addColumn('name', 'varchar(64)', notNull)
    .addColumn('description', 'varchar(500)')
    .addColumn('category', 'varchar(64)')
    .addColumn('bpmn_xml', 'text', notNull)
    .addColumn('form_type', 'smallint')
    .addColumn('form_id', 'bigint')
    .addColumn('form_conf', 'text')
    .addColumn('form_fields', 'text')
    .addColumn('form_custom_create_path', 'varchar(255)')
    .addColumn('form_custom_view_path', 'varchar(255)')
    // 1 active, 2 suspended.
    .addColumn('suspension_state', 'smallint', notNull)
    .addColumn('deployment_time', 'bigint', notNull)
    .execute();
  await db.schema
    .createIndex('uk_bpm_process_definition_version')
    .on('bpm_process_definition')
    .columns(['tenant_id', 'key', 'version'])
    .unique()
    .execute();
  await index('idx_bpm_process_definition_model', 'bpm_process_definition', ['tenant_id', 'model_id']);
  await index('idx_bpm_process_definition_state', 'bpm_process_definition', [
    'tenant_id',
    'suspension_state',
  ]);

  await numbered(db.schema.createTable('bpm_task_assign_rule'), dialect)
    .addColumn('model_id', 'varchar(64)', notNull)
    // '' on the model's own rules; the definition id on the copies made at deploy.
    .addColumn('process_definition_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('task_definition_key', 'varchar(255)', notNull)
    .addColumn('type', 'smallint', notNull)
    // JSON array of ids (roles, departments, posts, users, groups or scripts).
    .addColumn('options', 'text', notNull)
    .execute();
  await index('idx_bpm_task_assign_rule_model', 'bpm_task_assign_rule', [
    'tenant_id',
    'model_id',
    'process_definition_id',
  ]);
  await index('idx_bpm_task_assign_rule_definition', 'bpm_task_assign_rule', [
    'tenant_id',
    'process_definition_id',
    'task_definition_key',
  ]);
};
