import { readFileSync } from 'node:fs';
import type { InstanceTask } from '@app/contract';
import { BpmError } from '@app/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.js';
import { addWorkflowUser, chainXml, deployDefinition, ok, serversOn, signIn } from './bpm-runtime-fixture.js';
import { DIALECTS, freshDatabase, type TestApp } from './helper.js';

/*
 * Steps of one instance from several servers over one database, steps racing on one server, a step whose
 * write fails, and an instance whose stored state bpmn-engine wrote (before our executor) going on.
 */

const legacyRuns = JSON.parse(
  readFileSync(new URL('./fixtures/bpmn/legacy-engine-runs.json', import.meta.url), 'utf8'),
) as {
  name: string;
  steps: {
    state: {
      running: Record<string, unknown>;
      tasks: Record<string, string>;
      variables: Record<string, unknown>;
    };
  }[];
}[];

describe.each(DIALECTS)('steps of one instance on %s', (dialect) => {
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

  it('two servers take turns on one instance, each from the stored state', async () => {
    const [a, b] = [await server(), await server()];
    const id = await a.create();
    ok(await b.approve(id, 'first'));
    ok(await a.approve(id, 'second'));
    expect(await results(a, id)).toEqual([
      ['first', 2],
      ['second', 2],
      ['third', 1],
    ]);
    ok(await b.approve(id, 'third'));
    expect(await rowOf(id)).toEqual({ status: 2, result: 2, version: 3 });
    expect(await results(b, id)).toEqual([
      ['first', 2],
      ['second', 2],
      ['third', 2],
    ]);
  });

  it('a step whose write failed changes nothing: the next step sees the stored state', async () => {
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
    expect(await rowOf(id)).toMatchObject({ version: 0 });
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

  it('an instance bpmn-engine left waiting goes on to its end', async () => {
    const s = await server();
    const leave = await deployDefinition(db, {
      key: 'legacy_leave',
      xml: readFileSync(new URL('./fixtures/bpmn/leave.bpmn', import.meta.url), 'utf8'),
      rules: { manager_approve: [approver], director_approve: [approver] },
    });
    const id = ok<string>(
      await s.call('POST', '/bpm/process-instance/create', {
        processDefinitionId: leave,
        variables: { managerId: approver, directorId: approver, days: 5 },
      }),
    );
    const manager = await db.kysely
      .selectFrom('bpmTask')
      .select('executionId')
      .where('processInstanceId', '=', id)
      .executeTakeFirstOrThrow();
    // The state bpmn-engine stored with the manager's task waiting (its run with the same variables),
    // under this instance's definition and task.
    const stored = structuredClone(
      legacyRuns.find((r) => r.name === 'leave: 5 days, both approve')!.steps[0]!.state,
    );
    const [legacyTask] = Object.keys(stored.tasks);
    const rename = <T>(record: Record<string, T>) =>
      Object.fromEntries(
        Object.entries(record).map(([k, v]) => [k === legacyTask ? manager.executionId : k, v]),
      );
    const legacy = {
      ...stored,
      definitionId: leave,
      // bpmn-engine's run named users 7 and 8; this instance's users are the approver.
      variables: { ...stored.variables, managerId: approver, directorId: approver },
      running: rename(stored.running),
      tasks: rename(stored.tasks),
    };
    await db.kysely
      .updateTable('bpmProcessInstance')
      .set({ engineState: JSON.stringify(legacy) })
      .where('id', '=', id)
      .execute();

    ok(await s.approve(id, 'manager_approve'));
    expect(await results(s, id)).toEqual([
      ['director_approve', 1],
      ['manager_approve', 2],
    ]);
    expect(
      JSON.parse(
        (
          await db.kysely
            .selectFrom('bpmProcessInstance')
            .select('engineState')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).engineState,
      ),
    ).toMatchObject({ v: 2 });
    ok(await s.approve(id, 'director_approve'));
    expect(await rowOf(id)).toMatchObject({ status: 2, result: 2 });
  });
});
