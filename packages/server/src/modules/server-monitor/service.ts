import type { ServerMonitorInfo } from '@app/contract';
import { statSync } from 'node:fs';
import { freemem, hostname, totalmem } from 'node:os';
import { getHeapStatistics } from 'node:v8';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ProcessSampler } from './process-sampler.js';
import type { RequestStats } from './request-stats.js';

const fileSize = (file: string): number | null => {
  try {
    return statSync(file).size;
  } catch {
    return null;
  }
};

const databaseFigures = async (db: Db): Promise<ServerMonitorInfo['database']> => {
  if (db.dialect === 'postgres') {
    const { rows } = await sql<{
      size: number | string;
    }>`select pg_database_size(current_database()) as size`.execute(db.kysely);
    const pool = db.pool;
    return {
      dialect: 'postgres',
      sizeBytes: rows[0] ? Number(rows[0].size) : null,
      walBytes: null,
      pool: pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : null,
    };
  }
  const { rows } = await sql<{
    size: number;
  }>`select page_count * page_size as size from pragma_page_count(), pragma_page_size()`.execute(db.kysely);
  return {
    dialect: 'sqlite',
    sizeBytes: db.sqliteFile ? fileSize(db.sqliteFile) : (rows[0]?.size ?? null),
    walBytes: db.sqliteFile ? fileSize(`${db.sqliteFile}-wal`) : null,
    pool: null,
  };
};

/** 服务监控: this instance's process, machine, requests and database. */
export const serverMonitorService = (db: Db, sampler: ProcessSampler, requests: RequestStats) => ({
  async monitorInfo(): Promise<ServerMonitorInfo> {
    const window = sampler.read();
    const memory = process.memoryUsage();
    return {
      ...window,
      instance: {
        hostname: hostname(),
        pid: process.pid,
        nodeVersion: process.version,
        platform: process.platform,
        arch: process.arch,
        startTime: Math.round(performance.timeOrigin),
        uptimeSeconds: Math.round(process.uptime()),
      },
      memory: {
        rss: memory.rss,
        heapUsed: memory.heapUsed,
        heapTotal: memory.heapTotal,
        heapLimit: getHeapStatistics().heap_size_limit,
        external: memory.external,
        arrayBuffers: memory.arrayBuffers,
        systemTotal: totalmem(),
        systemFree: freemem(),
      },
      http: requests.read(),
      database: await databaseFigures(db),
    };
  },
});
