import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../database.js';
import { MEMBER_SMS_LOGIN_TEMPLATE_SEED } from '../seed-data/sms.js';
import { auditedTable } from './audited-table.js';
import { addSeedMenus } from './seed-menus.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then */
type AnyDb = Kysely<any>;

/** 会员中心 › 会员管理 with its buttons (查询, 更新, 等级修改), as the seed facts number them. */
const MENUS = [2262, 2317, 2318, 2319, 2335];

/**
 * Gives a database seeded before members the template their SMS sign-in sends codes with, on the
 * channel of the console's sign-in template (a fresh database gets it from the seed). Without that
 * template there is no channel to choose: an administrator adds the template in 短信模板.
 */
const addMemberSmsTemplate = async (db: AnyDb): Promise<void> => {
  const template = MEMBER_SMS_LOGIN_TEMPLATE_SEED;
  const present = await db
    .selectFrom('system_sms_template')
    .select('id')
    .where('code', '=', template.code)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  const consoleTemplate = await db
    .selectFrom('system_sms_template')
    // Camel-cased, as the migrator's Kysely maps names both ways.
    .select(['channelId', 'channelCode', 'apiTemplateId'])
    .where('code', '=', 'admin-sms-login')
    .where('deleted', '=', 0)
    .executeTakeFirst();
  if (present || !consoleTemplate) return;
  const now = Date.now();
  await db
    .insertInto('system_sms_template')
    .values({
      creator: '1',
      updater: '1',
      create_time: now,
      update_time: now,
      type: 1,
      status: 0,
      code: template.code,
      name: template.name,
      content: template.content,
      params: JSON.stringify(template.params),
      remark: null,
      api_template_id: consoleTemplate.apiTemplateId,
      channel_id: consoleTemplate.channelId,
      channel_code: consoleTemplate.channelCode,
    })
    .execute();
};

/**
 * The shop's members, apart from staff users (system_users): they sign in through the member API
 * with a mobile and a password or an SMS code; and their delivery addresses. Both per tenant.
 */
export const up = async (db: AnyDb, dialect: DialectName): Promise<void> => {
  const tenant = { tenant: true };
  await auditedTable(db, dialect, 'member_user', tenant)
    .addColumn('mobile', 'varchar(11)', (c) => c.notNull())
    .addColumn('password', 'varchar(100)')
    .addColumn('nickname', 'varchar(30)', (c) => c.notNull())
    .addColumn('avatar', 'varchar(512)')
    .addColumn('name', 'varchar(30)')
    .addColumn('sex', 'smallint')
    .addColumn('birthday', 'bigint')
    .addColumn('area_id', 'integer')
    .addColumn('mark', 'varchar(255)')
    .addColumn('level_id', 'bigint', (c) => c.notNull().defaultTo(1))
    .addColumn('status', 'smallint', (c) => c.notNull())
    .addColumn('register_ip', 'varchar(50)')
    .addColumn('register_terminal', 'smallint')
    .addColumn('login_ip', 'varchar(50)')
    .addColumn('login_date', 'bigint')
    .execute();
  // One member per mobile in a tenant: sign-in looks members up by it, and a first SMS sign-in
  // racing another for the same mobile registers one member.
  await db.schema
    .createIndex('uk_member_user_mobile')
    .on('member_user')
    .columns(['tenant_id', 'mobile'])
    .unique()
    .where(sql.ref('deleted'), '=', 0)
    .execute();
  // 会员管理 lists a tenant's members newest first.
  await db.schema
    .createIndex('idx_member_user_tenant')
    .on('member_user')
    .columns(['tenant_id', 'deleted', 'id'])
    .execute();

  await auditedTable(db, dialect, 'member_address', tenant)
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('name', 'varchar(30)', (c) => c.notNull())
    .addColumn('mobile', 'varchar(11)', (c) => c.notNull())
    .addColumn('area_id', 'integer', (c) => c.notNull())
    .addColumn('detail_address', 'varchar(250)', (c) => c.notNull())
    .addColumn('default_status', 'smallint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('idx_member_address_user')
    .on('member_address')
    .columns(['tenant_id', 'user_id'])
    .execute();
  // At most one default address per member: making one the default clears the others first.
  await db.schema
    .createIndex('uk_member_address_default')
    .on('member_address')
    .columns(['tenant_id', 'user_id'])
    .unique()
    .where(sql.ref('default_status'), '=', 1)
    .where(sql.ref('deleted'), '=', 0)
    .execute();

  if (await addSeedMenus(db, dialect, MENUS)) await addMemberSmsTemplate(db);
};
