import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

/* The server as a process of its own (src/main.ts, as `npm start` runs the built file), and a client
   that writes through its API as fast as it answers: what the shutdown and crash tests drive. */

const serverDir = join(import.meta.dirname, '..');

export interface ServerProcess {
  child: ChildProcess;
  output: string;
}

/** How the server runs: from its sources (what the tests check), or the built file (the bench). */
export type Entry = 'source' | 'built';
const ENTRY_ARGS: Record<Entry, string[]> = {
  source: ['--conditions=source', '--import', 'tsx', 'src/main.ts'],
  built: ['dist/main.js'],
};

/** Starts the server on `port` with its data in `dataDir`; resolves once it prints its account. */
export const startServer = (
  dataDir: string,
  port: number,
  env: NodeJS.ProcessEnv = {},
  entry: Entry = 'source',
) =>
  new Promise<ServerProcess>((resolve, reject) => {
    const child = spawn(process.execPath, ENTRY_ARGS[entry], {
      cwd: serverDir,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        WEB_DIST: '',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        REDIS_URL: '',
        CAPTCHA_ENABLED: 'false',
        ...env,
      },
    });
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('管理员账号')) resolve({ child, output });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited early with ${code}: ${output}`)));
  });

/** Sends `signal` and resolves with the exit code (null when a signal ended it). */
export const stopServer = (child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') =>
  new Promise<number | null>((resolve) => {
    child.removeAllListeners('exit');
    child.on('exit', (code) => resolve(code));
    child.kill(signal);
  });

/** One kind of write: the endpoint, its body for a unique key, and where the key is stored. */
interface WriteKind {
  path: string;
  body: (key: string) => object;
  table: string;
  column: string;
}

/** Users (a bcrypt hash each), dictionary types, notices and posts: rows of four modules. */
export const WRITE_KINDS: readonly WriteKind[] = [
  {
    path: '/system/user/create',
    body: (key) => ({ username: key, nickname: key, password: 'secret123' }),
    table: 'system_users',
    column: 'username',
  },
  {
    path: '/system/dict-type/create',
    body: (key) => ({ name: key, type: key, status: 0 }),
    table: 'system_dict_type',
    column: 'type',
  },
  {
    path: '/system/notice/create',
    body: (key) => ({ title: key, type: 1, content: `<p>${key}</p>`, status: 0 }),
    table: 'system_notice',
    column: 'title',
  },
  {
    path: '/system/post/create',
    body: (key) => ({ name: key, code: key, sort: 0, status: 0 }),
    table: 'system_post',
    column: 'code',
  },
];

/** A write the server answered as done, by the table and the key it stored. */
export interface Written {
  table: string;
  column: string;
  key: string;
}

const signIn = async (base: string) => {
  const res = await fetch(`${base}/system/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'tenant-id': '1' },
    body: JSON.stringify({ username: 'admin', password: 'admin123' }),
  });
  return ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
};

/**
 * `clients` clients write (the kinds in turn, keys `<prefix><n>`) as fast as the server answers;
 * after `stopAfter` writes are done `stop` is called once, and each client goes on until the server
 * no longer answers. An answer is the write done, or the 503 a closing server gives a request on an
 * open connection; no answer (a connection refused or closed) is allowed only once `stop` was
 * called. Anything else (an error envelope, no answer before the stop) is `broken`.
 */
export const writeUntilStopped = async (options: {
  port: number;
  prefix: string;
  stopAfter: number;
  stop: () => Promise<number | null>;
  clients?: number;
}) => {
  const base = `http://127.0.0.1:${options.port}/admin-api`;
  const headers = {
    'content-type': 'application/json',
    'tenant-id': '1',
    authorization: `Bearer ${await signIn(base)}`,
  };
  const written: Written[] = [];
  const broken: string[] = [];
  let stopped: Promise<number | null> | null = null;
  let sequence = 0;
  const client = async () => {
    for (;;) {
      const n = sequence++;
      const kind = WRITE_KINDS[n % WRITE_KINDS.length]!;
      const key = `${options.prefix}${String(n).padStart(6, '0')}`;
      let res: Response;
      try {
        res = await fetch(`${base}${kind.path}`, {
          method: 'POST',
          headers,
          body: JSON.stringify(kind.body(key)),
        });
      } catch (error) {
        if (!stopped) broken.push(`${key}: ${String((error as Error).cause ?? error)}`);
        return;
      }
      if (res.status === 503 && stopped) return;
      let body: { code: number; msg: string };
      try {
        body = (await res.json()) as { code: number; msg: string };
      } catch (error) {
        // The answer began but was cut off: only a killed server may do that.
        if (!stopped) broken.push(`${key}: ${String(error)}`);
        return;
      }
      if (body.code === 0) written.push({ table: kind.table, column: kind.column, key });
      else broken.push(`${key}: ${body.code} ${body.msg}`);
      if (written.length >= options.stopAfter) stopped ??= options.stop();
    }
  };
  await Promise.all(Array.from({ length: options.clients ?? 8 }, client));
  return { written, broken, exitCode: await stopped };
};
