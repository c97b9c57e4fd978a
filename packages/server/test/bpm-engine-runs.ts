import { readFileSync } from 'node:fs';
import {
  type EngineState,
  type LoopUsers,
  type StepResult,
  type Variables,
  completeTask,
  fireDueTimers,
  jump,
  start,
} from '../src/bpm/engine/index.js';
import { OA_LEAVE_BPMN } from '../src/db/seed-data/bpm-oa-leave.js';

/**
 * Scripted runs of the fixture diagrams and of the scenarios of `bpmn.md` section 4, with the outcome of
 * each step in a form independent of execution ids and clocks. The bpmn-engine based executor (until
 * commit 0dddd25) recorded its outcomes and its stored state after every step in
 * `fixtures/bpmn/legacy-engine-runs.json`; the differential test replays each run on today's executor and
 * compares, and the migration test continues each run from every recorded legacy state.
 */

export type RunAction =
  /** Completes the `index`-th waiting task of the activity (in reported order). */
  | { complete: string; index?: number; variables?: Variables }
  /** Fires the timers due this many ms after the previous step. */
  | { fireAfterMs: number }
  /** Sends the waiting task of `from` back to `to`. */
  | { jump: string; to: string };

export interface EngineRun {
  name: string;
  xml: string;
  variables: Variables;
  loopUsers?: LoopUsers;
  actions: RunAction[];
}

/** What a step did, without execution ids or times. */
export interface StepOutcome {
  status: StepResult['status'];
  endEventId: string | null;
  /** activityId, assignee, candidate users, candidate groups, iteration index and value, has a due date. */
  waiting: [string, unknown, unknown[], unknown[], number | null, unknown, boolean][];
  cancelled: string[];
  /** activityId, type, ended, flows taken. */
  history: [string, string, boolean, string[]][];
  timers: string[];
  variables: Variables;
}

export const outcomeOf = (result: StepResult): StepOutcome => ({
  status: result.status,
  endEventId: result.endEventId,
  waiting: result.waitingTasks.map((t) => [
    t.activityId,
    t.assignee,
    t.candidateUsers,
    t.candidateGroups,
    t.multiInstance?.index ?? null,
    t.multiInstance?.value ?? null,
    t.dueDate !== null,
  ]),
  cancelled: result.cancelledTasks.map((t) => t.activityId),
  history: result.history.map((h) => [h.activityId, h.type, h.endTime !== null, h.outgoing]),
  timers: result.timers.map((t) => t.activityId),
  variables: result.variables,
});

const fixture = (name: string) => readFileSync(new URL(`./fixtures/bpmn/${name}`, import.meta.url), 'utf8');

const process = (id: string, body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" id="d_${id}" targetNamespace="http://flowable.org/bpmn">
  <bpmn:process id="${id}" isExecutable="true">${body}
  </bpmn:process>
</bpmn:definitions>`;

/** A parallel review whose 否决 branch ends in a terminate end event. */
export const VETO = process(
  'veto_review',
  `
    <bpmn:startEvent id="start" />
    <bpmn:parallelGateway id="fork" />
    <bpmn:userTask id="legal" name="法务" />
    <bpmn:userTask id="finance" name="财务" />
    <bpmn:endEvent id="veto" name="否决"><bpmn:terminateEventDefinition /></bpmn:endEvent>
    <bpmn:endEvent id="end" />
    <bpmn:sequenceFlow id="f0" sourceRef="start" targetRef="fork" />
    <bpmn:sequenceFlow id="f1" sourceRef="fork" targetRef="legal" />
    <bpmn:sequenceFlow id="f2" sourceRef="fork" targetRef="finance" />
    <bpmn:sequenceFlow id="f3" sourceRef="legal" targetRef="veto" />
    <bpmn:sequenceFlow id="f4" sourceRef="finance" targetRef="end" />`,
);

/** An exclusive fork whose branches meet at a parallel gateway: deployed diagrams rely on it joining. */
const EXCLUSIVE_INTO_PARALLEL = process(
  'either',
  `
    <bpmn:startEvent id="start" />
    <bpmn:exclusiveGateway id="choose" default="f_small" />
    <bpmn:userTask id="big" name="大额" />
    <bpmn:userTask id="small" name="小额" />
    <bpmn:parallelGateway id="meet" />
    <bpmn:userTask id="archive" name="归档" />
    <bpmn:endEvent id="end" />
    <bpmn:sequenceFlow id="f0" sourceRef="start" targetRef="choose" />
    <bpmn:sequenceFlow id="f_big" sourceRef="choose" targetRef="big"><bpmn:conditionExpression>\${amount &gt; 100}</bpmn:conditionExpression></bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="f_small" sourceRef="choose" targetRef="small" />
    <bpmn:sequenceFlow id="f1" sourceRef="big" targetRef="meet" />
    <bpmn:sequenceFlow id="f2" sourceRef="small" targetRef="meet" />
    <bpmn:sequenceFlow id="f3" sourceRef="meet" targetRef="archive" />
    <bpmn:sequenceFlow id="f4" sourceRef="archive" targetRef="end" />`,
);

const multiInstance = (id: string, loop: string) =>
  process(
    id,
    `
    <bpmn:startEvent id="start" />
    <bpmn:userTask id="prepare" name="准备" />
    <bpmn:userTask id="sign" name="会签" flowable:assignee="\${signer}">${loop}</bpmn:userTask>
    <bpmn:endEvent id="end" />
    <bpmn:sequenceFlow id="f0" sourceRef="start" targetRef="prepare" />
    <bpmn:sequenceFlow id="f1" sourceRef="prepare" targetRef="sign" />
    <bpmn:sequenceFlow id="f2" sourceRef="sign" targetRef="end" />`,
  );

const SEQUENTIAL = multiInstance(
  'sequential',
  '<bpmn:multiInstanceLoopCharacteristics isSequential="true" flowable:collection="${signers}" flowable:elementVariable="signer" />',
);
const ALL_SIGN = multiInstance(
  'all_sign',
  '<bpmn:multiInstanceLoopCharacteristics flowable:collection="signers" flowable:elementVariable="signer" />',
);
const RULE_USERS = multiInstance('rule_users', '<bpmn:multiInstanceLoopCharacteristics />').replace(
  '${signer}',
  '${user}',
);

const leave = fixture('leave.bpmn');
const countersign = fixture('countersign.bpmn20.xml');
const parallel = fixture('parallel.bpmn');
const timerBoundary = fixture('timer-boundary.bpmn');
const HOUR = 3_600_000;

export const ENGINE_RUNS: EngineRun[] = [
  {
    name: 'leave: 2 days, manager approves',
    xml: leave,
    variables: { managerId: 7, days: 2 },
    actions: [{ complete: 'manager_approve', variables: { approved: true } }],
  },
  {
    name: 'leave: 5 days, both approve',
    xml: leave,
    variables: { managerId: 7, directorId: 8, days: 5 },
    actions: [
      { complete: 'manager_approve', variables: { approved: true } },
      { complete: 'director_approve', variables: { approved: true } },
    ],
  },
  {
    name: 'leave: 5 days, the director rejects',
    xml: leave,
    variables: { managerId: 7, directorId: 8, days: 5 },
    actions: [
      { complete: 'manager_approve', variables: { approved: true } },
      { complete: 'director_approve', variables: { approved: false } },
    ],
  },
  {
    name: 'leave: the manager rejects',
    xml: leave,
    variables: { managerId: 7, days: 5 },
    actions: [{ complete: 'manager_approve', variables: { approved: false } }],
  },
  {
    name: 'leave: the director sends it back to the manager',
    xml: leave,
    variables: { managerId: 7, directorId: 8, days: 5 },
    actions: [
      { complete: 'manager_approve', variables: { approved: true } },
      { jump: 'director_approve', to: 'manager_approve' },
      { complete: 'manager_approve', variables: { approved: true } },
      { complete: 'director_approve', variables: { approved: true } },
    ],
  },
  {
    name: 'countersign: half of four signers',
    xml: countersign,
    variables: { signers: [11, 12, 13, 14], clerk: 5 },
    actions: [
      { complete: 'sign', index: 1, variables: { approved: true } },
      { complete: 'sign', index: 2, variables: { approved: true } },
      { complete: 'archive' },
    ],
  },
  {
    name: 'countersign: every signer, in order',
    xml: SEQUENTIAL,
    variables: { signers: ['a', 'b', 'c'] },
    actions: [{ complete: 'prepare' }, { complete: 'sign' }, { complete: 'sign' }, { complete: 'sign' }],
  },
  {
    name: 'countersign: every signer, at once',
    xml: ALL_SIGN,
    variables: { signers: [1, 2, 3] },
    actions: [
      { complete: 'prepare' },
      { complete: 'sign', index: 2 },
      { complete: 'sign', index: 0 },
      { complete: 'sign' },
    ],
  },
  {
    name: 'countersign: users from the rule, sent back from an iteration',
    xml: RULE_USERS,
    variables: {},
    loopUsers: { sign: [21, 22] },
    actions: [
      { complete: 'prepare' },
      { complete: 'sign', index: 1 },
      { jump: 'sign', to: 'prepare' },
      { complete: 'prepare' },
      { complete: 'sign' },
      { complete: 'sign' },
    ],
  },
  {
    name: 'parallel: both branches, finance first',
    xml: parallel,
    variables: {},
    actions: [
      { complete: 'draft' },
      { complete: 'finance' },
      { complete: 'legal_1' },
      { complete: 'legal_2' },
    ],
  },
  {
    name: 'parallel: both branches, finance last, legal sent back once',
    xml: parallel,
    variables: {},
    actions: [
      { complete: 'draft' },
      { complete: 'legal_1' },
      { jump: 'legal_2', to: 'legal_1' },
      { complete: 'legal_1' },
      { complete: 'legal_2' },
      { complete: 'finance' },
    ],
  },
  {
    name: 'timer boundary: the approval times out, then the cool-down passes',
    xml: timerBoundary,
    variables: { approverId: 3, supervisorId: 4, timeout: 'PT2S' },
    actions: [
      { fireAfterMs: 1_000 },
      { fireAfterMs: 3_000 },
      { complete: 'escalate' },
      { fireAfterMs: 2 * HOUR },
    ],
  },
  {
    name: 'timer boundary: approved before the timer',
    xml: timerBoundary,
    variables: { approverId: 3, supervisorId: 4, timeout: 'PT1H' },
    actions: [{ complete: 'approve' }],
  },
  {
    name: 'terminate: the veto ends everything',
    xml: VETO,
    variables: {},
    actions: [{ complete: 'legal' }],
  },
  {
    name: 'terminate: finance first, then the veto',
    xml: VETO,
    variables: {},
    actions: [{ complete: 'finance' }, { complete: 'legal' }],
  },
  {
    name: 'exclusive fork into a parallel join: the big branch',
    xml: EXCLUSIVE_INTO_PARALLEL,
    variables: { amount: 500 },
    actions: [{ complete: 'big' }, { complete: 'archive' }],
  },
  {
    name: 'exclusive fork into a parallel join: the default branch',
    xml: EXCLUSIVE_INTO_PARALLEL,
    variables: { amount: 5 },
    actions: [{ complete: 'small' }, { complete: 'archive' }],
  },
  {
    name: 'seeded OA leave: five days',
    xml: OA_LEAVE_BPMN,
    variables: { day: 5 },
    actions: [{ complete: 'leaderApprove' }, { complete: 'directorApprove' }],
  },
];

/** What one step of a run left: its outcome, the stored state and the waiting executionIds by activity. */
export interface RunStep {
  outcome: StepOutcome;
  state: unknown;
  ids: Record<string, string[]>;
}

/**
 * Plays a run from its start, or from the state a step of it left (`from`, continuing with the action at
 * `from.step`); returns what each step did.
 */
export async function playRun(
  run: EngineRun,
  definitionId: string,
  from?: { state: unknown; step: number; ids: Record<string, string[]> },
): Promise<RunStep[]> {
  const definition = { id: definitionId, xml: run.xml };
  let state = from?.state;
  let waiting: Record<string, string[]> = from ? from.ids : {};
  const steps: RunStep[] = [];
  const record = (r: StepResult) => {
    state = JSON.parse(JSON.stringify(r.state));
    waiting = {};
    for (const t of r.waitingTasks) (waiting[t.activityId] ??= []).push(t.executionId);
    steps.push({ outcome: outcomeOf(r), state, ids: waiting });
  };
  // The clock moves on by the timers' offsets, never back.
  let now = Date.now();
  if (!from) record(await start({ definition, variables: run.variables, loopUsers: run.loopUsers, now }));
  for (const action of run.actions.slice(from ? from.step : 0)) {
    if ('fireAfterMs' in action) now += action.fireAfterMs;
    const base = { definition, state: state as EngineState, loopUsers: run.loopUsers, now };
    if ('complete' in action) {
      const executionId = waiting[action.complete]?.[action.index ?? 0];
      if (!executionId) throw new Error(`${run.name}: ${action.complete} is not waiting`);
      record(await completeTask({ ...base, executionId, variables: action.variables }));
    } else if ('fireAfterMs' in action) {
      record(await fireDueTimers(base));
    } else {
      const fromExecutionId = waiting[action.jump]?.[0];
      if (!fromExecutionId) throw new Error(`${run.name}: ${action.jump} is not waiting`);
      record(await jump({ ...base, fromExecutionId, targetActivityId: action.to }));
    }
  }
  return steps;
}
