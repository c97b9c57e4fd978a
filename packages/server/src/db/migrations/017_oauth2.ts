import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../database.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then */
type AnyDb = Kysely<any>;

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
const int0 = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
const emptyList = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('[]');

/**
 * The OAuth2 authorization server: the client columns the reference has beyond the login's needs
 * (plus `pkce_required`), refresh-token families and rotation, authorization codes and remembered
 * approvals (both tenant-scoped, codes stored as digests), and the console's own `default` client
 * when a database lacks it. Client secrets are kept sealed by the server (`v1:` values); the plain
 * secret an earlier seed stored is cleared, so that client takes no secret until one is set.
 */
export const up = async (db: AnyDb, dialect: DialectName): Promise<void> => {
  const idColumn = (t: any) =>
    dialect === 'postgres'
      ? t.addColumn('id', 'bigint', (c: ColumnDefinitionBuilder) =>
          c.primaryKey().generatedByDefaultAsIdentity(),
        )
      : t.addColumn('id', 'integer', (c: ColumnDefinitionBuilder) => c.primaryKey().autoIncrement());
  const audited = (name: string) =>
    idColumn(db.schema.createTable(name))
      .addColumn('creator', 'varchar(64)')
      .addColumn('create_time', 'bigint', (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(sql`0`))
      .addColumn('updater', 'varchar(64)')
      .addColumn('update_time', 'bigint', (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(sql`0`))
      .addColumn('deleted', 'smallint', int0)
      .addColumn('tenant_id', 'bigint', int0);

  // SQLite adds one column per statement.
  const client = () => db.schema.alterTable('system_oauth2_client');
  await client().addColumn('authorities', 'text', emptyList).execute();
  await client().addColumn('resource_ids', 'text', emptyList).execute();
  await client().addColumn('additional_information', 'text').execute();
  await client().addColumn('pkce_required', 'smallint', int0).execute();

  // Every token issued by one grant shares a family; a refresh token used twice revokes it whole.
  const refresh = () => db.schema.alterTable('system_oauth2_refresh_token');
  await refresh()
    .addColumn('family', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
  await refresh().addColumn('rotated', 'smallint', int0).execute();
  await db.schema
    .createIndex('idx_system_oauth2_refresh_token_family')
    .on('system_oauth2_refresh_token')
    .column('family')
    .execute();
  // 令牌管理 lists a tenant's unexpired access tokens, newest first.
  await db.schema
    .createIndex('idx_system_oauth2_access_token_list')
    .on('system_oauth2_access_token')
    .columns(['tenant_id', 'expires_time'])
    .execute();

  await audited('system_oauth2_code')
    .addColumn('user_id', 'bigint', notNull)
    .addColumn('user_type', 'smallint', notNull)
    .addColumn('code', 'varchar(64)', notNull)
    .addColumn('client_id', 'varchar(255)', notNull)
    .addColumn('scopes', 'text', emptyList)
    .addColumn('expires_time', 'bigint', notNull)
    .addColumn('redirect_uri', 'varchar(1024)', notNull)
    .addColumn('state', 'varchar(1024)', (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(''))
    .addColumn('code_challenge', 'varchar(128)')
    .addColumn('code_challenge_method', 'varchar(16)')
    .execute();
  await db.schema
    .createIndex('uk_system_oauth2_code')
    .unique()
    .on('system_oauth2_code')
    .column('code')
    .execute();

  await audited('system_oauth2_approve')
    .addColumn('user_id', 'bigint', notNull)
    .addColumn('user_type', 'smallint', notNull)
    .addColumn('client_id', 'varchar(255)', notNull)
    .addColumn('scope', 'varchar(255)', notNull)
    .addColumn('approved', 'smallint', int0)
    .addColumn('expires_time', 'bigint', notNull)
    .execute();
  await db.schema
    .createIndex('uk_system_oauth2_approve')
    .unique()
    .on('system_oauth2_approve')
    .columns(['tenant_id', 'user_id', 'user_type', 'client_id', 'scope'])
    .execute();

  await db
    .updateTable('system_oauth2_client')
    .set({ secret: '' })
    .where('secret', 'not like', 'v1:%')
    .execute();
  const existing = await db
    .selectFrom('system_oauth2_client')
    .select('id')
    .where('client_id', '=', 'default')
    .where('deleted', '=', 0)
    .executeTakeFirst();
  if (!existing) {
    const now = Date.now();
    await db
      .insertInto('system_oauth2_client')
      .values({
        creator: '1',
        updater: '1',
        create_time: now,
        update_time: now,
        client_id: 'default',
        secret: '',
        name: '后台管理系统',
        logo: '',
        description: '后台管理系统自身的登录客户端',
        status: 0,
        access_token_validity_seconds: 1800,
        refresh_token_validity_seconds: 43200,
        redirect_uris: '[]',
        authorized_grant_types: JSON.stringify(['password', 'refresh_token']),
        scopes: JSON.stringify(['user.read', 'user.write']),
        auto_approve_scopes: '[]',
      })
      .execute();
  }
};
