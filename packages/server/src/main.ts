import { Redis } from 'ioredis';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase, sqliteFileIn } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { SEED_ACCOUNTS, SEED_TENANT, seedIfEmpty } from './db/seed.js';

const config = loadConfig();
const db = openDatabase(
  config.databaseUrl ? { databaseUrl: config.databaseUrl } : { sqliteFile: sqliteFileIn(config.dataDir) },
);
await migrateToLatest(db);
const seeded = await seedIfEmpty(db);
const redis = config.redisUrl
  ? // A Redis that stops answering (frozen, not gone) fails each command after 3 s instead of
    // holding the request until it wakes.
    new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2, commandTimeout: 3_000 })
  : null;

const app = await buildApp({ config, db, redis });
// While Redis is away every reconnect attempt fails; requests that need it answer with the error
// envelope, and ioredis reconnects on its own.
redis?.on('error', (error: Error) => app.log.warn({ err: error }, 'Redis unreachable'));

let closing = false;
const shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => process.exit(1), 10_000).unref();
  // Closing ends the connections idle at that moment; a keep-alive connection that finishes its
  // answer later would hold the close until it times out (72 s), so end each as it goes idle.
  const idleCloser = setInterval(() => app.server.closeIdleConnections(), 50);
  await app.close();
  clearInterval(idleCloser);
  await redis?.quit();
  clearTimeout(timer);
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ host: config.host, port: config.port });

const address = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}${config.basePath}`;
const where = config.databaseUrl ? 'PostgreSQL' : sqliteFileIn(config.dataDir);
console.info(
  [
    '',
    `后台管理系统已启动：${address}`,
    `数据库：${where}${seeded ? '（已初始化种子数据）' : ''}`,
    `管理员账号：${SEED_ACCOUNTS.admin.username} / ${SEED_ACCOUNTS.admin.password}（租户：${SEED_TENANT.name}）`,
    '',
  ].join('\n'),
);
