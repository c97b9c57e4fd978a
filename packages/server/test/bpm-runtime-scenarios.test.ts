import type {
  BpmActivity,
  InstanceTask,
  OaLeave,
  PageResult,
  ProcessInstanceDetail,
  TodoTask,
} from '@app/contract';
import { BpmError } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearDefinitionCache } from '../src/bpm/engine/index.js';
import type { Db } from '../src/db/database.js';
import { fail } from '../src/lib/errors.js';
import { jobRepository } from '../src/modules/bpm/runtime/job-repository.js';
import {
  addWorkflowUser,
  countersignXml,
  deployDefinition,
  failLoudXml,
  leaveXml,
  ok,
  parallelXml,
  ruleCountersignXml,
  serversOn,
  signIn,
  timerXml,
} from './bpm-runtime-fixture.js';
import { DIALECTS, freshDatabase, type TestApp } from './helper.js';

// The timer poller of every app built here looks for due jobs every 50 ms.
process.env.BPM_TIMER_POLL_MS = '50';

const DAY = 24 * 60 * 60 * 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * bpmn.md section 4, through the HTTP API. Every step runs on a new app over the same database
 * (with the engine's definition cache cleared), as if the server restarted between steps.
 */
describe.each(DIALECTS)('workflow scenarios across restarts on %s', (dialect) => {
  let db: Db;
  let drop: () => Promise<void>;
  let servers: ReturnType<typeof serversOn>;
  const users: Record<string, number> = {};
  const tokens: Record<string, string> = {};

  /** Runs `work` on a freshly started server, then stops it. */
  const onNewServer = async <T>(work: (t: TestApp) => Promise<T>): Promise<T> => {
    clearDefinitionCache();
    const t = await servers.start();
    try {
      return await work(t);
    } finally {
      await t.close();
    }
  };

  beforeAll(async () => {
    ({ db, drop } = await freshDatabase(dialect));
    servers = serversOn(dialect, db);
    for (const name of ['manager', 'director', 'signa', 'signb', 'signc', 'signd'])
      users[name] = await addWorkflowUser(db, `sc${name}`, name);
    await onNewServer(async (t) => {
      tokens.admin = await signIn(t, 'admin');
      for (const name of Object.keys(users)) tokens[name] = await signIn(t, `sc${name}`);
    });
  });
  afterAll(async () => {
    await db.close();
    await drop();
  });

  const api = (
    t: TestApp,
    who: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    input?: object,
  ) =>
    t.api({
      method,
      path,
      token: tokens[who]!,
      ...(method === 'GET' ? { query: input as Record<string, string> } : { body: input }),
    });

  const start = (processDefinitionId: string, variables: Record<string, unknown>) =>
    onNewServer(async (t) =>
      ok<string>(
        await api(t, 'admin', 'POST', '/bpm/process-instance/create', { processDefinitionId, variables }),
      ),
    );

  const openTasks = (who: string, instanceId: string) =>
    onNewServer(async (t) =>
      ok<PageResult<TodoTask>>(
        await api(t, who, 'GET', '/bpm/task/todo-page', { pageSize: '100' }),
      ).list.filter((x) => x.processInstance.id === instanceId),
    );

  const act = (who: string, action: 'approve' | 'reject', taskId: string, reason = '同意') =>
    onNewServer(async (t) => api(t, who, 'PUT', `/bpm/task/${action}`, { id: taskId, reason }));

  /** Approves (or rejects) the one open task `who` has in the instance. */
  const decide = async (who: string, instanceId: string, action: 'approve' | 'reject' = 'approve') => {
    const [task] = await openTasks(who, instanceId);
    if (!task) throw new Error(`${who} 没有待办`);
    ok(await act(who, action, task.id));
    return task;
  };

  const snapshot = (instanceId: string) =>
    onNewServer(async (t) => ({
      instance: ok<ProcessInstanceDetail>(
        await api(t, 'admin', 'GET', '/bpm/process-instance/get', { id: instanceId }),
      ),
      tasks: ok<InstanceTask[]>(
        await api(t, 'admin', 'GET', '/bpm/task/list-by-process-instance-id', {
          processInstanceId: instanceId,
        }),
      ),
      activities: ok<BpmActivity[]>(
        await api(t, 'admin', 'GET', '/bpm/activity/list', { processInstanceId: instanceId }),
      ),
    }));

  const flowsOf = (activities: BpmActivity[]) => activities.flatMap((a) => a.takenFlowIds);

  describe('leave request', () => {
    let definition: string;
    const vars = (days: number) => ({ days, managerId: users.manager, directorId: users.director });
    beforeAll(async () => {
      definition = await deployDefinition(db, { key: 'sc_leave', xml: leaveXml('sc_leave') });
    });

    it('2 days: ends approved after the manager', async () => {
      const id = await start(definition, vars(2));
      await decide('manager', id);
      const { instance, tasks, activities } = await snapshot(id);
      expect(instance).toMatchObject({ status: 2, result: 2 });
      expect(tasks.map((x) => [x.definitionKey, x.result])).toEqual([['managerApprove', 2]]);
      expect(activities.map((a) => a.key)).toEqual([
        'start',
        'managerApprove',
        'managerGateway',
        'endApproved',
      ]);
      expect(flowsOf(activities)).toEqual(['f_start', 'f_manager', 'f_short']);
    });

    it('5 days: the director approves too, ends approved', async () => {
      const id = await start(definition, vars(5));
      await decide('manager', id);
      expect((await snapshot(id)).instance.status).toBe(1);
      await decide('director', id);
      const { instance, tasks, activities } = await snapshot(id);
      expect(instance).toMatchObject({ status: 2, result: 2 });
      expect(tasks.map((x) => [x.definitionKey, x.result])).toEqual([
        ['directorApprove', 2],
        ['managerApprove', 2],
      ]);
      expect(activities.map((a) => a.key)).toEqual([
        'start',
        'managerApprove',
        'managerGateway',
        'directorApprove',
        'directorGateway',
        'endApproved',
      ]);
      expect(flowsOf(activities)).toEqual([
        'f_start',
        'f_manager',
        'f_long',
        'f_director',
        'f_director_approve',
      ]);
    });

    it('5 days: the director rejects, the rejection path is taken and the instance is rejected', async () => {
      const id = await start(definition, vars(5));
      await decide('manager', id);
      await decide('director', id, 'reject');
      const { instance, tasks, activities } = await snapshot(id);
      expect(instance).toMatchObject({ status: 2, result: 3 });
      expect(tasks.map((x) => [x.definitionKey, x.result])).toEqual([
        ['directorApprove', 3],
        ['managerApprove', 2],
      ]);
      expect(activities.map((a) => a.key).slice(-2)).toEqual(['directorGateway', 'endRejected']);
      expect(flowsOf(activities)).toContain('f_director_reject');
    });

    it('the manager rejects: rejected end, no director task', async () => {
      const id = await start(definition, vars(5));
      await decide('manager', id, 'reject');
      const { instance, tasks, activities } = await snapshot(id);
      expect(instance).toMatchObject({ status: 2, result: 3 });
      expect(tasks.map((x) => x.definitionKey)).toEqual(['managerApprove']);
      expect(activities.map((a) => a.key)).toEqual([
        'start',
        'managerApprove',
        'managerGateway',
        'endRejected',
      ]);
      expect(await openTasks('director', id)).toEqual([]);
    });

    it('through /bpm/oa/leave/create with the seeded oa_leave process, both ways and rejected', async () => {
      const create = (days: number) =>
        onNewServer(async (t) =>
          ok<number>(
            await api(t, 'admin', 'POST', '/bpm/oa/leave/create', {
              type: 1,
              reason: '看病',
              startTime: Date.UTC(2025, 2, 3),
              endTime: Date.UTC(2025, 2, 3) + days * DAY,
            }),
          ),
        );
      const leaveOf = (id: number) =>
        onNewServer(async (t) =>
          ok<OaLeave>(await api(t, 'admin', 'GET', '/bpm/oa/leave/get', { id: String(id) })),
        );

      const short = await leaveOf(await create(2));
      await decide('admin', short.processInstanceId!);
      expect(await leaveOf(short.id)).toMatchObject({ result: 2, day: 2 });
      expect((await snapshot(short.processInstanceId!)).tasks.map((x) => x.name)).toEqual(['领导审批']);

      const long = await leaveOf(await create(4));
      await decide('admin', long.processInstanceId!);
      expect((await leaveOf(long.id)).result).toBe(1);
      await decide('admin', long.processInstanceId!);
      expect(await leaveOf(long.id)).toMatchObject({ result: 2, day: 4 });
      expect((await snapshot(long.processInstanceId!)).tasks.map((x) => x.name)).toEqual([
        '总监审批',
        '领导审批',
      ]);

      const rejected = await leaveOf(await create(6));
      await decide('admin', rejected.processInstanceId!, 'reject');
      expect((await leaveOf(rejected.id)).result).toBe(3);
      // oa_leave does not route on `approved`: the rejection ends it where it stands, the director
      // task is never reached and no flow past the manager is taken.
      const afterReject = await snapshot(rejected.processInstanceId!);
      expect(afterReject.tasks.map((x) => [x.name, x.result])).toEqual([['领导审批', 3]]);
      expect(afterReject.activities.map((a) => a.key)).not.toContain('directorApprove');
      expect(afterReject.instance).toMatchObject({ status: 2, result: 3 });
    });
  });

  it('fails loudly on a condition it cannot evaluate: no default flow, nothing written', async () => {
    const definition = await deployDefinition(db, { key: 'sc_fail', xml: failLoudXml('sc_fail') });
    const id = await start(definition, { managerId: users.manager });
    const [task] = await openTasks('manager', id);
    const before = await snapshot(id);
    const res = await act('manager', 'approve', task!.id);
    expect(res.code).toBe(1_009_004_003);
    expect(res.msg).toContain('流程执行失败，原因：');
    expect(res.msg).toContain('amount');
    const after = await snapshot(id);
    expect(after).toEqual(before);
    expect(after.tasks.map((x) => x.result)).toEqual([1]);
    expect(after.activities.map((a) => a.key)).not.toContain('endDefault');
  });

  describe('countersign', () => {
    const signers = () => [users.signa, users.signb, users.signc, users.signd];
    const assigneesOf = (tasks: InstanceTask[]) =>
      tasks.map((x) => x.assigneeUser?.id).sort((a, b) => (a ?? 0) - (b ?? 0));

    it('all must approve: four tasks at once, the instance ends after the fourth', async () => {
      const definition = await deployDefinition(db, {
        key: 'sc_sign_all',
        xml: countersignXml('sc_sign_all', { sequential: false }),
      });
      const id = await start(definition, { signers: signers() });
      expect(assigneesOf((await snapshot(id)).tasks)).toEqual(signers());
      for (const who of ['signa', 'signb', 'signc']) await decide(who, id);
      expect((await snapshot(id)).instance.status).toBe(1);
      await decide('signd', id);
      const { instance, tasks } = await snapshot(id);
      expect(instance).toMatchObject({ status: 2, result: 2 });
      expect(tasks.map((x) => x.result)).toEqual([2, 2, 2, 2]);
    });

    it('all must approve: one rejection rejects the instance and cancels the rest', async () => {
      const definition = await deployDefinition(db, {
        key: 'sc_sign_veto',
        xml: countersignXml('sc_sign_veto', { sequential: false }),
      });
      const id = await start(definition, { signers: signers() });
      await decide('signa', id);
      await decide('signb', id, 'reject');
      const { instance, tasks } = await snapshot(id);
      expect(instance).toMatchObject({ status: 2, result: 3 });
      expect(tasks.map((x) => x.result).sort()).toEqual([2, 3, 4, 4]);
      expect(tasks.filter((x) => x.result === 4).map((x) => x.reason)).toEqual([
        '不通过任务，原因：同意',
        '不通过任务，原因：同意',
      ]);
    });

    it('50 %: ends after two approvals, the other two tasks are cancelled', async () => {
      const definition = await deployDefinition(db, {
        key: 'sc_sign_half',
        xml: countersignXml('sc_sign_half', {
          sequential: false,
          completion: '${nrOfCompletedInstances >= nrOfInstances * 0.5}',
        }),
      });
      const id = await start(definition, { signers: signers() });
      await decide('signc', id);
      expect((await snapshot(id)).instance.status).toBe(1);
      await decide('signa', id);
      const { instance, tasks, activities } = await snapshot(id);
      expect(instance).toMatchObject({ status: 2, result: 2 });
      // Each task is one visit of the node in the history, linked to it for the viewer.
      const visits = activities.filter((a) => a.key === 'sign' && a.taskId !== null);
      expect(visits.map((a) => a.taskId).sort()).toEqual(tasks.map((x) => x.id).sort());
      expect(visits.every((a) => a.endTime !== null)).toBe(true);
      const cancelled = tasks.filter((x) => x.result === 4);
      expect(cancelled.map((x) => x.assigneeUser?.id).sort()).toEqual([users.signb, users.signd].sort());
      expect(cancelled[0]?.reason).toBe('系统自动取消，原因：多任务审批已经满足条件，无需审批该任务');
      expect(await openTasks('signb', id)).toEqual([]);
    });

    it('sequential: one task at a time, in order', async () => {
      const definition = await deployDefinition(db, {
        key: 'sc_sign_seq',
        xml: countersignXml('sc_sign_seq', { sequential: true }),
      });
      const id = await start(definition, { signers: signers() });
      for (const who of ['signa', 'signb', 'signc', 'signd']) {
        const { tasks } = await snapshot(id);
        expect(tasks.filter((x) => x.result === 1).map((x) => x.assigneeUser?.id)).toEqual([users[who]]);
        await decide(who, id);
      }
      expect((await snapshot(id)).instance).toMatchObject({ status: 2, result: 2 });
    });

    it('without a collection: one task per user of the assignment rule', async () => {
      const definition = await deployDefinition(db, {
        key: 'sc_sign_rule',
        xml: ruleCountersignXml('sc_sign_rule'),
        rules: { sign: [users.signb!, users.signd!] },
      });
      const id = await start(definition, {});
      expect(assigneesOf((await snapshot(id)).tasks)).toEqual([users.signb, users.signd]);
      await decide('signb', id);
      await decide('signd', id);
      expect((await snapshot(id)).instance).toMatchObject({ status: 2, result: 2 });
    });
  });

  describe('timer boundary', () => {
    let definition: string;
    beforeAll(async () => {
      definition = await deployDefinition(db, { key: 'sc_timer', xml: timerXml('sc_timer') });
    });
    const jobsOf = (instanceId: string) =>
      db.kysely.selectFrom('bpmJob').selectAll().where('processInstanceId', '=', instanceId).execute();

    it('expires while no server runs; the next server’s poller takes the timeout path', async () => {
      const id = await start(definition, { managerId: users.manager });
      const [job] = await jobsOf(id);
      expect(job).toMatchObject({ activityId: 'timeout', lockedBy: null });
      // Nobody is up until the timer is due: the next server starts with its clock past it.
      const t = await servers.start(Math.max(Date.now(), job!.dueAt + 200));
      try {
        let detail: ProcessInstanceDetail | undefined;
        for (let i = 0; i < 100 && detail?.status !== 2; i++) {
          await sleep(50);
          detail = ok<ProcessInstanceDetail>(
            await api(t, 'admin', 'GET', '/bpm/process-instance/get', { id }),
          );
        }
        expect(detail).toMatchObject({ status: 2, result: 2 });
      } finally {
        await t.close();
      }
      const { tasks, activities } = await snapshot(id);
      expect(tasks.map((x) => [x.result, x.reason])).toEqual([[4, '系统自动取消，原因：审批超时']]);
      expect(activities.map((a) => a.key)).toEqual(
        expect.arrayContaining(['start', 'managerApprove', 'timeout', 'endTimeout']),
      );
      expect(activities.map((a) => a.key)).not.toContain('endApproved');
      expect(await jobsOf(id)).toEqual([]);
    });

    it('two pollers never claim the same due job, and a lapsed claim can be taken again', async () => {
      const jobs = jobRepository(db.kysely, db.dialect);
      const now = Date.now();
      await db.kysely
        .insertInto('bpmJob')
        .values(
          Array.from({ length: 40 }, (_, i) => ({
            tenantId: 1,
            processInstanceId: `claim-test-${i % 8}`,
            executionId: `exec-${i}`,
            activityId: 'timeout',
            dueAt: now - 1000,
            lockedBy: null,
            lockedUntil: null,
            createTime: now,
          })),
        )
        .execute();
      const [a, b] = await Promise.all([
        jobs.claimDue('poller-a', now, 30_000, 25),
        jobs.claimDue('poller-b', now, 30_000, 25),
      ]);
      const ids = [...a, ...b].map((j) => j.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toHaveLength(40);
      expect(await jobs.claimDue('poller-c', now + 1000, 30_000, 50)).toEqual([]);
      expect(await jobs.claimDue('poller-c', now + 31_000, 30_000, 50)).toHaveLength(40);
      await db.kysely.deleteFrom('bpmJob').where('processInstanceId', 'like', 'claim-test-%').execute();
    });

    it('completing before expiry deletes the job', async () => {
      const id = await start(definition, { managerId: users.manager });
      expect(await jobsOf(id)).toHaveLength(1);
      await decide('manager', id);
      expect(await jobsOf(id)).toEqual([]);
      const { instance, activities } = await snapshot(id);
      expect(instance).toMatchObject({ status: 2, result: 2 });
      expect(activities.map((a) => a.key)).toContain('endApproved');
    });
  });

  describe('concurrency', () => {
    let definition: string;
    const vars = { days: 1, managerId: 0, directorId: 0 };
    beforeAll(async () => {
      definition = await deployDefinition(db, { key: 'sc_busy', xml: leaveXml('sc_busy') });
      vars.managerId = users.manager!;
      vars.directorId = users.director!;
    });

    it('two servers complete one task at the same time: exactly one wins', async () => {
      const id = await start(definition, vars);
      const [task] = await openTasks('manager', id);
      const [a, b] = [await servers.start(), await servers.start()];
      try {
        const results = await Promise.all(
          [a, b].map((t) => api(t, 'manager', 'PUT', '/bpm/task/approve', { id: task!.id, reason: '同意' })),
        );
        expect(results.map((r) => r.code).sort((x, y) => x - y)).toEqual([0, 1_009_005_000]);
      } finally {
        await a.close();
        await b.close();
      }
      const { instance, tasks, activities } = await snapshot(id);
      expect(instance).toMatchObject({ status: 2, result: 2 });
      expect(tasks).toHaveLength(1);
      expect(activities.filter((a) => a.key === 'endApproved')).toHaveLength(1);
    });

    it('a step that lost the race runs again and sees what the winner wrote', async () => {
      const id = await start(definition, vars);
      const [task] = (await snapshot(id)).tasks;
      const t = await servers.start();
      try {
        const decisions: string[] = [];
        let arrived = 0;
        let release = () => {};
        const bothRead = new Promise<void>((r) => (release = r));
        const approve = (name: string) =>
          t.app.bpmRuntime.step(1, id, async ({ tasks, now }) => {
            decisions.push(name);
            const current = tasks.find((x) => x.id === task!.id)!;
            if (current.result !== 1) throw fail(BpmError.TASK_COMPLETE_FAIL_NOT_EXISTS);
            if (dialect === 'sqlite') {
              // Both steps read the same version before either writes: only the compare-and-swap stops the second.
              if (++arrived === 2) release();
              if (arrived <= 2) await bothRead;
            } else if (decisions.length === 1) {
              // The first holds the row lock a while: the second must wait for it, then read the new rows.
              await sleep(300);
            }
            return {
              action: { kind: 'complete', executionId: current.executionId, variables: { approved: true } },
              taskUpdates: [{ id: current.id, changes: { result: 2, reason: '同意', endTime: now } }],
            };
          });
        const results = await Promise.allSettled([approve('a'), approve('b')]);
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        const lost = results.find((r) => r.status === 'rejected');
        expect((lost as PromiseRejectedResult).reason).toMatchObject({ code: 1_009_005_000 });
        expect(decisions).toHaveLength(dialect === 'sqlite' ? 3 : 2);
      } finally {
        await t.close();
      }
      const { instance, activities } = await snapshot(id);
      expect(instance).toMatchObject({ status: 2, result: 2 });
      expect(activities.filter((a) => a.key === 'endApproved')).toHaveLength(1);
    });

    it('50 completes at once on 50 instances: none is lost', async () => {
      const ids = await onNewServer(async (t) => {
        const created: string[] = [];
        for (let i = 0; i < 50; i++)
          created.push(
            ok<string>(
              await api(t, 'admin', 'POST', '/bpm/process-instance/create', {
                processDefinitionId: definition,
                variables: vars,
              }),
            ),
          );
        return created;
      });
      const todo = (
        await onNewServer(async (t) =>
          ok<PageResult<TodoTask>>(
            await api(t, 'manager', 'GET', '/bpm/task/todo-page', { pageSize: '100' }),
          ),
        )
      ).list.filter((x) => ids.includes(x.processInstance.id));
      expect(todo).toHaveLength(50);
      const results = await onNewServer((t) =>
        Promise.all(
          todo.map((x) => api(t, 'manager', 'PUT', '/bpm/task/approve', { id: x.id, reason: '同意' })),
        ),
      );
      expect(results.filter((r) => r.code !== 0)).toEqual([]);
      const rows = await db.kysely
        .selectFrom('bpmProcessInstance')
        .select(['status', 'result', 'version'])
        .where('id', 'in', ids)
        .execute();
      expect(rows.map((r) => [r.status, r.result, r.version])).toEqual(ids.map(() => [2, 2, 1]));
    });
  });

  it('resumes idempotently: re-reported waiting tasks are not duplicated; a retried complete is refused', async () => {
    const definition = await deployDefinition(db, { key: 'sc_parallel', xml: parallelXml('sc_parallel') });
    const id = await start(definition, { managerId: users.manager });
    const [a, b] = (await snapshot(id)).tasks.sort((x, y) => x.definitionKey.localeCompare(y.definitionKey));
    expect([a?.definitionKey, b?.definitionKey]).toEqual(['a', 'b']);
    // A timer step with nothing due recovers and resumes the instance: both tasks are reported again.
    await onNewServer((t) =>
      t.app.bpmRuntime.step(1, id, () => Promise.resolve({ action: { kind: 'fire-timers' } })),
    );
    expect((await snapshot(id)).tasks).toHaveLength(2);
    ok(await act('manager', 'approve', a!.id));
    expect((await snapshot(id)).tasks.map((x) => [x.definitionKey, x.result]).sort()).toEqual([
      ['a', 2],
      ['b', 1],
    ]);
    expect(await act('manager', 'approve', a!.id)).toMatchObject({ code: 1_009_005_000 });
    ok(await act('manager', 'approve', b!.id));
    const [c] = (await snapshot(id)).tasks.filter((x) => x.definitionKey === 'c');
    expect(c).toMatchObject({ result: 1 });
    ok(await act('manager', 'approve', c!.id));
    const { instance, tasks } = await snapshot(id);
    expect(instance).toMatchObject({ status: 2, result: 2 });
    expect(tasks).toHaveLength(3);
  });

  it('deploys through the model API: scripts refused; running instances stay on their version', async () => {
    const key = 'sc_model';
    const name = '模型请假';
    const modelId = await onNewServer(async (t) => {
      const id = ok<string>(await api(t, 'admin', 'POST', '/bpm/model/create', { key, name }));
      ok(
        await api(t, 'admin', 'PUT', '/bpm/model/update', {
          id,
          bpmnXml: leaveXml(key, name),
          formType: 20,
          formCustomCreatePath: '/bpm/oa/leave/create',
          formCustomViewPath: '/bpm/oa/leave/detail',
        }),
      );
      for (const [task, user] of [
        ['managerApprove', users.manager],
        ['directorApprove', users.director],
      ] as const)
        ok(
          await api(t, 'admin', 'POST', '/bpm/task-assign-rule/create', {
            modelId: id,
            taskDefinitionKey: task,
            type: 30,
            options: [user],
          }),
        );
      return id;
    });
    const deploy = (xml: string) =>
      onNewServer(async (t) => {
        ok(await api(t, 'admin', 'PUT', '/bpm/model/update', { id: modelId, bpmnXml: xml }));
        return api(t, 'admin', 'POST', `/bpm/model/deploy?id=${modelId}`);
      });
    const latest = () =>
      onNewServer(async (t) => {
        const page = ok<
          PageResult<{ key: string; processDefinition: { id: string; version: number } | null }>
        >(await api(t, 'admin', 'GET', '/bpm/model/page', { key }));
        return page.list[0]!.processDefinition!;
      });

    // A script task never runs: the deploy refuses it.
    const scripted = leaveXml(key, name).replace(
      '<userTask id="directorApprove" name="总监审批" flowable:assignee="${directorId}" />',
      '<scriptTask id="directorApprove" name="总监审批" scriptFormat="javascript"><script>process.exit(1)</script></scriptTask>',
    );
    expect(scripted).toContain('scriptTask');
    const refused = await deploy(scripted);
    expect(refused.code).toBe(1_009_002_005);
    expect(refused.msg).toContain('不允许执行脚本');

    ok(await deploy(leaveXml(key, name)));
    const v1 = await latest();
    expect(v1.version).toBe(1);
    const vars = { days: 2, managerId: users.manager, directorId: users.director };
    const onV1 = await start(v1.id, vars);

    // Version 2 sends every request to the director.
    ok(await deploy(leaveXml(key, name).replace('days <= 3', 'days < 0').replace('days > 3', 'days > 0')));
    const v2 = await latest();
    expect(v2.version).toBe(2);
    expect(
      await onNewServer((t) =>
        api(t, 'admin', 'POST', '/bpm/process-instance/create', {
          processDefinitionId: v1.id,
          variables: vars,
        }),
      ),
    ).toMatchObject({ code: 1_009_003_003 });
    await decide('manager', onV1);
    expect((await snapshot(onV1)).instance).toMatchObject({ status: 2, result: 2 });

    const onV2 = await start(v2.id, vars);
    await decide('manager', onV2);
    expect((await snapshot(onV2)).instance.status).toBe(1);
    await decide('director', onV2);
    expect((await snapshot(onV2)).instance).toMatchObject({ status: 2, result: 2 });
  });
});
