/**
 * One engine step: a bpmn-engine Engine recovers the stored state (or starts), resumes, acts, runs until every
 * execution waits or ends, and reports what happened. The Engine may survive the step as a `LiveInstance`,
 * which the next step of the same instance can take instead of recovering the state (see types.ts).
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { Engine } from 'bpmn-engine';
import {
  type CompiledDefinition,
  type ConditionEvaluator,
  type ListenerRef,
  type NodeInfo,
  LOOP_USERS_EXPRESSION,
  loadDefinition,
  parseDueDate,
} from './definition.js';
import { EngineStepError } from './errors.js';
import {
  ExpressionError,
  evaluateCondition,
  evaluateTemplate,
  hasExpression,
  isExpression,
} from './expression.js';
import { getListenerHandler } from './listeners.js';
import { StepTimers } from './timers.js';
import type {
  ActivityRecord,
  CompleteTaskInput,
  EndedTask,
  EngineState,
  FireDueTimersInput,
  JumpInput,
  LiveInstance,
  LoopUsers,
  PendingTimer,
  ResumeInput,
  StartInput,
  StepResult,
  Variables,
  WaitingTask,
} from './types.js';

/** The part of a bpmn-elements message our handlers read. */
interface MessageContent {
  id?: string;
  type?: string;
  name?: string;
  executionId?: string;
  isRootScope?: boolean;
  isMultiInstance?: boolean;
  isSequential?: boolean;
  index?: number;
  loopCardinality?: number;
  loopOutput?: unknown[];
  output?: unknown;
  parent?: { id?: string; executionId?: string };
  sourceId?: string;
  [key: string]: unknown;
}

interface ElementApi {
  id: string;
  type: string;
  name?: string;
  executionId?: string;
  content: MessageContent;
}

/** The bpmn-elements objects a jump drives. */
interface RunningActivity {
  id: string;
  isRunning: boolean;
  status?: string;
  outbound: { discard: (...args: unknown[]) => void }[];
  run(): void;
  getApi(): { discard(): void };
  execution?: { completed?: boolean; getPostponed(): ElementApi[] };
}

interface RunningProcess {
  id: string;
  getActivityById(id: string): RunningActivity | null;
  getActivities(): RunningActivity[];
}

/** Activity types the viewer shows as "current" while they wait across steps. */
const WAITING_TYPES = new Set(['bpmn:UserTask', 'bpmn:IntermediateCatchEvent']);

/** Failures reach the caller as EngineStepError; bpmn-engine's own debug logging only costs CPU. */
function silentLogger() {
  const ignore = () => {};
  return { debug: ignore, error: ignore, warn: ignore };
}

/** Nothing from a diagram may run as a script, even in a diagram that skipped compileProcess. */
export const refusingScripts = {
  register() {},
  getScript(language?: string) {
    if (!language) return undefined;
    return {
      execute(_scope: unknown, callback: (err: Error) => void) {
        callback(new Error(`不允许执行脚本（${language}）`));
      },
    };
  },
};

function loopCounters(node: NodeInfo | undefined, content: MessageContent): Variables {
  if (!node?.loop || !content.isMultiInstance || typeof content.loopCardinality !== 'number') return {};
  const total = content.loopCardinality;
  const outputs = content.loopOutput ?? (Array.isArray(content.output) ? content.output : []);
  const completed = outputs.filter((o) => o !== null && o !== undefined).length;
  const remaining = total - completed;
  const counters: Variables = {
    nrOfInstances: total,
    nrOfCompletedInstances: completed,
    nrOfActiveInstances: node.loop.sequential ? Math.min(remaining, 1) : remaining,
  };
  if (typeof content.index === 'number') counters.loopCounter = content.index;
  if (Object.hasOwn(content, node.loop.elementVariable)) {
    counters[node.loop.elementVariable] = content[node.loop.elementVariable];
  }
  return counters;
}

function toUserList(value: unknown): (string | number)[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
  return items
    .map((item) => (typeof item === 'string' ? item.trim() : item))
    .filter(
      (item): item is string | number =>
        (typeof item === 'string' && item !== '') || typeof item === 'number',
    );
}

function messageContent(context: unknown): MessageContent {
  const content = (context as { content?: unknown } | null)?.content;
  return content && typeof content === 'object' ? (content as MessageContent) : {};
}

/**
 * One bpmn-engine Engine and what outlives a step with it: its timers and the tasks it last reported
 * waiting. bpmn-engine keeps the options it was built with, so its callbacks reach the step running now
 * through here.
 */
class Host {
  step: Step | null = null;
  readonly timers = new StepTimers();
  /** Waiting tasks as the last step reported them: a live engine does not report them again. */
  waits = new Map<string, WaitingTask>();
  /** Events reach the running step; between steps nothing runs, and nothing would listen. */
  readonly listener = {
    emit: (eventName: string, api: ElementApi | undefined): boolean =>
      this.step ? this.step.listener.emit(eventName, api) : true,
  };
  readonly engine: Engine;

  constructor(readonly definition: CompiledDefinition) {
    const expressions = {
      resolveExpression: (expression: string, context: unknown) =>
        this.current.resolveExpression(expression, context),
      isExpression: (text: string) => isExpression(text),
      hasExpression: (text: string) => hasExpression(text),
      evaluateCondition: (text: string, message: unknown) => this.current.evaluateCondition(text, message),
    };
    this.engine = new Engine({
      name: definition.processId,
      sourceContext: definition.source,
      expressions,
      // Both follow bpmn-elements' runtime contract; its declarations type them more narrowly.
      scripts: refusingScripts as never,
      timers: this.timers as never,
      Logger: silentLogger,
      // Elements that never ran are left out of the state.
      settings: { disableTrackState: true },
    });
    this.engine.on('error', (error: unknown) => {
      if (this.step) this.step.failure ??= this.step.fail(error);
    });
  }

  get current(): Step {
    if (!this.step) throw new EngineStepError('engine', '流程执行失败：引擎不在步骤中');
    return this.step;
  }
}

/** An Engine kept after a successful step, good for one next step on exactly `state`. */
class LiveEngine implements LiveInstance {
  used = false;
  constructor(
    readonly host: Host,
    readonly state: EngineState,
  ) {}
}

class Step implements ConditionEvaluator {
  readonly variables: Variables;
  readonly running: EngineState['running'];
  readonly tasks: EngineState['tasks'];
  readonly loops: EngineState['loops'];
  readonly reached: Set<string>;
  readonly timers: StepTimers;
  readonly engine: Engine;
  /** The first failure inside the engine: the step fails with it, whatever the engine made of it. */
  failure: EngineStepError | null = null;
  private readonly waits: Map<string, WaitingTask>;
  private readonly records = new Map<string, ActivityRecord>();
  private readonly ended = new Set<string>();
  private readonly lastEnded = new Map<string, string>();
  /** Start order of the activity runs (the state keeps `running` in start order). */
  private readonly startOrder = new Map<string, number>();
  endEventId: string | null = null;

  constructor(
    readonly host: Host,
    readonly previous: EngineState | null,
    readonly loopUsers: LoopUsers,
    variables: Variables,
    readonly businessKey: string | null,
  ) {
    this.timers = host.timers;
    this.engine = host.engine;
    this.waits = new Map(host.waits);
    this.variables = { ...(previous ? structuredClone(previous.variables) : {}), ...variables };
    this.running = { ...previous?.running };
    this.tasks = { ...previous?.tasks };
    this.loops = { ...previous?.loops };
    this.reached = new Set(previous?.reached);
    for (const executionId of Object.keys(this.running))
      this.startOrder.set(executionId, this.startOrder.size);
  }

  get definition(): CompiledDefinition {
    return this.host.definition;
  }

  fail(error: unknown): EngineStepError {
    if (error instanceof EngineStepError) return error;
    if (error instanceof ExpressionError)
      return new EngineStepError('expression', error.message, { cause: error });
    const message = error instanceof Error ? error.message : String(error);
    return new EngineStepError('engine', `流程执行失败：${message}`, { cause: error });
  }

  private record(error: unknown): void {
    this.failure ??= this.fail(error);
  }

  // --- expressions (bpmn-elements' `expressions` option) ---------------------------------------------------

  scope(content: MessageContent): Variables {
    const node = content.id ? this.definition.nodes.get(content.id) : undefined;
    return { ...this.variables, ...loopCounters(node, content) };
  }

  resolveExpression(expression: string, context: unknown): unknown {
    const content = messageContent(context);
    try {
      const node = content.id ? this.definition.nodes.get(content.id) : undefined;
      if (node?.loop?.collection === expression && content.executionId) {
        // Kept while the activity runs, so a resumed loop sees the same users in the same order.
        const key = content.executionId;
        this.loops[key] ??= this.collection(node, expression, content);
        return this.loops[key];
      }
      return evaluateTemplate(expression, this.scope(content));
    } catch (error) {
      this.record(error);
      throw error;
    }
  }

  private collection(node: NodeInfo, expression: string, content: MessageContent): unknown[] {
    const value =
      expression === LOOP_USERS_EXPRESSION
        ? this.loopUsers[node.id]
        : evaluateTemplate(expression, this.scope(content));
    if (expression === LOOP_USERS_EXPRESSION && (!Array.isArray(value) || value.length === 0)) {
      throw new EngineStepError('no-loop-users', `多实例任务「${node.name || node.id}」找不到审批人`);
    }
    if (!Array.isArray(value)) {
      throw new ExpressionError(expression, `多实例任务「${node.name || node.id}」的集合不是数组`);
    }
    return [...(value as unknown[])];
  }

  evaluateCondition(text: string, message: unknown): boolean {
    try {
      return evaluateCondition(text, this.scope(messageContent(message)));
    } catch (error) {
      this.record(error);
      throw error;
    }
  }

  // --- listeners --------------------------------------------------------------------------------------------

  runListeners(
    refs: readonly ListenerRef[],
    kind: ListenerRef['kind'],
    event: string,
    target: ElementApi,
  ): void {
    for (const ref of refs) {
      if (ref.kind !== kind || ref.event !== event) continue;
      const handler = getListenerHandler(ref.handler);
      if (!handler) throw new EngineStepError('definition', `监听器「${ref.handler}」已不在允许列表中`);
      const variables = this.variables;
      handler({
        event,
        activityId: target.id,
        activityName: target.name ?? '',
        executionId: target.executionId ?? '',
        variables: { ...variables },
        setVariable(name, value) {
          variables[name] = value;
        },
      });
    }
  }

  /** bpmn-engine's `listener`: every element event of the step comes through here. */
  readonly listener = {
    emit: (eventName: string, api: ElementApi | undefined): boolean => {
      if (!api || this.failure) return true;
      try {
        this.onEvent(eventName, api);
      } catch (error) {
        this.record(error);
      }
      return true;
    },
  };

  private onEvent(eventName: string, api: ElementApi): void {
    const now = Date.now();
    const executionId = api.executionId ?? '';
    const node = this.definition.nodes.get(api.id);
    switch (eventName) {
      case 'activity.enter': {
        this.running[executionId] = { activityId: api.id, startTime: now };
        this.startOrder.set(executionId, this.startOrder.size);
        if (node) this.runListeners(node.listeners, 'execution', 'start', api);
        return;
      }
      case 'activity.wait': {
        if (node?.type !== 'bpmn:UserTask') return;
        const isNew = !Object.hasOwn(this.tasks, executionId);
        this.tasks[executionId] = api.id;
        this.waits.set(executionId, this.waitingTask(node, api, now));
        if (isNew) this.runListeners(node.listeners, 'task', 'create', api);
        return;
      }
      case 'activity.end': {
        if (node) this.runListeners(node.listeners, 'execution', 'end', api);
        // The message type can be an event definition's (a terminate end event): trust the diagram.
        if (node?.type === 'bpmn:UserTask') this.reached.add(api.id);
        if (node?.type === 'bpmn:EndEvent') this.endEventId = api.id;
        this.ended.add(executionId);
        this.lastEnded.set(api.id, executionId);
        this.close(executionId, now, true);
        return;
      }
      case 'activity.leave': {
        delete this.loops[executionId];
        if (!this.ended.has(executionId)) this.close(executionId, now, false);
        return;
      }
      case 'flow.take': {
        const sourceExecution = api.content.sourceId ? this.lastEnded.get(api.content.sourceId) : undefined;
        const record = sourceExecution ? this.records.get(sourceExecution) : undefined;
        if (record) record.outgoing.push(api.id);
        return;
      }
    }
  }

  /** An activity run stops: ended normally, or left without ending (discarded, interrupted, jumped from). */
  private close(executionId: string, now: number, ended: boolean): void {
    const run = this.running[executionId];
    if (!run) return;
    delete this.running[executionId];
    const node = this.definition.nodes.get(run.activityId);
    if (!node || (!ended && !WAITING_TYPES.has(node.type))) return;
    this.records.set(executionId, {
      executionId,
      activityId: node.id,
      type: node.type,
      name: node.name,
      startTime: run.startTime,
      endTime: now,
      outgoing: [],
    });
  }

  private waitingTask(node: NodeInfo, api: ElementApi, now: number): WaitingTask {
    const content = api.content;
    const scope = this.scope(content);
    const owner = `用户任务「${node.name || node.id}」`;
    let assignee: string | number | null = null;
    if (node.assignee?.trim()) {
      const value = evaluateTemplate(node.assignee, scope);
      if (typeof value !== 'string' && typeof value !== 'number') {
        throw new EngineStepError('expression', `${owner}的处理人表达式 ${node.assignee} 的结果不是用户`);
      }
      assignee = typeof value === 'string' ? value.trim() : value;
    }
    let dueDate: number | null = null;
    if (node.dueDate?.trim()) {
      const value = evaluateTemplate(node.dueDate, scope);
      dueDate =
        typeof value === 'number' ? value : typeof value === 'string' ? parseDueDate(value, now) : null;
      if (dueDate === null) {
        throw new EngineStepError('expression', `${owner}的到期时间「${String(value)}」无法识别`);
      }
    }
    const loop = node.loop;
    return {
      executionId: api.executionId ?? '',
      activityId: node.id,
      name: node.name,
      assignee,
      candidateUsers: node.candidateUsers ? toUserList(evaluateTemplate(node.candidateUsers, scope)) : [],
      candidateGroups: node.candidateGroups ? toUserList(evaluateTemplate(node.candidateGroups, scope)) : [],
      multiInstance:
        loop && content.isMultiInstance && typeof content.index === 'number'
          ? {
              rootExecutionId: content.parent?.executionId ?? '',
              index: content.index,
              sequential: loop.sequential,
              elementVariable: loop.elementVariable,
              value: content[loop.elementVariable] ?? null,
            }
          : null,
      dueDate,
    };
  }

  // --- the running process ----------------------------------------------------------------------------------

  process(): RunningProcess | null {
    const definitions = (this.engine.execution?.definitions ?? []) as unknown as {
      getRunningProcesses(): RunningProcess[];
    }[];
    return definitions[0]?.getRunningProcesses()[0] ?? null;
  }

  /** executionIds of the user tasks waiting now, from the engine itself (not from events). */
  activeTaskIds(): Set<string> {
    const ids = new Set<string>();
    const process = this.process();
    if (!process) return ids;
    for (const activity of process.getActivities()) {
      const node = this.definition.nodes.get(activity.id);
      if (node?.type !== 'bpmn:UserTask' || !activity.execution || activity.execution.completed) continue;
      if (!activity.status) continue;
      for (const api of activity.execution.getPostponed()) {
        const isIteration = !api.content.isRootScope;
        if (Boolean(node.loop) === isIteration && api.executionId) ids.add(api.executionId);
      }
    }
    return ids;
  }

  /** Throws the first failure of the step, if any. */
  check(): void {
    if (this.failure) throw this.failure;
    if (this.engine.state === 'error') {
      throw new EngineStepError('engine', '流程执行失败：引擎进入错误状态');
    }
  }

  result(actedOn: ReadonlySet<string>): StepResult {
    const engine = this.engine;
    this.check();
    if (engine.activityStatus === 'executing') {
      throw new EngineStepError('engine', '流程执行失败：步骤结束时仍有节点在执行');
    }
    const completed = engine.state === 'idle';
    const active = completed ? new Set<string>() : this.activeTaskIds();
    const now = Date.now();

    if (completed) {
      for (const executionId of Object.keys(this.running)) this.close(executionId, now, false);
      const process = processTarget(this.definition);
      this.runListeners(this.definition.processListeners, 'execution', 'end', process);
      this.check();
    }

    const cancelledTasks: EndedTask[] = [];
    for (const [executionId, activityId] of Object.entries(this.tasks)) {
      if (active.has(executionId)) continue;
      delete this.tasks[executionId];
      if (!actedOn.has(executionId)) cancelledTasks.push({ executionId, activityId });
    }
    const waitingTasks = [...this.waits.values()].filter((t) => active.has(t.executionId));
    const missing = [...active].filter((id) => !this.waits.has(id));
    if (missing.length) {
      throw new EngineStepError('engine', `流程执行失败：任务 ${missing.join('、')} 在等待却没有报告`);
    }

    for (const [executionId, run] of Object.entries(this.running)) {
      const node = this.definition.nodes.get(run.activityId);
      const startedNow = !this.previous || !Object.hasOwn(this.previous.running, executionId);
      if (node && startedNow && WAITING_TYPES.has(node.type) && !this.records.has(executionId)) {
        this.records.set(executionId, {
          executionId,
          activityId: node.id,
          type: node.type,
          name: node.name,
          startTime: run.startTime,
          endTime: null,
          outgoing: [],
        });
      }
    }

    const timers: PendingTimer[] = this.timers.executing
      .filter((t) => t.owner?.executionId)
      .map((t) => ({
        executionId: t.owner?.executionId ?? '',
        activityId: t.owner?.id ?? '',
        expireAt: t.expireAt,
      }));

    const state: EngineState = {
      v: 1,
      definitionId: this.definition.id,
      businessKey: this.businessKey,
      variables: this.variables,
      engine: deflateRawSync(JSON.stringify(engineStateOf(engine))).toString('base64'),
      running: this.running,
      tasks: this.tasks,
      loops: this.loops,
      reached: [...this.reached],
    };
    return {
      state,
      status: completed ? 'completed' : 'running',
      endEventId: completed ? this.endEventId : null,
      variables: structuredClone(this.variables),
      waitingTasks,
      history: [...this.records.values()].sort(
        (a, b) =>
          a.startTime - b.startTime ||
          (this.startOrder.get(a.executionId) ?? 0) - (this.startOrder.get(b.executionId) ?? 0),
      ),
      timers,
      cancelledTasks,
      live: null,
    };
  }
}

/**
 * bpmn-engine's state as `Execution.getState` gives it, less two things. The definition source: the cache has
 * it, and bpmn-engine would serialise it again at every step. Environment variables: ours live in
 * EngineState.variables; bpmn-engine copies only its own message fields there. (Every getState returns fresh
 * objects, so emptying them leaves a live engine as it was.)
 */
function engineStateOf(engine: Engine): unknown {
  const execution = engine.execution;
  const definitions = execution.definitions.map((definition) => {
    const state = definition.getState() as {
      environment?: { variables?: unknown };
      execution?: { processes?: { environment?: { variables?: unknown } }[] };
    };
    if (state.environment) state.environment.variables = {};
    for (const process of state.execution?.processes ?? []) {
      if (process.environment) process.environment.variables = {};
    }
    return state;
  });
  return {
    name: engine.name,
    state: execution.state,
    stopped: execution.stopped,
    environment: { ...execution.environment.getState(), variables: {} },
    definitions,
  };
}

/** The process itself, as the target of process-level listeners. */
function processTarget(definition: CompiledDefinition): ElementApi {
  return { id: definition.processId, name: definition.outline.name, type: 'bpmn:Process', content: {} };
}

function checkState(state: EngineState, definition: CompiledDefinition): void {
  if (state?.v !== 1 || typeof state.engine !== 'string') {
    throw new EngineStepError('engine', '流程执行失败：流程实例的状态无法识别');
  }
  if (state.definitionId !== definition.id) {
    throw new EngineStepError('engine', '流程执行失败：流程实例的状态不属于该流程定义');
  }
}

/**
 * The engine a step on `input.state` runs on: the live one the previous step returned, when it comes with
 * exactly this state and has not run a step since; otherwise a new one, to recover from the state.
 */
function hostFor(input: ResumeInput, definition: CompiledDefinition): { host: Host; live: boolean } {
  const live = input.live;
  if (live instanceof LiveEngine && !live.used && live.state === input.state) {
    live.used = true;
    return { host: live.host, live: true };
  }
  return { host: new Host(definition), live: false };
}

async function runStep(
  step: Step,
  live: boolean,
  act: (step: Step) => void,
  actedOn: ReadonlySet<string> = new Set(),
): Promise<StepResult> {
  const { host, engine } = step;
  host.step = step;
  try {
    if (live) {
      // What resuming a recovered engine does by itself: timers that have expired complete.
      step.timers.fireDue(Date.now());
    } else if (step.previous) {
      engine.recover(
        JSON.parse(inflateRawSync(Buffer.from(step.previous.engine, 'base64')).toString('utf8')),
      );
      await engine.resume({ listener: host.listener });
    } else {
      await engine.execute({ listener: host.listener });
    }
    step.check();
    act(step);
    const result = step.result(actedOn);
    if (result.status === 'completed') return result;
    host.waits = new Map(result.waitingTasks.map((t) => [t.executionId, t]));
    return { ...result, live: new LiveEngine(host, result.state) };
  } catch (error) {
    throw step.fail(error);
  } finally {
    host.step = null;
  }
}

/** Starts an instance: runs from the start event until every execution waits or the process ends. */
export async function start(input: StartInput): Promise<StepResult> {
  const definition = await loadDefinition(input.definition);
  const step = new Step(
    new Host(definition),
    null,
    input.loopUsers ?? {},
    input.variables ?? {},
    input.businessKey ?? null,
  );
  const process = processTarget(definition);
  try {
    step.runListeners(definition.processListeners, 'execution', 'start', process);
  } catch (error) {
    throw step.fail(error);
  }
  return runStep(step, false, () => {});
}

/** A step on a stored (or live) instance: its definition, the engine to run on, and the step. */
async function resumeStep(input: ResumeInput) {
  const definition = await loadDefinition(input.definition);
  checkState(input.state, definition);
  const { host, live } = hostFor(input, definition);
  const step = new Step(host, input.state, input.loopUsers ?? {}, {}, input.state.businessKey);
  return { definition, step, live };
}

function waitingActivity(step: Step, executionId: string): string {
  const activityId = step.tasks[executionId];
  if (!activityId || !step.activeTaskIds().has(executionId)) {
    throw new EngineStepError('task-not-waiting', '任务已不在待审批状态');
  }
  return activityId;
}

/** Completes a waiting user task; its variables become process variables before the flow moves on. */
export async function completeTask(input: CompleteTaskInput): Promise<StepResult> {
  const { definition, step, live } = await resumeStep(input);
  return runStep(
    step,
    live,
    () => {
      const activityId = waitingActivity(step, input.executionId);
      Object.assign(step.variables, input.variables);
      const node = definition.nodes.get(activityId);
      const task = {
        id: activityId,
        name: node?.name ?? '',
        executionId: input.executionId,
        type: '',
        content: {},
      };
      if (node) step.runListeners(node.listeners, 'task', 'complete', task);
      step.check();
      step.engine.execution.signal({ id: activityId, executionId: input.executionId });
    },
    new Set([input.executionId]),
  );
}

/**
 * Fires the timers due at `now`. Timers that expired while no server ran complete already while the
 * instance resumes; the others fire here when due. Nothing due: the state comes back unchanged.
 */
export async function fireDueTimers(input: FireDueTimersInput): Promise<StepResult> {
  const { step, live } = await resumeStep(input);
  return runStep(step, live, () => {
    step.timers.fireDue(input.now ?? Date.now());
  });
}

/** Whether `targetId` lies upstream of `fromId` without crossing a parallel or inclusive gateway. */
function isOnSamePath(definition: CompiledDefinition, fromId: string, targetId: string): boolean {
  const seen = new Set<string>();
  const queue = [...(definition.nodes.get(fromId)?.sources ?? [])];
  while (queue.length) {
    const id = queue.shift() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    if (id === targetId) return true;
    const node = definition.nodes.get(id);
    if (!node || node.type === 'bpmn:ParallelGateway' || node.type === 'bpmn:InclusiveGateway') continue;
    queue.push(...node.sources);
  }
  return false;
}

/**
 * Sends a waiting task back to a user task completed earlier on the same path: the target runs again and
 * the waiting task (every iteration of a multi-instance one) is discarded without moving the flow on.
 */
export async function jump(input: JumpInput): Promise<StepResult> {
  const { definition, step, live } = await resumeStep(input);
  return runStep(
    step,
    live,
    () => {
      const fromId = waitingActivity(step, input.fromExecutionId);
      const target = definition.nodes.get(input.targetActivityId);
      if (!target || target.type !== 'bpmn:UserTask') {
        throw new EngineStepError('target-not-found', '目标节点不存在');
      }
      const valid =
        target.id !== fromId && step.reached.has(target.id) && isOnSamePath(definition, fromId, target.id);
      const process = step.process();
      const targetActivity = process?.getActivityById(target.id);
      const fromActivity = process?.getActivityById(fromId);
      if (!valid || !targetActivity || !fromActivity || targetActivity.isRunning) {
        throw new EngineStepError(
          'target-invalid',
          '回退任务失败，目标节点是在并行网关上或非同一路线上，不可跳转',
        );
      }
      Object.assign(step.variables, input.variables);
      // Run the target first: with nothing left running, the discard below would end the process.
      targetActivity.run();
      // The discarded task must not push a discard down its outgoing flows (that would reach activities
      // the target runs again): silence them while it leaves, synchronously.
      for (const flow of fromActivity.outbound) flow.discard = () => {};
      try {
        fromActivity.getApi().discard();
      } finally {
        for (const flow of fromActivity.outbound) delete (flow as { discard?: unknown }).discard;
      }
    },
    new Set([input.fromExecutionId]),
  );
}
