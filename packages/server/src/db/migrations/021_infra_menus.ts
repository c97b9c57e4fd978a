import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';
import { DICT_DATA_SEED, DICT_TYPE_SEED } from '../seed-data/dicts.js';
import { addSeedMenus } from './seed-menus.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then */
type AnyDb = Kysely<any>;

/** 基础设施 › 定时任务, API 日志 and 文件管理 with their buttons, and 系统管理 › 地区管理 (the reference's ids). */
const MENU_IDS = [
  110, 1050, 1051, 1052, 1053, 1054, 1075, 1087, 1078, 1082, 1083, 1084, 1085, 1086, 1088, 1089, 1090, 1091,
  1092, 1237, 1238, 1239, 1240, 1241, 1242, 1243, 2083,
];
const DICT_TYPES = ['infra_operate_type'];

/**
 * Brings databases seeded before the infrastructure pages (and 地区管理) up to the seed: their menus and the
 * API access log's operate-type dictionary. A fresh database gets both from the seed, which runs
 * after the migrations, so this changes nothing there.
 */
export const up = async (db: AnyDb, dialect: DialectName): Promise<void> => {
  if (!(await addSeedMenus(db, dialect, MENU_IDS))) return;

  const now = Date.now();
  const audit = { creator: '1', updater: '1', create_time: now, update_time: now };
  for (const type of DICT_TYPES) {
    const existing = await db
      .selectFrom('system_dict_type')
      .select('id')
      .where('type', '=', type)
      .where('deleted', '=', 0)
      .executeTakeFirst();
    if (existing) continue;
    const { name, status } = DICT_TYPE_SEED.find((t) => t.type === type)!;
    await db
      .insertInto('system_dict_type')
      .values({ ...audit, name, type, status, remark: null })
      .execute();
    await db
      .insertInto('system_dict_data')
      .values(
        DICT_DATA_SEED.filter((d) => d.dictType === type).map((d) => ({
          ...audit,
          sort: d.sort,
          label: d.label,
          value: d.value,
          dict_type: type,
          status: d.status,
          color_type: d.colorType,
          css_class: d.cssClass,
          remark: null,
        })),
      )
      .execute();
  }
};
