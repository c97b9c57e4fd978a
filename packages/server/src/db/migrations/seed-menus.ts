import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../database.js';
import { MENU_SEED } from '../seed-data/menus.js';
import { menuValues } from '../seed.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then */

/**
 * Gives a database seeded before some menus of the seed facts those menus (`ids`, with their buttons
 * listed too). A fresh database gets them from the seed, which runs after the migrations; earlier
 * migrations add menus of their own, so the seed's mark is its users. Returns whether the database
 * was seeded.
 */
export const addSeedMenus = async (
  db: Kysely<any>,
  dialect: DialectName,
  ids: readonly number[],
): Promise<boolean> => {
  const seeded = await db.selectFrom('system_users').select('id').limit(1).executeTakeFirst();
  if (!seeded) return false;
  const present = new Set(
    (
      await db
        .selectFrom('system_menu')
        .select('id')
        .where('id', 'in', [...ids])
        .execute()
    ).map((r: { id: number | string }) => Number(r.id)),
  );
  const now = Date.now();
  // Camel-cased names, as the seed writes them: the migrator's Kysely maps them to the columns.
  const menus = menuValues(
    MENU_SEED.filter(([id]) => ids.includes(id) && !present.has(id)),
    { creator: '1', updater: '1', createTime: now, updateTime: now },
  );
  if (menus.length > 0) await db.insertInto('system_menu').values(menus).execute();
  // Explicit ids leave PostgreSQL's identity behind; new menus must not run into these.
  if (dialect === 'postgres')
    await sql`select setval(pg_get_serial_sequence('system_menu', 'id'), (select max(id) from system_menu))`.execute(
      db,
    );
  return true;
};

/** A menu a migration adds with its own id (a module made by 代码生成). */
export interface MenuInsert {
  id: number;
  name: string;
  permission: string;
  /** 1 directory, 2 menu, 3 button. */
  type: 1 | 2 | 3;
  sort: number;
  parentId: number;
  path?: string;
  icon?: string;
  component?: string;
  componentName?: string;
}

/**
 * Adds `menus` that are not there yet, on a fresh database too: their ids lie outside the seed's, so
 * the seed, which runs after the migrations, adds its own beside them (a parent among them included).
 */
export const insertMenus = async (
  db: Kysely<any>,
  dialect: DialectName,
  menus: readonly MenuInsert[],
): Promise<void> => {
  const present = new Set(
    (
      await db
        .selectFrom('system_menu')
        .select('id')
        .where(
          'id',
          'in',
          menus.map((m) => m.id),
        )
        .execute()
    ).map((r: { id: number | string }) => Number(r.id)),
  );
  const now = Date.now();
  const rows = menus
    .filter((m) => !present.has(m.id))
    .map((m) => ({
      creator: '1',
      updater: '1',
      create_time: now,
      update_time: now,
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
  if (rows.length > 0) await db.insertInto('system_menu').values(rows).execute();
  if (dialect === 'postgres')
    await sql`select setval(pg_get_serial_sequence('system_menu', 'id'), (select max(id) from system_menu))`.execute(
      db,
    );
};
