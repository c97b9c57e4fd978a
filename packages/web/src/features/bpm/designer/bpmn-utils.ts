import type { BpmnFlavour } from '@app/contract/bpmn';

/** Namespace per flavour (same as the contract's BPMN_FLAVOUR_NAMESPACES; kept here so the shell's contract chunk is untouched). */
export const FLAVOUR_NAMESPACES: Record<BpmnFlavour, string> = {
  camunda: 'http://camunda.org/schema/1.0/bpmn',
  flowable: 'http://flowable.org/bpmn',
  activiti: 'http://activiti.org/bpmn',
};

/**
 * Pure helpers of the process designer. They only touch moddle objects handed in and return the
 * property maps to write, so the writes themselves stay in `modeling.updateProperties` (undoable).
 */

/** A moddle element as bpmn-moddle creates it (business object or nested element). */
export interface ModdleElement {
  $type: string;
  $parent?: ModdleElement;
  $instanceOf?: (type: string) => boolean;
  get(name: string): unknown;
  set(name: string, value: unknown): void;
  [key: string]: unknown;
}

/** The part of the moddle service the helpers need. */
export interface ModdleFactory {
  create(type: string, attrs?: Record<string, unknown>): ModdleElement;
}

export const FLAVOURS: readonly BpmnFlavour[] = ['camunda', 'flowable', 'activiti'];

/** Starts with a letter or underscore, then letters, digits, hyphen, underscore, dot or $. */
export const XML_NAME_PATTERN = /^[A-Za-z_][\w\-.$]*$/;

export const isXmlName = (value: string): boolean => XML_NAME_PATTERN.test(value);

export const ZOOM_STEP = 0.1;
export const ZOOM_MIN = 0.2;
export const ZOOM_MAX = 4;

/** The zoom after one step, rounded to one decimal; throws when it leaves 0.2..4. */
export const nextZoom = (current: number, delta: number): number => {
  const next = Math.round((current + delta) * 10) / 10;
  if (next < ZOOM_MIN || next > ZOOM_MAX) throw new Error('The zoom ratio must be between 0.2 and 4.');
  return next;
};

export const zoomPercent = (scale: number): string => `${Math.round(scale * 100)}%`;

const escapeXml = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An empty diagram for the flavour: one process, id `Process_<timestamp>` unless a valid key is given. */
export const createEmptyDiagram = (
  prefix: BpmnFlavour,
  options: { key?: string; name?: string; now?: number } = {},
): string => {
  const id = options.key && isXmlName(options.key) ? options.key : `Process_${options.now ?? Date.now()}`;
  const name = escapeXml(options.name ?? '');
  const ns = FLAVOUR_NAMESPACES[prefix];
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn2:definitions xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:bpmn2="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:${prefix}="${ns}" id="diagram_${id}" targetNamespace="${ns}">
  <bpmn2:process id="${id}" name="${name}" isExecutable="true" />
  <bpmndi:BPMNDiagram id="BPMNDiagram_1">
    <bpmndi:BPMNPlane id="BPMNPlane_1" bpmnElement="${id}" />
  </bpmndi:BPMNDiagram>
</bpmn2:definitions>
`;
};

/**
 * The flavour whose extension attributes and elements a stored diagram uses most (its namespace,
 * under whatever prefix the file binds it to); undefined when it uses none. A model does not store
 * its flavour, so the design page opens a saved diagram with this one.
 */
export const detectFlavour = (xml: string): BpmnFlavour | undefined => {
  const declared = [...xml.matchAll(/\sxmlns:([\w.-]+)\s*=\s*["']([^"']*)["']/g)];
  let found: BpmnFlavour | undefined;
  let most = 0;
  for (const flavour of FLAVOURS) {
    const uses = declared
      .filter(([, , uri]) => uri === FLAVOUR_NAMESPACES[flavour])
      .reduce((sum, [, prefix]) => {
        const name = prefix!.replace(/\./g, '\\.');
        return sum + (xml.match(new RegExp(`[<\\s]${name}:[\\w-]`, 'g'))?.length ?? 0);
      }, 0);
    if (uses > most) [found, most] = [flavour, uses];
  }
  return found;
};

/** Accepts only `.xml` and `.bpmn` files. */
export const isDiagramFileName = (name: string): boolean => /\.(xml|bpmn)$/i.test(name);

// ---- sequence flow conditions --------------------------------------------------------------

export type FlowType = 'normal' | 'default' | 'condition';
export type ConditionType = 'expression' | 'script';
export type ScriptType = 'inlineScript' | 'externalScript';

export interface FlowCondition {
  type: FlowType;
  conditionType: ConditionType;
  body: string;
  language: string;
  scriptType: ScriptType;
  resource: string;
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Reads the condition state of a sequence flow business object. */
export const readFlowCondition = (flow: ModdleElement, prefix: BpmnFlavour): FlowCondition => {
  const source = flow.sourceRef as ModdleElement | undefined;
  const expression = flow.conditionExpression as ModdleElement | undefined;
  const base: FlowCondition = {
    type: 'normal',
    conditionType: 'expression',
    body: '',
    language: '',
    scriptType: 'inlineScript',
    resource: '',
  };
  if (source?.default === flow) return { ...base, type: 'default' };
  if (!expression) return base;
  const language = str(expression.language);
  const resource = str(expression.get(`${prefix}:resource`));
  return {
    type: 'condition',
    conditionType: language ? 'script' : 'expression',
    body: str(expression.body),
    language,
    scriptType: resource ? 'externalScript' : 'inlineScript',
    resource,
  };
};

/** The writes for a flow-type switch: `source` goes to the source element, `flow` to the flow. */
export interface FlowTypeUpdate {
  source?: Record<string, unknown>;
  flow: Record<string, unknown>;
}

/**
 * default: becomes the source's default flow, condition cleared; normal: default and condition
 * cleared; condition: an empty expression (and no longer the default).
 */
export const flowTypeUpdate = (
  flow: ModdleElement,
  type: FlowType,
  moddle: ModdleFactory,
): FlowTypeUpdate => {
  const source = flow.sourceRef as ModdleElement | undefined;
  const isDefault = source?.default === flow;
  if (type === 'default') return { source: { default: flow }, flow: { conditionExpression: undefined } };
  const clearDefault = isDefault ? { default: undefined } : undefined;
  if (type === 'normal') return { source: clearDefault, flow: { conditionExpression: undefined } };
  return {
    source: clearDefault,
    flow: { conditionExpression: moddle.create('bpmn:FormalExpression', { body: '' }) },
  };
};

/** The FormalExpression for a condition; undefined for normal and default flows. */
export const buildConditionExpression = (
  condition: FlowCondition,
  prefix: BpmnFlavour,
  moddle: ModdleFactory,
): ModdleElement | undefined => {
  if (condition.type !== 'condition') return undefined;
  if (condition.conditionType === 'expression')
    return moddle.create('bpmn:FormalExpression', { body: condition.body });
  if (condition.scriptType === 'inlineScript')
    return moddle.create('bpmn:FormalExpression', { body: condition.body, language: condition.language });
  return moddle.create('bpmn:FormalExpression', {
    language: condition.language,
    [`${prefix}:resource`]: condition.resource,
  });
};

// ---- async flags ----------------------------------------------------------------------------

export interface AsyncFlags {
  asyncBefore: boolean;
  asyncAfter: boolean;
  exclusive: boolean;
}

/** Unchecking both async options resets exclusive to false. */
export const asyncUpdate = (prefix: BpmnFlavour, flags: AsyncFlags): Record<string, boolean> => {
  const exclusive = flags.asyncBefore || flags.asyncAfter ? flags.exclusive : false;
  return {
    [`${prefix}:asyncBefore`]: flags.asyncBefore,
    [`${prefix}:asyncAfter`]: flags.asyncAfter,
    [`${prefix}:exclusive`]: exclusive,
  };
};

// ---- comma lists --------------------------------------------------------------------------

export const splitList = (value: unknown): string[] =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
    : [];

export const joinList = (items: readonly string[]): string | undefined =>
  items.length ? items.join(',') : undefined;

// ---- extension elements -------------------------------------------------------------------

/** The extension elements of `bo` that are of `type` (for example `flowable:Properties`). */
export const getExtensions = (bo: ModdleElement, type: string): ModdleElement[] => {
  const ext = bo.extensionElements as ModdleElement | undefined;
  const values = (ext?.values as ModdleElement[] | undefined) ?? [];
  return values.filter((value) => value.$type === type);
};

/**
 * A new `bpmn:ExtensionElements` holding the other extensions of `bo` plus `items` in place of
 * those of `type`; undefined when nothing would remain. Set it with one `updateProperties`.
 */
export const replaceExtensions = (
  bo: ModdleElement,
  type: string,
  items: ModdleElement[],
  moddle: ModdleFactory,
): ModdleElement | undefined => {
  const ext = bo.extensionElements as ModdleElement | undefined;
  const others = ((ext?.values as ModdleElement[] | undefined) ?? []).filter((value) => value.$type !== type);
  const values = [...others, ...items];
  return values.length ? moddle.create('bpmn:ExtensionElements', { values }) : undefined;
};

export interface PropertyItem {
  name: string;
  value: string;
}

export const readProperties = (bo: ModdleElement, prefix: BpmnFlavour): PropertyItem[] =>
  getExtensions(bo, `${prefix}:Properties`).flatMap((props) =>
    ((props.values as ModdleElement[] | undefined) ?? []).map((p) => ({
      name: str(p.name),
      value: str(p.value),
    })),
  );

export const buildProperties = (
  bo: ModdleElement,
  prefix: BpmnFlavour,
  items: readonly PropertyItem[],
  moddle: ModdleFactory,
): ModdleElement | undefined => {
  const values = items.map((item) =>
    moddle.create(`${prefix}:Property`, { name: item.name, value: item.value }),
  );
  const props = values.length ? [moddle.create(`${prefix}:Properties`, { values })] : [];
  return replaceExtensions(bo, `${prefix}:Properties`, props, moddle);
};

// ---- messages and signals -----------------------------------------------------------------

export type RootKind = 'message' | 'signal';

export const rootTypeOf = (kind: RootKind): string => (kind === 'message' ? 'bpmn:Message' : 'bpmn:Signal');

export const duplicateRootMessage = (kind: RootKind): string =>
  kind === 'message' ? '该消息已存在，请修改id后重新保存' : '该信号已存在，请修改id后重新保存';

/** The root elements of `kind` in the definitions as plain {id, name} copies. */
export const listRootElements = (
  definitions: ModdleElement,
  kind: RootKind,
): { id: string; name: string }[] =>
  ((definitions.rootElements as ModdleElement[] | undefined) ?? [])
    .filter((el) => el.$type === rootTypeOf(kind))
    .map((el) => ({ id: str(el.id), name: str(el.name) }));

// ---- XML → JSON preview ---------------------------------------------------------------------

type JsonNode = string | { [key: string]: JsonNode | JsonNode[] };

const elementToJson = (element: Element): JsonNode => {
  const result: { [key: string]: JsonNode | JsonNode[] } = {};
  for (const attribute of Array.from(element.attributes)) result[`_${attribute.name}`] = attribute.value;
  let text = '';
  for (const child of Array.from(element.childNodes)) {
    if (child.nodeType === 1) {
      const el = child as Element;
      const value = elementToJson(el);
      const existing = result[el.tagName];
      if (existing === undefined) result[el.tagName] = value;
      else if (Array.isArray(existing)) existing.push(value);
      else result[el.tagName] = [existing, value];
    } else if (child.nodeType === 3 || child.nodeType === 4) {
      text += child.textContent ?? '';
    }
  }
  const trimmed = text.trim();
  if (trimmed) {
    if (Object.keys(result).length === 0) return trimmed;
    result['__text'] = trimmed;
  }
  return result;
};

/** A small XML → JSON conversion for the preview: attributes as `_name`, repeated tags as arrays. */
export const xmlToJson = (xml: string): string => {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  const root = doc.documentElement;
  return JSON.stringify({ [root.tagName]: elementToJson(root) }, null, 2);
};

// ---- multi-instance -------------------------------------------------------------------------

export type LoopType = 'none' | 'parallel' | 'sequential' | 'standard';

export interface MultiInstance {
  loopType: LoopType;
  loopCardinality: string;
  collection: string;
  elementVariable: string;
  completionCondition: string;
  asyncBefore: boolean;
  asyncAfter: boolean;
  exclusive: boolean;
  timeCycle: string;
}

/** Default collection of a new parallel loop: the user list. */
export const DEFAULT_LOOP_COLLECTION = '${coll_userList}';

export const readMultiInstance = (bo: ModdleElement, prefix: BpmnFlavour): MultiInstance => {
  const loop = bo.loopCharacteristics as ModdleElement | undefined;
  const empty: MultiInstance = {
    loopType: 'none',
    loopCardinality: '',
    collection: '',
    elementVariable: '',
    completionCondition: '',
    asyncBefore: false,
    asyncAfter: false,
    exclusive: false,
    timeCycle: '',
  };
  if (!loop) return empty;
  if (loop.$type === 'bpmn:StandardLoopCharacteristics') return { ...empty, loopType: 'standard' };
  const cycle = getExtensions(loop, `${prefix}:FailedJobRetryTimeCycle`)[0];
  return {
    loopType: loop.isSequential ? 'sequential' : 'parallel',
    loopCardinality: str((loop.loopCardinality as ModdleElement | undefined)?.body),
    collection: str(loop.get(`${prefix}:collection`)),
    elementVariable: str(loop.get(`${prefix}:elementVariable`)),
    completionCondition: str((loop.completionCondition as ModdleElement | undefined)?.body),
    asyncBefore: Boolean(loop.get(`${prefix}:asyncBefore`)),
    asyncAfter: Boolean(loop.get(`${prefix}:asyncAfter`)),
    exclusive: Boolean(loop.get(`${prefix}:exclusive`)),
    timeCycle: str(cycle?.body),
  };
};

/** A new loop of the type (undefined for none); a new parallel loop collects the user list. */
export const createLoop = (
  loopType: LoopType,
  prefix: BpmnFlavour,
  moddle: ModdleFactory,
): ModdleElement | undefined => {
  if (loopType === 'none') return undefined;
  if (loopType === 'standard') return moddle.create('bpmn:StandardLoopCharacteristics');
  const loop = moddle.create('bpmn:MultiInstanceLoopCharacteristics', {
    isSequential: loopType === 'sequential',
  });
  if (loopType === 'parallel') loop.set(`${prefix}:collection`, DEFAULT_LOOP_COLLECTION);
  return loop;
};

/** Properties of an existing multi-instance loop for one field edit. */
export const multiInstanceUpdate = (
  loop: ModdleElement,
  patch: Partial<MultiInstance>,
  prefix: BpmnFlavour,
  moddle: ModdleFactory,
): Record<string, unknown> => {
  const props: Record<string, unknown> = {};
  const expr = (body: string) => (body ? moddle.create('bpmn:FormalExpression', { body }) : undefined);
  if (patch.loopCardinality !== undefined) props.loopCardinality = expr(patch.loopCardinality);
  if (patch.completionCondition !== undefined) props.completionCondition = expr(patch.completionCondition);
  if (patch.collection !== undefined) props[`${prefix}:collection`] = patch.collection || undefined;
  if (patch.elementVariable !== undefined)
    props[`${prefix}:elementVariable`] = patch.elementVariable || undefined;
  if (patch.asyncBefore !== undefined || patch.asyncAfter !== undefined || patch.exclusive !== undefined) {
    const current = readMultiInstance({ loopCharacteristics: loop } as unknown as ModdleElement, prefix);
    const next = { ...current, ...patch };
    if (!next.asyncBefore && !next.asyncAfter) {
      // Unchecking both clears the async flags and the retry cycle.
      props[`${prefix}:asyncBefore`] = undefined;
      props[`${prefix}:asyncAfter`] = undefined;
      props[`${prefix}:exclusive`] = undefined;
      props.extensionElements = replaceExtensions(loop, `${prefix}:FailedJobRetryTimeCycle`, [], moddle);
    } else {
      props[`${prefix}:asyncBefore`] = next.asyncBefore;
      props[`${prefix}:asyncAfter`] = next.asyncAfter;
      props[`${prefix}:exclusive`] = next.exclusive;
    }
  }
  if (patch.timeCycle !== undefined) {
    const cycle = patch.timeCycle
      ? [moddle.create(`${prefix}:FailedJobRetryTimeCycle`, { body: patch.timeCycle })]
      : [];
    props.extensionElements = replaceExtensions(loop, `${prefix}:FailedJobRetryTimeCycle`, cycle, moddle);
  }
  return props;
};

// ---- listeners ------------------------------------------------------------------------------

export type ListenerKind = 'ExecutionListener' | 'TaskListener';
export type ListenerType =
  'classListener' | 'expressionListener' | 'delegateExpressionListener' | 'scriptListener';

export interface ListenerField {
  name: string;
  fieldType: 'string' | 'expression';
  value: string;
}

export type TimerType = 'date' | 'duration' | 'cycle' | 'null';

const TIMER_PROPERTY: Record<Exclude<TimerType, 'null'>, string> = {
  date: 'timeDate',
  duration: 'timeDuration',
  cycle: 'timeCycle',
};

export interface ListenerItem {
  fields?: ListenerField[];
  /** Task listeners only: the timer of a timeout listener. */
  eventDefinitionType?: TimerType;
  eventTimeDefinitions?: string;
  id: string;
  event: string;
  listenerType: ListenerType;
  class: string;
  expression: string;
  delegateExpression: string;
  scriptFormat: string;
  scriptType: 'inlineScript' | 'externalScript';
  value: string;
  resource: string;
}

export const LISTENER_TYPE_LABELS: Record<ListenerType, string> = {
  classListener: 'Java 类',
  expressionListener: '表达式',
  delegateExpressionListener: '代理表达式',
  scriptListener: '脚本',
};

export const EXECUTION_EVENTS = ['start', 'end'] as const;
export const TASK_EVENTS = ['create', 'assignment', 'complete', 'delete', 'update', 'timeout'] as const;

const readTimer = (
  listener: ModdleElement,
): Pick<ListenerItem, 'eventDefinitionType' | 'eventTimeDefinitions'> => {
  const timer = ((listener.eventDefinitions as ModdleElement[] | undefined) ?? [])[0];
  if (!timer) return {};
  for (const [type, property] of Object.entries(TIMER_PROPERTY)) {
    const expression = timer[property] as ModdleElement | undefined;
    if (expression)
      return { eventDefinitionType: type as TimerType, eventTimeDefinitions: str(expression.body) };
  }
  return {};
};

export const readListeners = (bo: ModdleElement, prefix: BpmnFlavour, kind: ListenerKind): ListenerItem[] =>
  getExtensions(bo, `${prefix}:${kind}`).map((listener) => {
    const script = listener.script as ModdleElement | undefined;
    const fields = ((listener.fields as ModdleElement[] | undefined) ?? []).map((field): ListenerField =>
      field.expression !== undefined
        ? { name: str(field.name), fieldType: 'expression', value: str(field.expression) }
        : { name: str(field.name), fieldType: 'string', value: str(field.string ?? field.stringValue) },
    );
    const listenerType: ListenerType = script
      ? 'scriptListener'
      : listener.expression
        ? 'expressionListener'
        : listener.delegateExpression
          ? 'delegateExpressionListener'
          : 'classListener';
    return {
      id: str(listener.id),
      event: str(listener.event),
      listenerType,
      class: str(listener.class),
      expression: str(listener.expression),
      delegateExpression: str(listener.delegateExpression),
      scriptFormat: str(script?.scriptFormat),
      scriptType: script?.resource ? 'externalScript' : 'inlineScript',
      value: str(script?.value),
      resource: str(script?.resource),
      ...(fields.length ? { fields } : {}),
      ...readTimer(listener),
    };
  });

export const createListener = (
  item: ListenerItem,
  prefix: BpmnFlavour,
  kind: ListenerKind,
  moddle: ModdleFactory,
): ModdleElement => {
  const attrs: Record<string, unknown> = { event: item.event };
  if (kind === 'TaskListener' && item.id) attrs.id = item.id;
  if (item.listenerType === 'classListener') attrs.class = item.class;
  if (item.listenerType === 'expressionListener') attrs.expression = item.expression;
  if (item.listenerType === 'delegateExpressionListener') attrs.delegateExpression = item.delegateExpression;
  if (item.listenerType === 'scriptListener')
    attrs.script = moddle.create(
      `${prefix}:Script`,
      item.scriptType === 'inlineScript'
        ? { scriptFormat: item.scriptFormat, value: item.value }
        : { scriptFormat: item.scriptFormat, resource: item.resource },
    );
  if (kind === 'TaskListener' && item.eventDefinitionType && item.eventDefinitionType !== 'null')
    attrs.eventDefinitions = [
      moddle.create('bpmn:TimerEventDefinition', {
        [TIMER_PROPERTY[item.eventDefinitionType]]: moddle.create('bpmn:FormalExpression', {
          body: item.eventTimeDefinitions ?? '',
        }),
      }),
    ];
  if (item.fields?.length)
    attrs.fields = item.fields.map((field) =>
      moddle.create(`${prefix}:Field`, { name: field.name, [field.fieldType]: field.value }),
    );
  return moddle.create(`${prefix}:${kind}`, attrs);
};

/** The extension elements with the listeners of `kind` replaced by `items`. */
export const buildListeners = (
  bo: ModdleElement,
  prefix: BpmnFlavour,
  kind: ListenerKind,
  items: readonly ListenerItem[],
  moddle: ModdleFactory,
): ModdleElement | undefined =>
  replaceExtensions(
    bo,
    `${prefix}:${kind}`,
    items.map((item) => createListener(item, prefix, kind, moddle)),
    moddle,
  );

// ---- form data ------------------------------------------------------------------------------

export const FORM_FIELD_TYPES = ['long', 'string', 'boolean', 'date', 'enum', 'custom'] as const;

export interface FormFieldItem {
  id: string;
  /** One of FORM_FIELD_TYPES, or the name of a custom type. */
  type: string;
  label: string;
  defaultValue: string;
  /** Date fields only. */
  datePattern: string;
  /** Enum fields only. */
  values: { id: string; name: string }[];
  constraints: { name: string; config: string }[];
  properties: { id: string; value: string }[];
}

export const EMPTY_FORM_FIELD: FormFieldItem = {
  id: '',
  type: 'string',
  label: '',
  defaultValue: '',
  datePattern: '',
  values: [],
  constraints: [],
  properties: [],
};

export interface FormDataState {
  businessKey: string;
  fields: FormFieldItem[];
}

const children = (parent: ModdleElement | undefined, name: string): ModdleElement[] =>
  (parent?.[name] as ModdleElement[] | undefined) ?? [];

export const readFormData = (bo: ModdleElement, prefix: BpmnFlavour): FormDataState => {
  const data = getExtensions(bo, `${prefix}:FormData`)[0];
  return {
    businessKey: str(data?.businessKey),
    fields: children(data, 'fields').map((field) => ({
      id: str(field.id),
      type: str(field.type),
      label: str(field.label),
      defaultValue: str(field.defaultValue),
      datePattern: str(field.datePattern),
      values: children(field, 'values').map((v) => ({ id: str(v.id), name: str(v.name) })),
      constraints: children(field.validation as ModdleElement | undefined, 'constraints').map((c) => ({
        name: str(c.name),
        config: str(c.config),
      })),
      properties: children(field.properties as ModdleElement | undefined, 'values').map((p) => ({
        id: str(p.id),
        value: str(p.value),
      })),
    })),
  };
};

const createFormField = (field: FormFieldItem, prefix: BpmnFlavour, moddle: ModdleFactory) =>
  moddle.create(`${prefix}:FormField`, {
    id: field.id,
    type: field.type,
    label: field.label || undefined,
    defaultValue: field.defaultValue || undefined,
    datePattern: field.type === 'date' && field.datePattern ? field.datePattern : undefined,
    values:
      field.type === 'enum'
        ? field.values.map((v) => moddle.create(`${prefix}:Value`, { id: v.id, name: v.name }))
        : [],
    validation: field.constraints.length
      ? moddle.create(`${prefix}:Validation`, {
          constraints: field.constraints.map((c) =>
            moddle.create(`${prefix}:Constraint`, { name: c.name, config: c.config || undefined }),
          ),
        })
      : undefined,
    properties: field.properties.length
      ? moddle.create(`${prefix}:Properties`, {
          values: field.properties.map((p) =>
            moddle.create(`${prefix}:Property`, { id: p.id, value: p.value }),
          ),
        })
      : undefined,
  });

/** Extension elements with `<prefix>:formData` rebuilt from `state` (dropped when empty). */
export const buildFormData = (
  bo: ModdleElement,
  prefix: BpmnFlavour,
  state: FormDataState,
  moddle: ModdleFactory,
): ModdleElement | undefined => {
  const fields = state.fields.map((field) => createFormField(field, prefix, moddle));
  const data =
    fields.length || state.businessKey
      ? [moddle.create(`${prefix}:FormData`, { fields, businessKey: state.businessKey || undefined })]
      : [];
  return replaceExtensions(bo, `${prefix}:FormData`, data, moddle);
};

// ---- flowable extras: buttons, assignee rules, sequence-flow conditions ---------------------

export interface ExtraAttribute {
  name: string;
  label: string;
  /** `sort` is an integer in the descriptor; the others are strings. */
  numeric?: boolean;
}

export interface ExtraKind {
  /** The descriptor type without prefix, e.g. `Button`. */
  type: string;
  title: string;
  attributes: readonly ExtraAttribute[];
}

const SORT: ExtraAttribute = { name: 'sort', label: '排序', numeric: true };

/** A kind of extension element: its attributes by name and label, then the common 排序. */
const extraKind = (type: string, title: string, attributes: Record<string, string>): ExtraKind => ({
  type,
  title,
  attributes: [...Object.entries(attributes).map(([name, label]) => ({ name, label })), SORT],
});

export const FLOWABLE_EXTRAS = {
  button: extraKind('Button', '按钮配置', {
    id: '按钮ID',
    name: '按钮名称',
    code: '按钮编码',
    isHide: '是否隐藏',
    next: '下一步',
  }),
  assignee: extraKind('Assignee', '审批人规则', {
    id: '规则ID',
    type: '规则类型',
    value: '规则值',
    condition: '条件',
    operationType: '运算类型',
  }),
  condition: extraKind('Condition', '条件规则', {
    id: '条件ID',
    field: '字段',
    compare: '比较方式',
    value: '比较值',
    logic: '逻辑关系',
  }),
};

export type ExtraRecord = Record<string, string>;

const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

/** The extras of `kind` on `bo`, as plain string records in document order. */
export const readExtras = (bo: ModdleElement, prefix: BpmnFlavour, kind: ExtraKind): ExtraRecord[] =>
  getExtensions(bo, `${prefix}:${kind.type}`).map((item) =>
    Object.fromEntries(kind.attributes.map(({ name }) => [name, text(item[name])])),
  );

/** Extension elements with the extras of `kind` replaced by `records`, sorted by `sort`. */
export const buildExtras = (
  bo: ModdleElement,
  prefix: BpmnFlavour,
  kind: ExtraKind,
  records: readonly ExtraRecord[],
  moddle: ModdleFactory,
): ModdleElement | undefined => {
  const sortOf = (record: ExtraRecord) => (record.sort ? Number(record.sort) : Number.MAX_SAFE_INTEGER);
  const items = [...records]
    .sort((a, b) => sortOf(a) - sortOf(b))
    .map((record) =>
      moddle.create(
        `${prefix}:${kind.type}`,
        Object.fromEntries(
          kind.attributes
            .filter(({ name }) => record[name])
            .map(({ name, numeric }) => [name, numeric ? Number(record[name]) : record[name]]),
        ),
      ),
    );
  return replaceExtensions(bo, `${prefix}:${kind.type}`, items, moddle);
};
