import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../database.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then */
type AnyDb = Kysely<any>;
type Table = CreateTableBuilder<string, any>;

const nowMs = sql`0`;

/** Adds an auto-increment primary key, creator/updater and times, and the logical-delete flag. */
const base = (t: Table, dialect: DialectName): Table =>
  (dialect === 'postgres'
    ? t.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('creator', 'varchar(64)')
    .addColumn('create_time', 'bigint', (c) => c.notNull().defaultTo(nowMs))
    .addColumn('updater', 'varchar(64)')
    .addColumn('update_time', 'bigint', (c) => c.notNull().defaultTo(nowMs))
    .addColumn('deleted', 'smallint', (c) => c.notNull().defaultTo(0));

const tenant = (t: Table): Table => t.addColumn('tenant_id', 'bigint', (c) => c.notNull().defaultTo(0));
const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
const int0 = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
const str = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');

export const up = async (db: AnyDb, dialect: DialectName): Promise<void> => {
  const create = (name: string) => base(db.schema.createTable(name), dialect);

  await create('system_tenant')
    .addColumn('name', 'varchar(30)', notNull)
    .addColumn('contact_user_id', 'bigint')
    .addColumn('contact_name', 'varchar(30)', str)
    .addColumn('contact_mobile', 'varchar(500)')
    .addColumn('status', 'smallint', int0)
    .addColumn('domain', 'varchar(256)')
    .addColumn('package_id', 'bigint', int0)
    .addColumn('expire_time', 'bigint', notNull)
    .addColumn('account_count', 'integer', notNull)
    .execute();
  await db.schema.createIndex('uk_system_tenant_name').on('system_tenant').column('name').execute();

  await tenant(create('system_users'))
    .addColumn('username', 'varchar(30)', notNull)
    .addColumn('password', 'varchar(100)', str)
    .addColumn('nickname', 'varchar(30)', notNull)
    .addColumn('remark', 'varchar(500)')
    .addColumn('dept_id', 'bigint')
    .addColumn('email', 'varchar(50)')
    .addColumn('mobile', 'varchar(11)')
    .addColumn('sex', 'smallint')
    .addColumn('avatar', 'varchar(512)')
    .addColumn('status', 'smallint', int0)
    .addColumn('login_ip', 'varchar(50)')
    .addColumn('login_date', 'bigint')
    .execute();
  await db.schema
    .createIndex('uk_system_users_username')
    .on('system_users')
    .columns(['tenant_id', 'username'])
    .execute();
  await db.schema.createIndex('idx_system_users_mobile').on('system_users').column('mobile').execute();

  await tenant(create('system_role'))
    .addColumn('name', 'varchar(30)', notNull)
    .addColumn('code', 'varchar(100)', notNull)
    .addColumn('sort', 'integer', int0)
    .addColumn('data_scope', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('data_scope_dept_ids', 'varchar(500)', (c) => c.notNull().defaultTo('[]'))
    .addColumn('status', 'smallint', int0)
    .addColumn('type', 'smallint', notNull)
    .addColumn('remark', 'varchar(500)')
    .execute();
  await db.schema
    .createIndex('idx_system_role_tenant')
    .on('system_role')
    .columns(['tenant_id', 'code'])
    .execute();

  await create('system_menu')
    .addColumn('name', 'varchar(50)', notNull)
    .addColumn('permission', 'varchar(100)', str)
    .addColumn('type', 'smallint', notNull)
    .addColumn('sort', 'integer', int0)
    .addColumn('parent_id', 'bigint', int0)
    .addColumn('path', 'varchar(200)', str)
    .addColumn('icon', 'varchar(100)', str)
    .addColumn('component', 'varchar(255)')
    .addColumn('component_name', 'varchar(255)')
    .addColumn('status', 'smallint', int0)
    .addColumn('visible', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('keep_alive', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('always_show', 'smallint', (c) => c.notNull().defaultTo(1))
    .execute();

  await tenant(create('system_user_role'))
    .addColumn('user_id', 'bigint', notNull)
    .addColumn('role_id', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('idx_system_user_role_user').on('system_user_role').column('user_id').execute();
  await db.schema.createIndex('idx_system_user_role_role').on('system_user_role').column('role_id').execute();

  await tenant(create('system_role_menu'))
    .addColumn('role_id', 'bigint', notNull)
    .addColumn('menu_id', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('idx_system_role_menu_role').on('system_role_menu').column('role_id').execute();

  await tenant(create('system_dept'))
    .addColumn('name', 'varchar(30)', notNull)
    .addColumn('parent_id', 'bigint', int0)
    .addColumn('sort', 'integer', int0)
    .addColumn('leader_user_id', 'bigint')
    .addColumn('phone', 'varchar(11)')
    .addColumn('email', 'varchar(50)')
    .addColumn('status', 'smallint', int0)
    .execute();
  await db.schema
    .createIndex('idx_system_dept_parent')
    .on('system_dept')
    .columns(['tenant_id', 'parent_id'])
    .execute();

  await tenant(create('system_post'))
    .addColumn('code', 'varchar(64)', notNull)
    .addColumn('name', 'varchar(50)', notNull)
    .addColumn('sort', 'integer', int0)
    .addColumn('status', 'smallint', int0)
    .addColumn('remark', 'varchar(500)')
    .execute();

  await tenant(create('system_user_post'))
    .addColumn('user_id', 'bigint', notNull)
    .addColumn('post_id', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('idx_system_user_post_user').on('system_user_post').column('user_id').execute();

  await create('system_dict_type')
    .addColumn('name', 'varchar(100)', notNull)
    .addColumn('type', 'varchar(100)', notNull)
    .addColumn('status', 'smallint', int0)
    .addColumn('remark', 'varchar(500)')
    .execute();
  await db.schema.createIndex('uk_system_dict_type_type').on('system_dict_type').column('type').execute();

  await create('system_dict_data')
    .addColumn('sort', 'integer', int0)
    .addColumn('label', 'varchar(100)', notNull)
    .addColumn('value', 'varchar(100)', notNull)
    .addColumn('dict_type', 'varchar(100)', notNull)
    .addColumn('status', 'smallint', int0)
    .addColumn('color_type', 'varchar(100)', str)
    .addColumn('css_class', 'varchar(100)', str)
    .addColumn('remark', 'varchar(500)')
    .execute();
  await db.schema
    .createIndex('idx_system_dict_data_type')
    .on('system_dict_data')
    .columns(['dict_type', 'sort'])
    .execute();

  await create('system_oauth2_client')
    .addColumn('client_id', 'varchar(255)', notNull)
    .addColumn('secret', 'varchar(255)', notNull)
    .addColumn('name', 'varchar(255)', notNull)
    .addColumn('logo', 'varchar(255)', str)
    .addColumn('description', 'varchar(255)')
    .addColumn('status', 'smallint', int0)
    .addColumn('access_token_validity_seconds', 'integer', notNull)
    .addColumn('refresh_token_validity_seconds', 'integer', notNull)
    .addColumn('redirect_uris', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('authorized_grant_types', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('scopes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('auto_approve_scopes', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .createIndex('uk_system_oauth2_client_id')
    .on('system_oauth2_client')
    .column('client_id')
    .execute();

  await tenant(create('system_oauth2_access_token'))
    .addColumn('user_id', 'bigint', notNull)
    .addColumn('user_type', 'smallint', notNull)
    .addColumn('access_token', 'varchar(64)', notNull)
    .addColumn('refresh_token', 'varchar(64)', notNull)
    .addColumn('client_id', 'varchar(255)', notNull)
    .addColumn('scopes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('expires_time', 'bigint', notNull)
    .execute();
  await db.schema
    .createIndex('uk_system_oauth2_access_token')
    .unique()
    .on('system_oauth2_access_token')
    .column('access_token')
    .execute();
  await db.schema
    .createIndex('idx_system_oauth2_access_token_refresh')
    .on('system_oauth2_access_token')
    .column('refresh_token')
    .execute();

  await tenant(create('system_oauth2_refresh_token'))
    .addColumn('user_id', 'bigint', notNull)
    .addColumn('user_type', 'smallint', notNull)
    .addColumn('refresh_token', 'varchar(64)', notNull)
    .addColumn('client_id', 'varchar(255)', notNull)
    .addColumn('scopes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('expires_time', 'bigint', notNull)
    .execute();
  await db.schema
    .createIndex('uk_system_oauth2_refresh_token')
    .unique()
    .on('system_oauth2_refresh_token')
    .column('refresh_token')
    .execute();

  await tenant(create('system_login_log'))
    .addColumn('log_type', 'smallint', notNull)
    .addColumn('trace_id', 'varchar(64)', str)
    .addColumn('user_id', 'bigint', int0)
    .addColumn('user_type', 'smallint', notNull)
    .addColumn('username', 'varchar(50)', str)
    .addColumn('result', 'smallint', notNull)
    .addColumn('user_ip', 'varchar(50)', str)
    .addColumn('user_agent', 'varchar(512)', str)
    .execute();
  await db.schema
    .createIndex('idx_system_login_log_time')
    .on('system_login_log')
    .columns(['tenant_id', 'create_time'])
    .execute();
};
