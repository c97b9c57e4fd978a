import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';
import { auditedTable } from './audited-table.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then */
type AnyDb = Kysely<any>;

/**
 * The jobs the reference seeds whose handlers this server has (appendix D of the facts), and ours
 * for the rows that expire; all paused, as the reference seeds them.
 */
const JOBS = [
  ['Job 示例', 'demoJob', '0 0 0 * * ?', 1, 10],
  ['访问日志清理 Job', 'accessLogCleanJob', '0 0 0 * * ?', 3, 0],
  ['错误日志清理 Job', 'errorLogCleanJob', '0 0 0 * * ?', 3, 0],
  ['任务日志清理 Job', 'jobLogCleanJob', '0 0 0 * * ?', 3, 0],
  ['过期令牌清理 Job', 'oauth2TokenCleanJob', '0 30 0 * * ?', 3, 0],
  ['登录失败记录清理 Job', 'loginFailureCleanJob', '0 30 0 * * ?', 3, 0],
] as const;

/** The scheduler: jobs with their next fire time and run lease, and a log row per run. */
export const up = async (db: AnyDb, dialect: DialectName): Promise<void> => {
  await auditedTable(db, dialect, 'infra_job')
    .addColumn('name', 'varchar(32)', (c) => c.notNull())
    .addColumn('status', 'smallint', (c) => c.notNull())
    .addColumn('handler_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('handler_param', 'varchar(255)')
    .addColumn('cron_expression', 'varchar(64)', (c) => c.notNull())
    .addColumn('retry_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('retry_interval', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('monitor_timeout', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_fire_time', 'bigint')
    .addColumn('lease_owner', 'varchar(64)')
    .addColumn('lease_until', 'bigint')
    .execute();
  // What every scheduler tick asks: the due fires of running jobs.
  await db.schema.createIndex('idx_infra_job_due').on('infra_job').columns(['next_fire_time']).execute();

  await auditedTable(db, dialect, 'infra_job_log')
    .addColumn('job_id', 'bigint', (c) => c.notNull())
    .addColumn('handler_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('handler_param', 'varchar(255)')
    .addColumn('execute_index', 'integer', (c) => c.notNull())
    .addColumn('begin_time', 'bigint', (c) => c.notNull())
    .addColumn('end_time', 'bigint')
    .addColumn('duration', 'integer')
    .addColumn('status', 'smallint', (c) => c.notNull())
    .addColumn('result', 'varchar(4000)')
    .execute();
  await db.schema
    .createIndex('idx_infra_job_log_job')
    .on('infra_job_log')
    .columns(['job_id', 'id'])
    .execute();
  await db.schema
    .createIndex('idx_infra_job_log_begin')
    .on('infra_job_log')
    .columns(['begin_time'])
    .execute();

  const now = Date.now();
  await db
    .insertInto('infra_job')
    .values(
      JOBS.map(([name, handlerName, cron, retryCount, retryInterval]) => ({
        creator: '1',
        updater: '1',
        create_time: now,
        update_time: now,
        name,
        status: 2,
        handler_name: handlerName,
        handler_param: null,
        cron_expression: cron,
        retry_count: retryCount,
        retry_interval: retryInterval,
        monitor_timeout: 0,
      })),
    )
    .execute();
};
