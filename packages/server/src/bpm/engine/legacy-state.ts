/**
 * Instances started before our executor carry bpmn-engine's state (format 1). Their next step converts it:
 * every waiting user task keeps its executionId (the task rows are keyed by it), multi-instance activities
 * keep their collection and progress, timers their expiry, and joins the tokens that already arrived.
 * bpmn-engine's own part is read as plain JSON; nothing of bpmn-engine is needed to read it.
 */
import { inflateRawSync } from 'node:zlib';
import type { CompiledDefinition, GraphNode } from './definition.js';
import { EngineStepError } from './errors.js';
import { evaluateTemplate, toUserList } from './expression.js';
import { firstFiring } from './iso8601.js';
import type { EngineState, Execution, LegacyEngineState, TaskDetails } from './types.js';

export const isLegacyState = (state: unknown): state is LegacyEngineState =>
  (state as { v?: unknown } | null)?.v === 1;

interface LegacyChild {
  id?: string;
  type?: string;
  executionId?: string;
  broker?: { queues?: { name?: string; messages?: { content?: { action?: string } }[] }[] };
}

/** Every object of a JSON tree, depth first. */
function* objects(value: unknown): Generator<Record<string, unknown>> {
  if (!value || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) yield* objects(item);
    return;
  }
  yield value as Record<string, unknown>;
  for (const item of Object.values(value)) yield* objects(item);
}

function unreadable(): never {
  throw new EngineStepError('engine', '流程执行失败：旧版流程实例的状态无法识别');
}

/** The diagram attributes of a task converted while it waits (the task row already holds the result). */
function details(node: GraphNode, variables: Record<string, unknown>): TaskDetails {
  const users = (text: string | null) => {
    if (!text) return [];
    try {
      return toUserList(evaluateTemplate(text, variables));
    } catch {
      return [];
    }
  };
  let assignee: string | number | null = null;
  try {
    const value = node.assignee?.trim() ? evaluateTemplate(node.assignee, variables) : null;
    if (typeof value === 'string' || typeof value === 'number') assignee = value;
  } catch {
    assignee = null;
  }
  return {
    assignee,
    candidateUsers: users(node.candidateUsers),
    candidateGroups: users(node.candidateGroups),
    dueDate: null,
  };
}

export function fromLegacyState(legacy: LegacyEngineState, definition: CompiledDefinition): EngineState {
  if (typeof legacy.engine !== 'string' || !legacy.running || !legacy.tasks) unreadable();
  let engine: unknown;
  try {
    engine = JSON.parse(inflateRawSync(Buffer.from(legacy.engine, 'base64')).toString('utf8'));
  } catch {
    unreadable();
  }
  // Timer expiries by the execution of the event that set them.
  const expiries = new Map<string, number>();
  for (const object of objects(engine)) {
    const parent = object.parent as { executionId?: unknown } | undefined;
    if (typeof object.expireAt === 'string' && typeof parent?.executionId === 'string')
      expiries.set(parent.executionId, Date.parse(object.expireAt));
  }
  const node = (id: string) => definition.nodes.get(id) ?? unreadable();
  const variables = legacy.variables ?? {};
  const executions: Execution[] = [];
  const running = Object.entries(legacy.running);
  for (const [id, { activityId, startTime }] of running) {
    const at = node(activityId);
    const base: Execution = { id, node: at.id, scope: null, start: startTime };
    if (at.kind === 'userTask' && at.loop) {
      const iterations = Object.entries(legacy.tasks)
        .filter(([taskId, taskActivity]) => taskActivity === at.id && taskId.startsWith(`${id}_`))
        .map(([taskId]) => ({ taskId, index: Number(taskId.slice(id.length + 1)) }));
      let items = legacy.loops?.[id];
      if (!items && at.loop.cardinality) {
        const n = Number(evaluateTemplate(at.loop.cardinality, variables));
        items = Array.from({ length: Number.isInteger(n) && n > 0 ? n : 0 }, () => null);
      }
      if (!items || iterations.some((i) => !Number.isInteger(i.index))) unreadable();
      const completed = at.loop.sequential
        ? Math.min(...iterations.map((i) => i.index))
        : items.length - iterations.length;
      executions.push({ ...base, loop: { items, completed } });
      for (const { taskId, index } of iterations)
        executions.push({
          id: taskId,
          node: at.id,
          scope: null,
          start: startTime,
          of: id,
          index,
          value: items[index] ?? null,
          task: details(at, { ...variables, [at.loop.elementVariable]: items[index] ?? null }),
        });
    } else if (at.kind === 'userTask') {
      if (legacy.tasks[id] === at.id) executions.push({ ...base, task: details(at, variables) });
    } else if (at.kind === 'timerCatch' || at.kind === 'boundary') {
      const timer = at.timer ?? unreadable();
      let due = expiries.get(id);
      if (due === undefined || Number.isNaN(due)) {
        const text = timer.value.includes('${')
          ? String(evaluateTemplate(timer.value, variables))
          : timer.value;
        due = firstFiring(timer.kind, text, startTime) ?? unreadable();
      }
      if (at.kind === 'boundary') {
        const host = running.find(([, run]) => run.activityId === at.attachedTo)?.[0];
        if (!host) continue; // its host has ended: the timer went with it
        executions.push({ ...base, due, host });
      } else executions.push({ ...base, due });
    }
  }
  // Tokens that reached a joining gateway wait in its inbound queue.
  const process = (
    engine as {
      definitions?: { execution?: { processes?: { execution?: { children?: LegacyChild[] } }[] } }[];
    }
  ).definitions?.[0]?.execution?.processes?.[0];
  for (const child of process?.execution?.children ?? []) {
    const at = child.id ? definition.nodes.get(child.id) : undefined;
    if (!at?.upstream) continue;
    const arrived = (child.broker?.queues ?? [])
      .filter((q) => q.name === 'inbound-q')
      .flatMap((q) => q.messages ?? [])
      .filter((m) => m.content?.action === 'take').length;
    if (arrived > 0)
      executions.push({
        id: child.executionId ?? `${at.id}_joined`,
        node: at.id,
        scope: null,
        start: Date.now(),
        arrived,
      });
  }
  return {
    v: 2,
    definitionId: legacy.definitionId,
    businessKey: legacy.businessKey ?? null,
    variables,
    executions,
    reached: legacy.reached ?? [],
  };
}
