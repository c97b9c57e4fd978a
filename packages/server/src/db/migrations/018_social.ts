import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../database.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then */
type AnyDb = Kysely<any>;
type Table = CreateTableBuilder<string, any>;

const base = (t: Table, dialect: DialectName): Table =>
  (dialect === 'postgres'
    ? t.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('creator', 'varchar(64)')
    .addColumn('create_time', 'bigint', (c) => c.notNull().defaultTo(sql`0`))
    .addColumn('updater', 'varchar(64)')
    .addColumn('update_time', 'bigint', (c) => c.notNull().defaultTo(sql`0`))
    .addColumn('deleted', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().defaultTo(0));

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

/** 系统管理 › 社交管理 › 社交客户端 and its buttons; ids above the reference's seed. */
const MENUS = [
  {
    id: 2739,
    name: '社交管理',
    permission: '',
    type: 1,
    sort: 12,
    parentId: 1,
    path: 'social',
    icon: 'link',
  },
  {
    id: 2740,
    name: '社交客户端',
    permission: '',
    type: 2,
    sort: 1,
    parentId: 2739,
    path: 'client',
    icon: 'tool',
    component: 'system/social/client/index',
    componentName: 'SystemSocialClient',
  },
  {
    id: 2741,
    name: '客户端查询',
    permission: 'system:social-client:query',
    type: 3,
    sort: 1,
    parentId: 2740,
  },
  {
    id: 2742,
    name: '客户端创建',
    permission: 'system:social-client:create',
    type: 3,
    sort: 2,
    parentId: 2740,
  },
  {
    id: 2743,
    name: '客户端更新',
    permission: 'system:social-client:update',
    type: 3,
    sort: 3,
    parentId: 2740,
  },
  {
    id: 2744,
    name: '客户端删除',
    permission: 'system:social-client:delete',
    type: 3,
    sort: 4,
    parentId: 2740,
  },
];

const SOCIAL_TYPES = [
  { value: '10', label: '码云', colorType: 'danger' },
  { value: '20', label: '钉钉', colorType: 'primary' },
  { value: '30', label: '企业微信', colorType: 'success' },
  { value: '90', label: '通用 OAuth 2.0', colorType: 'info' },
];

const CONFIGS = [
  {
    name: '用户管理-开放注册',
    configKey: 'system.user.register-enabled',
    value: 'false',
    remark: '设为 true 后登录页显示“注册”，任何人可在租户内注册账号',
  },
  {
    name: '用户管理-注册用户的角色编码',
    configKey: 'system.user.register-role-code',
    value: 'common',
    remark: '注册的用户获得该编码的角色；租户没有该角色时，第一次注册时创建（无菜单，仅本人数据权限）',
  },
];

/**
 * Social sign-in: each tenant's clients of the social platforms (the client secret sealed), the
 * social accounts seen and their bindings to users, and the nonces of used sign-in states (without
 * Redis). Also the 社交客户端 menu with its buttons, the `system_social_type` dictionary and the
 * self-registration configuration (off by default), so that existing databases get them too.
 */
export const up = async (db: AnyDb, dialect: DialectName): Promise<void> => {
  const create = (name: string) => base(db.schema.createTable(name), dialect);

  await create('system_social_client')
    .addColumn('name', 'varchar(255)', notNull)
    .addColumn('social_type', 'smallint', notNull)
    .addColumn('user_type', 'smallint', notNull)
    .addColumn('client_id', 'varchar(255)', notNull)
    .addColumn('client_secret', 'varchar(512)', notNull)
    .addColumn('agent_id', 'varchar(255)')
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('authorize_url', 'varchar(512)')
    .addColumn('token_url', 'varchar(512)')
    .addColumn('user_info_url', 'varchar(512)')
    .addColumn('scope', 'varchar(255)')
    .execute();
  await db.schema
    .createIndex('idx_system_social_client_type')
    .on('system_social_client')
    .columns(['tenant_id', 'social_type', 'user_type'])
    .execute();

  await create('system_social_user')
    .addColumn('type', 'smallint', notNull)
    .addColumn('openid', 'varchar(255)', notNull)
    .addColumn('token', 'varchar(2048)')
    .addColumn('raw_token_info', 'text', notNull)
    .addColumn('nickname', 'varchar(255)', notNull)
    .addColumn('avatar', 'varchar(1024)')
    .addColumn('raw_user_info', 'text', notNull)
    .addColumn('code', 'varchar(512)', notNull)
    .addColumn('state', 'varchar(1024)', notNull)
    .execute();
  await db.schema
    .createIndex('idx_system_social_user_openid')
    .on('system_social_user')
    .columns(['tenant_id', 'type', 'openid'])
    .execute();
  await db.schema
    .createIndex('idx_system_social_user_code')
    .on('system_social_user')
    .columns(['tenant_id', 'type', 'code'])
    .execute();

  await create('system_social_user_bind')
    .addColumn('user_id', 'bigint', notNull)
    .addColumn('user_type', 'smallint', notNull)
    .addColumn('social_type', 'smallint', notNull)
    .addColumn('social_user_id', 'bigint', notNull)
    .execute();
  await db.schema
    .createIndex('idx_system_social_user_bind_social')
    .on('system_social_user_bind')
    .columns(['tenant_id', 'social_user_id'])
    .execute();
  await db.schema
    .createIndex('idx_system_social_user_bind_user')
    .on('system_social_user_bind')
    .columns(['tenant_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('system_social_state')
    .addColumn('nonce', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('expire_time', 'bigint', notNull)
    .execute();
  await db.schema
    .createIndex('idx_system_social_state_expire')
    .on('system_social_state')
    .column('expire_time')
    .execute();

  const now = Date.now();
  const audit = { creator: '1', updater: '1', create_time: now, update_time: now };

  // A fresh database runs this before the seed, whose menu ids are all lower.
  const taken = new Set(
    (
      await db
        .selectFrom('system_menu')
        .select('id')
        .where(
          'id',
          'in',
          MENUS.map((m) => m.id),
        )
        .execute()
    ).map((r: { id: number | string }) => Number(r.id)),
  );
  const menus = MENUS.filter((m) => !taken.has(m.id)).map((m) => ({
    ...audit,
    id: m.id,
    name: m.name,
    permission: m.permission,
    type: m.type,
    sort: m.sort,
    parent_id: m.parentId,
    path: m.path ?? '',
    icon: m.icon ?? '',
    component: m.component ?? null,
    component_name: m.componentName ?? null,
    status: 0,
    visible: 1,
    keep_alive: 1,
    always_show: 1,
  }));
  if (menus.length > 0) await db.insertInto('system_menu').values(menus).execute();
  // Explicit ids leave PostgreSQL's identity behind; new menus must not run into these.
  if (dialect === 'postgres')
    await sql`select setval(pg_get_serial_sequence('system_menu', 'id'), (select max(id) from system_menu))`.execute(
      db,
    );

  const dictType = await db
    .selectFrom('system_dict_type')
    .select('id')
    .where('type', '=', 'system_social_type')
    .where('deleted', '=', 0)
    .executeTakeFirst();
  if (!dictType) {
    await db
      .insertInto('system_dict_type')
      .values({ ...audit, name: '社交类型', type: 'system_social_type', status: 0, remark: '社交登录的平台' })
      .execute();
    await db
      .insertInto('system_dict_data')
      .values(
        SOCIAL_TYPES.map((t, i) => ({
          ...audit,
          sort: i + 1,
          label: t.label,
          value: t.value,
          dict_type: 'system_social_type',
          status: 0,
          color_type: t.colorType,
          css_class: '',
          remark: null,
        })),
      )
      .execute();
  }

  for (const config of CONFIGS) {
    const existing = await db
      .selectFrom('infra_config')
      .select('id')
      .where('config_key', '=', config.configKey)
      .where('deleted', '=', 0)
      .executeTakeFirst();
    if (existing) continue;
    await db
      .insertInto('infra_config')
      .values({
        ...audit,
        category: 'biz',
        type: 1,
        name: config.name,
        config_key: config.configKey,
        value: config.value,
        visible: 1,
        remark: config.remark,
      })
      .execute();
  }
};
