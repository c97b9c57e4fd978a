/**
 * The workflow engine's public types. The engine is a step executor: every step loads the instance from
 * `EngineState`, acts, runs until every execution waits (user task, timer, join, sub-process) or ends, and
 * hands back the new state with everything the caller must write in the same transaction (tasks, activity
 * history, timer jobs). The stored state is the truth.
 */

/** Extension namespace a diagram is written for (what the designer calls the engine flavour). */
export type Flavour = 'camunda' | 'flowable' | 'activiti';

export interface ProcessNode {
  id: string;
  name: string;
  /** The moddle type, e.g. `bpmn:UserTask`, `bpmn:ExclusiveGateway`. */
  type: string;
}

export interface ProcessOutline {
  /** The executable process's id (the definition key). */
  key: string;
  /** Its name ('' when missing). */
  name: string;
  /** From the extension namespace in use; null for plain BPMN. */
  flavour: Flavour | null;
  userTasks: { id: string; name: string; multiInstance: { sequential: boolean } | null }[];
  /** Every flow node of the process, sub-processes included. */
  nodes: ProcessNode[];
}

/** Process variables: JSON values only (they are stored in the state). */
export type Variables = Record<string, unknown>;

/**
 * A deployed definition. `id` is the caller's definition id and the key of the parsed-definition cache:
 * the XML of one id must never change.
 */
export interface DefinitionSource {
  id: string;
  xml: string;
}

/** What a user task's diagram attributes resolve to when it is created. */
export interface TaskDetails {
  assignee: string | number | null;
  candidateUsers: (string | number)[];
  candidateGroups: (string | number)[];
  dueDate: number | null;
}

/**
 * One execution of an instance: a token waiting somewhere. Which fields it has says what it waits as.
 */
export interface Execution {
  /** Stable id: a waiting task's executionId, a timer job's executionId. */
  id: string;
  /** The activity it is at. */
  node: string;
  /** The sub-process execution it runs in; null at the process level. */
  scope: string | null;
  /** When it arrived (epoch ms). */
  start: number;
  /** A user task waiting for completion (one iteration of a multi-instance task has its own). */
  task?: TaskDetails;
  /** A multi-instance iteration: its activity's root execution, its index and element value. */
  of?: string;
  index?: number;
  value?: unknown;
  /** A multi-instance activity: its collection and how many iterations completed. */
  loop?: { items: unknown[]; completed: number };
  /** A timer: when it fires; a boundary timer's host execution; a cycle and the firings it has left. */
  due?: number;
  host?: string;
  cycle?: string;
  repeats?: number | null;
  /** A joining gateway: tokens arrived so far. */
  arrived?: number;
  /** A call activity waiting for the instance it started: the called process's key. */
  call?: string;
}

/**
 * The persisted state of one instance: a JSON object the caller stores as is (e.g. `JSON.stringify`) and
 * hands back unchanged to the next step. Its fields are the engine's business; the caller reads only the
 * step results. Small by design: history lives in the caller's tables.
 */
export interface EngineState {
  /** Format version of this object. */
  v: 2;
  definitionId: string;
  businessKey: string | null;
  variables: Variables;
  executions: Execution[];
  /** Ids of the user tasks completed at least once (targets a return may go back to). */
  reached: string[];
}

/**
 * The state bpmn-engine left on instances started before our executor: it still runs, converted on its
 * next step (legacy-state.ts).
 */
export interface LegacyEngineState {
  v: 1;
  definitionId: string;
  businessKey: string | null;
  variables: Variables;
  /** bpmn-engine's own state: JSON, raw-deflated, base64. */
  engine: string;
  running: Record<string, { activityId: string; startTime: number }>;
  tasks: Record<string, string>;
  loops: Record<string, unknown[]>;
  reached: string[];
}

/** Users of multi-instance user tasks whose diagram names no collection, by activity id. */
export type LoopUsers = Record<string, readonly (string | number)[]>;

interface StepInput {
  definition: DefinitionSource;
  /** The step's clock (epoch ms): times of the history, timers and due dates count from it; defaults to now. */
  now?: number;
  /**
   * For each multi-instance user task without a `collection`: the users, one instance each (the caller
   * resolves the task's assignment rule before every step). Read when such a task starts; the list is then
   * kept in the state until the task ends. The element variable defaults to `user`.
   */
  loopUsers?: LoopUsers;
}

export interface StartInput extends StepInput {
  variables?: Variables;
  businessKey?: string | null;
  /** The starting user: set as the variable the start event's `initiator` attribute names. */
  initiator?: string | number;
}

/** A step on a started instance. */
export interface ResumeInput extends StepInput {
  state: EngineState | LegacyEngineState;
}

export interface CompleteTaskInput extends ResumeInput {
  /** The waiting task's executionId (one multi-instance iteration has its own). */
  executionId: string;
  /** The task's output: merged into the process variables before the flow moves on. */
  variables?: Variables;
}

export interface CompleteCallInput extends ResumeInput {
  /** The call activity's execution (a `calls` entry of the step that started the child). */
  executionId: string;
  /** The child instance's variables when it ended: the call activity's `out` mappings read them. */
  variables: Variables;
}

/** Timers whose expireAt is at or before the step's `now` fire. */
export type FireDueTimersInput = ResumeInput;

export interface JumpInput extends ResumeInput {
  /** The waiting task that is sent back (for a multi-instance iteration: the whole activity). */
  fromExecutionId: string;
  /** A user task completed earlier on the same path (never across a parallel or inclusive gateway). */
  targetActivityId: string;
  /** Merged into the process variables first (e.g. the reason). */
  variables?: Variables;
}

export interface WaitingTask {
  /** Stable id of this task run: the caller's task id, insert idempotently on it. */
  executionId: string;
  activityId: string;
  name: string;
  /** The diagram's `assignee` resolved against the variables; null when the diagram has none. */
  assignee: string | number | null;
  /** The diagram's `candidateUsers` resolved (comma lists and arrays flattened); [] when none. */
  candidateUsers: (string | number)[];
  /** The diagram's `candidateGroups` resolved; [] when none. */
  candidateGroups: (string | number)[];
  /** For an iteration of a multi-instance task; `value` is the element variable's value (e.g. a user id). */
  multiInstance: {
    rootExecutionId: string;
    index: number;
    sequential: boolean;
    elementVariable: string;
    value: unknown;
  } | null;
  /** The diagram's `dueDate` (date, ISO duration from now, or expression), epoch ms; null when none. */
  dueDate: number | null;
}

/**
 * One activity run as the viewer shows it. Reported when it started or ended in this step (a user task
 * or timer event still waiting has `endTime: null`); upsert on `executionId`. Paths not taken never show.
 */
export interface ActivityRecord {
  executionId: string;
  activityId: string;
  type: string;
  name: string;
  startTime: number;
  endTime: number | null;
  /** Ids of the sequence flows taken when it ended. */
  outgoing: string[];
  /** An earlier step reported it already, still running (a waiting task, timer or sub-process). */
  reported: boolean;
}

export interface PendingTimer {
  executionId: string;
  activityId: string;
  expireAt: number;
}

export interface EndedTask {
  executionId: string;
  activityId: string;
}

/** A process a call activity calls: the caller starts it and reports its end with `completeCall`. */
export interface CalledProcess {
  executionId: string;
  activityId: string;
  /** The key of the called process (its latest version runs). */
  processKey: string;
  /** The child's start variables, from the call activity's `in` mappings. */
  variables: Variables;
}

export interface StepResult {
  state: EngineState;
  status: 'running' | 'completed';
  /** The end event reached last, when completed. */
  endEventId: string | null;
  variables: Variables;
  /**
   * Every user task waiting now, in the order they were created. Tasks that were already waiting come
   * again with the same executionId and details: the caller inserts tasks idempotently by executionId.
   */
  waitingTasks: WaitingTask[];
  history: ActivityRecord[];
  /** Every timer pending now (store as jobs; the ones no longer listed are gone). */
  timers: PendingTimer[];
  /**
   * Tasks that ended without their own completion in this step: the rest of a multi-instance activity
   * whose completion condition was met, a task interrupted by a boundary timer, the task a jump left, tasks
   * still open when the process ended. Never the task this step completes (`completeTask`) or sends back
   * (`jump`'s fromExecutionId): the caller records those results itself.
   */
  cancelledTasks: EndedTask[];
  /** Call activities reached in this step: the caller starts each child instance. */
  calls: CalledProcess[];
  /** Call activities an earlier step started that ended without their child (terminate, jump): cancel it. */
  cancelledCalls: EndedTask[];
}

/** Context handed to an allow-listed listener handler. Handlers run synchronously inside a step. */
export interface ListenerContext {
  /** `start` / `end` (execution listener), `create` / `complete` (task listener). */
  event: string;
  /** The activity's id, or the process id for process listeners. */
  activityId: string;
  activityName: string;
  executionId: string;
  variables: Readonly<Variables>;
  setVariable(name: string, value: unknown): void;
}

export type ListenerHandler = (context: ListenerContext) => void;
