import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../database.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then */
type AnyDb = Kysely<any>;

/**
 * 基础设施 › WebSocket 测试. The reference's v1.8.3 seed has no menu for the page (its page exists), so
 * its id lies above the reference's; the seed does not list it, so this inserts it on a fresh
 * database (before the seed, whose menu ids are all lower) as on an existing one.
 */
const MENU = {
  id: 2745,
  name: 'WebSocket 测试',
  permission: '',
  type: 2,
  sort: 16,
  parent_id: 2,
  path: 'websocket',
  icon: 'message',
  component: 'infra/webSocket/index',
  component_name: 'InfraWebSocket',
};

export const up = async (db: AnyDb, dialect: DialectName): Promise<void> => {
  const present = await db
    .selectFrom('system_menu')
    .select('id')
    .where('id', '=', MENU.id)
    .executeTakeFirst();
  if (present) return;
  const now = Date.now();
  await db
    .insertInto('system_menu')
    .values({
      ...MENU,
      creator: '1',
      updater: '1',
      create_time: now,
      update_time: now,
      status: 0,
      visible: 1,
      keep_alive: 1,
      always_show: 1,
    })
    .execute();
  // Explicit ids leave PostgreSQL's identity behind; new menus must not run into this one.
  if (dialect === 'postgres')
    await sql`select setval(pg_get_serial_sequence('system_menu', 'id'), (select max(id) from system_menu))`.execute(
      db,
    );
};
