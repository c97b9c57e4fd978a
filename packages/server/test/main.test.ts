import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const serverDir = join(import.meta.dirname, '..');

/** Starts src/main.ts like `npm start` does with the built file, and resolves once it prints its address. */
const start = (dataDir: string, port: number) =>
  new Promise<{ child: ChildProcess; output: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        WEB_DIST: '',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        REDIS_URL: '',
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

const stop = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    child.removeAllListeners('exit');
    child.on('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });

describe('the server process', () => {
  it('creates, migrates and seeds the SQLite file once, prints the address and account, stops cleanly on SIGTERM', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'admin-data-')), 'nested');
    const port = 48_200 + Math.floor(Math.random() * 500);
    const first = await start(dataDir, port);
    expect(first.output).toContain(`http://127.0.0.1:${port}/`);
    expect(first.output).toContain('admin / admin123');
    expect(first.output).toContain('已初始化种子数据');
    expect(existsSync(join(dataDir, 'admin.sqlite'))).toBe(true);
    const res = await fetch(
      `http://127.0.0.1:${port}/admin-api/system/tenant/get-id-by-name?name=${encodeURIComponent('默认租户')}`,
    );
    expect(await res.json()).toEqual({ code: 0, msg: '', data: 1 });
    expect(await stop(first.child)).toBe(0);

    const second = await start(dataDir, port);
    expect(second.output).not.toContain('已初始化种子数据');
    expect(await stop(second.child)).toBe(0);
    // Two starts from source, each compiling the server with tsx: 8–11 s apiece on these 2 cores,
    // the same before and after the trade migrations; the rest of the suite runs beside them.
  }, 60_000);
});
