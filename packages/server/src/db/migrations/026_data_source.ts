import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../database.js';
import { MENU_SEED } from '../seed-data/menus.js';
import { menuValues } from '../seed.js';
import { auditedTable } from './audited-table.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then */
type AnyDb = Kysely<any>;

/** 基础设施 › 数据源配置 and its buttons (the reference's ids). */
const MENU_IDS = new Set([1255, 1256, 1257, 1258, 1259, 1260]);

/**
 * Data sources (`infra_data_source_config`, global as in the reference; the password sealed), and on a
 * database seeded before, the 数据源配置 menu: a fresh database gets it from the seed, which runs after
 * the migrations.
 */
export const up = async (db: AnyDb, dialect: DialectName): Promise<void> => {
  await auditedTable(db, dialect, 'infra_data_source_config')
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('url', 'varchar(1024)', (c) => c.notNull())
    .addColumn('username', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('password', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .execute();

  // Earlier migrations add menus of their own, so the seed's mark is its users.
  const seeded = await db.selectFrom('system_users').select('id').limit(1).executeTakeFirst();
  if (!seeded) return;
  const present = new Set(
    (
      await db
        .selectFrom('system_menu')
        .select('id')
        .where('id', 'in', [...MENU_IDS])
        .execute()
    ).map((r: { id: number | string }) => Number(r.id)),
  );
  const now = Date.now();
  // Camel-cased names, as the seed writes them: the migrator's Kysely maps them to the columns.
  const menus = menuValues(
    MENU_SEED.filter(([id]) => MENU_IDS.has(id) && !present.has(id)),
    { creator: '1', updater: '1', createTime: now, updateTime: now },
  );
  if (menus.length === 0) return;
  await db.insertInto('system_menu').values(menus).execute();
  if (dialect === 'postgres')
    await sql`select setval(pg_get_serial_sequence('system_menu', 'id'), (select max(id) from system_menu))`.execute(
      db,
    );
};
