import { BPM_RESULT, type InstanceTask, type PageResult, type TodoTask } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWorkflowUser, deployDefinition, ok, signIn } from './bpm-runtime-fixture.js';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';

/* A task the diagram gives to candidate users and groups: every candidate sees it, the first to act takes it. */

const claimXml = (key: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="http://flowable.org/bpmn" id="defs_${key}">
  <process id="${key}" name="认领审批" isExecutable="true">
    <startEvent id="start" />
    <userTask id="claim" name="认领审批" flowable:candidateUsers="\${candidates}" flowable:candidateGroups="\${groups}" />
    <endEvent id="end" />
    <sequenceFlow id="f0" sourceRef="start" targetRef="claim" />
    <sequenceFlow id="f1" sourceRef="claim" targetRef="end" />
  </process>
</definitions>`;

describe.each(DIALECTS)('bpm candidate users and groups (%s)', (dialect) => {
  let t: TestApp;
  let definition: string;
  const users: Record<'direct' | 'member' | 'outsider' | 'disabled', { id: number; token: string }> =
    {} as never;
  let groupId: number;
  let adminToken: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (const name of ['direct', 'member', 'outsider', 'disabled'] as const) {
      const id = await addWorkflowUser(t.db, `cand${name}`, `候选${name}`);
      users[name] = { id, token: await signIn(t, `cand${name}`) };
    }
    await t.db.kysely
      .updateTable('systemUsers')
      .set({ status: 1 })
      .where('id', '=', users.disabled.id)
      .execute();
    adminToken = await signIn(t, 'admin');
    groupId = ok<number>(
      await t.api({
        method: 'POST',
        path: '/bpm/user-group/create',
        token: adminToken,
        body: {
          name: '认领组',
          description: '',
          memberUserIds: [users.member.id, users.disabled.id],
          status: 0,
        },
      }),
    );
    definition = await deployDefinition(t.db, { key: `claim_${dialect}`, xml: claimXml(`claim_${dialect}`) });
  });
  afterAll(() => t.close());

  const start = (variables: Record<string, unknown>) =>
    t.api({
      method: 'POST',
      path: '/bpm/process-instance/create',
      token: adminToken,
      body: { processDefinitionId: definition, variables },
    });
  const todo = async (token: string) =>
    ok<PageResult<TodoTask>>(await t.api({ path: '/bpm/task/todo-page', token })).list;
  const tasksOf = async (token: string, processInstanceId: string) =>
    ok<InstanceTask[]>(
      await t.api({ path: '/bpm/task/list-by-process-instance-id', token, query: { processInstanceId } }),
    );

  it('every enabled candidate sees the task; the first to approve claims it, others may not act', async () => {
    const instanceId = ok<string>(await start({ candidates: String(users.direct.id), groups: [groupId] }));
    for (const who of ['direct', 'member'] as const)
      expect((await todo(users[who].token)).map((x) => x.processInstance.id)).toContain(instanceId);
    expect((await todo(users.outsider.token)).map((x) => x.processInstance.id)).not.toContain(instanceId);

    const [task] = await tasksOf(users.member.token, instanceId);
    expect(task).toMatchObject({
      assigneeUser: null,
      claimTime: null,
      candidateUsers: [
        expect.objectContaining({ id: users.direct.id }),
        expect.objectContaining({ id: users.member.id }),
      ],
    });
    expect(
      await t.api({
        path: '/bpm/process-instance/get',
        token: users.outsider.token,
        query: { id: instanceId },
      }),
    ).toMatchObject({ code: 403 });
    expect(
      await t.api({
        method: 'PUT',
        path: '/bpm/task/approve',
        token: users.outsider.token,
        body: { id: task!.id, reason: '同意' },
      }),
    ).toMatchObject({ code: 1_009_005_001 });

    ok(
      await t.api({
        method: 'PUT',
        path: '/bpm/task/approve',
        token: users.member.token,
        body: { id: task!.id, reason: '我来' },
      }),
    );
    const [done] = await tasksOf(users.member.token, instanceId);
    expect(done).toMatchObject({
      result: BPM_RESULT.APPROVE,
      assigneeUser: expect.objectContaining({ id: users.member.id }),
      claimTime: expect.any(Number),
      candidateUsers: [],
    });
    expect((await todo(users.direct.token)).map((x) => x.processInstance.id)).not.toContain(instanceId);
    expect(
      await t.api({
        method: 'PUT',
        path: '/bpm/task/approve',
        token: users.direct.token,
        body: { id: task!.id, reason: '晚了' },
      }),
    ).toMatchObject({ code: 1_009_005_000 });
  });

  it('a candidate who hands the task on (转办) claims it first; one enabled candidate gets it at once', async () => {
    const handed = ok<string>(await start({ candidates: [users.direct.id, users.member.id], groups: [] }));
    const [task] = await tasksOf(users.direct.token, handed);
    ok(
      await t.api({
        method: 'PUT',
        path: '/bpm/task/update-assignee',
        token: users.direct.token,
        body: { id: task!.id, assigneeUserId: users.outsider.id },
      }),
    );
    expect((await tasksOf(users.outsider.token, handed))[0]).toMatchObject({
      assigneeUser: expect.objectContaining({ id: users.outsider.id }),
      claimTime: expect.any(Number),
    });

    const single = ok<string>(
      await start({ candidates: `${users.direct.id},${users.disabled.id}`, groups: [] }),
    );
    expect((await tasksOf(users.direct.token, single))[0]).toMatchObject({
      assigneeUser: expect.objectContaining({ id: users.direct.id }),
      candidateUsers: [],
    });
  });

  it('candidates of whom none is an enabled user fail the start loudly', async () => {
    expect(await start({ candidates: String(users.disabled.id), groups: [99999] })).toMatchObject({
      code: 1_009_004_003,
      msg: expect.stringContaining(
        `用户任务「认领审批」的候选人（${users.disabled.id}、用户组 99999）中没有启用的用户`,
      ),
    });
  });
});
