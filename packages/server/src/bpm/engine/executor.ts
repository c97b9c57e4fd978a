/**
 * The executor. A step loads the instance's executions from its state, acts (start, complete a task,
 * fire due timers, jump back), moves every token on until each one waits (a user task, a timer, a join, a
 * sub-process) or ends, and reports what happened. Everything is synchronous and in memory; the state is
 * a small JSON record of the waiting executions, so loading it costs next to nothing.
 *
 * Semantics follow Flowable: an exclusive gateway takes the first flow whose condition holds, in XML
 * order, else its default flow; a parallel gateway takes every outgoing flow; an inclusive gateway takes
 * every flow whose condition holds, else the default. A joining gateway (parallel or inclusive) fires
 * once no other token of its scope can still reach it. Nothing falls back silently: a condition that
 * cannot be evaluated, or a gateway with no way out, fails the step.
 */
import { randomBytes } from 'node:crypto';
import {
  type CompiledDefinition,
  type Flow,
  type GraphNode,
  type ListenerRef,
  LOOP_USERS_EXPRESSION,
  type VariableBinding,
  loadDefinition,
  parseDueDate,
} from './definition.js';
import { EngineStepError } from './errors.js';
import { ExpressionError, evaluateCondition, evaluateTemplate, toUserList } from './expression.js';
import { firstFiring, parseCycle } from './iso8601.js';
import { fromLegacyState, isLegacyState } from './legacy-state.js';
import { getListenerHandler } from './listeners.js';
import type {
  ActivityRecord,
  CalledProcess,
  CompleteCallInput,
  CompleteTaskInput,
  EndedTask,
  EngineState,
  Execution,
  FireDueTimersInput,
  JumpInput,
  LoopUsers,
  ResumeInput,
  StartInput,
  StepResult,
  TaskDetails,
  Variables,
  WaitingTask,
} from './types.js';

/** Node kinds the viewer shows as current while they wait across steps. */
const WAITING_KINDS = new Set(['userTask', 'timerCatch', 'subProcess', 'callActivity']);

/** Moves within one step; a diagram that loops without waiting fails instead of spinning forever. */
const MAX_MOVES = 10_000;
/** Firing rounds of timers due at one moment (a cycle re-arms itself). */
const MAX_TIMER_ROUNDS = 100;

const newExecutionId = (nodeId: string): string => `${nodeId}_${randomBytes(5).toString('hex')}`;

const nodeLabel = (node: GraphNode, what = '节点') => `${what}「${node.name || node.id}」`;

/** A running instance for the length of one step. */
class Run {
  readonly variables: Variables;
  /** By id, in creation order (waiting tasks are reported in this order). */
  readonly executions: Map<string, Execution>;
  readonly reached: Set<string>;
  readonly records = new Map<string, ActivityRecord>();
  readonly cancelled: EndedTask[] = [];
  readonly calls: CalledProcess[] = [];
  readonly cancelledCalls: EndedTask[] = [];
  /** Executions the previous step left waiting. */
  private readonly waitedBefore: ReadonlySet<string>;
  readonly now: number;
  private readonly agenda: { node: string; scope: string | null }[] = [];
  private moves = 0;
  /** The end event reached last at the process level. */
  endEventId: string | null = null;
  completed = false;

  constructor(
    readonly definition: CompiledDefinition,
    readonly previous: EngineState | null,
    readonly loopUsers: LoopUsers,
    readonly businessKey: string | null,
    now: number,
  ) {
    this.now = now;
    this.variables = previous ? structuredClone(previous.variables) : {};
    this.executions = new Map((previous?.executions ?? []).map((e) => [e.id, { ...e }]));
    this.reached = new Set(previous?.reached);
    this.waitedBefore = new Set(this.executions.keys());
  }

  node(id: string): GraphNode {
    const node = this.definition.nodes.get(id);
    if (!node) throw new EngineStepError('engine', `流程执行失败：流程图中没有节点 ${id}`);
    return node;
  }

  // --- listeners and expressions ------------------------------------------------------------------------------

  listen(
    refs: readonly ListenerRef[],
    kind: ListenerRef['kind'],
    event: string,
    target: {
      id: string;
      name: string;
      executionId: string;
    },
  ): void {
    for (const ref of refs) {
      if (ref.kind !== kind || ref.event !== event) continue;
      const handler = getListenerHandler(ref.handler);
      if (!handler) throw new EngineStepError('definition', `监听器「${ref.handler}」已不在允许列表中`);
      const variables = this.variables;
      handler({
        event,
        activityId: target.id,
        activityName: target.name,
        executionId: target.executionId,
        variables: { ...variables },
        setVariable(name, value) {
          variables[name] = value;
        },
      });
    }
  }

  private scopeOf(execution: Execution | null): Variables {
    if (!execution?.loop && execution?.index === undefined) return this.variables;
    const node = this.node(execution.node);
    const root = execution.of ? this.executions.get(execution.of) : execution;
    const loop = root?.loop;
    if (!node.loop || !loop) return this.variables;
    const active = [...this.executions.values()].filter((e) => e.of === root.id).length;
    const counters: Variables = {
      nrOfInstances: loop.items.length,
      nrOfCompletedInstances: loop.completed,
      nrOfActiveInstances: active,
    };
    if (execution.index !== undefined) {
      counters.loopCounter = execution.index;
      counters[node.loop.elementVariable] = execution.value ?? null;
    }
    return { ...this.variables, ...counters };
  }

  private condition(text: string, execution: Execution | null = null): boolean {
    return evaluateCondition(text, this.scopeOf(execution));
  }

  // --- history ----------------------------------------------------------------------------------------------

  private open(execution: Execution, node: GraphNode): void {
    const waitedBefore = WAITING_KINDS.has(node.kind) && this.waitedBefore.has(execution.id);
    this.records.set(execution.id, {
      executionId: execution.id,
      activityId: node.id,
      type: node.type,
      name: node.name,
      startTime: execution.start,
      endTime: null,
      outgoing: [],
      reported: waitedBefore,
    });
  }

  /** Closes an activity run that ended (or, for waiting kinds, that was left without ending). */
  private close(execution: Execution, node: GraphNode, ended: boolean): ActivityRecord | null {
    if (!ended && !WAITING_KINDS.has(node.kind)) return null;
    let record = this.records.get(execution.id);
    if (!record) {
      this.open(execution, node);
      record = this.records.get(execution.id) as ActivityRecord;
    }
    record.endTime = this.now;
    return record;
  }

  // --- moving tokens ------------------------------------------------------------------------------------------

  private add(node: GraphNode, scope: string | null, extra: Partial<Execution> = {}): Execution {
    const execution: Execution = {
      id: newExecutionId(node.id),
      node: node.id,
      scope,
      start: this.now,
      ...extra,
    };
    this.executions.set(execution.id, execution);
    return execution;
  }

  /** A token arrives at a node. */
  private arrive(nodeId: string, scope: string | null): void {
    if (++this.moves > MAX_MOVES) {
      throw new EngineStepError('engine', '流程执行失败：流程在没有等待的节点间无限循环');
    }
    const node = this.node(nodeId);
    if (node.upstream) {
      const waiting = [...this.executions.values()].find(
        (e) => e.node === node.id && e.scope === scope && e.arrived !== undefined,
      );
      if (waiting) waiting.arrived = (waiting.arrived ?? 0) + 1;
      else this.add(node, scope, { arrived: 1 });
      return;
    }
    const execution: Execution = { id: newExecutionId(node.id), node: node.id, scope, start: this.now };
    this.enter(node, execution);
  }

  private enter(node: GraphNode, execution: Execution): void {
    this.listen(node.listeners, 'execution', 'start', { ...node, executionId: execution.id });
    switch (node.kind) {
      case 'userTask':
        if (node.loop) return this.startLoop(node, execution);
        this.executions.set(execution.id, execution);
        this.open(execution, node);
        this.createTask(node, execution);
        this.armBoundaries(node, execution);
        return;
      case 'timerCatch':
        this.executions.set(execution.id, execution);
        this.open(execution, node);
        this.arm(node, execution);
        return;
      case 'subProcess':
        this.executions.set(execution.id, execution);
        this.open(execution, node);
        this.armBoundaries(node, execution);
        this.agenda.push({ node: node.start as string, scope: execution.id });
        return;
      case 'callActivity':
        this.executions.set(execution.id, execution);
        this.open(execution, node);
        this.callProcess(node, execution);
        return;
      case 'end':
        if (node.terminate) this.terminate(execution.scope);
        this.leave(node, execution, []);
        if (execution.scope === null) this.endEventId = node.id;
        return;
      default:
        this.leave(node, execution, this.exits(node, execution));
    }
  }

  /** The flows a node leaves by, as Flowable picks them. */
  private exits(node: GraphNode, execution: Execution | null): Flow[] {
    if (node.kind === 'parallel') return node.outgoing;
    const flows = node.outgoing.filter((f) => f.id !== node.defaultFlow);
    if (node.kind === 'exclusive') {
      const first = flows.find((f) => f.condition === null || this.condition(f.condition, execution));
      if (first) return [first];
    } else {
      const taken = flows.filter((f) => f.condition === null || this.condition(f.condition, execution));
      if (taken.length) return taken;
    }
    const fallback = node.outgoing.find((f) => f.id === node.defaultFlow);
    if (fallback) return [fallback];
    if (node.outgoing.length === 0) return [];
    throw new EngineStepError('engine', `流程执行失败：${nodeLabel(node)}的出线条件都不成立，也没有默认出线`);
  }

  /** An activity run ends and its token moves on along `flows`. */
  private leave(node: GraphNode, execution: Execution, flows: Flow[]): void {
    this.executions.delete(execution.id);
    this.dropBoundaries(execution.id);
    this.listen(node.listeners, 'execution', 'end', { ...node, executionId: execution.id });
    const record = this.close(execution, node, true) as ActivityRecord;
    for (const flow of flows) {
      this.listen(flow.listeners, 'execution', 'take', { id: flow.id, name: '', executionId: execution.id });
      record.outgoing.push(flow.id);
      this.agenda.push({ node: flow.target, scope: execution.scope });
    }
  }

  /** Moves every token on until each one waits; then fires the joins nothing can reach any more. */
  settle(): void {
    for (;;) {
      while (this.agenda.length) {
        const next = this.agenda.shift() as { node: string; scope: string | null };
        if (next.scope !== null && !this.executions.has(next.scope)) continue; // its scope was terminated
        this.arrive(next.node, next.scope);
      }
      if (this.fireJoin() || this.finishScope()) continue;
      break;
    }
    this.completed = this.executions.size === 0;
  }

  private fireJoin(): boolean {
    for (const join of this.executions.values()) {
      if (join.arrived === undefined) continue;
      const node = this.node(join.node);
      const upstream = node.upstream as ReadonlySet<string>;
      const blocked = [...this.executions.values()].some(
        (e) => e !== join && e.scope === join.scope && upstream.has(e.node),
      );
      if (blocked) continue;
      // The viewer shows a join as passed when it fires, not while tokens gathered.
      join.start = this.now;
      this.open(join, node);
      this.leave(node, join, this.exits(node, join));
      return true;
    }
    return false;
  }

  /** A sub-process whose tokens have all ended completes. */
  private finishScope(): boolean {
    for (const execution of this.executions.values()) {
      const node = this.node(execution.node);
      if (node.kind !== 'subProcess') continue;
      if ([...this.executions.values()].some((e) => e.scope === execution.id)) continue;
      this.leave(node, execution, this.exits(node, execution));
      return true;
    }
    return false;
  }

  /** Ends every execution of a scope (a terminate end event; the process level ends the process). */
  private terminate(scope: string | null): void {
    for (const execution of [...this.executions.values()]) {
      if (execution.scope === scope && this.executions.has(execution.id)) this.cancel(execution);
    }
    for (let i = this.agenda.length - 1; i >= 0; i--)
      if (this.agenda[i]?.scope === scope) this.agenda.splice(i, 1);
  }

  /** An execution leaves without ending: its tasks are cancelled, its scope and boundaries go with it. */
  private cancel(execution: Execution, except?: string): void {
    this.executions.delete(execution.id);
    this.dropBoundaries(execution.id);
    for (const inner of [...this.executions.values()]) {
      if ((inner.scope === execution.id || inner.of === execution.id) && this.executions.has(inner.id))
        this.cancel(inner, except);
    }
    if (execution.task && execution.id !== except)
      this.cancelled.push({ executionId: execution.id, activityId: execution.node });
    if (execution.call) this.cancelledCalls.push({ executionId: execution.id, activityId: execution.node });
    if (execution.index === undefined) this.close(execution, this.node(execution.node), false);
  }

  // --- user tasks -----------------------------------------------------------------------------------------------

  private createTask(node: GraphNode, execution: Execution): void {
    execution.task = this.taskDetails(node, execution);
    this.listen(node.listeners, 'task', 'create', { ...node, executionId: execution.id });
  }

  private taskDetails(node: GraphNode, execution: Execution): TaskDetails {
    const scope = this.scopeOf(execution);
    const owner = nodeLabel(node, '用户任务');
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
        typeof value === 'number' ? value : typeof value === 'string' ? parseDueDate(value, this.now) : null;
      if (dueDate === null) {
        throw new EngineStepError('expression', `${owner}的到期时间「${String(value)}」无法识别`);
      }
    }
    return {
      assignee,
      candidateUsers: node.candidateUsers ? toUserList(evaluateTemplate(node.candidateUsers, scope)) : [],
      candidateGroups: node.candidateGroups ? toUserList(evaluateTemplate(node.candidateGroups, scope)) : [],
      dueDate,
    };
  }

  private startLoop(node: GraphNode, root: Execution): void {
    const loop = node.loop as NonNullable<GraphNode['loop']>;
    let items: unknown[];
    if (loop.collection === LOOP_USERS_EXPRESSION) {
      const users = this.loopUsers[node.id];
      if (!Array.isArray(users) || users.length === 0)
        throw new EngineStepError('no-loop-users', `多实例任务「${node.name || node.id}」找不到审批人`);
      items = [...users];
    } else if (loop.collection) {
      const value = evaluateTemplate(loop.collection, this.variables);
      if (!Array.isArray(value))
        throw new ExpressionError(loop.collection, `多实例任务「${node.name || node.id}」的集合不是数组`);
      items = [...(value as unknown[])];
    } else {
      const count = evaluateTemplate(loop.cardinality as string, this.variables);
      const n = typeof count === 'string' ? Number(count) : count;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 0)
        throw new ExpressionError(
          loop.cardinality as string,
          `多实例任务「${node.name || node.id}」的循环数量不是非负整数`,
        );
      items = Array.from({ length: n }, () => null);
    }
    root.loop = { items, completed: 0 };
    this.executions.set(root.id, root);
    this.open(root, node);
    if (items.length === 0) return this.leave(node, root, this.exits(node, root));
    this.armBoundaries(node, root);
    const count = loop.sequential ? 1 : items.length;
    for (let index = 0; index < count; index++) this.startIteration(node, root, index);
  }

  private startIteration(node: GraphNode, root: Execution, index: number): void {
    const iteration = this.add(node, root.scope, {
      of: root.id,
      index,
      value: root.loop?.items[index] ?? null,
    });
    this.createTask(node, iteration);
  }

  completeTask(executionId: string, variables: Variables | undefined): void {
    const execution = this.waitingTask(executionId);
    const node = this.node(execution.node);
    Object.assign(this.variables, variables);
    this.listen(node.listeners, 'task', 'complete', { ...node, executionId });
    this.reached.add(node.id);
    if (!execution.of) return this.leave(node, execution, this.exits(node, execution));

    const root = this.executions.get(execution.of) as Execution;
    const loop = root.loop as NonNullable<Execution['loop']>;
    loop.completed++;
    this.executions.delete(execution.id);
    const done =
      loop.completed >= loop.items.length ||
      (node.loop?.completionCondition ? this.completionMet(node, execution) : false);
    if (done) {
      for (const iteration of [...this.executions.values()])
        if (iteration.of === root.id) this.cancel(iteration);
      this.leave(node, root, this.exits(node, root));
    } else if (node.loop?.sequential) {
      this.startIteration(node, root, loop.completed);
    }
  }

  private completionMet(node: GraphNode, iteration: Execution): boolean {
    try {
      return this.condition(node.loop?.completionCondition as string, iteration);
    } catch (error) {
      if (error instanceof ExpressionError)
        throw new EngineStepError(
          'expression',
          `多实例任务「${node.name || node.id}」的完成条件有误：${error.message}`,
          { cause: error },
        );
      throw error;
    }
  }

  waitingTask(executionId: string): Execution {
    const execution = this.executions.get(executionId);
    if (!execution?.task) throw new EngineStepError('task-not-waiting', '任务已不在待审批状态');
    return execution;
  }

  // --- call activities -----------------------------------------------------------------------------------------

  /** Asks the caller to start the called process, with the variables the `in` mappings give it. */
  private callProcess(node: GraphNode, execution: Execution): void {
    const call = node.call as NonNullable<GraphNode['call']>;
    const key = call.calledElement.includes('${')
      ? evaluateTemplate(call.calledElement, this.variables)
      : call.calledElement;
    if (typeof key !== 'string' || !key.trim())
      throw new EngineStepError('expression', `${nodeLabel(node)}的被调用流程「${String(key)}」不是流程标识`);
    const all = call.inheritVariables || call.inputs.some((b) => b.all);
    const variables: Variables = all ? structuredClone(this.variables) : {};
    for (const binding of call.inputs) Object.assign(variables, mapped(binding, this.variables));
    execution.call = key.trim();
    this.calls.push({
      executionId: execution.id,
      activityId: node.id,
      processKey: execution.call,
      variables,
    });
  }

  /** The called instance ended: its variables come back through the `out` mappings, the flow moves on. */
  completeCall(executionId: string, childVariables: Variables): void {
    const execution = this.executions.get(executionId);
    if (!execution?.call) throw new EngineStepError('engine', '流程执行失败：调用活动已不在等待子流程');
    const node = this.node(execution.node);
    const outputs = node.call?.outputs ?? [];
    if (outputs.some((b) => b.all)) Object.assign(this.variables, structuredClone(childVariables));
    for (const binding of outputs) Object.assign(this.variables, mapped(binding, childVariables));
    this.leave(node, execution, this.exits(node, execution));
  }

  // --- timers ---------------------------------------------------------------------------------------------------

  private armBoundaries(node: GraphNode, host: Execution): void {
    for (const id of node.boundaries) {
      const boundary = this.node(id);
      this.arm(boundary, this.add(boundary, host.scope, { host: host.id }));
    }
  }

  private dropBoundaries(hostId: string): void {
    for (const execution of this.executions.values())
      if (execution.host === hostId) this.executions.delete(execution.id);
  }

  private arm(node: GraphNode, execution: Execution): void {
    const timer = node.timer as NonNullable<GraphNode['timer']>;
    const text = timer.value.includes('${')
      ? String(evaluateTemplate(timer.value, this.variables))
      : timer.value;
    const due = firstFiring(timer.kind, text, this.now);
    if (due === null)
      throw new EngineStepError('expression', `${nodeLabel(node, '定时器')}的定时设置「${text}」无法识别`);
    execution.due = due;
    if (timer.kind === 'timeCycle') {
      execution.cycle = text;
      execution.repeats = parseCycle(text, this.now)?.repeats ?? null;
    }
  }

  /** Fires every timer due at `now`, earliest first. */
  fireDue(now: number): void {
    for (let round = 0; round < MAX_TIMER_ROUNDS; round++) {
      const due = [...this.executions.values()]
        .filter((e) => e.due !== undefined && e.due <= now)
        .sort((a, b) => (a.due as number) - (b.due as number));
      if (!due.length) return;
      for (const execution of due) {
        if (!this.executions.has(execution.id)) continue;
        this.fire(execution);
        this.settle();
      }
    }
  }

  private fire(execution: Execution): void {
    const node = this.node(execution.node);
    if (node.kind === 'timerCatch') return this.leave(node, execution, node.outgoing);
    const host = this.executions.get(execution.host as string);
    if (!host) return void this.executions.delete(execution.id);
    if (node.cancelActivity) {
      this.cancel(host);
      this.leave(node, execution, node.outgoing);
      return;
    }
    // Non-interrupting: the host goes on; a cycle arms its next firing.
    const next = this.nextCycle(execution);
    this.leave(node, execution, node.outgoing);
    if (next !== null) {
      const id = newExecutionId(node.id);
      this.executions.set(id, {
        ...execution,
        id,
        start: this.now,
        due: next,
        repeats: execution.repeats === null || execution.repeats === undefined ? null : execution.repeats - 1,
      });
    }
  }

  private nextCycle(execution: Execution): number | null {
    if (!execution.cycle || execution.repeats === 0) return null;
    const cycle = parseCycle(execution.cycle, execution.due as number);
    return cycle ? cycle.next(execution.due as number) : null;
  }

  // --- jump back ------------------------------------------------------------------------------------------------

  jump(fromExecutionId: string, targetActivityId: string, variables: Variables | undefined): void {
    const from = this.waitingTask(fromExecutionId);
    const target = this.definition.nodes.get(targetActivityId);
    if (!target || target.type !== 'bpmn:UserTask')
      throw new EngineStepError('target-not-found', '目标节点不存在');
    const valid =
      target.id !== from.node &&
      target.scope === this.node(from.node).scope &&
      this.reached.has(target.id) &&
      isOnSamePath(this.definition, from.node, target.id) &&
      ![...this.executions.values()].some((e) => e.node === target.id);
    if (!valid)
      throw new EngineStepError(
        'target-invalid',
        '回退任务失败，目标节点是在并行网关上或非同一路线上，不可跳转',
      );
    Object.assign(this.variables, variables);
    const left = from.of ? (this.executions.get(from.of) as Execution) : from;
    this.cancel(left, fromExecutionId);
    this.arrive(target.id, left.scope);
  }

  // --- result ---------------------------------------------------------------------------------------------------

  result(actedOn: ReadonlySet<string>): StepResult {
    if (this.completed) {
      this.listen(this.definition.processListeners, 'execution', 'end', {
        id: this.definition.processId,
        name: this.definition.outline.name,
        executionId: '',
      });
    }
    const waitingTasks: WaitingTask[] = [];
    for (const e of this.executions.values()) {
      if (!e.task) continue;
      const node = this.node(e.node);
      const root = e.of ? this.executions.get(e.of) : undefined;
      waitingTasks.push({
        executionId: e.id,
        activityId: e.node,
        name: node.name,
        ...e.task,
        multiInstance:
          node.loop && e.index !== undefined
            ? {
                rootExecutionId: root?.id ?? e.of ?? '',
                index: e.index,
                sequential: node.loop.sequential,
                elementVariable: node.loop.elementVariable,
                value: e.value ?? null,
              }
            : null,
      });
    }
    const state: EngineState = {
      v: 2,
      definitionId: this.definition.id,
      businessKey: this.businessKey,
      variables: this.variables,
      executions: [...this.executions.values()],
      reached: [...this.reached],
    };
    const order = [...this.records.keys()];
    return {
      state,
      status: this.completed ? 'completed' : 'running',
      endEventId: this.completed ? this.endEventId : null,
      variables: structuredClone(this.variables),
      waitingTasks,
      history: [...this.records.values()].sort(
        (a, b) => a.startTime - b.startTime || order.indexOf(a.executionId) - order.indexOf(b.executionId),
      ),
      timers: [...this.executions.values()]
        .filter((e) => e.due !== undefined)
        .map((e) => ({ executionId: e.id, activityId: e.node, expireAt: e.due as number })),
      cancelledTasks: this.cancelled.filter((t) => !actedOn.has(t.executionId)),
      // A call reached and left within this step never started a child.
      calls: this.calls.filter((c) => !this.cancelledCalls.some((e) => e.executionId === c.executionId)),
      cancelledCalls: this.cancelledCalls.filter((e) => this.waitedBefore.has(e.executionId)),
    };
  }

  start(variables: Variables, initiator: string | number | undefined): void {
    Object.assign(this.variables, variables);
    const start = this.node(this.definition.start);
    if (start.initiator && initiator !== undefined) this.variables[start.initiator] = initiator;
    this.listen(this.definition.processListeners, 'execution', 'start', {
      id: this.definition.processId,
      name: this.definition.outline.name,
      executionId: '',
    });
    this.agenda.push({ node: start.id, scope: null });
  }
}

/** One `in`/`out` mapping applied to `from` (a `variables="all"` mapping is handled by the caller). */
function mapped(binding: VariableBinding, from: Variables): Variables {
  if (binding.all || !binding.target) return {};
  const value = binding.source
    ? from[binding.source]
    : evaluateTemplate(binding.sourceExpression as string, from);
  return { [binding.target]: structuredClone(value ?? null) };
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
    if (!node || node.kind === 'parallel' || node.kind === 'inclusive') continue;
    queue.push(...node.sources);
  }
  return false;
}

function failure(error: unknown): EngineStepError {
  if (error instanceof EngineStepError) return error;
  if (error instanceof ExpressionError)
    return new EngineStepError('expression', error.message, { cause: error });
  const message = error instanceof Error ? error.message : String(error);
  return new EngineStepError('engine', `流程执行失败：${message}`, { cause: error });
}

async function step(
  input: {
    definition: StartInput['definition'];
    loopUsers?: LoopUsers;
    businessKey?: string | null;
    now?: number;
  },
  stored: ResumeInput['state'] | null,
  act: (run: Run) => void,
  actedOn: ReadonlySet<string> = new Set(),
): Promise<StepResult> {
  const definition = await loadDefinition(input.definition);
  try {
    let previous: EngineState | null = null;
    if (stored) {
      previous = isLegacyState(stored) ? fromLegacyState(stored, definition) : stored;
      if (previous?.v !== 2 || !Array.isArray(previous.executions))
        throw new EngineStepError('engine', '流程执行失败：流程实例的状态无法识别');
      if (previous.definitionId !== definition.id)
        throw new EngineStepError('engine', '流程执行失败：流程实例的状态不属于该流程定义');
    }
    const businessKey = previous ? previous.businessKey : (input.businessKey ?? null);
    const run = new Run(definition, previous, input.loopUsers ?? {}, businessKey, input.now ?? Date.now());
    act(run);
    return run.result(actedOn);
  } catch (error) {
    throw failure(error);
  }
}

/** Resumes an instance: what resuming does first, timers that expired meanwhile fire. */
function resume(input: ResumeInput, act: (run: Run) => void, actedOn?: ReadonlySet<string>) {
  return step(
    input,
    input.state,
    (run) => {
      run.fireDue(run.now);
      act(run);
      run.settle();
    },
    actedOn,
  );
}

/** Starts an instance: runs from the start event until every execution waits or the process ends. */
export function start(input: StartInput): Promise<StepResult> {
  return step(input, null, (run) => {
    run.start(input.variables ?? {}, input.initiator);
    run.settle();
  });
}

/** Completes a waiting user task; its variables become process variables before the flow moves on. */
export function completeTask(input: CompleteTaskInput): Promise<StepResult> {
  return resume(
    input,
    (run) => run.completeTask(input.executionId, input.variables),
    new Set([input.executionId]),
  );
}

/** The instance a call activity started has ended: its variables flow back and the parent moves on. */
export function completeCall(input: CompleteCallInput): Promise<StepResult> {
  return resume(input, (run) => run.completeCall(input.executionId, input.variables));
}

/**
 * Fires the timers due at `now`. Timers that expired while no server ran fire on any step; the others
 * fire here when due. Nothing due: the state comes back unchanged.
 */
export function fireDueTimers(input: FireDueTimersInput): Promise<StepResult> {
  return resume(input, () => {});
}

/**
 * Sends a waiting task back to a user task completed earlier on the same path: the target runs again and
 * the waiting task (every iteration of a multi-instance one) leaves without moving the flow on.
 */
export function jump(input: JumpInput): Promise<StepResult> {
  return resume(
    input,
    (run) => run.jump(input.fromExecutionId, input.targetActivityId, input.variables),
    new Set([input.fromExecutionId]),
  );
}
