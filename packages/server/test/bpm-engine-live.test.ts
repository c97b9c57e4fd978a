import { readFileSync } from 'node:fs';
import { Engine } from 'bpmn-engine';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type DefinitionSource,
  type EngineState,
  type LiveInstance,
  type StepResult,
  type Variables,
  completeTask,
  fireDueTimers,
  jump,
  start,
} from '../src/bpm/engine/index.js';

/*
 * A live instance (StepResult.live) lets the next step skip recovering the stored state. These tests play
 * the same flows twice, once recovering every step from the stored JSON and once on the live instance, and
 * require the same outcome at every step.
 */

const fixture = (name: string) => readFileSync(new URL(`./fixtures/bpmn/${name}`, import.meta.url), 'utf8');
let definitionSeq = 0;
const definitionOf = (xml: string): DefinitionSource => ({ id: `engine-live-${++definitionSeq}`, xml });

type Action =
  | { complete: string; nth?: number; variables?: Variables }
  | { fireAfterMs: number }
  | { jump: string; to: string; variables?: Variables };

interface Flow {
  definition: DefinitionSource;
  variables?: Variables;
  loopUsers?: Record<string, (string | number)[]>;
  actions: Action[];
}

/** executionIds are random: name them by order of appearance, so that two runs compare. */
const namer = () => {
  const names = new Map<string, string>();
  return (id: string) => {
    if (!names.has(id)) names.set(id, `e${names.size}`);
    return names.get(id)!;
  };
};

/** What a step reports, without times and random ids. */
const outcome = (result: StepResult, name: (id: string) => string) => ({
  status: result.status,
  endEventId: result.endEventId,
  variables: result.variables,
  waiting: result.waitingTasks.map((t) => [
    name(t.executionId),
    t.activityId,
    t.assignee,
    t.multiInstance?.index,
  ]),
  history: result.history.map((h) => [name(h.executionId), h.activityId, h.endTime === null, h.outgoing]),
  timers: result.timers.map((t) => [name(t.executionId), t.activityId]),
  cancelled: result.cancelledTasks.map((t) => [name(t.executionId), t.activityId]),
  state: {
    running: Object.entries(result.state.running).map(([id, r]) => [name(id), r.activityId]),
    tasks: Object.entries(result.state.tasks).map(([id, activityId]) => [name(id), activityId]),
    loops: Object.values(result.state.loops),
    reached: result.state.reached,
    variables: result.state.variables,
  },
});

const executionOf = (result: StepResult, activityId: string, nth = 0) => {
  const task = result.waitingTasks.filter((t) => t.activityId === activityId)[nth];
  if (!task) throw new Error(`no waiting ${activityId}`);
  return task.executionId;
};

/** Plays `flow`; `live` hands each step the previous step's live instance, else the stored JSON only. */
async function play(flow: Flow, live: boolean) {
  const name = namer();
  const { definition, loopUsers } = flow;
  let result = await start({ definition, variables: flow.variables ?? {}, loopUsers: loopUsers ?? {} });
  const outcomes = [outcome(result, name)];
  for (const action of flow.actions) {
    const from = live
      ? { state: result.state, live: result.live }
      : { state: JSON.parse(JSON.stringify(result.state)) as EngineState };
    const common = { definition, loopUsers: loopUsers ?? {}, ...from };
    if ('complete' in action) {
      result = await completeTask({
        ...common,
        executionId: executionOf(result, action.complete, action.nth),
        variables: action.variables ?? {},
      });
    } else if ('fireAfterMs' in action) {
      result = await fireDueTimers({ ...common, now: Date.now() + action.fireAfterMs });
    } else {
      result = await jump({
        ...common,
        fromExecutionId: executionOf(result, action.jump),
        targetActivityId: action.to,
        variables: action.variables ?? {},
      });
    }
    outcomes.push(outcome(result, name));
  }
  return { outcomes, last: result };
}

const leave = definitionOf(fixture('leave.bpmn'));
const countersign = definitionOf(fixture('countersign.bpmn20.xml'));
const parallel = definitionOf(fixture('parallel.bpmn'));
const timers = definitionOf(fixture('timer-boundary.bpmn'));
const sequential = definitionOf(
  fixture('countersign.bpmn20.xml').replace('isSequential="false"', 'isSequential="true"'),
);

/** A draft task, then a multi-instance task over the rule's users (no collection in the diagram). */
const ruleSign = definitionOf(`<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" targetNamespace="http://flowable.org/bpmn" id="rs">
  <process id="rule_sign" isExecutable="true">
    <startEvent id="start" />
    <userTask id="draft" name="起草" />
    <userTask id="sign" name="会签"><multiInstanceLoopCharacteristics isSequential="false" /></userTask>
    <endEvent id="end" />
    <sequenceFlow id="f0" sourceRef="start" targetRef="draft" />
    <sequenceFlow id="f1" sourceRef="draft" targetRef="sign" />
    <sequenceFlow id="f2" sourceRef="sign" targetRef="end" />
  </process>
</definitions>`);

const flows: Record<string, Flow> = {
  'leave, 5 days: manager approves, director rejects': {
    definition: leave,
    variables: { managerId: 7, directorId: 9, days: 5 },
    actions: [
      { complete: 'manager_approve', variables: { approved: true } },
      { complete: 'director_approve', variables: { approved: false } },
    ],
  },
  'leave: the director sends it back, the manager approves again': {
    definition: leave,
    variables: { managerId: 7, directorId: 9, days: 5 },
    actions: [
      { complete: 'manager_approve', variables: { approved: true } },
      { jump: 'director_approve', to: 'manager_approve', variables: { days: 2 } },
      { complete: 'manager_approve', variables: { approved: true } },
    ],
  },
  'countersign at 50 %, then the clerk': {
    definition: countersign,
    variables: { signers: [1, 2, 3, 4], clerk: 5 },
    actions: [
      { complete: 'sign', nth: 2 },
      { fireAfterMs: 0 },
      { complete: 'sign', nth: 0 },
      { complete: 'archive' },
    ],
  },
  'sequential countersign, one at a time, done at 50 %': {
    definition: sequential,
    variables: { signers: ['a', 'b', 'c', 'd'], clerk: 5 },
    actions: [{ complete: 'sign' }, { fireAfterMs: 0 }, { complete: 'sign' }, { complete: 'archive' }],
  },
  'a multi-instance task over loopUsers, sent back from one iteration, then signed by all': {
    definition: ruleSign,
    loopUsers: { sign: [3, 4, 5] },
    actions: [
      { complete: 'draft' },
      { complete: 'sign', nth: 1 },
      { jump: 'sign', to: 'draft' },
      { complete: 'draft' },
      { complete: 'sign', nth: 2 },
      { complete: 'sign', nth: 0 },
      { complete: 'sign', nth: 0 },
    ],
  },
  'parallel branches with a return inside one branch': {
    definition: parallel,
    actions: [
      { complete: 'draft' },
      { complete: 'legal_1' },
      { jump: 'legal_2', to: 'legal_1' },
      { complete: 'finance' },
      { complete: 'legal_1' },
      { complete: 'legal_2' },
    ],
  },
  'a boundary timer fires, then an intermediate timer': {
    definition: timers,
    variables: { approverId: 1, supervisorId: 2, timeout: 'PT2S' },
    actions: [
      { fireAfterMs: 1000 },
      { fireAfterMs: 3000 },
      { complete: 'escalate' },
      { fireAfterMs: 60 * 60 * 1000 },
    ],
  },
};

describe('bpm engine: a live instance steps as the recovered one does', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each(Object.keys(flows))('%s', async (title) => {
    const flow = flows[title]!;
    const recover = vi.spyOn(Engine.prototype, 'recover');
    const recovered = await play(flow, false);
    expect(recover).toHaveBeenCalledTimes(flow.actions.length);
    recover.mockClear();
    const live = await play(flow, true);
    expect(recover).not.toHaveBeenCalled();
    expect(live.outcomes).toEqual(recovered.outcomes);
    expect(live.last.status).toBe('completed');
    expect(live.last.live).toBeNull();
  });

  it('a timer that expired between steps completes first, as on resume', async () => {
    const started = await start({
      definition: timers,
      variables: { approverId: 1, supervisorId: 2, timeout: 'PT0.2S' },
    });
    // The clock moves past the timer (PT0.2S) instead of the test waiting for it.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 250 });
    try {
      const approve = { definition: timers, executionId: executionOf(started, 'approve') };
      await expect(
        completeTask({ ...approve, state: JSON.parse(JSON.stringify(started.state)) as EngineState }),
      ).rejects.toMatchObject({ kind: 'task-not-waiting' });
      await expect(
        completeTask({ ...approve, state: started.state, live: started.live }),
      ).rejects.toMatchObject({ kind: 'task-not-waiting' });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('bpm engine: a live instance is used once, with its own state only', () => {
  afterEach(() => vi.restoreAllMocks());
  const managerOf = (result: StepResult) => ({
    definition: leave,
    executionId: executionOf(result, 'manager_approve'),
  });

  it('a second step from the same result recovers: the first one moved the live engine on', async () => {
    const started = await start({ definition: leave, variables: { managerId: 7, directorId: 9, days: 5 } });
    const recover = vi.spyOn(Engine.prototype, 'recover');
    const approved = await completeTask({
      ...managerOf(started),
      state: started.state,
      live: started.live,
      variables: { approved: true },
    });
    expect(recover).not.toHaveBeenCalled();
    expect(approved.waitingTasks.map((t) => t.activityId)).toEqual(['director_approve']);
    const rejected = await completeTask({
      ...managerOf(started),
      state: started.state,
      live: started.live,
      variables: { approved: false },
    });
    expect(recover).toHaveBeenCalledTimes(1);
    expect(rejected).toMatchObject({ status: 'completed', endEventId: 'end_rejected' });
  });

  it('is ignored beside another state object, even an equal one', async () => {
    const started = await start({ definition: leave, variables: { managerId: 7, directorId: 9, days: 5 } });
    const recover = vi.spyOn(Engine.prototype, 'recover');
    await completeTask({
      ...managerOf(started),
      state: structuredClone(started.state),
      live: started.live,
      variables: { approved: true },
    });
    expect(recover).toHaveBeenCalledTimes(1);
  });

  it('a failed step leaves nothing to reuse: the retry recovers the stored state and succeeds', async () => {
    const started = await start({ definition: leave, variables: { managerId: 7, directorId: 9 } });
    const recover = vi.spyOn(Engine.prototype, 'recover');
    // `days` is missing: the gateway's condition fails the step after the engine moved.
    await expect(
      completeTask({
        ...managerOf(started),
        state: started.state,
        live: started.live,
        variables: { approved: true },
      }),
    ).rejects.toMatchObject({ kind: 'expression' });
    expect(recover).not.toHaveBeenCalled();
    const retried = await completeTask({
      ...managerOf(started),
      state: started.state,
      live: started.live as LiveInstance,
      variables: { approved: true, days: 2 },
    });
    expect(recover).toHaveBeenCalledTimes(1);
    expect(retried).toMatchObject({ status: 'completed', endEventId: 'end_approved' });
  });
});
