import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';
import { addSeedMenus, insertMenus, type MenuInsert } from './seed-menus.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then */

/**
 * 基础设施 › 服务监控 (112) and 数据库监控 (111): the reference's ids for its Java tools, replaced by
 * native pages. The reference gives them no buttons; theirs lie above its ids (after 2745, WebSocket
 * 测试), so they are inserted on a fresh database too, before the seed adds the two menus.
 */
const BUTTONS: MenuInsert[] = [
  { id: 2746, name: '服务监控查询', permission: 'infra:server:query', type: 3, sort: 1, parentId: 112 },
  { id: 2747, name: '数据库监控查询', permission: 'infra:druid:query', type: 3, sort: 1, parentId: 111 },
  { id: 2748, name: '统计重置', permission: 'infra:druid:reset', type: 3, sort: 2, parentId: 111 },
];

export const up = async (db: Kysely<any>, dialect: DialectName): Promise<void> => {
  await addSeedMenus(db, dialect, [111, 112]);
  await insertMenus(db, dialect, BUTTONS);
};
