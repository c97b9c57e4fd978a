import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../database.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then */
type AnyDb = Kysely<any>;

/** The database config that files stored before this migration already name in their URLs. */
const DATABASE_CONFIG_ID = 4;

/**
 * File storage configs (`infra_file_config`, global as in the reference): which storage each
 * client uses and its settings as JSON (secrets sealed inside). The database config the earlier
 * avatar uploads used is seeded as the master, so uploads work on a fresh start and the files
 * already stored stay readable under their URLs. Database storage moves to 1 MiB chunks. Indexes
 * serve the file list and the public read.
 */
export const up = async (db: AnyDb, dialect: DialectName): Promise<void> => {
  const id = (t: any) =>
    dialect === 'postgres'
      ? t.addColumn('id', 'bigint', (c: any) => c.primaryKey().generatedByDefaultAsIdentity())
      : t.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());
  await id(db.schema.createTable('infra_file_config'))
    .addColumn('name', 'varchar(63)', (c: any) => c.notNull())
    .addColumn('storage', 'smallint', (c: any) => c.notNull())
    .addColumn('remark', 'varchar(255)')
    .addColumn('master', 'smallint', (c: any) => c.notNull().defaultTo(0))
    .addColumn('config', 'varchar(4096)', (c: any) => c.notNull().defaultTo('{}'))
    .addColumn('creator', 'varchar(64)')
    .addColumn('create_time', 'bigint', (c: any) => c.notNull().defaultTo(sql`0`))
    .addColumn('updater', 'varchar(64)')
    .addColumn('update_time', 'bigint', (c: any) => c.notNull().defaultTo(sql`0`))
    .addColumn('deleted', 'smallint', (c: any) => c.notNull().defaultTo(0))
    .execute();

  const now = Date.now();
  await db
    .insertInto('infra_file_config')
    .values({
      id: DATABASE_CONFIG_ID,
      name: '数据库',
      storage: 1,
      remark: '文件内容保存在数据库中',
      master: 1,
      config: '{}',
      creator: '1',
      updater: '1',
      create_time: now,
      update_time: now,
    })
    .execute();
  if (dialect === 'postgres') {
    await sql`select setval(pg_get_serial_sequence('infra_file_config', 'id'), (select max(id) from infra_file_config))`.execute(
      db,
    );
  }

  // Database storage keeps a file in numbered chunks, so no statement holds a whole large file;
  // the files stored before are chunk 0 of themselves.
  await db.schema
    .alterTable('infra_file_content')
    .addColumn('chunk_no', 'integer', (c: any) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.dropIndex('uk_infra_file_content_path').execute();
  await db.schema
    .createIndex('uk_infra_file_content_chunk')
    .unique()
    .on('infra_file_content')
    .columns(['config_id', 'path', 'chunk_no'])
    .execute();

  await db.schema
    .createIndex('idx_infra_file_config_path')
    .on('infra_file')
    .columns(['config_id', 'path'])
    .execute();
  await db.schema.createIndex('idx_infra_file_create_time').on('infra_file').column('create_time').execute();
};
