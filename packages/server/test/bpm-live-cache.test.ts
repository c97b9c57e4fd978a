import type { InstanceTask } from '@app/contract';
import { BpmError } from '@app/contract';
import { Engine } from 'bpmn-engine';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LiveInstance } from '../src/bpm/engine/index.js';
import type { Db } from '../src/db/database.js';
import {
  DEFAULT_LIVE_INSTANCES,
  liveInstanceCapacityFrom,
  liveInstances,
} from '../src/modules/bpm/runtime/live-instances.js';
import { addWorkflowUser, chainXml, deployDefinition, ok, serversOn, signIn } from './bpm-runtime-fixture.js';
import { DIALECTS, freshDatabase, type TestApp } from './helper.js';

/* The cache of live engine instances (runtime/live-instances.ts) and how steps use it. */

const fake = (name: string) => ({ state: { name } }) as unknown as LiveInstance;

describe('live instance cache', () => {
  it('gives an instance back only at its version, once, and drops a stale one', () => {
    const cache = liveInstances(4);
    const a = fake('a');
    cache.put('i1', 3, a);
    expect(cache.take('i1', 2)).toBeNull();
    expect(cache.size).toBe(0);
    cache.put('i1', 3, a);
    expect(cache.take('i1', 3)).toBe(a);
    expect(cache.take('i1', 3)).toBeNull();
    expect(cache.stats).toEqual({ hits: 1, misses: 2 });
  });

  it('evicts the least recently put beyond its capacity; never replaces a newer version', () => {
    const cache = liveInstances(2);
    const [a, b, c] = [fake('a'), fake('b'), fake('c')];
    cache.put('a', 1, a);
    cache.put('b', 1, b);
    cache.put('a', 2, a);
    cache.put('c', 1, c);
    expect(cache.size).toBe(2);
    expect(cache.take('b', 1)).toBeNull();
    expect(cache.take('a', 2)).toBe(a);
    cache.put('c', 0, a);
    expect(cache.take('c', 1)).toBe(c);
  });

  it('follows a write that left the engine alone, and forgets a dropped instance', () => {
    const cache = liveInstances(2);
    const a = fake('a');
    cache.put('a', 1, a);
    cache.advance('a', 0, 5);
    cache.advance('a', 1, 2);
    expect(cache.take('a', 2)).toBe(a);
    cache.put('a', 3, a);
    cache.drop('a');
    expect(cache.take('a', 3)).toBeNull();
  });

  it('takes its size from BPM_ENGINE_CACHE_SIZE', () => {
    expect(liveInstanceCapacityFrom({ BPM_ENGINE_CACHE_SIZE: '7' })).toBe(7);
    expect(liveInstanceCapacityFrom({ BPM_ENGINE_CACHE_SIZE: '0' })).toBe(DEFAULT_LIVE_INSTANCES);
    expect(liveInstanceCapacityFrom({})).toBe(DEFAULT_LIVE_INSTANCES);
  });
});

describe.each(DIALECTS)('steps on live engine instances on %s', (dialect) => {
  let db: Db;
  let drop: () => Promise<void>;
  let servers: ReturnType<typeof serversOn>;
  let definition: string;
  let approver: number;
  const open: TestApp[] = [];

  beforeAll(async () => {
    ({ db, drop } = await freshDatabase(dialect));
    servers = serversOn(dialect, db);
    approver = await addWorkflowUser(db, 'livecache', '缓存审批人');
    definition = await deployDefinition(db, {
      key: 'live_chain',
      xml: chainXml('live_chain'),
      rules: { first: [approver], second: [approver], third: [approver] },
    });
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    delete process.env.BPM_ENGINE_CACHE_SIZE;
    for (const t of open.splice(0)) await t.close();
  });
  afterAll(async () => {
    await db.close();
    await drop();
  });

  /** A server over the shared database, signed in as the approver. */
  const server = async () => {
    const t = await servers.start();
    open.push(t);
    const token = await signIn(t, 'livecache');
    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, input: Record<string, unknown>) =>
      t.api({
        method,
        path,
        token,
        ...(method === 'GET' ? { query: input as Record<string, string> } : { body: input }),
      });
    const tasks = async (id: string) =>
      ok<InstanceTask[]>(
        await call('GET', '/bpm/task/list-by-process-instance-id', { processInstanceId: id }),
      );
    return {
      t,
      cache: t.app.bpmRuntime.liveInstances,
      create: async () =>
        ok<string>(
          await call('POST', '/bpm/process-instance/create', {
            processDefinitionId: definition,
            variables: {},
          }),
        ),
      tasks,
      /** Approves the open task of `key` in instance `id`. */
      approve: async (id: string, key: string) => {
        const task = (await tasks(id)).find((x) => x.definitionKey === key && x.result === 1);
        if (!task) throw new Error(`${key} 没有待办`);
        return call('PUT', '/bpm/task/approve', { id: task.id, reason: '同意' });
      },
      call,
    };
  };

  const results = async (s: Awaited<ReturnType<typeof server>>, id: string) =>
    (await s.tasks(id)).map((x) => [x.definitionKey, x.result]).sort();
  const rowOf = (id: string) =>
    db.kysely
      .selectFrom('bpmProcessInstance')
      .select(['status', 'result', 'version'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('each step runs on the instance the previous one left, without recovering it', async () => {
    const s = await server();
    const recover = vi.spyOn(Engine.prototype, 'recover');
    const id = await s.create();
    expect(s.cache.size).toBe(1);
    for (const key of ['first', 'second', 'third']) ok(await s.approve(id, key));
    expect(recover).not.toHaveBeenCalled();
    expect(s.cache.stats).toEqual({ hits: 3, misses: 0 });
    // The instance has ended: nothing of it is kept.
    expect(s.cache.size).toBe(0);
    expect(await rowOf(id)).toEqual({ status: 2, result: 2, version: 3 });
  });

  it('recovers from the stored state when another server advanced the row', async () => {
    const [a, b] = [await server(), await server()];
    const id = await a.create();
    ok(await b.approve(id, 'first'));
    const recover = vi.spyOn(Engine.prototype, 'recover');
    ok(await a.approve(id, 'second'));
    expect(recover).toHaveBeenCalledTimes(1);
    expect(a.cache.stats).toEqual({ hits: 0, misses: 1 });
    expect(await results(a, id)).toEqual([
      ['first', 2],
      ['second', 2],
      ['third', 1],
    ]);
    // b's instance is one version behind now: b recovers too, and a stale engine would re-open `second`.
    ok(await b.approve(id, 'third'));
    expect(b.cache.stats).toEqual({ hits: 0, misses: 2 });
    expect(await rowOf(id)).toEqual({ status: 2, result: 2, version: 3 });
    expect(await results(b, id)).toEqual([
      ['first', 2],
      ['second', 2],
      ['third', 2],
    ]);
  });

  it('keeps at most BPM_ENGINE_CACHE_SIZE instances; an evicted one is recovered', async () => {
    process.env.BPM_ENGINE_CACHE_SIZE = '2';
    const s = await server();
    const ids = [await s.create(), await s.create(), await s.create()];
    expect(s.cache.size).toBe(2);
    // Newest first: the two kept are hits; the first, evicted by the third, is recovered.
    for (const id of [...ids].reverse()) ok(await s.approve(id, 'first'));
    expect(s.cache.stats).toEqual({ hits: 2, misses: 1 });
    for (const id of ids)
      expect(await results(s, id)).toEqual([
        ['first', 2],
        ['second', 1],
      ]);
  });

  it('a step whose write failed leaves no engine behind: the next step sees the stored state', async () => {
    const s = await server();
    const id = await s.create();
    const [first] = await s.tasks(id);
    // The engine completes `first`, then the write fails (a task row with an id that exists) and rolls back.
    const failed = s.t.app.bpmRuntime.step(1, id, ({ tasks, now }) => {
      const task = tasks.find((x) => x.id === first!.id)!;
      return Promise.resolve({
        action: { kind: 'complete', executionId: task.executionId, variables: {} },
        taskUpdates: [{ id: task.id, changes: { result: 2, reason: '同意', endTime: now } }],
        newTasks: [{ ...task, createTime: now }],
      });
    });
    await expect(failed).rejects.toThrow();
    expect(s.cache.size).toBe(0);
    expect(await rowOf(id)).toMatchObject({ version: 0 });
    // On an engine that had completed `first` this would fail as "not waiting".
    ok(await s.approve(id, 'first'));
    expect(await results(s, id)).toEqual([
      ['first', 2],
      ['second', 1],
    ]);
  });

  it('two steps of one instance at once on one server: one wins, the other sees what it wrote', async () => {
    const s = await server();
    const id = await s.create();
    const [first] = await s.tasks(id);
    const both = await Promise.all(
      [0, 1].map(() => s.call('PUT', '/bpm/task/approve', { id: first!.id, reason: '同意' })),
    );
    expect(both.map((r) => r.code).sort((x, y) => x - y)).toEqual([
      0,
      BpmError.TASK_COMPLETE_FAIL_NOT_EXISTS.code,
    ]);
    expect(await results(s, id)).toEqual([
      ['first', 2],
      ['second', 1],
    ]);
    ok(await s.approve(id, 'second'));
    expect(await results(s, id)).toEqual([
      ['first', 2],
      ['second', 2],
      ['third', 1],
    ]);
  });

  it('a write that leaves the engine alone keeps its instance; a cancel drops it', async () => {
    const s = await server();
    const id = await s.create();
    const [first] = await s.tasks(id);
    ok(await s.call('PUT', '/bpm/task/update-assignee', { id: first!.id, assigneeUserId: approver }));
    expect(await rowOf(id)).toMatchObject({ version: 1 });
    const recover = vi.spyOn(Engine.prototype, 'recover');
    ok(await s.approve(id, 'first'));
    expect(recover).not.toHaveBeenCalled();
    expect(s.cache.size).toBe(1);
    ok(await s.call('DELETE', '/bpm/process-instance/cancel', { id, reason: '不再需要' }));
    expect(s.cache.size).toBe(0);
    expect(await rowOf(id)).toMatchObject({ status: 2, result: 4 });
  });
});
