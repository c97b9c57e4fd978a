import type {
  DictDataSimple,
  InstanceTask,
  NotifyMessage,
  PageResult,
  ProcessInstanceDetail,
  SignChildTask,
  TodoTask,
} from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTenantAdmin } from './bpm-fixture.js';
import {
  addWorkflowUser,
  countersignXml,
  deployDefinition,
  leaveXml,
  ok,
  signIn,
} from './bpm-runtime-fixture.js';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';

/* 加签 (create-sign), 减签 (delete-sign) and the children list of a task. */

type Method = 'GET' | 'PUT' | 'DELETE';

const ENDPOINT_CASES: {
  method: Method;
  path: string;
  input: Record<string, unknown>;
  bad: Record<string, unknown>;
  msg: string;
}[] = [
  {
    method: 'PUT',
    path: '/bpm/task/create-sign',
    input: { id: 'x', userIdList: [1], type: 'before', reason: '请把关' },
    bad: { id: 'x', userIdList: [], type: 'before', reason: '请把关' },
    msg: '加签用户不能为空',
  },
  {
    method: 'PUT',
    path: '/bpm/task/create-sign',
    input: { id: 'x', userIdList: [1], type: 'before', reason: '请把关' },
    bad: { id: 'x', userIdList: [1], type: 'sideways', reason: '请把关' },
    msg: '加签类型必须是 before（向前加签）或 after（向后加签）',
  },
  {
    method: 'PUT',
    path: '/bpm/task/create-sign',
    input: { id: 'x', userIdList: [1], type: 'after', reason: '请把关' },
    bad: { id: 'x', userIdList: [1], type: 'after', reason: '  ' },
    msg: '加签原因不能为空',
  },
  {
    method: 'DELETE',
    path: '/bpm/task/delete-sign',
    input: { id: 'x', reason: '不需要了' },
    bad: { id: 'x' },
    msg: '减签原因不能为空',
  },
  {
    method: 'GET',
    path: '/bpm/task/children-list',
    input: { parentId: 'x' },
    bad: {},
    msg: '父级任务编号不能为空',
  },
];

describe.each(DIALECTS)('workflow 加签 / 减签 on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let tenant2: { tenantId: number; userId: number; token: string };
  let managerId: number;
  let directorId: number;
  let signerAId: number;
  let signerBId: number;
  let manager: string;
  let director: string;
  let signerA: string;
  let signerB: string;
  let outsider: string;
  let leaveDef: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    managerId = await addWorkflowUser(t.db, 'sgmanager', '王经理');
    directorId = await addWorkflowUser(t.db, 'sgdirector', '李总监');
    signerAId = await addWorkflowUser(t.db, 'sgsignera', '张会签');
    signerBId = await addWorkflowUser(t.db, 'sgsignerb', '赵会签');
    await addWorkflowUser(t.db, 'sgoutsider', '路人');
    tenant2 = await addTenantAdmin(t);
    admin = await signIn(t, 'admin');
    manager = await signIn(t, 'sgmanager');
    director = await signIn(t, 'sgdirector');
    signerA = await signIn(t, 'sgsignera');
    signerB = await signIn(t, 'sgsignerb');
    outsider = await signIn(t, 'sgoutsider');
    operator = (await t.login('operator', 'operator123')).accessToken;
    leaveDef = await deployDefinition(t.db, { key: 'sg_leave', xml: leaveXml('sg_leave') });
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (token: string | null, method: Method, path: string, input?: Record<string, unknown>) =>
    t.api({
      method,
      path,
      token,
      tenant: token === tenant2.token ? tenant2.tenantId : 1,
      ...(method === 'GET' ? { query: input as Record<string, string> } : { body: input }),
    });
  const get = async <T>(token: string, path: string, query: Record<string, string>) =>
    ok<T>(await call(token, 'GET', path, query));

  /** A 5-day leave started by the admin: 经理审批 (the manager), then 总监审批 (the director). */
  const startLeave = async () =>
    ok<string>(
      await t.api({
        method: 'POST',
        path: '/bpm/process-instance/create',
        token: admin,
        body: { processDefinitionId: leaveDef, variables: { days: 5, managerId, directorId } },
      }),
    );
  const todo = async (token: string, instanceId: string) =>
    (await get<PageResult<TodoTask>>(token, '/bpm/task/todo-page', { pageSize: '100' })).list.filter(
      (x) => x.processInstance.id === instanceId,
    );
  const openTaskOf = async (token: string, instanceId: string) => {
    const [task] = await todo(token, instanceId);
    if (!task) throw new Error('没有待办任务');
    return task;
  };
  const tasksOf = (instanceId: string) =>
    get<InstanceTask[]>(admin, '/bpm/task/list-by-process-instance-id', { processInstanceId: instanceId });
  const instanceOf = (id: string) => get<ProcessInstanceDetail>(admin, '/bpm/process-instance/get', { id });
  /** The inbox once the workflow's messages, written a batch at a time, are in. */
  const messagesOf = async (token: string) => {
    await t.app.notify.postedSettled();
    return get<PageResult<NotifyMessage>>(token, '/system/notify-message/my-page', { pageSize: '100' });
  };
  const childrenOf = (token: string, parentId: string) =>
    get<SignChildTask[]>(token, '/bpm/task/children-list', { parentId });

  const createSign = (
    token: string,
    id: string,
    userIdList: number[],
    type: 'before' | 'after',
    reason = '请帮忙把关',
  ) => call(token, 'PUT', '/bpm/task/create-sign', { id, userIdList, type, reason });
  const deleteSign = (token: string, id: string, reason = '不需要了') =>
    call(token, 'DELETE', '/bpm/task/delete-sign', { id, reason });
  const approve = (token: string, id: string, reason = '同意') =>
    call(token, 'PUT', '/bpm/task/approve', { id, reason });
  /** The tasks of the instance as [name, result, assignee, owner] rows, children indented by '-'. */
  const tree = async (instanceId: string) => {
    const rows: (string | number | null)[][] = [];
    const walk = (tasks: InstanceTask[] | null, depth: number) => {
      for (const x of tasks ?? []) {
        rows.push([
          `${'-'.repeat(depth)}${x.name}`,
          x.result,
          x.assigneeUser?.nickname ?? null,
          x.ownerUser?.nickname ?? null,
        ]);
        walk(x.children, depth + 1);
      }
    };
    walk(await tasksOf(instanceId), 0);
    return rows;
  };

  it('guards the endpoints: 401, 403, 400 with the reason, and a foreign tenant header', async () => {
    for (const e of ENDPOINT_CASES) {
      expect(await call(null, e.method, e.path, e.input), e.path).toMatchObject({ code: 401 });
      expect(await call(operator, e.method, e.path, e.input), e.path).toMatchObject({ code: 403 });
      const bad = await call(admin, e.method, e.path, e.bad);
      expect(bad.code, e.path).toBe(400);
      expect(bad.msg, e.path).toContain(e.msg);
      const header = await t.api({
        method: e.method,
        path: e.path,
        token: tenant2.token,
        tenant: 1,
        ...(e.method === 'GET' ? { query: e.input as Record<string, string> } : { body: e.input }),
      });
      expect(header.code, e.path).toBe(403);
    }
  });

  it('seeds the labels of the 加签 results', async () => {
    const dict = await get<DictDataSimple[]>(admin, '/system/dict-data/list-all-simple', {});
    const labels = Object.fromEntries(
      dict.filter((d) => d.dictType === 'bpm_process_instance_result').map((d) => [d.value, d.label]),
    );
    expect(labels).toMatchObject({ '7': '待后加签任务完成', '8': '待前加签任务完成', '9': '待前置任务完成' });
  });

  it('向前加签: the added users approve first, then the task is back with its owner', async () => {
    const id = await startLeave();
    const task = await openTaskOf(manager, id);
    const before = { a: (await messagesOf(signerA)).total, m: (await messagesOf(manager)).total };
    expect(ok<boolean>(await createSign(manager, task.id, [signerAId, signerBId, signerAId], 'before'))).toBe(
      true,
    );

    expect(await todo(manager, id)).toEqual([]);
    // Children come in the order of the list: open first, then the newest first.
    expect(await tree(id)).toEqual([
      ['经理审批', 8, null, '王经理'],
      ['-经理审批', 1, '赵会签', null],
      ['-经理审批', 1, '张会签', null],
    ]);
    const [root] = await tasksOf(id);
    expect(root).toMatchObject({ id: task.id, reason: '请帮忙把关', parentTaskId: null, endTime: null });
    expect(root?.children?.every((c) => c.parentTaskId === task.id)).toBe(true);
    const children = await childrenOf(manager, task.id);
    expect(children.map((c) => [c.name, c.result, c.assigneeUser?.nickname])).toEqual([
      ['经理审批', 1, '张会签'],
      ['经理审批', 1, '赵会签'],
    ]);
    const messages = await messagesOf(signerA);
    expect(messages.total).toBe(before.a + 1);
    expect(messages.list[0]).toMatchObject({ templateCode: 'bpm_task_assigned' });
    expect(messages.list[0]?.templateContent).toContain('经理审批');
    // The owner cannot decide while the added tasks are open.
    expect(await approve(manager, task.id)).toMatchObject({ code: 1_009_005_001 });

    ok(await approve(signerA, (await openTaskOf(signerA, id)).id, '张：可以'));
    expect((await tree(id))[0]).toEqual(['经理审批', 8, null, '王经理']);
    ok(await approve(signerB, (await openTaskOf(signerB, id)).id, '赵：可以'));
    expect(await tree(id)).toEqual([
      ['经理审批', 1, '王经理', '王经理'],
      ['-经理审批', 2, '赵会签', null],
      ['-经理审批', 2, '张会签', null],
    ]);
    expect((await messagesOf(manager)).total).toBe(before.m + 1);
    expect(await childrenOf(manager, task.id)).toEqual([]);
    expect(await instanceOf(id)).toMatchObject({ status: 1 });
    expect(await todo(director, id)).toEqual([]);

    ok(await approve(manager, task.id, '经理同意'));
    expect((await openTaskOf(director, id)).name).toBe('总监审批');
  });

  it('向后加签: the added users wait until the task is approved, then the instance goes on', async () => {
    const id = await startLeave();
    const task = await openTaskOf(manager, id);
    ok(await createSign(manager, task.id, [signerAId], 'after', '请财务复核'));
    expect(await tree(id)).toEqual([
      ['经理审批', 1, '王经理', null],
      ['-经理审批', 9, null, '张会签'],
    ]);
    expect(await todo(signerA, id)).toEqual([]);
    expect((await childrenOf(manager, task.id)).map((c) => [c.result, c.assigneeUser?.nickname])).toEqual([
      [9, '张会签'],
    ]);
    // More after-signs are fine; a before-sign is not.
    expect(await createSign(manager, task.id, [signerBId], 'before')).toMatchObject({
      code: 1_009_005_010,
      msg: '任务加签：当前任务已经向后加签，不能向前加签',
    });

    const before = (await messagesOf(signerA)).total;
    ok(await approve(manager, task.id, '经理同意'));
    const [root] = await tasksOf(id);
    expect(root).toMatchObject({ result: 7, reason: '经理同意' });
    expect(root?.endTime).not.toBeNull();
    expect(root?.children?.[0]).toMatchObject({ result: 1, assigneeUser: { id: signerAId } });
    expect((await messagesOf(signerA)).total).toBe(before + 1);
    expect(await todo(director, id)).toEqual([]);

    ok(await approve(signerA, (await openTaskOf(signerA, id)).id, '复核无误'));
    expect(await tree(id)).toEqual([
      ['总监审批', 1, '李总监', null],
      ['经理审批', 2, '王经理', null],
      ['-经理审批', 2, '张会签', '张会签'],
    ]);
    expect((await openTaskOf(director, id)).name).toBe('总监审批');
  });

  it('refuses: not the assignee, unknown or disabled users, users already on the task', async () => {
    const id = await startLeave();
    const task = await openTaskOf(manager, id);
    const unchanged = await tree(id);
    expect(await createSign(director, task.id, [signerAId], 'before')).toMatchObject({
      code: 1_009_005_001,
      msg: '操作失败，原因：该任务的审批人不是你',
    });
    expect(await createSign(tenant2.token, task.id, [tenant2.userId], 'before')).toMatchObject({
      code: 1_009_005_002,
      msg: '流程任务不存在',
    });
    expect(await createSign(manager, 'nope', [signerAId], 'before')).toMatchObject({ code: 1_009_005_002 });
    expect(await createSign(manager, task.id, [signerAId, 99_999], 'before')).toMatchObject({
      code: 1_009_005_009,
      msg: '任务加签：选择的用户不存在',
    });
    expect(await createSign(manager, task.id, [tenant2.userId], 'before')).toMatchObject({
      code: 1_009_005_009,
    });
    const disabled = await addWorkflowUser(t.db, 'sgdisabled', '停用者');
    await t.db.kysely.updateTable('systemUsers').set({ status: 1 }).where('id', '=', disabled).execute();
    expect(await createSign(manager, task.id, [disabled], 'after')).toMatchObject({ code: 1_009_005_009 });
    expect(await createSign(manager, task.id, [signerAId, managerId], 'before')).toMatchObject({
      code: 1_009_005_011,
      msg: '任务加签失败，加签人与现有审批人[王经理]重复',
    });
    expect(await tree(id)).toEqual(unchanged);

    // Someone added may add in turn, but not the owner waiting above them, nor themselves.
    ok(await createSign(manager, task.id, [signerAId], 'before'));
    const added = await openTaskOf(signerA, id);
    expect(await createSign(signerA, added.id, [managerId], 'after')).toMatchObject({
      code: 1_009_005_011,
      msg: '任务加签失败，加签人与现有审批人[王经理]重复',
    });
    expect(await createSign(signerA, added.id, [signerAId], 'after')).toMatchObject({
      code: 1_009_005_011,
    });
    ok(await approve(signerA, added.id));
    expect(await createSign(signerA, added.id, [signerBId], 'before')).toMatchObject({
      code: 1_009_005_000,
    });
  });

  it('减签: cancels the added task with its reason; the parent comes back when none is left', async () => {
    const id = await startLeave();
    const task = await openTaskOf(manager, id);
    ok(await createSign(manager, task.id, [signerAId, signerBId], 'before'));
    const a = await openTaskOf(signerA, id);
    const b = await openTaskOf(signerB, id);

    expect(await deleteSign(signerA, b.id)).toMatchObject({ code: 1_009_005_001 });
    expect(await deleteSign(outsider, b.id)).toMatchObject({ code: 1_009_005_001 });
    expect(await deleteSign(tenant2.token, b.id)).toMatchObject({ code: 1_009_005_002 });
    expect(await deleteSign(manager, 'nope')).toMatchObject({ code: 1_009_005_002 });
    expect(await deleteSign(manager, task.id)).toMatchObject({
      code: 1_009_005_011,
      msg: '任务减签失败，被减签的任务必须是通过加签生成的任务',
    });
    expect(await call(outsider, 'GET', '/bpm/task/children-list', { parentId: task.id })).toMatchObject({
      code: 403,
    });
    expect(await call(tenant2.token, 'GET', '/bpm/task/children-list', { parentId: task.id })).toMatchObject({
      code: 1_009_005_002,
    });

    expect(ok<boolean>(await deleteSign(manager, b.id, '赵不在'))).toBe(true);
    expect(await todo(signerB, id)).toEqual([]);
    const [root] = await tasksOf(id);
    expect(root?.children?.find((c) => c.id === b.id)).toMatchObject({
      result: 4,
      reason: '由于王经理操作[减签]，任务被取消，原因：赵不在',
    });
    expect((await childrenOf(manager, task.id)).map((c) => c.id)).toEqual([a.id]);
    expect(await deleteSign(manager, b.id)).toMatchObject({ code: 1_009_005_002 });

    ok(await approve(signerA, a.id));
    expect(await deleteSign(manager, a.id)).toMatchObject({ code: 1_009_005_002, msg: '流程任务不存在' });
    expect((await openTaskOf(manager, id)).id).toBe(task.id);

    // Taking the only added task away gives the task back at once.
    ok(await createSign(manager, task.id, [signerBId], 'before'));
    ok(await deleteSign(manager, (await openTaskOf(signerB, id)).id));
    expect((await tree(id))[0]).toEqual(['经理审批', 1, '王经理', '王经理']);
    expect((await openTaskOf(manager, id)).id).toBe(task.id);
  });

  it('减签 takes the tasks added below with it', async () => {
    const id = await startLeave();
    const task = await openTaskOf(manager, id);
    ok(await createSign(manager, task.id, [signerAId], 'before'));
    const a = await openTaskOf(signerA, id);
    ok(await createSign(signerA, a.id, [signerBId], 'before', '再问问赵'));
    expect(await tree(id)).toEqual([
      ['经理审批', 8, null, '王经理'],
      ['-经理审批', 8, null, '张会签'],
      ['--经理审批', 1, '赵会签', null],
    ]);
    ok(await deleteSign(manager, a.id, '直接我来'));
    expect(await tree(id)).toEqual([
      ['经理审批', 1, '王经理', '王经理'],
      ['-经理审批', 4, null, '张会签'],
      ['--经理审批', 4, '赵会签', null],
    ]);
    expect(await todo(signerB, id)).toEqual([]);
  });

  it('减签 of the last task added after an approved task lets the instance go on', async () => {
    const id = await startLeave();
    const task = await openTaskOf(manager, id);
    ok(await createSign(manager, task.id, [signerAId], 'after'));
    ok(await approve(manager, task.id, '经理同意'));
    const a = await openTaskOf(signerA, id);
    ok(await deleteSign(manager, a.id));
    expect(await tree(id)).toEqual([
      ['总监审批', 1, '李总监', null],
      ['经理审批', 2, '王经理', null],
      ['-经理审批', 4, '张会签', '张会签'],
    ]);
  });

  it('an added user’s rejection ends the instance; cancelling it cancels the added tasks', async () => {
    const rejected = await startLeave();
    const task = await openTaskOf(manager, rejected);
    ok(await createSign(manager, task.id, [signerAId], 'before'));
    ok(
      await call(signerA, 'PUT', '/bpm/task/reject', {
        id: (await openTaskOf(signerA, rejected)).id,
        reason: '不合规',
      }),
    );
    expect(await instanceOf(rejected)).toMatchObject({ status: 2, result: 3 });
    expect((await tree(rejected)).map((r) => r.slice(0, 2))).toEqual([
      ['经理审批', 4],
      ['-经理审批', 3],
    ]);

    const cancelled = await startLeave();
    const second = await openTaskOf(manager, cancelled);
    ok(await createSign(manager, second.id, [signerAId], 'after'));
    ok(await call(admin, 'DELETE', '/bpm/process-instance/cancel', { id: cancelled, reason: '不请了' }));
    expect((await tree(cancelled)).map((r) => r.slice(0, 2))).toEqual([
      ['经理审批', 4],
      ['-经理审批', 4],
    ]);
    expect(await deleteSign(manager, (await tasksOf(cancelled))[0]!.children![0]!.id)).toMatchObject({
      code: 1_009_005_002,
    });
  });

  it('the engine ending a task (会签 satisfied) cancels the tasks added to it', async () => {
    const definition = await deployDefinition(t.db, {
      key: 'sg_countersign',
      xml: countersignXml('sg_countersign', {
        sequential: false,
        completion: '${nrOfCompletedInstances >= nrOfInstances * 0.5}',
      }),
    });
    const id = ok<string>(
      await t.api({
        method: 'POST',
        path: '/bpm/process-instance/create',
        token: admin,
        body: { processDefinitionId: definition, variables: { signers: [managerId, directorId] } },
      }),
    );
    const mine = await openTaskOf(manager, id);
    // The director holds the other task of the node: already on it.
    expect(await createSign(manager, mine.id, [directorId], 'before')).toMatchObject({
      code: 1_009_005_011,
      msg: '任务加签失败，加签人与现有审批人[李总监]重复',
    });
    ok(await createSign(manager, mine.id, [signerAId], 'before'));
    ok(await approve(director, (await openTaskOf(director, id)).id));
    expect(await instanceOf(id)).toMatchObject({ status: 2, result: 2 });
    const managers = (await tasksOf(id)).find((x) => x.id === mine.id);
    expect(managers).toMatchObject({ id: mine.id, result: 4 });
    expect(managers?.children?.[0]).toMatchObject({
      result: 4,
      reason: '系统自动取消，原因：多任务审批已经满足条件，无需审批该任务',
    });
    expect(await todo(signerA, id)).toEqual([]);
  });
});
