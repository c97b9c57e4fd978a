import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InstanceTask } from '@app/contract';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Db, openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { seedIfEmpty } from '../src/db/seed.js';
import { chainXml, deployDefinition, ok } from './bpm-runtime-fixture.js';
import { createTestApp, type TestApp } from './helper.js';

/*
 * Another server process holds SQLite's write lock: a step waits for it with the event loop running
 * (SQLite's own busy handler would sleep with it stopped), then goes on once the lock is free.
 */

const dir = mkdtempSync(join(tmpdir(), 'bpm-step-lock-'));
const file = join(dir, 'admin.sqlite');
let db: Db;
let t: TestApp;
let token: string;
let definition: string;

beforeAll(async () => {
  db = openDatabase({ sqliteFile: file });
  await migrateToLatest(db);
  await seedIfEmpty(db);
  t = await createTestApp('sqlite', { db });
  token = (await t.login()).accessToken;
  definition = await deployDefinition(db, {
    key: 'lock_chain',
    xml: chainXml('lock_chain'),
    rules: { first: [1], second: [1], third: [1] },
  });
});
afterAll(async () => {
  await t.close();
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

it('waits for another process’s write lock without stopping the event loop', async () => {
  const api = (method: 'GET' | 'POST' | 'PUT', path: string, input: Record<string, unknown>) =>
    t.api({
      method,
      path,
      token,
      ...(method === 'GET' ? { query: input as Record<string, string> } : { body: input }),
    });
  const id = ok<string>(
    await api('POST', '/bpm/process-instance/create', { processDefinitionId: definition, variables: {} }),
  );
  const tasks = async () =>
    ok<InstanceTask[]>(await api('GET', '/bpm/task/list-by-process-instance-id', { processInstanceId: id }));
  const [first] = await tasks();

  const other = new SQLite(file);
  other.exec('begin immediate');
  let settled = false;
  const approving = api('PUT', '/bpm/task/approve', { id: first!.id, reason: '同意' }).finally(() => {
    settled = true;
  });
  try {
    const waited = Date.now();
    await new Promise((r) => setTimeout(r, 300));
    // The server still answers reads meanwhile (SQLite's busy handler would hold everything for its
    // whole busy_timeout, 5 s); the approval waits for the lock.
    expect(await tasks()).toHaveLength(1);
    expect(Date.now() - waited).toBeLessThan(1000);
    expect(settled).toBe(false);
  } finally {
    other.exec('commit');
    other.close();
  }
  const began = Date.now();
  expect((await approving).code).toBe(0);
  expect(Date.now() - began).toBeLessThan(1000);
  expect((await tasks()).map((x) => [x.definitionKey, x.result]).sort()).toEqual([
    ['first', 2],
    ['second', 1],
  ]);
});
