import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';
import { addSeedMenus } from './seed-menus.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then */

/** 基础设施 › Redis 监控 (with its buttons), 表单构建 and 系统接口, for databases seeded before them. */
export const up = async (db: Kysely<any>, dialect: DialectName): Promise<void> => {
  await addSeedMenus(db, dialect, [113, 1066, 1067, 114, 116]);
};
