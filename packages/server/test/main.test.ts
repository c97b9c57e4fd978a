import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { startServer, stopServer, writeUntilStopped } from './server-process.js';

describe('the server process', () => {
  it('creates, migrates and seeds the SQLite file once, prints the address and account, finishes the writes in flight on SIGTERM and stops cleanly', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'admin-data-')), 'nested');
    const port = 48_200 + Math.floor(Math.random() * 500);
    const first = await startServer(dataDir, port);
    expect(first.output).toContain(`http://127.0.0.1:${port}/`);
    expect(first.output).toContain('admin / admin123');
    expect(first.output).toContain('已初始化种子数据');
    expect(existsSync(join(dataDir, 'admin.sqlite'))).toBe(true);
    const res = await fetch(
      `http://127.0.0.1:${port}/admin-api/system/tenant/get-id-by-name?name=${encodeURIComponent('默认租户')}`,
    );
    expect(await res.json()).toEqual({ code: 0, msg: '', data: 1 });
    expect(await stopServer(first.child)).toBe(0);

    const second = await startServer(dataDir, port);
    expect(second.output).not.toContain('已初始化种子数据');
    // SIGTERM while eight clients write: what was read is answered, the rest refused cleanly.
    const outcome = await writeUntilStopped({
      port,
      prefix: 'shutdown',
      stopAfter: 60,
      stop: () => stopServer(second.child),
    });
    expect(outcome.exitCode).toBe(0);
    expect(outcome.broken).toEqual([]);
    // Every write answered as done is in the file, once.
    const file = new Database(join(dataDir, 'admin.sqlite'), { readonly: true });
    const counts = outcome.written.map(
      (w) =>
        `${w.key} ${file.prepare(`select count(*) from ${w.table} where ${w.column} = ?`).pluck().get(w.key) as number}`,
    );
    file.close();
    expect(counts).toEqual(outcome.written.map((w) => `${w.key} 1`));
    // Two starts from source, each compiling the server with tsx: 8–11 s apiece on these 2 cores,
    // the same before and after the trade migrations; the rest of the suite runs beside them.
  }, 60_000);
});
