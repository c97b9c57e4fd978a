import type {
  BpmActivity,
  DoneTask,
  InstanceTask,
  NotifyMessage,
  OaLeave,
  PageResult,
  ProcessInstanceDetail,
  ProcessInstancePageItem,
  ReturnTarget,
  TodoTask,
} from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTenantAdmin } from './bpm-fixture.js';
import { addWorkflowUser, chainXml, deployDefinition, leaveXml, ok, signIn } from './bpm-runtime-fixture.js';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';
import { expectSelectiveQueryPlans, QUERY_PLAN_CHECK, statementRecorder } from './query-plans.js';

const DAY = 24 * 60 * 60 * 1000;

/** Every runtime endpoint with a valid call and an invalid one (and the message the latter must give). */
const ENDPOINT_CASES: {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  bad: { query?: Record<string, string>; body?: unknown; msg: string };
}[] = [
  {
    method: 'GET',
    path: '/bpm/process-instance/my-page',
    bad: { query: { status: '9' }, msg: '流程状态只能是' },
  },
  {
    method: 'POST',
    path: '/bpm/process-instance/create',
    body: { processDefinitionId: 'x', variables: {} },
    bad: { body: { variables: {} }, msg: '流程定义编号不能为空' },
  },
  {
    method: 'DELETE',
    path: '/bpm/process-instance/cancel',
    body: { id: 'x', reason: '不需要了' },
    bad: { body: { id: 'x', reason: ' ' }, msg: '取消原因不能为空' },
  },
  {
    method: 'GET',
    path: '/bpm/process-instance/get',
    query: { id: 'x' },
    bad: { query: {}, msg: '流程实例的编号不能为空' },
  },
  {
    method: 'GET',
    path: '/bpm/activity/list',
    query: { processInstanceId: 'x' },
    bad: { query: {}, msg: '流程实例的编号不能为空' },
  },
  {
    method: 'GET',
    path: '/bpm/task/todo-page',
    bad: { query: { pageSize: '1000' }, msg: '每页条数最大值为 100' },
  },
  {
    method: 'GET',
    path: '/bpm/task/done-page',
    bad: { query: { createTime: 'yesterday' }, msg: '创建时间格式不正确' },
  },
  {
    method: 'GET',
    path: '/bpm/task/list-by-process-instance-id',
    query: { processInstanceId: 'x' },
    bad: { query: {}, msg: '流程实例的编号不能为空' },
  },
  {
    method: 'PUT',
    path: '/bpm/task/approve',
    body: { id: 'x', reason: '同意' },
    bad: { body: { id: 'x' }, msg: '审批意见不能为空' },
  },
  {
    method: 'PUT',
    path: '/bpm/task/reject',
    body: { id: 'x', reason: '不同意' },
    bad: { body: { reason: '不同意' }, msg: '任务编号不能为空' },
  },
  {
    method: 'PUT',
    path: '/bpm/task/update-assignee',
    body: { id: 'x', assigneeUserId: 1 },
    bad: { body: { id: 'x' }, msg: '新审批人不能为空' },
  },
  {
    method: 'PUT',
    path: '/bpm/task/delegate',
    body: { id: 'x', delegateUserId: 1, reason: '请代办' },
    bad: { body: { id: 'x', delegateUserId: 1 }, msg: '委派理由不能为空' },
  },
  {
    method: 'GET',
    path: '/bpm/task/return-list',
    query: { taskId: 'x' },
    bad: { query: {}, msg: '任务编号不能为空' },
  },
  {
    method: 'PUT',
    path: '/bpm/task/return',
    body: { id: 'x', targetDefinitionKey: 'a', reason: '重填' },
    bad: { body: { id: 'x', reason: '重填' }, msg: '回退节点不能为空' },
  },
  {
    method: 'POST',
    path: '/bpm/oa/leave/create',
    body: { type: 1, reason: '事假', startTime: 0, endTime: DAY },
    bad: { body: { type: 1, reason: '事假', startTime: DAY, endTime: 0 }, msg: '结束时间需要大于开始时间' },
  },
  {
    method: 'GET',
    path: '/bpm/oa/leave/get',
    query: { id: '1' },
    bad: { query: { id: 'abc' }, msg: '编号' },
  },
  { method: 'GET', path: '/bpm/oa/leave/page', bad: { query: { result: '7' }, msg: '结果不正确' } },
];

describe.each(DIALECTS)('workflow runtime API on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let tenant2: { tenantId: number; userId: number; token: string };
  let managerId: number;
  let directorId: number;
  let outsiderId: number;
  let manager: string;
  let director: string;
  let outsider: string;
  let leaveDef: string;
  let chainDef: string;

  // On SQLite the statements are recorded, and their query plans checked at the end.
  const recorder = statementRecorder();

  beforeAll(async () => {
    t = await createTestApp(dialect, { onStatement: recorder.record });
    managerId = await addWorkflowUser(t.db, 'rtmanager', '王经理');
    directorId = await addWorkflowUser(t.db, 'rtdirector', '李总监');
    outsiderId = await addWorkflowUser(t.db, 'rtoutsider', '路人');
    tenant2 = await addTenantAdmin(t);
    admin = await signIn(t, 'admin');
    manager = await signIn(t, 'rtmanager');
    director = await signIn(t, 'rtdirector');
    outsider = await signIn(t, 'rtoutsider');
    operator = (await t.login('operator', 'operator123')).accessToken;
    leaveDef = await deployDefinition(t.db, { key: 'rt_leave', xml: leaveXml() });
    chainDef = await deployDefinition(t.db, {
      key: 'rt_chain',
      xml: chainXml(),
      rules: { first: [managerId], second: [directorId], third: [managerId] },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (
    token: string | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    input?: unknown,
  ) =>
    t.api({
      method,
      path,
      token,
      tenant: token === tenant2.token ? tenant2.tenantId : 1,
      ...(method === 'GET' ? { query: input as Record<string, string> } : { body: input }),
    });
  const get = <T>(token: string, path: string, query: Record<string, string> = {}) =>
    call(token, 'GET', path, query).then((r) => ok<T>(r));

  const startLeave = async (days: number, token = admin) =>
    ok<string>(
      await call(token, 'POST', '/bpm/process-instance/create', {
        processDefinitionId: leaveDef,
        variables: { days, managerId, directorId, note: '家中有事' },
      }),
    );
  const todo = (token: string) =>
    get<PageResult<TodoTask>>(token, '/bpm/task/todo-page', { pageSize: '100' });
  const openTaskOf = async (token: string, instanceId: string) => {
    const task = (await todo(token)).list.find((x) => x.processInstance.id === instanceId);
    if (!task) throw new Error('没有待办任务');
    return task;
  };
  const tasksOf = (token: string, instanceId: string) =>
    get<InstanceTask[]>(token, '/bpm/task/list-by-process-instance-id', { processInstanceId: instanceId });
  const instanceOf = (token: string, id: string) =>
    get<ProcessInstanceDetail>(token, '/bpm/process-instance/get', { id });
  /** The inbox once the workflow's messages, written a batch at a time, are in. */
  const messagesOf = async (token: string) => {
    await t.app.notify.postedSettled();
    return get<PageResult<NotifyMessage>>(token, '/system/notify-message/my-page', { pageSize: '100' });
  };

  it('guards every endpoint: 401 without a token, 403 without the permission, 400 on bad input', async () => {
    for (const e of ENDPOINT_CASES) {
      const input = e.method === 'GET' ? e.query : e.body;
      expect(await call(null, e.method, e.path, input), e.path).toMatchObject({ code: 401 });
      expect(await call(operator, e.method, e.path, input), e.path).toMatchObject({ code: 403 });
      const bad = await call(admin, e.method, e.path, e.method === 'GET' ? e.bad.query : e.bad.body);
      expect(bad.code, e.path).toBe(400);
      expect(bad.msg, e.path).toContain(e.bad.msg);
      // A token of tenant 2 used with tenant 1's header is refused before anything runs.
      const header = await t.api({
        method: e.method,
        path: e.path,
        token: tenant2.token,
        tenant: 1,
        ...(e.method === 'GET' ? { query: e.query } : { body: e.body }),
      });
      expect(header.code, e.path).toBe(403);
    }
  });

  it('starts an instance: id, detail, my-page with its open task, and the assignee told', async () => {
    const before = (await messagesOf(manager)).total;
    const id = await startLeave(2);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const detail = await instanceOf(admin, id);
    expect(detail).toMatchObject({
      id,
      name: '请假流程',
      category: '1',
      status: 1,
      result: 1,
      endTime: null,
      businessKey: null,
      formVariables: { days: 2, managerId, directorId, note: '家中有事' },
      startUser: { id: 1, nickname: '系统管理员', deptId: 101, deptName: '研发部' },
      processDefinition: { id: leaveDef, formType: 10, formFields: [] },
    });
    expect(detail.processDefinition.bpmnXml).toContain('managerApprove');

    const page = await get<PageResult<ProcessInstancePageItem>>(admin, '/bpm/process-instance/my-page', {
      name: '请假',
      status: '1',
    });
    const item = page.list.find((i) => i.id === id);
    expect(item).toMatchObject({ processDefinitionId: leaveDef, status: 1, result: 1 });
    expect(item?.tasks.map((x) => x.name)).toEqual(['经理审批']);
    expect(
      (
        await get<PageResult<ProcessInstancePageItem>>(admin, '/bpm/process-instance/my-page', {
          result: '2',
        })
      ).list.some((i) => i.id === id),
    ).toBe(false);

    const task = await openTaskOf(manager, id);
    // The diagram's dueDate P2D counts from the task's creation.
    expect(Math.abs(task.dueTime! - (task.createTime + 2 * 86_400_000))).toBeLessThan(1_000);
    expect(task).toMatchObject({
      name: '经理审批',
      suspensionState: 1,
      claimTime: null,
      processInstance: {
        id,
        name: '请假流程',
        startUserId: 1,
        startUserNickname: '系统管理员',
        processDefinitionId: leaveDef,
      },
    });
    const messages = await messagesOf(manager);
    expect(messages.total).toBe(before + 1);
    expect(messages.list[0]).toMatchObject({ templateCode: 'bpm_task_assigned' });
    expect(messages.list[0]?.templateContent).toContain(`/bpm/process-instance/detail?id=${id}`);
    expect(messages.list[0]?.templateContent).toContain('经理审批');
  });

  it('sends an SMS as well once an SMS template of the workflow code exists', async () => {
    const channel = await t.db.kysely
      .selectFrom('systemSmsChannel')
      .select('id')
      .where('code', '=', 'DEBUG_DING_TALK')
      .executeTakeFirstOrThrow();
    ok(
      await call(admin, 'POST', '/system/sms-template/create', {
        type: 2,
        status: 0,
        code: 'bpm_task_assigned',
        name: '待审批任务',
        content: '您有新的任务【{taskName}】待审批：{detailUrl}',
        remark: null,
        apiTemplateId: 'bpm-task',
        channelId: Number(channel.id),
      }),
    );
    await t.db.kysely
      .updateTable('systemUsers')
      .set({ mobile: '13900001234' })
      .where('id', '=', managerId)
      .execute();
    const id = await startLeave(2);
    const logs = await get<PageResult<{ mobile: string; templateCode: string; templateContent: string }>>(
      admin,
      '/system/sms-log/page',
      { mobile: '13900001234' },
    );
    expect(logs.list[0]).toMatchObject({ mobile: '13900001234', templateCode: 'bpm_task_assigned' });
    expect(logs.list[0]?.templateContent).toContain(
      `经理审批】待审批：/bpm/process-instance/detail?id=${id}`,
    );
  });

  it('refuses to start unknown, suspended or other tenants’ definitions', async () => {
    const create = (processDefinitionId: string, token = admin) =>
      call(token, 'POST', '/bpm/process-instance/create', { processDefinitionId, variables: {} });
    expect(await create('nope:1:x')).toMatchObject({ code: 1_009_003_002, msg: '流程定义不存在' });
    const v1 = await deployDefinition(t.db, { key: 'rt_versioned', xml: leaveXml('rt_versioned') });
    await deployDefinition(t.db, { key: 'rt_versioned', xml: leaveXml('rt_versioned', '请假流程二') });
    expect(await create(v1)).toMatchObject({ code: 1_009_003_003, msg: '流程定义处于挂起状态' });
    expect(await create(leaveDef, tenant2.token)).toMatchObject({ code: 1_009_003_002 });
  });

  it('fails loudly and writes nothing when a variable the diagram needs is missing', async () => {
    const before = (await get<PageResult<ProcessInstancePageItem>>(admin, '/bpm/process-instance/my-page'))
      .total;
    const res = await call(admin, 'POST', '/bpm/process-instance/create', {
      processDefinitionId: leaveDef,
      variables: { days: 2 },
    });
    // No managerId: the assignee expression cannot be evaluated and there is no rule to fall back on.
    expect(res.code).not.toBe(0);
    expect(
      (await get<PageResult<ProcessInstancePageItem>>(admin, '/bpm/process-instance/my-page')).total,
    ).toBe(before);
  });

  it('lets only the starter and task holders read an instance, its tasks and its activities', async () => {
    const id = await startLeave(5);
    for (const [path, query] of [
      ['/bpm/process-instance/get', { id }],
      ['/bpm/task/list-by-process-instance-id', { processInstanceId: id }],
      ['/bpm/activity/list', { processInstanceId: id }],
    ] as const) {
      expect((await call(admin, 'GET', path, query)).code, path).toBe(0);
      expect((await call(manager, 'GET', path, query)).code, path).toBe(0);
      expect(await call(outsider, 'GET', path, query), path).toMatchObject({
        code: 403,
        msg: '没有该操作权限',
      });
      expect(await call(tenant2.token, 'GET', path, query), path).toMatchObject({
        code: 1_009_004_000,
        msg: '流程实例不存在',
      });
      expect(
        (await call(admin, 'GET', path, Object.fromEntries(Object.keys(query).map((k) => [k, 'nope'])))).code,
      ).toBe(1_009_004_000);
    }
  });

  it('approves along the gateway, records the path, lists done tasks and tells the starter', async () => {
    const id = await startLeave(5);
    const first = await openTaskOf(manager, id);
    const approve = (token: string, taskId: string, reason = '同意') =>
      call(token, 'PUT', '/bpm/task/approve', { id: taskId, reason });

    expect(await approve(director, first.id)).toMatchObject({
      code: 1_009_005_001,
      msg: '操作失败，原因：该任务的审批人不是你',
    });
    expect(await approve(manager, 'nope')).toMatchObject({ code: 1_009_005_002, msg: '流程任务不存在' });
    expect(await approve(tenant2.token, first.id)).toMatchObject({ code: 1_009_005_002 });
    expect(await approve(manager, first.id, '同意，注意交接')).toMatchObject({ code: 0, data: true });
    expect(await approve(manager, first.id)).toMatchObject({
      code: 1_009_005_000,
      msg: '审批任务失败，原因：该任务不处于未审批',
    });

    const second = await openTaskOf(director, id);
    expect(second.name).toBe('总监审批');
    const done = await get<PageResult<DoneTask>>(manager, '/bpm/task/done-page', { name: '经理' });
    expect(done.list.find((d) => d.id === first.id)).toMatchObject({
      result: 2,
      reason: '同意，注意交接',
      processInstance: { id },
    });
    expect(ok<boolean>(await approve(director, second.id))).toBe(true);

    const detail = await instanceOf(admin, id);
    expect(detail).toMatchObject({ status: 2, result: 2 });
    expect(detail.endTime).not.toBeNull();
    const tasks = await tasksOf(admin, id);
    expect(tasks.map((x) => [x.name, x.result, x.assigneeUser?.nickname])).toEqual([
      ['总监审批', 2, '李总监'],
      ['经理审批', 2, '王经理'],
    ]);
    expect(tasks[0]).toMatchObject({
      definitionKey: 'directorApprove',
      assigneeUser: { deptName: '研发部' },
    });
    expect(tasks[0]?.durationInMillis).toBeGreaterThanOrEqual(0);

    const activities = await get<BpmActivity[]>(admin, '/bpm/activity/list', { processInstanceId: id });
    expect(activities.map((a) => a.key)).toEqual([
      'start',
      'managerApprove',
      'managerGateway',
      'directorApprove',
      'directorGateway',
      'endApproved',
    ]);
    expect(activities.find((a) => a.key === 'managerGateway')?.takenFlowIds).toEqual(['f_long']);
    expect(activities.find((a) => a.key === 'managerApprove')).toMatchObject({
      taskId: first.id,
      type: expect.any(String),
    });
    expect(activities.every((a) => a.endTime !== null)).toBe(true);

    const starterMessages = await messagesOf(admin);
    expect(starterMessages.list[0]).toMatchObject({ templateCode: 'bpm_process_instance_approve' });
    expect(starterMessages.list[0]?.templateContent).toContain('请假流程');
  });

  it('rejects: the gateway records the rejection path, the instance ends as rejected', async () => {
    const id = await startLeave(5);
    const task = await openTaskOf(manager, id);
    expect(await call(outsider, 'PUT', '/bpm/task/reject', { id: task.id, reason: '不行' })).toMatchObject({
      code: 1_009_005_001,
    });
    expect(
      await call(tenant2.token, 'PUT', '/bpm/task/reject', { id: task.id, reason: '不行' }),
    ).toMatchObject({
      code: 1_009_005_002,
    });
    expect(
      ok<boolean>(await call(manager, 'PUT', '/bpm/task/reject', { id: task.id, reason: '项目紧张' })),
    ).toBe(true);
    expect(await instanceOf(admin, id)).toMatchObject({ status: 2, result: 3 });
    expect((await tasksOf(admin, id)).map((x) => [x.name, x.result, x.reason])).toEqual([
      ['经理审批', 3, '项目紧张'],
    ]);
    const activities = await get<BpmActivity[]>(admin, '/bpm/activity/list', { processInstanceId: id });
    expect(activities.map((a) => a.key)).toEqual([
      'start',
      'managerApprove',
      'managerGateway',
      'endRejected',
    ]);
    const message = (await messagesOf(admin)).list[0];
    expect(message).toMatchObject({ templateCode: 'bpm_process_instance_reject' });
    expect(message?.templateContent).toContain('项目紧张');
  });

  it('cancels: only the starter, only while running; open tasks end as cancelled', async () => {
    const id = await startLeave(2);
    const cancel = (token: string, body: unknown) =>
      call(token, 'DELETE', '/bpm/process-instance/cancel', body);
    expect(await cancel(manager, { id, reason: '撤回' })).toMatchObject({
      code: 1_009_004_002,
      msg: '流程取消失败，该流程不是你发起的',
    });
    expect(await cancel(tenant2.token, { id, reason: '撤回' })).toMatchObject({ code: 1_009_004_001 });
    expect(await cancel(admin, { id: 'nope', reason: '撤回' })).toMatchObject({ code: 1_009_004_001 });
    expect(ok<boolean>(await cancel(admin, { id, reason: '计划有变' }))).toBe(true);
    expect(await instanceOf(admin, id)).toMatchObject({ status: 2, result: 4 });
    expect((await tasksOf(admin, id)).map((x) => [x.result, x.reason])).toEqual([
      [4, '主动取消任务，原因：计划有变'],
    ]);
    expect((await todo(manager)).list.some((x) => x.processInstance.id === id)).toBe(false);
    expect(await cancel(admin, { id, reason: '再次' })).toMatchObject({
      code: 1_009_004_001,
      msg: '流程取消失败，流程不处于运行中',
    });
  });

  it('reassigns (转办) to another enabled user only', async () => {
    const id = await startLeave(2);
    const task = await openTaskOf(manager, id);
    const reassign = (token: string, assigneeUserId: number) =>
      call(token, 'PUT', '/bpm/task/update-assignee', { id: task.id, assigneeUserId });
    expect(await reassign(manager, 99_999)).toMatchObject({ code: 1_002_003_003, msg: '用户不存在' });
    const disabled = await addWorkflowUser(t.db, 'rtdisabled', '停用者');
    await t.db.kysely.updateTable('systemUsers').set({ status: 1 }).where('id', '=', disabled).execute();
    expect(await reassign(manager, disabled)).toMatchObject({ code: 1_002_003_006 });
    expect(await reassign(tenant2.token, tenant2.userId)).toMatchObject({ code: 1_009_005_002 });
    expect(await reassign(director, directorId)).toMatchObject({ code: 1_009_005_001 });
    expect(ok<boolean>(await reassign(manager, directorId))).toBe(true);
    expect((await todo(manager)).list.some((x) => x.id === task.id)).toBe(false);
    expect((await openTaskOf(director, id)).id).toBe(task.id);
    expect((await messagesOf(director)).list[0]).toMatchObject({ templateCode: 'bpm_task_assigned' });
  });

  it('delegates (委派): the delegate handles it, then it returns to the owner', async () => {
    const id = await startLeave(2);
    const task = await openTaskOf(manager, id);
    const delegate = (token: string, delegateUserId: number) =>
      call(token, 'PUT', '/bpm/task/delegate', { id: task.id, delegateUserId, reason: '请帮忙看看' });
    expect(await delegate(manager, managerId)).toMatchObject({
      code: 1_009_005_007,
      msg: '任务委派失败，委派人和当前审批人为同一人',
    });
    expect(await delegate(manager, 99_999)).toMatchObject({
      code: 1_009_005_008,
      msg: '任务委派失败，被委派人不存在',
    });
    expect(await delegate(tenant2.token, directorId)).toMatchObject({ code: 1_009_005_002 });
    expect(await delegate(director, outsiderId)).toMatchObject({ code: 1_009_005_001 });
    expect(ok<boolean>(await delegate(manager, directorId))).toBe(true);

    expect((await tasksOf(admin, id))[0]).toMatchObject({
      result: 6,
      reason: '请帮忙看看',
      assigneeUser: { id: directorId },
    });
    expect((await openTaskOf(director, id)).id).toBe(task.id);
    expect(
      ok<boolean>(
        await call(director, 'PUT', '/bpm/task/approve', { id: task.id, reason: '我看过了，可以' }),
      ),
    ).toBe(true);
    // Back with its owner, still to do; the instance has not moved on.
    expect((await tasksOf(admin, id))[0]).toMatchObject({
      result: 1,
      reason: '我看过了，可以',
      assigneeUser: { id: managerId },
    });
    expect(await instanceOf(admin, id)).toMatchObject({ status: 1 });
    expect(
      ok<boolean>(await call(manager, 'PUT', '/bpm/task/approve', { id: task.id, reason: '同意' })),
    ).toBe(true);
    expect(await instanceOf(admin, id)).toMatchObject({ status: 2, result: 2 });
    expect((await tasksOf(manager, id))[0]).toMatchObject({ result: 2, reason: '同意' });
  });

  it('sends a task back (退回) to an earlier user task', async () => {
    const id = ok<string>(
      await call(admin, 'POST', '/bpm/process-instance/create', {
        processDefinitionId: chainDef,
        variables: {},
      }),
    );
    const first = await openTaskOf(manager, id);
    expect(
      ok<ReturnTarget[]>(await call(manager, 'GET', '/bpm/task/return-list', { taskId: first.id })),
    ).toEqual([]);
    ok(await call(manager, 'PUT', '/bpm/task/approve', { id: first.id, reason: '一级同意' }));
    const second = await openTaskOf(director, id);
    expect(await call(outsider, 'GET', '/bpm/task/return-list', { taskId: second.id })).toMatchObject({
      code: 403,
    });
    expect(await call(tenant2.token, 'GET', '/bpm/task/return-list', { taskId: second.id })).toMatchObject({
      code: 1_009_005_002,
    });
    expect(
      ok<ReturnTarget[]>(await call(director, 'GET', '/bpm/task/return-list', { taskId: second.id })),
    ).toEqual([{ id: 'first', name: '一级审批' }]);

    const sendBack = (token: string, targetDefinitionKey: string) =>
      call(token, 'PUT', '/bpm/task/return', { id: second.id, targetDefinitionKey, reason: '材料不全' });
    expect(await sendBack(director, 'nowhere')).toMatchObject({ code: 1_009_005_004, msg: '目标节点不存在' });
    expect(await sendBack(manager, 'first')).toMatchObject({ code: 1_009_005_001 });
    expect(await sendBack(tenant2.token, 'first')).toMatchObject({ code: 1_009_005_002 });
    expect(ok<boolean>(await sendBack(director, 'first'))).toBe(true);

    const tasks = await tasksOf(admin, id);
    expect(tasks.map((x) => [x.definitionKey, x.result])).toEqual([
      ['first', 1],
      ['second', 5],
      ['first', 2],
    ]);
    expect(tasks[1]?.reason).toBe('材料不全');
    const again = await openTaskOf(manager, id);
    expect(again.id).not.toBe(first.id);
    ok(await call(manager, 'PUT', '/bpm/task/approve', { id: again.id, reason: '已补齐' }));
    ok(
      await call(director, 'PUT', '/bpm/task/approve', {
        id: (await openTaskOf(director, id)).id,
        reason: '同意',
      }),
    );
    ok(
      await call(manager, 'PUT', '/bpm/task/approve', {
        id: (await openTaskOf(manager, id)).id,
        reason: '同意',
      }),
    );
    expect(await instanceOf(admin, id)).toMatchObject({ status: 2, result: 2 });
  });

  it('lists to-do and done tasks of the caller only, with filters', async () => {
    const id = await startLeave(2);
    const task = await openTaskOf(manager, id);
    expect((await todo(director)).list.some((x) => x.id === task.id)).toBe(false);
    expect((await todo(tenant2.token)).total).toBe(0);
    expect((await get<PageResult<TodoTask>>(manager, '/bpm/task/todo-page', { name: '总监' })).list).toEqual(
      [],
    );
    expect(
      (
        await get<PageResult<TodoTask>>(manager, '/bpm/task/todo-page', { name: '经理', pageSize: '100' })
      ).list.some((x) => x.id === task.id),
    ).toBe(true);
    expect((await get<PageResult<DoneTask>>(tenant2.token, '/bpm/task/done-page')).total).toBe(0);
    expect(
      (await get<PageResult<ProcessInstancePageItem>>(tenant2.token, '/bpm/process-instance/my-page')).total,
    ).toBe(0);
  });

  describe('OA leave', () => {
    const leave = (token: string, days: number, extra: Record<string, unknown> = {}) => {
      const startTime = Date.UTC(2025, 0, 6, 9);
      return call(token, 'POST', '/bpm/oa/leave/create', {
        type: 2,
        reason: '回家',
        startTime,
        endTime: startTime + days * DAY,
        ...extra,
      });
    };

    it('creates a leave that starts the seeded oa_leave process, and follows its result', async () => {
      const id = ok<number>(await leave(admin, 5));
      const row = ok<OaLeave>(await call(admin, 'GET', '/bpm/oa/leave/get', { id: String(id) }));
      expect(row).toMatchObject({ id, userId: 1, type: 2, reason: '回家', day: 5, result: 1 });
      const instance = await instanceOf(admin, row.processInstanceId!);
      expect(instance).toMatchObject({
        name: 'OA 请假',
        businessKey: String(id),
        formVariables: { day: 5 },
        processDefinition: { formType: 20, formCustomViewPath: '/bpm/oa/leave/detail' },
      });
      // The seeded rules give the admin both approvals (leader of 研发部, then of 总部).
      const leader = await openTaskOf(admin, instance.id);
      expect(leader.name).toBe('领导审批');
      ok(await call(admin, 'PUT', '/bpm/task/approve', { id: leader.id, reason: '同意' }));
      expect(ok<OaLeave>(await call(admin, 'GET', '/bpm/oa/leave/get', { id: String(id) })).result).toBe(1);
      const director = await openTaskOf(admin, instance.id);
      expect(director.name).toBe('总监审批');
      ok(await call(admin, 'PUT', '/bpm/task/reject', { id: director.id, reason: '太长了' }));
      expect(ok<OaLeave>(await call(admin, 'GET', '/bpm/oa/leave/get', { id: String(id) })).result).toBe(3);

      const page = ok<PageResult<OaLeave>>(
        await call(admin, 'GET', '/bpm/oa/leave/page', { result: '3', type: '2' }),
      );
      expect(page.list.map((l) => l.id)).toContain(id);
      expect(
        ok<PageResult<OaLeave>>(await call(admin, 'GET', '/bpm/oa/leave/page', { reason: '出差' })).list,
      ).toEqual([]);
      expect(ok<PageResult<OaLeave>>(await call(manager, 'GET', '/bpm/oa/leave/page')).total).toBe(0);
      expect(ok<PageResult<OaLeave>>(await call(tenant2.token, 'GET', '/bpm/oa/leave/page')).total).toBe(0);
    });

    it('refuses less than one day, and starts nothing', async () => {
      const before = ok<PageResult<OaLeave>>(await call(admin, 'GET', '/bpm/oa/leave/page')).total;
      expect(await leave(admin, 0.5)).toMatchObject({ code: 1_009_001_007, msg: '请假天数必须>=1' });
      expect(ok<PageResult<OaLeave>>(await call(admin, 'GET', '/bpm/oa/leave/page')).total).toBe(before);
      expect(await leave(admin, 1, { type: 0 })).toMatchObject({ code: 400 });
      // Tenant 2 has no oa_leave process.
      expect(await leave(tenant2.token, 2)).toMatchObject({ code: 1_009_003_002 });
    });

    it('shows a leave to its requester and to those with a task for it only', async () => {
      const id = ok<number>(await leave(admin, 2));
      const read = (token: string, leaveId = id) =>
        call(token, 'GET', '/bpm/oa/leave/get', { id: String(leaveId) });
      expect(await read(outsider)).toMatchObject({ code: 403 });
      expect(await read(tenant2.token)).toMatchObject({ code: 1_009_001_001, msg: '请假申请不存在' });
      expect(await read(admin, 999_999)).toMatchObject({ code: 1_009_001_001 });
      const row = ok<OaLeave>(await read(admin));
      const task = await openTaskOf(admin, row.processInstanceId!);
      ok(await call(admin, 'PUT', '/bpm/task/update-assignee', { id: task.id, assigneeUserId: outsiderId }));
      expect(ok<OaLeave>(await read(outsider)).id).toBe(id);
      ok(await call(outsider, 'PUT', '/bpm/task/approve', { id: task.id, reason: '同意' }));
      expect(ok<OaLeave>(await read(admin)).result).toBe(2);
    });
  });

  // The plans are SQLite's; PostgreSQL plans by its statistics.
  if (dialect === 'sqlite') it(QUERY_PLAN_CHECK, () => expectSelectiveQueryPlans(t.db, recorder, 100));
});
