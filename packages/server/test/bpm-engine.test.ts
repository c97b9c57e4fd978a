import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import {
  type DefinitionSource,
  type EngineState,
  type StepResult,
  clearDefinitionCache,
  completeTask,
  EngineStepError,
  fireDueTimers,
  jump,
  start,
} from '../src/bpm/engine/index.js';
import { VETO } from './bpm-engine-runs.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/bpmn/${name}`, import.meta.url), 'utf8');

let definitionSeq = 0;
const definitionOf = (xml: string): DefinitionSource => ({ id: `engine-test-${++definitionSeq}`, xml });

/**
 * The server "restarts" between steps: the state goes through its stored JSON and the parsed-definition
 * cache is dropped, so every step recovers from scratch.
 */
function restart(result: StepResult): EngineState {
  clearDefinitionCache();
  return JSON.parse(JSON.stringify(result.state)) as EngineState;
}

const stateBytes = (result: StepResult) => Buffer.byteLength(JSON.stringify(result.state));
const taskOf = (result: StepResult, activityId: string) => {
  const task = result.waitingTasks.find((t) => t.activityId === activityId);
  if (!task) throw new Error(`no waiting ${activityId}`);
  return task;
};
const path = (result: StepResult) => result.history.map((h) => h.activityId);
const flows = (result: StepResult) => result.history.flatMap((h) => h.outgoing);

/** A compact process around one multi-instance user task. */
function countersignXml(loop: string, assignee = ' flowable:assignee="${signer}"') {
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="http://flowable.org/bpmn" id="mi_definitions">
  <process id="mi" name="会签" isExecutable="true">
    <startEvent id="start" />
    <userTask id="sign" name="会签"${assignee}>${loop}</userTask>
    <endEvent id="end" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="sign" />
    <sequenceFlow id="f2" sourceRef="sign" targetRef="end" />
  </process>
</definitions>`;
}

describe('bpm engine: leave request', () => {
  const leave = definitionOf(fixture('leave.bpmn'));

  it('days=2 ends approved after the manager alone, with exactly the path taken', async () => {
    const started = await start({
      definition: leave,
      variables: { managerId: 7, days: 2 },
      businessKey: 'leave-1',
    });
    expect(started.status).toBe('running');
    expect(started.waitingTasks).toHaveLength(1);
    const manager = taskOf(started, 'manager_approve');
    expect(manager).toMatchObject({ name: '经理审批', assignee: 7, candidateUsers: [], multiInstance: null });
    expect(manager.dueDate).toBeGreaterThan(Date.now() + 2 * 86_400_000 - 60_000);
    expect(path(started)).toEqual(['start', 'manager_approve']);
    expect(started.history[1]?.endTime).toBeNull();
    expect(flows(started)).toEqual(['flow_start']);

    const done = await completeTask({
      definition: leave,
      state: restart(started),
      executionId: manager.executionId,
      variables: { approved: true },
    });
    expect(done.status).toBe('completed');
    expect(done.endEventId).toBe('end_approved');
    expect(done.waitingTasks).toEqual([]);
    expect(done.cancelledTasks).toEqual([]);
    expect(done.variables).toEqual({ managerId: 7, days: 2, approved: true });
    expect(path(done)).toEqual(['manager_approve', 'manager_decision', 'days_gateway', 'end_approved']);
    expect(flows(done)).toEqual(['flow_to_manager_decision', 'flow_manager_ok', 'flow_short']);
    expect(done.history[0]).toMatchObject({
      executionId: manager.executionId,
      startTime: started.history[1]?.startTime,
    });
    expect(done.history.every((h) => h.endTime !== null)).toBe(true);
  });

  it('days=5 adds the director; approving ends approved, rejecting ends rejected', async () => {
    const started = await start({ definition: leave, variables: { managerId: 7, directorId: 9, days: 5 } });
    const managed = await completeTask({
      definition: leave,
      state: restart(started),
      executionId: taskOf(started, 'manager_approve').executionId,
      variables: { approved: true },
    });
    expect(managed.status).toBe('running');
    const director = taskOf(managed, 'director_approve');
    expect(director).toMatchObject({ assignee: 9, candidateGroups: ['directors', 'hr'], dueDate: null });
    expect(path(managed)).toEqual([
      'manager_approve',
      'manager_decision',
      'days_gateway',
      'director_approve',
    ]);
    expect(flows(managed)).toEqual(['flow_to_manager_decision', 'flow_manager_ok', 'flow_long']);

    const state = restart(managed);
    const approved = await completeTask({
      definition: leave,
      state: structuredClone(state),
      executionId: director.executionId,
      variables: { approved: true },
    });
    expect(approved.endEventId).toBe('end_approved');
    expect(path(approved)).toEqual(['director_approve', 'director_decision', 'end_approved']);
    expect(flows(approved)).toEqual(['flow_to_director_decision', 'flow_director_ok']);

    const rejected = await completeTask({
      definition: leave,
      state: structuredClone(state),
      executionId: director.executionId,
      variables: { approved: false },
    });
    expect(rejected.status).toBe('completed');
    expect(rejected.endEventId).toBe('end_rejected');
    expect(path(rejected)).toEqual(['director_approve', 'director_decision', 'end_rejected']);
    expect(flows(rejected)).toEqual(['flow_to_director_decision', 'flow_director_reject']);
  });

  it('a manager rejection ends rejected without a director task', async () => {
    const started = await start({ definition: leave, variables: { managerId: 7, directorId: 9, days: 5 } });
    const rejected = await completeTask({
      definition: leave,
      state: restart(started),
      executionId: taskOf(started, 'manager_approve').executionId,
      variables: { approved: false },
    });
    expect(rejected.endEventId).toBe('end_rejected');
    expect(path(rejected)).toEqual(['manager_approve', 'manager_decision', 'end_rejected']);
    expect(rejected.waitingTasks).toEqual([]);
  });

  it('keeps the state small at every step (<= 16 KB) and reports a step cost', async () => {
    const sizes: number[] = [];
    let result = await start({ definition: leave, variables: { managerId: 7, directorId: 9, days: 5 } });
    sizes.push(stateBytes(result));
    result = await completeTask({
      definition: leave,
      state: restart(result),
      executionId: taskOf(result, 'manager_approve').executionId,
      variables: { approved: true },
    });
    sizes.push(stateBytes(result));
    result = await completeTask({
      definition: leave,
      state: restart(result),
      executionId: taskOf(result, 'director_approve').executionId,
      variables: { approved: true },
    });
    sizes.push(stateBytes(result));
    expect(result.status).toBe('completed');
    for (const size of sizes) expect(size).toBeLessThanOrEqual(16 * 1024);

    // CPU cost of one step with a warm definition cache (measured, not asserted).
    const warm = await start({ definition: leave, variables: { managerId: 7, directorId: 9, days: 5 } });
    const stored = JSON.stringify(warm.state);
    const rounds = 200;
    const cpu = process.cpuUsage();
    const began = performance.now();
    for (let i = 0; i < rounds; i++) {
      const state = JSON.parse(stored) as EngineState;
      const next = await completeTask({
        definition: leave,
        state,
        executionId: taskOf(warm, 'manager_approve').executionId,
        variables: { approved: true },
      });
      JSON.stringify(next.state);
    }
    const used = process.cpuUsage(cpu);
    console.info(
      `[bpm engine] leave state bytes per step: ${sizes.join(', ')}; one complete step: ` +
        `${((used.user + used.system) / 1000 / rounds).toFixed(2)} ms CPU, ` +
        `${((performance.now() - began) / rounds).toFixed(2)} ms wall`,
    );
  });
});

describe('bpm engine: conditions fail loudly', () => {
  const leave = definitionOf(fixture('leave.bpmn'));

  it('a condition over a missing variable fails the step instead of taking the default flow', async () => {
    const started = await start({ definition: leave, variables: { managerId: 7, directorId: 9, days: 5 } });
    const state = restart(started);
    const attempt = completeTask({
      definition: leave,
      state,
      executionId: taskOf(started, 'manager_approve').executionId,
    });
    await expect(attempt).rejects.toThrow(EngineStepError);
    await expect(attempt).rejects.toMatchObject({
      kind: 'expression',
      message: '条件表达式无法计算：${approved == false}（变量 approved 不存在）',
    });
    // The stored state is untouched: the same task can still be completed properly.
    const retried = await completeTask({
      definition: leave,
      state,
      executionId: taskOf(started, 'manager_approve').executionId,
      variables: { approved: true },
    });
    expect(taskOf(retried, 'director_approve')).toBeTruthy();
  });

  it('a type error in a condition fails the step too', async () => {
    const started = await start({ definition: leave, variables: { managerId: 7, days: 'many' } });
    await expect(
      completeTask({
        definition: leave,
        state: restart(started),
        executionId: taskOf(started, 'manager_approve').executionId,
        variables: { approved: true },
      }),
    ).rejects.toMatchObject({
      kind: 'expression',
      message: "条件表达式无法计算：${days > 3}（字符串 'many'和数字 3不能用 > 比较）",
    });
  });

  it('an assignee over a missing variable fails the start', async () => {
    await expect(start({ definition: leave, variables: { days: 1 } })).rejects.toMatchObject({
      kind: 'expression',
      message: '表达式无法计算：${managerId}（变量 managerId 不存在）',
    });
  });

  it('a condition cannot reach process, require or constructors', async () => {
    const xml = fixture('leave.bpmn').replace('${days &gt; 3}', "${process.env.HOME == 'x'}");
    const definition = definitionOf(xml);
    const started = await start({ definition, variables: { managerId: 7, days: 5 } });
    await expect(
      completeTask({
        definition,
        state: restart(started),
        executionId: taskOf(started, 'manager_approve').executionId,
        variables: { approved: true },
      }),
    ).rejects.toMatchObject({ kind: 'expression', message: expect.stringContaining('变量 process 不存在') });
  });
});

describe('bpm engine: countersign', () => {
  it('parallel over a bare `signers` collection completes at 50% and cancels the rest', async () => {
    const definition = definitionOf(fixture('countersign.bpmn20.xml'));
    const signers = [11, 12, 13, 14];
    const started = await start({ definition, variables: { signers, clerk: 5 } });
    expect(
      started.waitingTasks.map((t) => [t.assignee, t.multiInstance?.index, t.multiInstance?.value]),
    ).toEqual([
      [11, 0, 11],
      [12, 1, 12],
      [13, 2, 13],
      [14, 3, 14],
    ]);
    const rootExecutionId = started.waitingTasks[0]?.multiInstance?.rootExecutionId;
    expect(started.waitingTasks.every((t) => t.multiInstance?.rootExecutionId === rootExecutionId)).toBe(
      true,
    );
    expect(new Set(started.waitingTasks.map((t) => t.executionId)).size).toBe(4);

    const [first, second, third, fourth] = started.waitingTasks;
    const once = await completeTask({
      definition,
      state: restart(started),
      executionId: second?.executionId ?? '',
      variables: { approved: true },
    });
    expect(once.status).toBe('running');
    expect(once.waitingTasks.map((t) => t.executionId)).toEqual([
      first?.executionId,
      third?.executionId,
      fourth?.executionId,
    ]);
    expect(once.cancelledTasks).toEqual([]);

    const twice = await completeTask({
      definition,
      state: restart(once),
      executionId: fourth?.executionId ?? '',
      variables: { approved: true },
    });
    expect(twice.cancelledTasks).toEqual([
      { executionId: first?.executionId, activityId: 'sign' },
      { executionId: third?.executionId, activityId: 'sign' },
    ]);
    expect(twice.waitingTasks.map((t) => [t.activityId, t.assignee])).toEqual([['archive', 5]]);
    expect(path(twice)).toEqual(['sign', 'archive']);
    expect(flows(twice)).toEqual(['flow_signed']);
    await expect(
      completeTask({ definition, state: restart(twice), executionId: first?.executionId ?? '' }),
    ).rejects.toMatchObject({ kind: 'task-not-waiting' });
    for (const result of [started, once, twice]) expect(stateBytes(result)).toBeLessThanOrEqual(16 * 1024);
  });

  it('the other completion condition forms count the same', async () => {
    for (const condition of [
      '${nrOfCompletedInstances/nrOfInstances &gt;= 0.5}',
      '${nrOfActiveInstances &lt;= nrOfInstances / 2}',
      '${nrOfCompletedInstances ge 2 and nrOfActiveInstances le 2}',
    ]) {
      const definition = definitionOf(
        countersignXml(
          `<multiInstanceLoopCharacteristics flowable:collection="\${signers}" flowable:elementVariable="signer"><completionCondition>${condition}</completionCondition></multiInstanceLoopCharacteristics>`,
        ),
      );
      let result = await start({ definition, variables: { signers: ['a', 'b', 'c', 'd'] } });
      const [a, b] = result.waitingTasks;
      result = await completeTask({ definition, state: restart(result), executionId: a?.executionId ?? '' });
      expect(result.status).toBe('running');
      result = await completeTask({ definition, state: restart(result), executionId: b?.executionId ?? '' });
      expect(result.status).toBe('completed');
      expect(result.cancelledTasks).toHaveLength(2);
    }
  });

  it('without a completion condition every signer must complete', async () => {
    const definition = definitionOf(
      countersignXml(
        '<multiInstanceLoopCharacteristics flowable:collection="${signers}" flowable:elementVariable="signer" />',
      ),
    );
    let result = await start({ definition, variables: { signers: ['a', 'b', 'c'] } });
    for (const task of result.waitingTasks) {
      expect(result.status).toBe('running');
      result = await completeTask({ definition, state: restart(result), executionId: task.executionId });
    }
    expect(result.status).toBe('completed');
    expect(result.cancelledTasks).toEqual([]);
  });

  it('sequential gives one task at a time, in order', async () => {
    const definition = definitionOf(
      countersignXml(
        '<multiInstanceLoopCharacteristics isSequential="true" flowable:collection="signers" flowable:elementVariable="signer" />',
      ),
    );
    let result = await start({ definition, variables: { signers: ['a', 'b', 'c'] } });
    const seen: unknown[] = [];
    while (result.status === 'running') {
      expect(result.waitingTasks).toHaveLength(1);
      const task = result.waitingTasks[0];
      seen.push([task?.assignee, task?.multiInstance?.index, task?.multiInstance?.sequential]);
      result = await completeTask({
        definition,
        state: restart(result),
        executionId: task?.executionId ?? '',
      });
    }
    expect(seen).toEqual([
      ['a', 0, true],
      ['b', 1, true],
      ['c', 2, true],
    ]);
  });

  it('uses loopUsers when the diagram names no collection, and keeps them while the task runs', async () => {
    const definition = definitionOf(countersignXml('<multiInstanceLoopCharacteristics />', ''));
    await expect(start({ definition })).rejects.toMatchObject({
      kind: 'no-loop-users',
      message: '多实例任务「会签」找不到审批人',
    });
    const started = await start({ definition, loopUsers: { sign: [3, 4] } });
    expect(
      started.waitingTasks.map((t) => [t.assignee, t.multiInstance?.elementVariable, t.multiInstance?.value]),
    ).toEqual([
      [null, 'user', 3],
      [null, 'user', 4],
    ]);
    // A later step with another rule result does not reshuffle the running instances.
    const next = await completeTask({
      definition,
      state: restart(started),
      executionId: started.waitingTasks[0]?.executionId ?? '',
      loopUsers: { sign: [8] },
    });
    expect(next.waitingTasks.map((t) => t.multiInstance?.value)).toEqual([4]);
  });
});

describe('bpm engine: timers', () => {
  const definition = definitionOf(fixture('timer-boundary.bpmn'));

  it('a boundary timer that expired while no server ran takes the timeout path on resume', async () => {
    const started = await start({
      definition,
      variables: { approverId: 1, supervisorId: 2, timeout: 'PT1S' },
    });
    expect(started.timers).toHaveLength(1);
    const [timer] = started.timers;
    expect(timer?.activityId).toBe('approve_timeout');
    expect(timer?.expireAt).toBeGreaterThan(Date.now());
    expect(timer?.expireAt).toBeLessThanOrEqual(Date.now() + 1000);
    const approve = taskOf(started, 'approve');

    const early = await fireDueTimers({ definition, state: restart(started), now: Date.now() });
    expect(early.waitingTasks.map((t) => t.executionId)).toEqual([approve.executionId]);
    expect(early.cancelledTasks).toEqual([]);
    expect(early.timers).toEqual(started.timers);

    // The clock moves past the timer instead of the test waiting for it.
    vi.useFakeTimers({ toFake: ['Date'], now: timer!.expireAt + 100 });
    const fired = await fireDueTimers({ definition, state: restart(started), now: Date.now() }).finally(() =>
      vi.useRealTimers(),
    );
    expect(fired.cancelledTasks).toEqual([{ executionId: approve.executionId, activityId: 'approve' }]);
    expect(fired.waitingTasks.map((t) => [t.activityId, t.assignee])).toEqual([['escalate', 2]]);
    expect(path(fired)).toEqual(['approve', 'approve_timeout', 'escalate']);
    expect(fired.history.find((h) => h.activityId === 'approve')).toMatchObject({ outgoing: [] });
    expect(flows(fired)).toEqual(['flow_timeout']);
    expect(fired.timers).toEqual([]);
  });

  it('fires a timer due at the given time, and an intermediate timer too', async () => {
    const started = await start({
      definition,
      variables: { approverId: 1, supervisorId: 2, timeout: 'PT2S' },
    });
    const inThreeSeconds = Date.now() + 3000;
    const fired = await fireDueTimers({ definition, state: restart(started), now: inThreeSeconds });
    expect(fired.cancelledTasks.map((t) => t.activityId)).toEqual(['approve']);
    const escalated = await completeTask({
      definition,
      state: restart(fired),
      executionId: taskOf(fired, 'escalate').executionId,
    });
    expect(escalated.status).toBe('running');
    expect(escalated.waitingTasks).toEqual([]);
    expect(escalated.timers.map((t) => t.activityId)).toEqual(['cool_down']);
    expect(escalated.history.find((h) => h.activityId === 'cool_down')).toMatchObject({ endTime: null });
    const cooled = await fireDueTimers({
      definition,
      state: restart(escalated),
      now: (escalated.timers[0]?.expireAt ?? 0) + 1,
    });
    expect(cooled.status).toBe('completed');
    expect(cooled.endEventId).toBe('end_timeout');
  });

  it('completing before the timer is due drops the timer', async () => {
    const started = await start({
      definition,
      variables: { approverId: 1, supervisorId: 2, timeout: 'PT2S' },
    });
    const done = await completeTask({
      definition,
      state: restart(started),
      executionId: taskOf(started, 'approve').executionId,
    });
    expect(done.status).toBe('completed');
    expect(done.endEventId).toBe('end_done');
    expect(done.timers).toEqual([]);
    expect(path(done)).toEqual(['approve', 'end_done']);
  });
});

describe('bpm engine: terminate', () => {
  it('a terminate end event ends the process and cancels the tasks still open', async () => {
    const definition = definitionOf(VETO);
    const started = await start({ definition });
    const finance = taskOf(started, 'finance');
    const result = await completeTask({
      definition,
      state: restart(started),
      executionId: taskOf(started, 'legal').executionId,
    });
    expect(result.status).toBe('completed');
    expect(result.endEventId).toBe('veto');
    expect(result.waitingTasks).toEqual([]);
    expect(result.cancelledTasks).toEqual([{ executionId: finance.executionId, activityId: 'finance' }]);
    expect(path(result)).toEqual(['legal', 'finance', 'veto']);
    expect(result.history.every((h) => h.endTime !== null)).toBe(true);
  });
});

describe('bpm engine: idempotent resume', () => {
  it('re-reports the same waiting executions with the same executionIds', async () => {
    const definition = definitionOf(fixture('countersign.bpmn20.xml'));
    const started = await start({ definition, variables: { signers: [1, 2, 3], clerk: 5 } });
    const ids = started.waitingTasks.map((t) => t.executionId);
    const state = restart(started);
    const again = await fireDueTimers({ definition, state: structuredClone(state) });
    const andAgain = await fireDueTimers({ definition, state: restart(again) });
    expect(again.waitingTasks.map((t) => t.executionId)).toEqual(ids);
    expect(andAgain.waitingTasks.map((t) => t.executionId)).toEqual(ids);
    expect(again.history).toEqual([]);
    expect(again.cancelledTasks).toEqual([]);
    expect(again.state.executions).toEqual(state.executions);
  });
});

describe('bpm engine: jump back', () => {
  const leave = definitionOf(fixture('leave.bpmn'));

  it('sends the director task back to the manager, who runs again', async () => {
    const started = await start({ definition: leave, variables: { managerId: 7, directorId: 9, days: 5 } });
    const managed = await completeTask({
      definition: leave,
      state: restart(started),
      executionId: taskOf(started, 'manager_approve').executionId,
      variables: { approved: true },
    });
    const director = taskOf(managed, 'director_approve');
    const returned = await jump({
      definition: leave,
      state: restart(managed),
      fromExecutionId: director.executionId,
      targetActivityId: 'manager_approve',
      variables: { days: 2 },
    });
    expect(returned.status).toBe('running');
    expect(returned.cancelledTasks).toEqual([]);
    const manager = taskOf(returned, 'manager_approve');
    expect(returned.waitingTasks).toHaveLength(1);
    expect(manager.executionId).not.toBe(taskOf(started, 'manager_approve').executionId);
    expect(returned.history.map((h) => [h.activityId, h.endTime === null, h.outgoing])).toEqual([
      ['director_approve', false, []],
      ['manager_approve', true, []],
    ]);

    const done = await completeTask({
      definition: leave,
      state: restart(returned),
      executionId: manager.executionId,
      variables: { approved: true },
    });
    expect(done.endEventId).toBe('end_approved');
    expect(path(done)).toEqual(['manager_approve', 'manager_decision', 'days_gateway', 'end_approved']);
  });

  it('refuses targets that are not earlier user tasks on the same path', async () => {
    const started = await start({ definition: leave, variables: { managerId: 7, directorId: 9, days: 5 } });
    const manager = taskOf(started, 'manager_approve');
    const tryJump = (state: EngineState, fromExecutionId: string, targetActivityId: string) =>
      jump({ definition: leave, state, fromExecutionId, targetActivityId });
    await expect(tryJump(restart(started), manager.executionId, 'nowhere')).rejects.toMatchObject({
      kind: 'target-not-found',
    });
    await expect(tryJump(restart(started), manager.executionId, 'days_gateway')).rejects.toMatchObject({
      kind: 'target-not-found',
    });
    // Not reached yet, and not upstream.
    await expect(tryJump(restart(started), manager.executionId, 'director_approve')).rejects.toMatchObject({
      kind: 'target-invalid',
    });
    await expect(tryJump(restart(started), manager.executionId, 'manager_approve')).rejects.toMatchObject({
      kind: 'target-invalid',
    });
    await expect(tryJump(restart(started), 'no-such-execution', 'manager_approve')).rejects.toMatchObject({
      kind: 'task-not-waiting',
    });
  });

  it('never across a parallel gateway branch, but within one branch', async () => {
    const definition = definitionOf(fixture('parallel.bpmn'));
    let result = await start({ definition, variables: {} });
    result = await completeTask({
      definition,
      state: restart(result),
      executionId: taskOf(result, 'draft').executionId,
    });
    expect(result.waitingTasks.map((t) => t.activityId).sort()).toEqual(['finance', 'legal_1']);
    result = await completeTask({
      definition,
      state: restart(result),
      executionId: taskOf(result, 'legal_1').executionId,
    });
    const legal2 = taskOf(result, 'legal_2');
    const finance = taskOf(result, 'finance');
    await expect(
      jump({
        definition,
        state: restart(result),
        fromExecutionId: legal2.executionId,
        targetActivityId: 'draft',
      }),
    ).rejects.toMatchObject({ kind: 'target-invalid' });
    await expect(
      jump({
        definition,
        state: restart(result),
        fromExecutionId: finance.executionId,
        targetActivityId: 'legal_1',
      }),
    ).rejects.toMatchObject({ kind: 'target-invalid' });

    result = await jump({
      definition,
      state: restart(result),
      fromExecutionId: legal2.executionId,
      targetActivityId: 'legal_1',
    });
    expect(result.waitingTasks.map((t) => t.activityId).sort()).toEqual(['finance', 'legal_1']);
    for (const activityId of ['legal_1', 'legal_2', 'finance']) {
      result = await completeTask({
        definition,
        state: restart(result),
        executionId: taskOf(result, activityId).executionId,
      });
    }
    expect(result.status).toBe('completed');
    expect(result.history.filter((h) => h.activityId === 'join')).toHaveLength(1);
  });

  it('from a multi-instance iteration: the whole activity leaves, its other iterations are cancelled', async () => {
    const definition = definitionOf(
      countersignXml(
        '<multiInstanceLoopCharacteristics flowable:collection="${signers}" flowable:elementVariable="signer" />',
      )
        .replace('<startEvent id="start" />', '<startEvent id="start" /><userTask id="draft" name="起草" />')
        .replace('sourceRef="start" targetRef="sign"', 'sourceRef="draft" targetRef="sign"')
        .replace(
          '<sequenceFlow id="f2"',
          '<sequenceFlow id="f0" sourceRef="start" targetRef="draft" /><sequenceFlow id="f2"',
        ),
    );
    let result = await start({ definition, variables: { signers: ['a', 'b', 'c'] } });
    result = await completeTask({
      definition,
      state: restart(result),
      executionId: taskOf(result, 'draft').executionId,
    });
    const [a, b, c] = result.waitingTasks;
    result = await completeTask({ definition, state: restart(result), executionId: a?.executionId ?? '' });
    result = await jump({
      definition,
      state: restart(result),
      fromExecutionId: b?.executionId ?? '',
      targetActivityId: 'draft',
    });
    expect(result.cancelledTasks).toEqual([{ executionId: c?.executionId, activityId: 'sign' }]);
    expect(result.waitingTasks.map((t) => t.activityId)).toEqual(['draft']);
    result = await completeTask({
      definition,
      state: restart(result),
      executionId: taskOf(result, 'draft').executionId,
    });
    expect(result.waitingTasks.map((t) => t.assignee)).toEqual(['a', 'b', 'c']);
    expect(result.waitingTasks.map((t) => t.executionId)).not.toContain(a?.executionId);
    expect(result.state.executions.filter((e) => e.loop)).toHaveLength(1);
  });
});
