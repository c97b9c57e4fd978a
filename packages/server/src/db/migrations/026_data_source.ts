import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';
import { auditedTable } from './audited-table.js';
import { addSeedMenus } from './seed-menus.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then */
type AnyDb = Kysely<any>;

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

  await addSeedMenus(db, dialect, [1255, 1256, 1257, 1258, 1259, 1260]);
};
