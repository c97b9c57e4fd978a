import { z } from 'zod';
import { defineEndpoint, permission } from '../endpoint.js';

/* 服务监控 (/infra/server): the Node process and machine of the instance that answers; global to all tenants. */

const ms = z.number().nonnegative();

export const serverMonitorInfo = z.object({
  /** When these figures were read (epoch ms). */
  sampleTime: z.number().int(),
  /** The window the CPU, event-loop, GC and request figures cover, in seconds (the last sampling period). */
  windowSeconds: z.number().nonnegative(),
  instance: z.object({
    hostname: z.string(),
    pid: z.number().int(),
    nodeVersion: z.string(),
    platform: z.string(),
    arch: z.string(),
    /** Process start (epoch ms). */
    startTime: z.number().int(),
    uptimeSeconds: z.number().nonnegative(),
  }),
  cpu: z.object({
    cores: z.number().int(),
    /** The process's CPU time over the window, as a share of the whole machine (%). */
    processPercent: z.number().nonnegative(),
    /** The machine's busy time over the window, all cores (%). */
    machinePercent: z.number().nonnegative(),
    /** 1, 5 and 15 minute load averages (zeros where the platform has none). */
    loadAverage: z.array(z.number()),
  }),
  memory: z.object({
    rss: z.number().int(),
    heapUsed: z.number().int(),
    heapTotal: z.number().int(),
    /** V8's heap size limit. */
    heapLimit: z.number().int(),
    external: z.number().int(),
    arrayBuffers: z.number().int(),
    systemTotal: z.number().int(),
    systemFree: z.number().int(),
  }),
  /** Event-loop delay over the window (`perf_hooks.monitorEventLoopDelay`), milliseconds. */
  eventLoop: z.object({ p50Ms: ms, p99Ms: ms, maxMs: ms, meanMs: ms }),
  /** Garbage-collection pauses over the window. */
  gc: z.object({ count: z.number().int(), totalMs: ms, maxMs: ms }),
  /** `/admin-api` requests of the last minute. */
  http: z.object({
    windowSeconds: z.number().int(),
    requests: z.number().int(),
    perSecond: z.number().nonnegative(),
    /** 95th percentile of the response time, ms (within about 10 %); null without requests. */
    p95Ms: ms.nullable(),
  }),
  database: z.object({
    dialect: z.enum(['sqlite', 'postgres']),
    /** The database's size in bytes: SQLite's file (pages × page size), PostgreSQL's `pg_database_size`. */
    sizeBytes: z.number().int().nullable(),
    /** SQLite: the write-ahead log file, bytes (null in memory or while there is none). */
    walBytes: z.number().int().nullable(),
    /** PostgreSQL: the pool's connections (null on SQLite, which has one). */
    pool: z.object({ total: z.number().int(), idle: z.number().int(), waiting: z.number().int() }).nullable(),
  }),
});
export type ServerMonitorInfo = z.output<typeof serverMonitorInfo>;

export const infraServerGetMonitorInfo = defineEndpoint({
  method: 'GET',
  path: '/infra/server/get-monitor-info',
  summary: '获得服务监控信息（应答本请求的服务器实例）',
  tag: '服务监控',
  access: permission('infra:server:query'),
  data: serverMonitorInfo,
});
