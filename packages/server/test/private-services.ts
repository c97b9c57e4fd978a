import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * A PostgreSQL cluster and a Redis server of the test's own, on ports of their own, so that the
 * test can stop and start them without touching the machine's services the other suites share.
 */

const pgBin = (program: string) => {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  return join('/usr/lib/postgresql', versions[0]!, 'bin', program);
};

/** PostgreSQL refuses to run as root: as root, its programs run as the `postgres` account. */
const runPg = (program: string, args: string[]) => {
  const asRoot = process.getuid?.() === 0;
  execFileSync(
    asRoot ? 'runuser' : pgBin(program),
    asRoot ? ['-u', 'postgres', '--', pgBin(program), ...args] : args,
    {
      stdio: 'pipe',
    },
  );
};

export interface PrivateService {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good and removes its files. */
  remove(): Promise<void>;
}

export const privatePostgres = async (port: number): Promise<PrivateService> => {
  const dir = mkdtempSync(join(tmpdir(), 'admin-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  runPg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-N']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = async () =>
    runPg('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  // `fast`, as an operator's `systemctl stop` does: sessions are ended, transactions rolled back.
  const stop = async () => runPg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    remove: async () => {
      await stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

export const privateRedis = async (port: number): Promise<PrivateService & { frozen: PrivateService }> => {
  let child: ChildProcess | null = null;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const server = spawn('redis-server', [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
      ]);
      child = server;
      let output = '';
      server.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) resolve();
      });
      server.on('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)));
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      const server = child;
      if (!server || server.exitCode !== null) return resolve();
      server.removeAllListeners('exit');
      server.on('exit', () => resolve());
      server.kill('SIGTERM');
    });
  await start();
  /** SIGSTOP: the server keeps its connections and its data but answers nothing until resumed. */
  const signal = (name: NodeJS.Signals) => async () => void child?.kill(name);
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    stop,
    remove: stop,
    frozen: {
      url: `redis://127.0.0.1:${port}`,
      stop: signal('SIGSTOP'),
      start: signal('SIGCONT'),
      remove: stop,
    },
  };
};
