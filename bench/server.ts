// Spawning the built server for a bench section, and reading its CPU time.
import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest, type Agent } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, sqliteFileIn, type Db } from '../packages/server/dist/db/database.js';

export const root = join(import.meta.dirname, '..');

export const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.removeAllListeners('exit');
    child.on('exit', () => resolve());
    child.kill('SIGTERM');
  });

/**
 * Waits for `url` to answer; with `child`, fails once the child has exited instead (a port already
 * taken, a crash), which would otherwise leave the bench waiting for ever. The benches' ports lie
 * below the ephemeral range (32768 up): a probe of a port in it can connect to itself and hold it.
 */
export const waitFor = async (url: string, child?: ChildProcess): Promise<void> => {
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the server exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      await new Promise((r) => setTimeout(r, 5));
    }
  }
};

/**
 * Node's flags for a server, as `npm start` runs it (package.json): with 64 MB a semi-space instead
 * of 16, V8 collects its young generation a quarter as often under load (each request leaves some
 * 16 KB behind): 1–8% more requests/s on the hot endpoints in paired runs, nothing on a bare route
 * (docs/benchmarks.md).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];

/**
 * Starts `packages/server/dist/main.js` on an SQLite file in `dataDir`; resolves with the child and the
 * milliseconds from spawning to its first successful API answer.
 */
export const startServer = async (
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; ms: number }> => {
  const startedAt = performance.now();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'packages/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      // Sign-in is timed from the click on 登 录; the slider puzzle is a person's time, not the server's.
      CAPTCHA_ENABLED: 'false',
      ...env,
    },
    stdio: 'ignore',
  });
  await waitFor(`http://127.0.0.1:${port}/admin-api/system/tenant/get-id-by-name?name=x`, child);
  return { child, ms: performance.now() - startedAt };
};

/**
 * CPU milliseconds a process has used so far (Linux /proc, user + system, 100 ticks a second): all
 * its threads, or with `mainThread` the one that runs JavaScript and answers requests.
 */
export const cpuMs = (pid: number, mainThread = false): number => {
  const stat = mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`;
  const fields = readFileSync(stat, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

/** The machine line every bench section starts with. */
export const machine = (): string =>
  `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`;

/** Replaces the `<!-- name:start -->…<!-- name:end -->` section of docs/benchmarks.md, or appends it. */
export const writeSection = (name: string, section: string): void => {
  const docPath = join(root, 'docs/benchmarks.md');
  const doc = readFileSync(docPath, 'utf8');
  const pattern = new RegExp(`<!-- ${name}:start -->[\\s\\S]*<!-- ${name}:end -->`);
  writeFileSync(
    docPath,
    pattern.test(doc) ? doc.replace(pattern, () => section) : `${doc.trimEnd()}\n\n${section}\n`,
  );
};

const PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A new PostgreSQL database for one bench run, or null when PostgreSQL does not answer. */
export const throwawayPostgres = async (
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> } | null> => {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `${prefix}_${Date.now()}`;
  await admin.query(`create database ${name}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
};

/**
 * Runs a measure on a new SQLite file, then on a throwaway PostgreSQL database when PostgreSQL
 * answers; each database is closed and removed after its run.
 */
export const onEachDialect = async <R>(
  name: string,
  measure: (label: 'SQLite' | 'PostgreSQL', db: Db) => Promise<R>,
): Promise<R[]> => {
  const sqliteDir = mkdtempSync(join(tmpdir(), `bench-${name}-`));
  const sqliteDb = openDatabase({ sqliteFile: sqliteFileIn(sqliteDir) });
  const runs = [await measure('SQLite', sqliteDb)];
  await sqliteDb.close();
  // A million orders leave most of a gigabyte behind.
  rmSync(sqliteDir, { recursive: true, force: true });
  const postgres = await throwawayPostgres(`bench_${name}`);
  if (!postgres) {
    console.warn('PostgreSQL 不可用，只测 SQLite');
    return runs;
  }
  const pgDb = openDatabase({ databaseUrl: postgres.url });
  runs.push(await measure('PostgreSQL', pgDb));
  await pgDb.close();
  await postgres.drop();
  return runs;
};

/** A raw answer of the API: its status, content type and bytes. */
export interface ApiAnswer {
  status: number;
  type: string;
  body: Buffer;
}

/**
 * One /admin-api request of tenant 1 over `agent` (node:http over kept-alive connections: the
 * clients share the two cores with the server, and fetch costs them about twice the CPU).
 */
export const sendApi = (
  agent: Agent,
  port: number,
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
) =>
  new Promise<ApiAnswer>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path: `/admin-api${path}`,
        agent,
        headers: {
          'tenant-id': '1',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers['content-type']),
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
