import {
  BPM_INSTANCE_STATUS,
  BPM_RESULT,
  type BpmActivity,
  type InstanceTask,
  type ProcessInstanceDetail,
} from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWorkflowUser, deployDefinition, ok, signIn } from './bpm-runtime-fixture.js';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';

/* Call activities through the API: the child instance, variables in and out, and how each end carries over. */

const NS =
  'xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" ' +
  'targetNamespace="http://flowable.org/bpmn"';
const process = (key: string, name: string, body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><definitions ${NS} id="defs_${key}"><process id="${key}" name="${name}" isExecutable="true">${body}</process></definitions>`;
const flow = (id: string, from: string, to: string) =>
  `<sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}" />`;

/** Parent: a call activity into `childKey` (amount in as total; total out as childTotal, total + 1 as nextTotal), then a review. */
const parentXml = (key: string, childKey: string) =>
  process(
    key,
    '采购申请',
    `<startEvent id="start" />
    <callActivity id="call" name="采购审批子流程" calledElement="${childKey}">
      <extensionElements>
        <flowable:in source="amount" target="total" />
        <flowable:out source="total" target="childTotal" />
        <flowable:out sourceExpression="\${total + 1}" target="nextTotal" />
      </extensionElements>
    </callActivity>
    <userTask id="review" name="复核" />
    <endEvent id="end" />
    ${flow('f0', 'start', 'call')}${flow('f1', 'call', 'review')}${flow('f2', 'review', 'end')}`,
  );

/** Child: one approval. */
const childXml = (key: string) =>
  process(
    key,
    '采购审批',
    `<startEvent id="start" /><userTask id="approve" name="子流程审批" /><endEvent id="end" />
    ${flow('f0', 'start', 'approve')}${flow('f1', 'approve', 'end')}`,
  );

describe.each(DIALECTS)('bpm call activity (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  /** Approves the children's tasks and reviews the parents'. */
  let userId: number;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    userId = await addWorkflowUser(t.db, 'caller', '调用审批人');
    token = await signIn(t, 'caller');
  });
  afterAll(() => t.close());

  const deployPair = async (opts: { child?: string | null } = {}) => {
    const n = ++seq;
    const childKey = `child_${n}`;
    if (opts.child !== null)
      await deployDefinition(t.db, {
        key: childKey,
        xml: opts.child ?? childXml(childKey),
        rules: { approve: [userId] },
      });
    return deployDefinition(t.db, {
      key: `parent_${n}`,
      xml: parentXml(`parent_${n}`, childKey),
      rules: { review: [userId] },
    });
  };
  const create = (processDefinitionId: string, variables: Record<string, unknown> = { amount: 1200 }) =>
    t.api({
      method: 'POST',
      path: '/bpm/process-instance/create',
      token,
      body: { processDefinitionId, variables },
    });
  const detail = async (id: string) =>
    ok<ProcessInstanceDetail>(await t.api({ path: '/bpm/process-instance/get', token, query: { id } }));
  const tasksOf = async (processInstanceId: string) =>
    ok<InstanceTask[]>(
      await t.api({ path: '/bpm/task/list-by-process-instance-id', token, query: { processInstanceId } }),
    );
  const childOf = async (parentId: string) => {
    const row = await t.db.kysely
      .selectFrom('bpmProcessInstance')
      .select(['id', 'formVariables', 'status', 'result'])
      .where('parentInstanceId', '=', parentId)
      .executeTakeFirstOrThrow();
    return row;
  };

  it('starts the child with the in mappings; its approval moves the parent on with the out mappings', async () => {
    const parentId = ok<string>(await create(await deployPair()));
    expect(await tasksOf(parentId)).toEqual([]);
    const child = await childOf(parentId);
    expect(JSON.parse(child.formVariables)).toEqual({ total: 1200 });
    const [task] = await tasksOf(child.id);
    expect(task).toMatchObject({ name: '子流程审批', result: BPM_RESULT.PROCESS });

    ok(
      await t.api({
        method: 'PUT',
        path: '/bpm/task/approve',
        token,
        body: { id: task!.id, reason: '同意' },
      }),
    );
    expect(await detail(child.id)).toMatchObject({
      status: BPM_INSTANCE_STATUS.FINISH,
      result: BPM_RESULT.APPROVE,
    });
    const parent = await detail(parentId);
    expect(parent).toMatchObject({ status: BPM_INSTANCE_STATUS.RUNNING, result: BPM_RESULT.PROCESS });
    expect((await tasksOf(parentId)).map((x) => x.name)).toEqual(['复核']);
    const state = await t.db.kysely
      .selectFrom('bpmProcessInstance')
      .select('engineState')
      .where('id', '=', parentId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(state.engineState).variables).toEqual({
      amount: 1200,
      childTotal: 1200,
      nextTotal: 1201,
    });
    const activities = ok<BpmActivity[]>(
      await t.api({ path: '/bpm/activity/list', token, query: { processInstanceId: parentId } }),
    );
    expect(activities.find((a) => a.key === 'call')).toMatchObject({
      type: 'bpmn:CallActivity',
      endTime: expect.any(Number),
      takenFlowIds: ['f1'],
    });
  });

  it('a rejected child rejects its parent; a cancelled parent cancels its running child', async () => {
    const definition = await deployPair();
    const rejectedParent = ok<string>(await create(definition));
    const rejectedChild = await childOf(rejectedParent);
    const [task] = await tasksOf(rejectedChild.id);
    ok(
      await t.api({
        method: 'PUT',
        path: '/bpm/task/reject',
        token,
        body: { id: task!.id, reason: '预算不足' },
      }),
    );
    expect(await detail(rejectedParent)).toMatchObject({
      status: BPM_INSTANCE_STATUS.FINISH,
      result: BPM_RESULT.REJECT,
    });

    const cancelledParent = ok<string>(await create(definition));
    const running = await childOf(cancelledParent);
    ok(
      await t.api({
        method: 'DELETE',
        path: '/bpm/process-instance/cancel',
        token,
        body: { id: cancelledParent, reason: '不采购了' },
      }),
    );
    expect(await detail(running.id)).toMatchObject({
      status: BPM_INSTANCE_STATUS.FINISH,
      result: BPM_RESULT.CANCEL,
    });
    expect(await tasksOf(running.id)).toEqual([
      expect.objectContaining({ result: BPM_RESULT.CANCEL, reason: expect.stringContaining('不采购了') }),
    ]);
  });

  it('a child that ends at once moves the parent on within the start', async () => {
    const n = seq + 1;
    const definition = await deployPair({
      child: process(`child_${n}`, '直通', `<startEvent id="s" /><endEvent id="e" />${flow('f', 's', 'e')}`),
    });
    const parentId = ok<string>(await create(definition));
    expect((await tasksOf(parentId)).map((x) => x.name)).toEqual(['复核']);
    expect(await childOf(parentId)).toMatchObject({
      status: BPM_INSTANCE_STATUS.FINISH,
      result: BPM_RESULT.APPROVE,
    });
  });

  it('calling a process that is not deployed fails loudly and writes nothing', async () => {
    const definition = await deployPair({ child: null });
    const before = await t.db.kysely
      .selectFrom('bpmProcessInstance')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await create(definition);
    expect(res).toMatchObject({
      code: 1_009_004_003,
      msg: expect.stringContaining(`流程「child_${seq}」不存在或已挂起`),
    });
    const after = await t.db.kysely
      .selectFrom('bpmProcessInstance')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
