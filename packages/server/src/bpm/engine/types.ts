/**
 * The workflow engine's public types. The engine is a step executor over bpmn-engine: every step recovers
 * the instance from `EngineState`, acts, runs until every execution waits (user task, timer) or ends, and
 * hands back the new state with everything the caller must write in the same transaction (tasks, activity
 * history, timer jobs). The stored state is the truth; the caller may also keep the step's `LiveInstance`
 * and hand it to the next step on that same state, which then skips the recovery.
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

/**
 * The persisted state of one instance: a JSON object the caller stores as is (e.g. `JSON.stringify`) and
 * hands back unchanged to the next step. Its fields are the engine's business; the caller reads only the
 * step results. Small by design: history lives in the caller's tables.
 */
export interface EngineState {
  /** Format version of this object. */
  v: 1;
  definitionId: string;
  businessKey: string | null;
  variables: Variables;
  /**
   * bpmn-engine's own state without the definition source and the duplicated environment variables:
   * JSON, raw-deflated, base64 (its message queues repeat themselves; compressed they shrink ~7 times).
   */
  engine: string;
  /** Activities running now (entered, not left), by executionId. */
  running: Record<string, { activityId: string; startTime: number }>;
  /** User task executions waiting now (a multi-instance iteration has its own), activity id by executionId. */
  tasks: Record<string, string>;
  /** Collections of running multi-instance activities, by the activity's executionId. */
  loops: Record<string, unknown[]>;
  /** Ids of the user tasks completed at least once (targets a return may go back to). */
  reached: string[];
}

/** Users of multi-instance user tasks whose diagram names no collection, by activity id. */
export type LoopUsers = Record<string, readonly (string | number)[]>;

interface StepInput {
  definition: DefinitionSource;
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
}

/**
 * A bpmn-engine instance still running after a step (`StepResult.live`). Handed to the next step together
 * with `state`, that step runs on it instead of recovering `state`, which costs about as much as the step
 * itself. Good for one step: the step consumes it, and a failed step leaves nothing to reuse. The engine
 * cannot know whether `state` is still the stored one: the caller keeps it only while the stored row is
 * the one this step wrote (e.g. its version), and drops it when that write fails. It holds the whole
 * running instance in memory (hundreds of KB even for a small diagram).
 */
export interface LiveInstance {
  /** The state this instance is at: the `state` of the step result that returned it. */
  readonly state: EngineState;
}

/** A step on a started instance. */
export interface ResumeInput extends StepInput {
  state: EngineState;
  /** The live instance of the step that returned `state`; ignored unless its `state` is this one. */
  live?: LiveInstance | null;
}

export interface CompleteTaskInput extends ResumeInput {
  /** The waiting task's executionId (one multi-instance iteration has its own). */
  executionId: string;
  /** The task's output: merged into the process variables before the flow moves on. */
  variables?: Variables;
}

export interface FireDueTimersInput extends ResumeInput {
  /** Timers whose expireAt is at or before this time (epoch ms) fire; defaults to now. */
  now?: number;
}

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

export interface StepResult {
  state: EngineState;
  status: 'running' | 'completed';
  /** The end event reached last, when completed. */
  endEventId: string | null;
  variables: Variables;
  /**
   * Every user task waiting now. Tasks that were already waiting come again with the same executionId (as
   * a recovered instance evaluates them now; a live one, as it first reported them): the caller inserts
   * tasks idempotently by executionId.
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
  /** The instance still running in memory, for the next step on `state`; null when the process completed. */
  live: LiveInstance | null;
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
