import type { BpmModelPageItem, BpmTaskAssignRule, PageResult } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCandidateResolver } from '../src/modules/bpm/assign-rule/candidates.js';
import { addTenantAdmin, diagram, insertDept, insertUser } from './bpm-fixture.js';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';

const CUSTOM_FORM = {
  formType: 20,
  formCustomCreatePath: '/bpm/oa/leave/create',
  formCustomViewPath: '/bpm/oa/leave/detail',
};

describe.each(DIALECTS)('bpm task assignment rules on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let other: Awaited<ReturnType<typeof addTenantAdmin>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = (await t.login()).accessToken;
    operator = (await t.login('operator', 'operator123')).accessToken;
    other = await addTenantAdmin(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    input: { query?: Record<string, string>; body?: unknown } = {},
  ) => t.api({ method, path, ...input, token: admin });
  const list = async (query: Record<string, string>) =>
    (await call('GET', '/bpm/task-assign-rule/list', { query })).data as BpmTaskAssignRule[];
  const createRule = (body: Record<string, unknown>) =>
    call('POST', '/bpm/task-assign-rule/create', { body });
  const ok = async (res: Promise<{ code: number; msg: string; data: unknown }>) => {
    const { code, msg, data } = await res;
    expect(code, msg).toBe(0);
    return data;
  };
  /** A model with a custom form and one user task per entry. */
  const modelWith = async (key: string, tasks: { id: string; name: string }[]) => {
    const id = (await ok(call('POST', '/bpm/model/create', { body: { key, name: key } }))) as string;
    await ok(
      call('PUT', '/bpm/model/update', { body: { id, ...CUSTOM_FORM, bpmnXml: diagram(key, key, tasks) } }),
    );
    return id;
  };
  /** Deploys the model; returns the new definition's id. */
  const deploy = async (modelId: string, key: string) => {
    await ok(call('POST', '/bpm/model/deploy', { query: { id: modelId } }));
    const page = (await call('GET', '/bpm/model/page', { query: { key } }))
      .data as PageResult<BpmModelPageItem>;
    return page.list[0]!.processDefinition!.id;
  };

  it('lists one row per user task, merged with its rule', async () => {
    const modelId = await modelWith('rule_list', [
      { id: 'first', name: '初审' },
      { id: 'second', name: '复审' },
    ]);
    expect(await list({ modelId })).toEqual([
      {
        id: null,
        modelId: null,
        processDefinitionId: null,
        taskDefinitionKey: 'first',
        taskDefinitionName: '初审',
        type: null,
        options: null,
      },
      {
        id: null,
        modelId: null,
        processDefinitionId: null,
        taskDefinitionKey: 'second',
        taskDefinitionName: '复审',
        type: null,
        options: null,
      },
    ]);
    const ruleId = (await ok(
      createRule({ modelId, taskDefinitionKey: 'second', type: 10, options: [1, 1, 2] }),
    )) as number;
    expect(await list({ modelId })).toEqual([
      expect.objectContaining({ id: null, taskDefinitionKey: 'first' }),
      {
        id: ruleId,
        modelId,
        processDefinitionId: '',
        taskDefinitionKey: 'second',
        taskDefinitionName: '复审',
        type: 10,
        options: [1, 2],
      },
    ]);
    expect(await createRule({ modelId, taskDefinitionKey: 'second', type: 30, options: [1] })).toMatchObject({
      code: 1_009_006_000,
      msg: `流程(${modelId}) 的任务(second) 已经存在分配规则`,
    });
    await ok(call('PUT', '/bpm/task-assign-rule/update', { body: { id: ruleId, type: 30, options: [2] } }));
    expect((await list({ modelId }))[1]).toMatchObject({ type: 30, options: [2] });

    // The starter diagram has no user tasks.
    const empty = (await ok(
      call('POST', '/bpm/model/create', { body: { key: 'rule_empty', name: '空' } }),
    )) as string;
    expect(await list({ modelId: empty })).toEqual([]);
    expect(await call('GET', '/bpm/task-assign-rule/list', { query: { modelId: 'missing' } })).toMatchObject({
      code: 1_009_002_001,
    });
    expect(
      await call('GET', '/bpm/task-assign-rule/list', { query: { processDefinitionId: 'missing' } }),
    ).toMatchObject({
      code: 1_009_003_002,
    });
    const neither = await call('GET', '/bpm/task-assign-rule/list');
    expect(neither.code).toBe(400);
    expect(neither.msg).toContain('流程模型编号和流程定义编号不能同时为空');
  });

  it('edits rules on the model only, never on a deployed copy', async () => {
    const modelId = await modelWith('rule_copy', [{ id: 'only', name: '唯一审批' }]);
    await ok(createRule({ modelId, taskDefinitionKey: 'only', type: 30, options: [1] }));
    const definitionId = await deploy(modelId, 'rule_copy');
    const [copy] = await list({ processDefinitionId: definitionId });
    expect(copy).toMatchObject({ modelId, processDefinitionId: definitionId, type: 30, options: [1] });
    expect(
      await call('PUT', '/bpm/task-assign-rule/update', { body: { id: copy!.id, type: 30, options: [2] } }),
    ).toMatchObject({
      code: 1_009_006_002,
      msg: '只有流程模型的任务分配规则，才允许被修改',
    });
    expect(
      await call('PUT', '/bpm/task-assign-rule/update', { body: { id: 99999, type: 30, options: [2] } }),
    ).toMatchObject({
      code: 1_009_006_001,
      msg: '流程任务分配规则不存在',
    });
  });

  it('validates the options of every rule type', async () => {
    const modelId = await modelWith('rule_check', [{ id: 'task', name: '任务' }]);
    const offRole = await t.db.kysely
      .insertInto('systemRole')
      .values({
        tenantId: 1,
        name: '停用角色',
        code: 'off_role',
        sort: 9,
        dataScope: 1,
        dataScopeDeptIds: '[]',
        status: 1,
        type: 2,
        remark: null,
        creator: null,
        updater: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const offDept = await insertDept(t, { name: '停用部门', parentId: 100, status: 1 });
    await t.db.kysely.updateTable('systemPost').set({ status: 1 }).where('id', '=', 3).execute();
    const offUser = await insertUser(t, { username: 'offuser', deptId: 101, status: 1 });
    const offGroup = (await ok(
      call('POST', '/bpm/user-group/create', {
        body: { name: '停用组', description: '', memberUserIds: [1], status: 1 },
      }),
    )) as number;
    const cases: [number, number[], number, string][] = [
      [10, [99999], 1_002_002_000, '角色不存在'],
      [10, [offRole.id], 1_002_002_004, '名字为【停用角色】的角色已被禁用'],
      [20, [99999], 1_002_004_002, '当前部门不存在'],
      [21, [offDept], 1_002_004_006, '部门(停用部门)不处于开启状态，不允许选择'],
      [22, [99999], 1_002_005_000, '当前岗位不存在'],
      [22, [3], 1_002_005_001, '岗位(普通员工) 不处于开启状态，不允许选择'],
      [30, [other.userId], 1_002_003_003, '用户不存在'],
      [30, [offUser], 1_002_003_006, '名字为【用户offuser】的用户已被禁用'],
      [40, [99999], 1_009_011_000, '用户组不存在'],
      [40, [offGroup], 1_009_011_001, '名字为【停用组】的用户组已被禁用'],
      [50, [10, 99], 1_009_006_004, '操作失败，原因：任务分配脚本(99) 不存在'],
    ];
    for (const [type, options, code, msg] of cases)
      expect(await createRule({ modelId, taskDefinitionKey: 'task', type, options }), msg).toMatchObject({
        code,
        msg,
      });
    const bad: [Record<string, unknown>, string][] = [
      [
        { modelId, taskDefinitionKey: 'task', type: 60, options: [1] },
        '规则类型必须是 10、20、21、22、30、40 或 50',
      ],
      [{ modelId, taskDefinitionKey: 'task', type: 30 }, '规则值数组不能为空'],
      [{ modelId, taskDefinitionKey: 'nowhere', type: 30, options: [1] }, '流程图中没有用户任务(nowhere)'],
      [{ taskDefinitionKey: 'task', type: 30, options: [1] }, '流程模型的编号不能为空'],
    ];
    for (const [body, message] of bad) {
      const res = await createRule(body);
      expect(res.code, message).toBe(400);
      expect(res.msg).toContain(message);
    }
    expect(
      await createRule({ modelId: 'missing', taskDefinitionKey: 'task', type: 30, options: [1] }),
    ).toMatchObject({
      code: 1_009_002_001,
    });
    expect((await list({ modelId }))[0]).toMatchObject({ id: null });
    await t.db.kysely.updateTable('systemPost').set({ status: 0 }).where('id', '=', 3).execute();
  });

  it('answers 401, 403 and keeps tenants apart', async () => {
    const modelId = await modelWith('rule_guard', [{ id: 'task', name: '任务' }]);
    const ruleId = (await ok(
      createRule({ modelId, taskDefinitionKey: 'task', type: 30, options: [1] }),
    )) as number;
    const calls = [
      { path: '/bpm/task-assign-rule/list', query: { modelId } },
      {
        method: 'POST' as const,
        path: '/bpm/task-assign-rule/create',
        body: { modelId, taskDefinitionKey: 'task', type: 30, options: [1] },
      },
      {
        method: 'PUT' as const,
        path: '/bpm/task-assign-rule/update',
        body: { id: ruleId, type: 30, options: [2] },
      },
    ];
    for (const c of calls) {
      expect(await t.api(c), c.path).toMatchObject({ code: 401 });
      expect(await t.api({ ...c, token: operator }), c.path).toMatchObject({ code: 403 });
      expect(await t.api({ ...c, token: admin, tenant: other.tenantId }), c.path).toMatchObject({
        code: 403,
      });
    }
    const theirs = { token: other.token, tenant: other.tenantId };
    expect(await t.api({ ...calls[0]!, ...theirs })).toMatchObject({ code: 1_009_002_001 });
    expect(await t.api({ ...calls[1]!, ...theirs })).toMatchObject({ code: 1_009_002_001 });
    expect(await t.api({ ...calls[2]!, ...theirs })).toMatchObject({ code: 1_009_006_001 });
    expect((await list({ modelId }))[0]).toMatchObject({ id: ruleId, options: [1] });
  });

  it('resolves candidate users for every rule type', async () => {
    // 总部(100, admin) ← 事业部(leaderA) ← 小组(leaderB): starter, peer and a disabled member in 小组.
    const leaderA = await insertUser(t, { username: 'leadera', deptId: 100 });
    const division = await insertDept(t, { name: '事业部', parentId: 100, leaderUserId: leaderA });
    const leaderB = await insertUser(t, { username: 'leaderb', deptId: division });
    const team = await insertDept(t, { name: '小组', parentId: division, leaderUserId: leaderB });
    const starter = await insertUser(t, { username: 'starter', deptId: team });
    const peer = await insertUser(t, { username: 'peer', deptId: team });
    const gone = await insertUser(t, { username: 'gone', deptId: team });
    const nobody = await insertUser(t, { username: 'nobody', deptId: null });
    const k = t.db.kysely;
    const { id: roleId } = await k
      .insertInto('systemRole')
      .values({
        tenantId: 1,
        name: '审批角色',
        code: 'approver',
        sort: 9,
        dataScope: 1,
        dataScopeDeptIds: '[]',
        status: 0,
        type: 2,
        remark: null,
        creator: null,
        updater: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await k
      .insertInto('systemUserRole')
      .values(
        [starter, peer, gone].map((userId) => ({
          tenantId: 1,
          userId,
          roleId,
          creator: null,
          updater: null,
        })),
      )
      .execute();
    await k
      .insertInto('systemUserPost')
      .values({ tenantId: 1, userId: leaderA, postId: 2, creator: null, updater: null })
      .execute();
    const groupId = (await ok(
      call('POST', '/bpm/user-group/create', {
        body: { name: '候选组', description: '', memberUserIds: [peer, leaderB, gone], status: 0 },
      }),
    )) as number;

    const rules: [string, number, number[]][] = [
      ['role', 10, [roleId]],
      ['deptMember', 20, [team]],
      ['deptLeader', 21, [division, team]],
      ['post', 22, [2]],
      ['user', 30, [peer, gone]],
      ['group', 40, [groupId]],
      ['starter', 50, [10]],
      ['leader1', 50, [20]],
      ['leader2', 50, [21]],
      ['starterAndLeaders', 50, [10, 20, 21]],
      ['onlyGone', 30, [gone]],
    ];
    const modelId = await modelWith(
      'candidates',
      rules.map(([id]) => ({ id, name: id })),
    );
    for (const [taskDefinitionKey, type, options] of rules)
      await ok(createRule({ modelId, taskDefinitionKey, type, options }));
    const definitionId = await deploy(modelId, 'candidates');
    // Disabled after the rules were made: dropped from every result.
    await k.updateTable('systemUsers').set({ status: 1 }).where('id', '=', gone).execute();

    const { resolveCandidateUsers } = createCandidateResolver(t.db.kysely);
    const resolve = (task: string, startUserId = starter) =>
      resolveCandidateUsers(1, definitionId, task, startUserId);
    const sorted = (...ids: number[]) => [...ids].sort((a, b) => a - b);
    expect(await resolve('role')).toEqual(sorted(starter, peer));
    expect(await resolve('deptMember')).toEqual(sorted(starter, peer));
    expect(await resolve('deptLeader')).toEqual(sorted(leaderA, leaderB));
    expect(await resolve('post')).toEqual([leaderA]);
    expect(await resolve('user')).toEqual([peer]);
    expect(await resolve('group')).toEqual(sorted(peer, leaderB));
    expect(await resolve('starter')).toEqual([starter]);
    expect(await resolve('leader1')).toEqual([leaderB]);
    expect(await resolve('leader2')).toEqual([leaderA]);
    expect(await resolve('starterAndLeaders')).toEqual(sorted(starter, leaderA, leaderB));
    // The admin's 研发部 (leader admin) sits under 总部 (leader admin); 总部 has no parent: stay there.
    expect(await resolve('leader2', 1)).toEqual([1]);
    expect(await resolve('leader1', leaderA)).toEqual([1]);

    const noCandidate = { code: 1_009_006_003, message: '操作失败，原因：找不到任务的审批人！' };
    await expect(resolve('onlyGone')).rejects.toMatchObject(noCandidate);
    await expect(resolve('leader1', nobody)).rejects.toMatchObject(noCandidate);
    await expect(resolve('unknownTask')).rejects.toMatchObject(noCandidate);
    await expect(resolveCandidateUsers(other.tenantId, definitionId, 'role', starter)).rejects.toMatchObject(
      noCandidate,
    );
    // A leader removed from the directory no longer counts.
    await k.updateTable('systemUsers').set({ deleted: 1 }).where('id', '=', leaderB).execute();
    await expect(resolve('leader1')).rejects.toMatchObject(noCandidate);
    expect(await resolve('deptLeader')).toEqual([leaderA]);
  });

  it('resolves the seeded oa_leave rules to the admin for the admin', async () => {
    const page = (await call('GET', '/bpm/model/page', { query: { key: 'oa_leave' } }))
      .data as PageResult<BpmModelPageItem>;
    const definitionId = page.list[0]!.processDefinition!.id;
    const { resolveCandidateUsers } = createCandidateResolver(t.db.kysely);
    expect(await resolveCandidateUsers(1, definitionId, 'leaderApprove', 1)).toEqual([1]);
    expect(await resolveCandidateUsers(1, definitionId, 'directorApprove', 1)).toEqual([1]);
    // The operator's 运营部 is led by the operator; the director is the admin (总部).
    expect(await resolveCandidateUsers(1, definitionId, 'directorApprove', 2)).toEqual([1]);
  });
});
