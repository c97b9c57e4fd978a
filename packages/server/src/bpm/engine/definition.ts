/**
 * Reading a diagram: flavour detection, moddle parsing, the deploy checks (everything the executor would
 * refuse or could not run), and the compiled graph every step runs on, cached per definition id.
 */
import BpmnModdle, { type ModdleElement, type ModdleParseResult } from 'bpmn-moddle';
import camundaDescriptor from 'camunda-bpmn-moddle/resources/camunda.json' with { type: 'json' };
import {
  BPMN_FLAVOUR_NAMESPACES,
  activitiModdleDescriptor,
  flowableModdleDescriptor,
} from '@app/contract/bpmn';
import { BpmnCompileError, EngineStepError } from './errors.js';
import { ExpressionError, isExpression, parseTemplate } from './expression.js';
import { addDuration, firstFiring, parseDate, type TimerKind } from './iso8601.js';
import { getListenerHandler, listenerHandlerName } from './listeners.js';
import type { DefinitionSource, Flavour, ProcessNode, ProcessOutline } from './types.js';

/** Collection of a multi-instance user task that names none: the caller's `loopUsers` fill it. */
export const LOOP_USERS_EXPRESSION = '${__loopUsers}';
/** Element variable of a multi-instance task whose diagram names none. */
export const DEFAULT_ELEMENT_VARIABLE = 'user';

export interface ListenerRef {
  /** `take` listeners sit on sequence flows. */
  kind: 'execution' | 'task';
  event: string;
  handler: string;
}

export interface LoopInfo {
  sequential: boolean;
  /** The collection expression; null when the loop counts `cardinality` instead. */
  collection: string | null;
  cardinality: string | null;
  elementVariable: string;
  completionCondition: string | null;
}

export interface Flow {
  id: string;
  source: string;
  target: string;
  /** The `${...}` condition; null when unconditional. */
  condition: string | null;
  listeners: ListenerRef[];
}

/** One `in` or `out` mapping of a call activity (`all`: every variable, as `variables="all"` writes it). */
export interface VariableBinding {
  source: string | null;
  sourceExpression: string | null;
  target: string | null;
  all: boolean;
}

/** A call activity: the called process's key (or an expression for it) and what goes in and comes out. */
export interface CallSpec {
  calledElement: string;
  inputs: VariableBinding[];
  outputs: VariableBinding[];
  /** Flowable's `inheritVariables`: the child starts with every variable of the parent. */
  inheritVariables: boolean;
}

export interface TimerSpec {
  kind: TimerKind;
  value: string;
}

/** How the executor treats a node. */
export type NodeKind =
  | 'start'
  | 'end'
  | 'userTask'
  | 'pass'
  | 'exclusive'
  | 'parallel'
  | 'inclusive'
  | 'timerCatch'
  | 'boundary'
  | 'subProcess'
  | 'callActivity';

export interface GraphNode {
  id: string;
  name: string;
  /** The moddle type, e.g. `bpmn:UserTask`. */
  type: string;
  kind: NodeKind;
  /** The enclosing sub-process's id; null at the process level. */
  scope: string | null;
  /** Outgoing sequence flows in XML order. */
  outgoing: Flow[];
  /** Ids of the nodes whose sequence flows lead here. */
  sources: string[];
  defaultFlow: string | null;
  /** An end event with a terminate event definition. */
  terminate: boolean;
  timer: TimerSpec | null;
  /** A boundary event's host, and whether it interrupts it. */
  attachedTo: string | null;
  cancelActivity: boolean;
  /** Boundary events attached to this node. */
  boundaries: string[];
  /** A sub-process's start event. */
  start: string | null;
  /** The start event's `initiator` variable name. */
  initiator: string | null;
  assignee: string | null;
  candidateUsers: string | null;
  candidateGroups: string | null;
  dueDate: string | null;
  loop: LoopInfo | null;
  call: CallSpec | null;
  listeners: ListenerRef[];
  /**
   * A joining gateway (more than one incoming flow): the nodes of its scope from which a token can still
   * reach it. It fires once tokens have arrived and no other token of its scope sits on one of these.
   */
  upstream: ReadonlySet<string> | null;
}

export interface CompiledDefinition {
  id: string;
  outline: ProcessOutline;
  processId: string;
  /** The process's start event. */
  start: string;
  nodes: ReadonlyMap<string, GraphNode>;
  processListeners: ListenerRef[];
}

// ---------------------------------------------------------------------------------------------------------
// Parsing

const DESCRIPTORS: Record<Flavour, unknown> = {
  camunda: camundaDescriptor,
  flowable: flowableModdleDescriptor,
  activiti: activitiModdleDescriptor,
};
const moddles = new Map<Flavour | null, BpmnModdle>();

function moddleFor(flavour: Flavour | null): BpmnModdle {
  let moddle = moddles.get(flavour);
  if (!moddle) {
    // One extension per moddle: the three descriptors define the same attribute names and cannot mix.
    moddle = new BpmnModdle(flavour ? { [flavour]: DESCRIPTORS[flavour] } : {});
    moddles.set(flavour, moddle);
  }
  return moddle;
}

/** The flavour whose namespace the diagram declares (the most used one when it declares several). */
export function detectFlavour(xml: string): Flavour | null {
  let best: Flavour | null = null;
  let bestUses = -1;
  for (const [flavour, uri] of Object.entries(BPMN_FLAVOUR_NAMESPACES) as [Flavour, string][]) {
    const escaped = uri.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    const declaration = new RegExp(`xmlns:([A-Za-z_][\\w.-]*)\\s*=\\s*["']${escaped}["']`).exec(xml);
    if (!declaration) continue;
    const uses = xml.split(`${declaration[1]}:`).length - 1;
    if (uses > bestUses) {
      best = flavour;
      bestUses = uses;
    }
  }
  return best;
}

/** moddle's English parse messages, in Chinese. */
function translateWarning(message: string): string {
  const position = /line: (\d+)\s+column: (\d+)/.exec(message);
  const where = position ? `第 ${Number(position[1]) + 1} 行第 ${Number(position[2]) + 1} 列：` : '';
  const nested = /nested error: (.*)$/m.exec(message)?.[1] ?? '';
  if (message.startsWith('failed to parse document as')) return '根元素不是 bpmn:definitions';
  let match = /^unknown attribute <([^>]+)>/.exec(message);
  if (match) return `无法识别的属性 <${match[1]}>`;
  match = /^unresolved reference <([^>]+)>/.exec(message);
  if (match) return `引用的元素 <${match[1]}> 不存在`;
  match = /unknown type <([^>]+)>/.exec(nested);
  if (match) return `${where}无法识别的元素 <${match[1]}>`;
  match = /^unparsable content <([^>\s]+)/.exec(message);
  if (match) return `${where}无法解析的内容 <${match[1]}>${nested ? `（${nested}）` : ''}`;
  return `BPMN 解析警告：${message.replace(/\s+/g, ' ')}`;
}

interface ParsedDiagram {
  flavour: Flavour | null;
  context: ModdleParseResult;
  warnings: string[];
}

async function parseDiagram(xml: string): Promise<ParsedDiagram> {
  const flavour = detectFlavour(xml);
  let context: ModdleParseResult;
  try {
    context = await moddleFor(flavour).fromXML(xml.trim());
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new BpmnCompileError([`无法读取 BPMN XML：${translateWarning(message)}`]);
  }
  return { flavour, context, warnings: context.warnings.map((w) => translateWarning(w.message)) };
}

// ---------------------------------------------------------------------------------------------------------
// Moddle element access

function text(element: ModdleElement | undefined, property: string): string | null {
  const value = element?.[property];
  return typeof value === 'string' ? value : null;
}

function children(element: ModdleElement | undefined, property: string): ModdleElement[] {
  const value = element?.[property];
  return Array.isArray(value) ? (value as ModdleElement[]) : [];
}

function child(element: ModdleElement | undefined, property: string): ModdleElement | undefined {
  const value = element?.[property];
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as ModdleElement) : undefined;
}

function localType(element: ModdleElement): string {
  return element.$type.slice(element.$type.indexOf(':') + 1);
}

const TYPE_LABELS: Record<string, string> = {
  StartEvent: '开始事件',
  EndEvent: '结束事件',
  UserTask: '用户任务',
  Task: '任务',
  ManualTask: '手工任务',
  ScriptTask: '脚本任务',
  ServiceTask: '服务任务',
  SendTask: '发送任务',
  ReceiveTask: '接收任务',
  BusinessRuleTask: '业务规则任务',
  CallActivity: '调用活动',
  SubProcess: '子流程',
  Transaction: '事务子流程',
  AdHocSubProcess: '自由子流程',
  ExclusiveGateway: '排他网关',
  ParallelGateway: '并行网关',
  InclusiveGateway: '包容网关',
  EventBasedGateway: '事件网关',
  ComplexGateway: '复杂网关',
  IntermediateCatchEvent: '中间捕获事件',
  IntermediateThrowEvent: '中间抛出事件',
  BoundaryEvent: '边界事件',
  SequenceFlow: '连线',
  Process: '流程',
};

function label(element: ModdleElement): string {
  const type = localType(element);
  const name = text(element, 'name') || text(element, 'id') || '';
  return `${TYPE_LABELS[type] ?? type}「${name}」`;
}

function isFlowNode(element: ModdleElement): boolean {
  const type = localType(element);
  return (
    type !== 'SequenceFlow' &&
    type !== 'DataObject' &&
    type !== 'DataObjectReference' &&
    type !== 'DataStoreReference'
  );
}

// ---------------------------------------------------------------------------------------------------------
// Analysis

interface Analysis {
  outline: ProcessOutline;
  problems: string[];
  process: ModdleElement | null;
  nodes: Map<string, GraphNode>;
  processListeners: ListenerRef[];
  start: string;
}

const EXECUTION_LISTENER_EVENTS = new Set(['start', 'end']);
const TASK_LISTENER_EVENTS = new Set(['create', 'complete']);
const FLOW_LISTENER_EVENTS = new Set(['take']);

const NODE_KINDS: Record<string, NodeKind> = {
  StartEvent: 'start',
  EndEvent: 'end',
  UserTask: 'userTask',
  Task: 'pass',
  IntermediateThrowEvent: 'pass',
  ExclusiveGateway: 'exclusive',
  ParallelGateway: 'parallel',
  InclusiveGateway: 'inclusive',
  IntermediateCatchEvent: 'timerCatch',
  BoundaryEvent: 'boundary',
  SubProcess: 'subProcess',
  CallActivity: 'callActivity',
};

class Analyser {
  readonly problems: string[] = [];
  readonly nodes = new Map<string, GraphNode>();
  private readonly flowLabels = new Map<string, string>();
  /** Flows written with a condition (a refused script condition counts: it has its own problem). */
  private readonly conditioned = new Set<string>();

  private expression(
    owner: string,
    what: string,
    value: string | null,
    options: { whole?: boolean } = {},
  ): void {
    if (value === null || value.trim() === '') return;
    try {
      parseTemplate(value.trim());
    } catch (err) {
      if (!(err instanceof ExpressionError)) throw err;
      this.problems.push(`${owner}的${what}有误：${err.message}`);
      return;
    }
    if (options.whole && !isExpression(value)) {
      this.problems.push(`${owner}的${what}必须写成 \${...} 表达式：${value}`);
    }
  }

  listeners(owner: ModdleElement, ownerLabel: string, flow = false): ListenerRef[] {
    const refs: ListenerRef[] = [];
    for (const extension of children(child(owner, 'extensionElements'), 'values')) {
      const type = localType(extension);
      if (type !== 'ExecutionListener' && type !== 'TaskListener') continue;
      const kind = type === 'TaskListener' ? 'task' : 'execution';
      const kindLabel = kind === 'task' ? '任务监听器' : '执行监听器';
      const event = text(extension, 'event') ?? (flow ? 'take' : '');
      if (child(extension, 'script')) {
        this.problems.push(`${ownerLabel}的${kindLabel}（${event}）是脚本，不允许执行脚本`);
        continue;
      }
      const handler = listenerHandlerName({
        class: text(extension, 'class') ?? undefined,
        expression: text(extension, 'expression') ?? undefined,
        delegateExpression: text(extension, 'delegateExpression') ?? undefined,
      });
      const written =
        text(extension, 'class') ??
        text(extension, 'delegateExpression') ??
        text(extension, 'expression') ??
        '';
      if (!handler || !getListenerHandler(handler)) {
        this.problems.push(`${ownerLabel}的${kindLabel}「${written}」不在允许的监听器列表中`);
        continue;
      }
      const allowed =
        kind === 'task' ? TASK_LISTENER_EVENTS : flow ? FLOW_LISTENER_EVENTS : EXECUTION_LISTENER_EVENTS;
      if (!allowed.has(event)) {
        this.problems.push(
          `${ownerLabel}的${kindLabel}事件「${event}」不受支持（可用：${[...allowed].join('、')}）`,
        );
        continue;
      }
      refs.push({ kind, event, handler });
    }
    return refs;
  }

  private timer(owner: string, definition: ModdleElement): TimerSpec | null {
    const kinds = (['timeDuration', 'timeDate', 'timeCycle'] as const).filter((k) => child(definition, k));
    if (kinds.length !== 1) {
      this.problems.push(`${owner}需要且只能有一个定时设置（时长、日期或周期）`);
      return null;
    }
    const kind = kinds[0] as TimerKind;
    const value = (text(child(definition, kind), 'body') ?? '').trim();
    if (!value) {
      this.problems.push(`${owner}的定时设置为空`);
      return null;
    }
    if (value.includes('${')) {
      this.expression(owner, '定时设置', value, { whole: true });
    } else if (firstFiring(kind, value, Date.now()) === null) {
      this.problems.push(
        `${owner}的定时设置「${value}」无法识别（需要 ISO 8601${kind === 'timeCycle' ? ' 或 CRON' : ''}）`,
      );
    }
    return { kind, value };
  }

  /** Checks the flow elements of the process or of a sub-process and records its nodes; returns its start. */
  scope(container: ModdleElement, scopeId: string | null): string {
    const elements = children(container, 'flowElements');
    const flowElements = elements.filter((e) => localType(e) === 'SequenceFlow');
    const nodes = elements.filter(isFlowNode);
    const where = scopeId === null ? '流程' : `${label(container)}`;
    const incoming = new Map<string, string[]>();
    const outgoing = new Map<string, Flow[]>();
    for (const element of flowElements) {
      const source = text(child(element, 'sourceRef'), 'id');
      const target = text(child(element, 'targetRef'), 'id');
      if (!source || !target) continue;
      const flow: Flow = {
        id: text(element, 'id') ?? '',
        source,
        target,
        condition: this.condition(element),
        listeners: this.listeners(element, label(element), true),
      };
      this.flowLabels.set(flow.id, label(element));
      if (child(element, 'conditionExpression')) this.conditioned.add(flow.id);
      incoming.set(target, [...(incoming.get(target) ?? []), source]);
      outgoing.set(source, [...(outgoing.get(source) ?? []), flow]);
    }

    const starts = nodes.filter((n) => localType(n) === 'StartEvent');
    if (starts.length === 0) this.problems.push(`${where}缺少开始事件`);
    if (starts.length > 1) this.problems.push(`${where}只能有一个开始事件，当前有 ${starts.length} 个`);
    if (!nodes.some((n) => localType(n) === 'EndEvent')) this.problems.push(`${where}缺少结束事件`);

    for (const node of nodes) {
      const id = text(node, 'id') ?? '';
      const type = localType(node);
      const nodeLabel = label(node);
      const sources = incoming.get(id) ?? [];
      const exits = outgoing.get(id) ?? [];
      if (type !== 'StartEvent' && type !== 'BoundaryEvent' && sources.length === 0) {
        this.problems.push(`${nodeLabel}没有进入的连线`);
      }
      if (type !== 'EndEvent' && exits.length === 0) this.problems.push(`${nodeLabel}没有离开的连线`);
      const definitions = children(node, 'eventDefinitions');
      const timer = this.node(node, exits);
      const attachedTo = type === 'BoundaryEvent' ? text(child(node, 'attachedToRef'), 'id') : null;
      this.nodes.set(id, {
        id,
        name: text(node, 'name') ?? '',
        type: node.$type,
        kind: NODE_KINDS[type] ?? 'pass',
        scope: scopeId,
        outgoing: exits,
        sources,
        defaultFlow: text(child(node, 'default'), 'id'),
        terminate: definitions.some((d) => localType(d) === 'TerminateEventDefinition'),
        timer,
        attachedTo,
        cancelActivity: node.cancelActivity !== false,
        boundaries: [],
        start: type === 'SubProcess' ? this.scope(node, id) : null,
        initiator: type === 'StartEvent' ? (text(node, 'initiator')?.trim() ?? null) || null : null,
        assignee: text(node, 'assignee'),
        candidateUsers: text(node, 'candidateUsers'),
        candidateGroups: text(node, 'candidateGroups'),
        dueDate: text(node, 'dueDate'),
        loop: loopInfo(node),
        call: type === 'CallActivity' ? this.call(node, nodeLabel) : null,
        listeners: this.listeners(node, nodeLabel),
        upstream: null,
      });
    }
    return text(starts[0], 'id') ?? '';
  }

  /** Links boundary events to their hosts and works out what can still reach each joining gateway. */
  link(): void {
    for (const node of this.nodes.values()) {
      if (node.attachedTo) this.nodes.get(node.attachedTo)?.boundaries.push(node.id);
    }
    for (const node of this.nodes.values()) {
      if (node.sources.length < 2 || !['parallel', 'inclusive', 'exclusive'].includes(node.kind)) continue;
      const upstream = new Set<string>();
      const queue = [...node.sources];
      while (queue.length) {
        const id = queue.pop() as string;
        if (upstream.has(id) || id === node.id) continue;
        upstream.add(id);
        const found = this.nodes.get(id);
        if (!found) continue;
        queue.push(...found.sources);
        // A token on the host can leave through the host's boundary events.
        if (found.attachedTo) queue.push(found.attachedTo);
      }
      if (node.kind !== 'exclusive') node.upstream = upstream;
    }
  }

  private condition(flow: ModdleElement): string | null {
    const condition = child(flow, 'conditionExpression');
    if (!condition) return null;
    const flowLabel = label(flow);
    const language = text(condition, 'language');
    if (language || text(condition, 'resource')) {
      this.problems.push(`${flowLabel}使用了脚本条件${language ? `（${language}）` : ''}，不允许执行脚本`);
      return null;
    }
    const body = (text(condition, 'body') ?? '').trim();
    if (!body) {
      this.problems.push(`${flowLabel}的条件为空`);
      return null;
    }
    this.expression(flowLabel, '条件', body, { whole: true });
    return body;
  }

  /** The checks of one node; returns its timer when it is a timer event. */
  private node(node: ModdleElement, exits: Flow[]): TimerSpec | null {
    const type = localType(node);
    const nodeLabel = label(node);
    const definitions = children(node, 'eventDefinitions');
    const definitionTypes = definitions.map(localType);
    let timer: TimerSpec | null = null;
    switch (type) {
      case 'StartEvent':
        if (definitions.length) this.problems.push(`${nodeLabel}只支持空开始事件（无触发条件）`);
        break;
      case 'EndEvent':
        if (definitionTypes.some((t) => t !== 'TerminateEventDefinition')) {
          this.problems.push(`${nodeLabel}只支持空结束事件或终止结束事件`);
        }
        break;
      case 'IntermediateThrowEvent':
        if (definitions.length) this.problems.push(`${nodeLabel}不受支持：本系统不抛出消息、信号或其他事件`);
        break;
      case 'IntermediateCatchEvent':
      case 'BoundaryEvent': {
        if (definitionTypes.length !== 1 || definitionTypes[0] !== 'TimerEventDefinition') {
          this.problems.push(`${nodeLabel}只支持定时器事件`);
          break;
        }
        timer = this.timer(nodeLabel, definitions[0] as ModdleElement);
        if (type === 'BoundaryEvent') {
          const attachedType = localType(child(node, 'attachedToRef') ?? { $type: 'bpmn:None' });
          if (attachedType !== 'UserTask' && attachedType !== 'SubProcess')
            this.problems.push(`${nodeLabel}只能挂在用户任务或子流程上`);
        }
        break;
      }
      case 'UserTask':
        this.userTask(node, nodeLabel);
        break;
      case 'Task':
      case 'ParallelGateway':
      case 'InclusiveGateway':
      case 'SubProcess':
      case 'CallActivity':
        break;
      case 'ExclusiveGateway': {
        if (exits.length <= 1) break;
        const defaultId = text(child(node, 'default'), 'id');
        for (const flow of exits) {
          if (flow.id !== defaultId && !this.conditioned.has(flow.id)) {
            this.problems.push(`${nodeLabel}的出线${this.flowLabels.get(flow.id)}既没有条件也不是默认出线`);
          }
        }
        break;
      }
      case 'ScriptTask':
        this.problems.push(`${nodeLabel}：不允许执行脚本`);
        break;
      case 'ServiceTask':
      case 'SendTask':
      case 'BusinessRuleTask': {
        const named = text(node, 'class') ?? text(node, 'delegateExpression') ?? text(node, 'expression');
        this.problems.push(
          named
            ? `${nodeLabel}：不允许执行 Java 类或表达式「${named}」`
            : `${nodeLabel}：没有可执行的实现，不受支持`,
        );
        break;
      }
      case 'ReceiveTask':
      case 'ManualTask':
        this.problems.push(`${nodeLabel}不受支持：本系统无法触发它继续，请改用用户任务`);
        break;
      default:
        this.problems.push(`${nodeLabel}不受支持`);
    }
    if (type !== 'UserTask' && child(node, 'loopCharacteristics')) {
      this.problems.push(`${nodeLabel}：只有用户任务可以设置多实例`);
    }
    return timer;
  }

  /** A call activity's checks and what it calls: the latest version of a process, by key. */
  private call(node: ModdleElement, nodeLabel: string): CallSpec {
    const calledElement = (text(node, 'calledElement') ?? '').trim();
    if (!calledElement) this.problems.push(`${nodeLabel}缺少被调用流程的标识（calledElement）`);
    else if (calledElement.includes('${'))
      this.expression(nodeLabel, '被调用流程', calledElement, { whole: true });
    const binding = text(node, 'calledElementBinding');
    if (binding && binding !== 'latest')
      this.problems.push(`${nodeLabel}只能调用被调用流程的最新版本（calledElementBinding="latest"）`);
    const bindings = (type: 'In' | 'Out'): VariableBinding[] => {
      const what = type === 'In' ? '输入参数' : '输出参数';
      return children(child(node, 'extensionElements'), 'values')
        .filter((e) => localType(e) === type)
        .flatMap((e) => {
          const found: VariableBinding = {
            source: text(e, 'source')?.trim() || null,
            sourceExpression: text(e, 'sourceExpression')?.trim() || null,
            target: text(e, 'target')?.trim() || null,
            all: text(e, 'variables') === 'all',
          };
          if (found.all) return [found];
          if (!found.target || (!found.source && !found.sourceExpression)) {
            this.problems.push(`${nodeLabel}的${what}需要来源（source 或 sourceExpression）和目标（target）`);
            return [];
          }
          this.expression(nodeLabel, what, found.sourceExpression, { whole: true });
          return [found];
        });
    };
    return {
      calledElement,
      inputs: bindings('In'),
      outputs: bindings('Out'),
      inheritVariables: node.inheritVariables === true,
    };
  }

  private userTask(node: ModdleElement, nodeLabel: string): void {
    this.expression(nodeLabel, '处理人（assignee）', text(node, 'assignee'));
    this.expression(nodeLabel, '候选人（candidateUsers）', text(node, 'candidateUsers'));
    this.expression(nodeLabel, '候选组（candidateGroups）', text(node, 'candidateGroups'));
    this.expression(nodeLabel, '到期时间（dueDate）', text(node, 'dueDate'));
    const dueDate = text(node, 'dueDate')?.trim();
    if (dueDate && !dueDate.includes('${') && parseDueDate(dueDate, Date.now()) === null) {
      this.problems.push(`${nodeLabel}的到期时间「${dueDate}」无法识别（需要 ISO 8601 日期或时长）`);
    }
    const loop = child(node, 'loopCharacteristics');
    if (!loop) return;
    if (localType(loop) !== 'MultiInstanceLoopCharacteristics') {
      this.problems.push(`${nodeLabel}：不支持标准循环，请改用多实例`);
      return;
    }
    const collection = text(loop, 'collection')?.trim();
    if (
      collection &&
      !collection.includes('${') &&
      !/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(collection)
    ) {
      this.problems.push(`${nodeLabel}的多实例集合「${collection}」既不是变量名也不是 \${...} 表达式`);
    } else if (collection) {
      this.expression(nodeLabel, '多实例集合', normaliseCollection(collection), { whole: true });
    }
    const elementVariable = text(loop, 'elementVariable')?.trim();
    if (elementVariable && !/^[A-Za-z_$][\w$]*$/.test(elementVariable)) {
      this.problems.push(`${nodeLabel}的元素变量「${elementVariable}」不是合法的变量名`);
    }
    this.expression(nodeLabel, '完成条件', text(child(loop, 'completionCondition'), 'body'), { whole: true });
    this.expression(nodeLabel, '循环数量', text(child(loop, 'loopCardinality'), 'body'));
  }
}

function normaliseCollection(collection: string): string {
  return collection.includes('${') ? collection : `\${${collection}}`;
}

function loopInfo(node: ModdleElement): LoopInfo | null {
  const loop = child(node, 'loopCharacteristics');
  if (!loop || localType(loop) !== 'MultiInstanceLoopCharacteristics') return null;
  const collection = text(loop, 'collection')?.trim();
  const cardinality = text(child(loop, 'loopCardinality'), 'body')?.trim() || null;
  return {
    sequential: loop.isSequential === true,
    collection: collection ? normaliseCollection(collection) : cardinality ? null : LOOP_USERS_EXPRESSION,
    cardinality,
    elementVariable: text(loop, 'elementVariable')?.trim() || DEFAULT_ELEMENT_VARIABLE,
    completionCondition: text(child(loop, 'completionCondition'), 'body')?.trim() || null,
  };
}

/** A due date written as an ISO date, or an ISO duration counted from `now`; null when unreadable. */
export function parseDueDate(value: string, now: number): number | null {
  const trimmed = value.trim();
  return trimmed.startsWith('P') ? addDuration(trimmed, now) : parseDate(trimmed);
}

function executableProcesses(definitions: ModdleElement): ModdleElement[] {
  return children(definitions, 'rootElements').filter(
    (e) => localType(e) === 'Process' && e.isExecutable === true,
  );
}

function collectNodes(scope: ModdleElement, into: ModdleElement[]): ModdleElement[] {
  for (const element of children(scope, 'flowElements')) {
    if (!isFlowNode(element)) continue;
    into.push(element);
    if (localType(element) === 'SubProcess') collectNodes(element, into);
  }
  return into;
}

function outlineOf(process: ModdleElement | null, flavour: Flavour | null): ProcessOutline {
  const nodes = process ? collectNodes(process, []) : [];
  return {
    key: text(process ?? undefined, 'id') ?? '',
    name: text(process ?? undefined, 'name') ?? '',
    flavour,
    userTasks: nodes
      .filter((n) => n.$type === 'bpmn:UserTask')
      .map((n) => {
        const loop = child(n, 'loopCharacteristics');
        const multi = loop && localType(loop) === 'MultiInstanceLoopCharacteristics';
        return {
          id: text(n, 'id') ?? '',
          name: text(n, 'name') ?? '',
          multiInstance: multi ? { sequential: loop.isSequential === true } : null,
        };
      }),
    nodes: nodes.map((n): ProcessNode => ({
      id: text(n, 'id') ?? '',
      name: text(n, 'name') ?? '',
      type: n.$type,
    })),
  };
}

function analyse(parsed: ParsedDiagram): Analysis {
  const definitions = parsed.context.rootElement;
  const executable = executableProcesses(definitions);
  const fallback = children(definitions, 'rootElements').find((e) => localType(e) === 'Process');
  const process = executable[0] ?? fallback ?? null;
  const analyser = new Analyser();
  analyser.problems.push(...parsed.warnings);
  let processListeners: ListenerRef[] = [];
  let start = '';
  if (executable.length === 0) {
    analyser.problems.push('没有可执行的流程（流程需要标记为可执行 isExecutable="true"）');
  } else if (executable.length > 1) {
    analyser.problems.push(`只能有一个可执行的流程，当前有 ${executable.length} 个`);
  } else if (process) {
    processListeners = analyser.listeners(process, label(process));
    if (processListeners.some((l) => l.kind === 'task')) analyser.problems.push('流程上不能设置任务监听器');
    start = analyser.scope(process, null);
    analyser.link();
  }
  return {
    outline: outlineOf(process, parsed.flavour),
    problems: [...new Set(analyser.problems)],
    process,
    nodes: analyser.nodes,
    processListeners,
    start,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Public entry points

export async function readProcessOutline(xml: string): Promise<ProcessOutline> {
  const parsed = await parseDiagram(xml);
  const definitions = parsed.context.rootElement;
  const process =
    executableProcesses(definitions)[0] ??
    children(definitions, 'rootElements').find((e) => localType(e) === 'Process') ??
    null;
  return outlineOf(process, parsed.flavour);
}

export async function compileProcess(xml: string): Promise<ProcessOutline> {
  return (await compileDefinition('', xml)).outline;
}

async function compileDefinition(id: string, xml: string): Promise<CompiledDefinition> {
  const analysis = analyse(await parseDiagram(xml));
  if (analysis.problems.length) throw new BpmnCompileError(analysis.problems);
  return {
    id,
    outline: analysis.outline,
    processId: analysis.outline.key,
    start: analysis.start,
    nodes: analysis.nodes,
    processListeners: analysis.processListeners,
  };
}

const CACHE_SIZE = 200;
const cache = new Map<string, Promise<CompiledDefinition>>();

/** The compiled definition of a deployed id, parsed once and kept in a bounded LRU cache. */
export async function loadDefinition(definition: DefinitionSource): Promise<CompiledDefinition> {
  let entry = cache.get(definition.id);
  if (entry) {
    cache.delete(definition.id);
  } else {
    entry = compileDefinition(definition.id, definition.xml);
    // A failed compile is not cached: the caller may retry after fixing the registry or the XML.
    entry.catch(() => cache.delete(definition.id));
  }
  cache.set(definition.id, entry);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  try {
    return await entry;
  } catch (err) {
    if (err instanceof BpmnCompileError) {
      throw new EngineStepError('definition', `流程定义无法执行：${err.problems.join('；')}`, { cause: err });
    }
    throw err;
  }
}

/** Drops one definition (or all) from the cache, e.g. in tests that change the listener registry. */
export function clearDefinitionCache(id?: string): void {
  if (id === undefined) cache.clear();
  else cache.delete(id);
}
