import activiti from '../../../../../contract/src/bpmn/activiti.json';
import flowable from '../../../../../contract/src/bpmn/flowable.json';
import { BPMN_FLAVOUR_NAMESPACES, type BpmnFlavour } from '@app/contract/bpmn';
import { BpmnModdle } from 'bpmn-moddle';
import camunda from 'camunda-bpmn-moddle/resources/camunda.json';
import { describe, expect, it } from 'vitest';
import {
  asyncUpdate,
  buildConditionExpression,
  buildFormData,
  buildExtras,
  EMPTY_FORM_FIELD,
  FLOWABLE_EXTRAS,
  readExtras,
  buildListeners,
  readFormData,
  createLoop,
  DEFAULT_LOOP_COLLECTION,
  multiInstanceUpdate,
  readListeners,
  readMultiInstance,
  buildProperties,
  createEmptyDiagram,
  duplicateRootMessage,
  FLAVOUR_NAMESPACES,
  flowTypeUpdate,
  getExtensions,
  isDiagramFileName,
  isXmlName,
  joinList,
  listRootElements,
  nextZoom,
  readFlowCondition,
  readProperties,
  splitList,
  xmlToJson,
  zoomPercent,
  type ModdleElement,
  type ModdleFactory,
} from './bpmn-utils';

const DESCRIPTORS = { camunda, flowable, activiti } as Record<BpmnFlavour, object>;

const moddleFor = (prefix: BpmnFlavour) => new BpmnModdle({ [prefix]: DESCRIPTORS[prefix] });

const asModdle = (m: InstanceType<typeof BpmnModdle>) => m as unknown as ModdleFactory;

/** A process with start → task → end and a second flow task → end2 for flow tests. */
const flowXml = (prefix: BpmnFlavour) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:${prefix}="${FLAVOUR_NAMESPACES[prefix]}" id="d" targetNamespace="${FLAVOUR_NAMESPACES[prefix]}">
  <process id="P" isExecutable="true">
    <startEvent id="S" />
    <exclusiveGateway id="G" />
    <endEvent id="E1" />
    <endEvent id="E2" />
    <sequenceFlow id="F0" sourceRef="S" targetRef="G" />
    <sequenceFlow id="F1" sourceRef="G" targetRef="E1" />
    <sequenceFlow id="F2" sourceRef="G" targetRef="E2" />
  </process>
</definitions>`;

const load = async (prefix: BpmnFlavour, xml = flowXml(prefix)) => {
  const moddle = moddleFor(prefix);
  const { rootElement, elementsById } = await moddle.fromXML(xml);
  const get = (id: string) => elementsById[id] as unknown as ModdleElement;
  return { moddle, definitions: rootElement as unknown as ModdleElement, get };
};

/** Applies a property map the way modeling.updateProperties would. */
const apply = (target: ModdleElement, props: Record<string, unknown> | undefined) => {
  for (const [key, value] of Object.entries(props ?? {})) target.set(key, value);
};

describe('id pattern and small helpers', () => {
  it('accepts XML names only', () => {
    expect(isXmlName('leave_1')).toBe(true);
    expect(isXmlName('_a-b.c$')).toBe(true);
    expect(isXmlName('1abc')).toBe(false);
    expect(isXmlName('a b')).toBe(false);
    expect(isXmlName('ok\nbad')).toBe(false);
    expect(isXmlName('')).toBe(false);
  });

  it('zooms in steps of 0.1 within 0.2..4 and throws outside', () => {
    expect(nextZoom(1, 0.1)).toBe(1.1);
    expect(nextZoom(0.3, -0.1)).toBe(0.2);
    expect(() => nextZoom(0.2, -0.1)).toThrow(Error);
    expect(() => nextZoom(4, 0.1)).toThrow(Error);
    expect(zoomPercent(1.1)).toBe('110%');
  });

  it('accepts only .xml and .bpmn files', () => {
    expect(isDiagramFileName('a.bpmn')).toBe(true);
    expect(isDiagramFileName('A.XML')).toBe(true);
    expect(isDiagramFileName('a.txt')).toBe(false);
    expect(isDiagramFileName('bpmn')).toBe(false);
  });

  it('splits and joins comma lists', () => {
    expect(splitList('a, b,,c')).toEqual(['a', 'b', 'c']);
    expect(joinList(['a', 'b'])).toBe('a,b');
    expect(joinList([])).toBeUndefined();
  });

  it('resets exclusive when both async flags are off', () => {
    expect(asyncUpdate('flowable', { asyncBefore: false, asyncAfter: false, exclusive: true })).toEqual({
      'flowable:asyncBefore': false,
      'flowable:asyncAfter': false,
      'flowable:exclusive': false,
    });
    expect(
      asyncUpdate('camunda', { asyncBefore: true, asyncAfter: false, exclusive: true })['camunda:exclusive'],
    ).toBe(true);
  });

  it('keeps the namespaces in line with the contract and its descriptors', () => {
    expect(FLAVOUR_NAMESPACES).toEqual(BPMN_FLAVOUR_NAMESPACES);
    expect(flowable.uri).toBe(FLAVOUR_NAMESPACES.flowable);
    expect(activiti.uri).toBe(FLAVOUR_NAMESPACES.activiti);
  });

  it('converts XML to JSON for the preview', () => {
    const json = JSON.parse(xmlToJson('<a x="1"><b>t</b><b>u</b><c /></a>')) as Record<string, unknown>;
    expect(json).toEqual({ a: { _x: '1', b: ['t', 'u'], c: {} } });
  });
});

describe.each(['camunda', 'flowable', 'activiti'] as const)('%s flavour with bpmn-moddle', (prefix) => {
  it('parses the empty diagram with a timestamp process id and the flavour namespace', async () => {
    const xml = createEmptyDiagram(prefix, { now: 1700000000000, name: '请假' });
    const { definitions, moddle } = await load(prefix, xml);
    expect(definitions.targetNamespace).toBe(FLAVOUR_NAMESPACES[prefix]);
    const process = (definitions.rootElements as ModdleElement[])[0]!;
    expect(process.id).toBe('Process_1700000000000');
    expect(process.name).toBe('请假');
    expect(moddle).toBeTruthy();
    expect(createEmptyDiagram(prefix, { key: 'leave' })).toContain('<bpmn2:process id="leave"');
    expect(createEmptyDiagram(prefix, { key: '1bad', now: 5 })).toContain('id="Process_5"');
  });

  it('switches flow types: default, condition, normal', async () => {
    const { moddle, get } = await load(prefix);
    const flow = get('F1');
    const gateway = get('G');
    expect(readFlowCondition(flow, prefix).type).toBe('normal');

    let update = flowTypeUpdate(flow, 'default', asModdle(moddle));
    apply(gateway, update.source);
    apply(flow, update.flow);
    expect(gateway.default).toBe(flow);
    expect(readFlowCondition(flow, prefix).type).toBe('default');

    update = flowTypeUpdate(flow, 'condition', asModdle(moddle));
    apply(gateway, update.source);
    apply(flow, update.flow);
    expect(gateway.default).toBeUndefined();
    expect((flow.conditionExpression as ModdleElement).$type).toBe('bpmn:FormalExpression');
    expect(readFlowCondition(flow, prefix)).toMatchObject({
      type: 'condition',
      conditionType: 'expression',
      body: '',
    });

    update = flowTypeUpdate(flow, 'normal', asModdle(moddle));
    apply(gateway, update.source);
    apply(flow, update.flow);
    expect(flow.conditionExpression).toBeUndefined();
    expect(readFlowCondition(flow, prefix).type).toBe('normal');
  });

  it('writes expression, inline and external script conditions that survive a round trip', async () => {
    const { moddle, get } = await load(prefix);
    const flow = get('F2');
    const base = { type: 'condition' as const, body: '', language: '', resource: '' };
    flow.set(
      'conditionExpression',
      buildConditionExpression(
        {
          ...base,
          conditionType: 'script',
          scriptType: 'externalScript',
          language: 'groovy',
          resource: 'c.groovy',
        },
        prefix,
        asModdle(moddle),
      ),
    );
    get('F1').set(
      'conditionExpression',
      buildConditionExpression(
        { ...base, conditionType: 'expression', scriptType: 'inlineScript', body: '${days > 3}' },
        prefix,
        asModdle(moddle),
      ),
    );
    const { xml } = await moddle.toXML(get('F1').$parent!.$parent as never);
    expect(xml).toContain(`${prefix}:resource="c.groovy"`);
    expect(xml).toContain('${days &gt; 3}');
    const again = await load(prefix, xml);
    expect(readFlowCondition(again.get('F2'), prefix)).toMatchObject({
      conditionType: 'script',
      scriptType: 'externalScript',
      resource: 'c.groovy',
      language: 'groovy',
    });
    expect(readFlowCondition(again.get('F1'), prefix)).toMatchObject({
      conditionType: 'expression',
      body: '${days > 3}',
    });
  });

  it('replaces extension properties and keeps other extensions', async () => {
    const { moddle, get, definitions } = await load(prefix);
    const task = get('S');
    const m = asModdle(moddle);
    task.set(
      'extensionElements',
      m.create('bpmn:ExtensionElements', { values: [m.create(`${prefix}:FormData`, {})] }),
    );
    task.set('extensionElements', buildProperties(task, prefix, [{ name: 'k', value: 'v' }], m));
    expect(readProperties(task, prefix)).toEqual([{ name: 'k', value: 'v' }]);
    expect(getExtensions(task, `${prefix}:FormData`)).toHaveLength(1);
    const { xml } = await moddle.toXML(definitions as never);
    expect(xml).toContain(`<${prefix}:properties>`);
    expect(xml).toContain(`<${prefix}:property name="k" value="v" />`);
    expect(xml).toContain(`<${prefix}:formData`);
    task.set('extensionElements', buildProperties(task, prefix, [], m));
    expect(readProperties(task, prefix)).toEqual([]);
  });

  it('writes user task attributes, form fields and listeners of the flavour', async () => {
    const { moddle, definitions } = await load(prefix);
    const m = asModdle(moddle);
    const process = (definitions.rootElements as ModdleElement[])[0]!;
    const task = m.create('bpmn:UserTask', { id: 'T' });
    task.set(`${prefix}:assignee`, '1');
    task.set(`${prefix}:candidateUsers`, joinList(['1', '2']));
    task.set(`${prefix}:dueDate`, '2026-01-01');
    apply(task, asyncUpdate(prefix, { asyncBefore: true, asyncAfter: false, exclusive: true }));
    const field = m.create(`${prefix}:FormField`, { id: 'days', type: 'long', label: '天数' });
    const listener = m.create(`${prefix}:TaskListener`, { event: 'create', class: 'a.B' });
    task.set(
      'extensionElements',
      m.create('bpmn:ExtensionElements', {
        values: [m.create(`${prefix}:FormData`, { fields: [field] }), listener],
      }),
    );
    (process.flowElements as ModdleElement[]).push(task);
    const { xml } = await moddle.toXML(definitions as never);
    expect(xml).toContain(`${prefix}:assignee="1"`);
    expect(xml).toContain(`${prefix}:candidateUsers="1,2"`);
    expect(xml).toContain(`${prefix}:asyncBefore="true"`);
    expect(xml).toContain(`<${prefix}:formField id="days" label="天数" type="long" />`);
    expect(xml).toContain(`<${prefix}:taskListener class="a.B" event="create" />`);
  });

  it('lists messages and signals and names the duplicate errors', async () => {
    const { moddle, definitions } = await load(prefix);
    const m = asModdle(moddle);
    (definitions.rootElements as ModdleElement[]).push(m.create('bpmn:Message', { id: 'M1', name: '消息' }));
    expect(listRootElements(definitions, 'message')).toEqual([{ id: 'M1', name: '消息' }]);
    expect(listRootElements(definitions, 'signal')).toEqual([]);
    expect(duplicateRootMessage('message')).toBe('该消息已存在，请修改id后重新保存');
    expect(duplicateRootMessage('signal')).toBe('该信号已存在，请修改id后重新保存');
  });
});

describe.each(['camunda', 'flowable', 'activiti'] as const)('%s loops and listeners', (prefix) => {
  it('creates loops by type; a new parallel loop collects the user list', async () => {
    const { moddle, definitions } = await load(prefix);
    const m = asModdle(moddle);
    const task = m.create('bpmn:UserTask', { id: 'T' });
    expect(readMultiInstance(task, prefix).loopType).toBe('none');
    task.set('loopCharacteristics', createLoop('parallel', prefix, m));
    expect(readMultiInstance(task, prefix)).toMatchObject({
      loopType: 'parallel',
      collection: DEFAULT_LOOP_COLLECTION,
    });
    task.set('loopCharacteristics', createLoop('sequential', prefix, m));
    expect(readMultiInstance(task, prefix)).toMatchObject({ loopType: 'sequential', collection: '' });
    task.set('loopCharacteristics', createLoop('standard', prefix, m));
    expect(readMultiInstance(task, prefix).loopType).toBe('standard');
    expect(createLoop('none', prefix, m)).toBeUndefined();

    task.set('loopCharacteristics', createLoop('parallel', prefix, m));
    const loop = task.loopCharacteristics as ModdleElement;
    apply(
      loop,
      multiInstanceUpdate(loop, { loopCardinality: '3', completionCondition: '${nr > 1}' }, prefix, m),
    );
    apply(loop, multiInstanceUpdate(loop, { asyncBefore: true }, prefix, m));
    apply(loop, multiInstanceUpdate(loop, { timeCycle: 'R3/PT10M' }, prefix, m));
    expect(readMultiInstance(task, prefix)).toMatchObject({
      loopCardinality: '3',
      completionCondition: '${nr > 1}',
      asyncBefore: true,
      timeCycle: 'R3/PT10M',
    });
    ((definitions.rootElements as ModdleElement[])[0]!.flowElements as ModdleElement[]).push(task);
    const { xml } = await moddle.toXML(definitions as never);
    expect(xml).toContain(`${prefix}:collection="${DEFAULT_LOOP_COLLECTION}"`);
    expect(xml).toContain(`<${prefix}:failedJobRetryTimeCycle>R3/PT10M</${prefix}:failedJobRetryTimeCycle>`);

    // Unchecking both async options clears the flags and the retry cycle.
    apply(loop, multiInstanceUpdate(loop, { asyncBefore: false }, prefix, m));
    expect(readMultiInstance(task, prefix)).toMatchObject({
      asyncBefore: false,
      asyncAfter: false,
      timeCycle: '',
    });
  });

  it('writes and reads execution and task listeners of each type', async () => {
    const { moddle, get, definitions } = await load(prefix);
    const m = asModdle(moddle);
    const start = get('S');
    const base = {
      id: '',
      class: '',
      expression: '',
      delegateExpression: '',
      scriptFormat: '',
      scriptType: 'inlineScript' as const,
      value: '',
      resource: '',
    };
    const items = [
      { ...base, event: 'start', listenerType: 'classListener' as const, class: 'a.B' },
      {
        ...base,
        event: 'end',
        listenerType: 'expressionListener' as const,
        expression: '${x}',
        fields: [
          { name: 'a', fieldType: 'string' as const, value: '1' },
          { name: 'b', fieldType: 'expression' as const, value: '${y}' },
        ],
      },
      {
        ...base,
        event: 'end',
        listenerType: 'scriptListener' as const,
        scriptFormat: 'groovy',
        value: 'print 1',
      },
      {
        ...base,
        event: 'end',
        listenerType: 'scriptListener' as const,
        scriptFormat: 'js',
        scriptType: 'externalScript' as const,
        resource: 'a.js',
      },
    ];
    start.set('extensionElements', buildListeners(start, prefix, 'ExecutionListener', items, m));
    expect(readListeners(start, prefix, 'ExecutionListener')).toEqual(items);
    const { xml } = await moddle.toXML(definitions as never);
    expect(xml).toContain(`<${prefix}:executionListener class="a.B" event="start" />`);
    expect(xml).toContain(`<${prefix}:script scriptFormat="groovy">print 1</${prefix}:script>`);
    expect(xml).toContain(
      `<${prefix}:field name="a"><${prefix}:string>1</${prefix}:string></${prefix}:field>`,
    );
    expect(xml).toContain(
      `<${prefix}:field name="b"><${prefix}:expression>\${y}</${prefix}:expression></${prefix}:field>`,
    );

    const task = m.create('bpmn:UserTask', { id: 'T' });
    const taskItem = {
      ...base,
      id: 'abcd1234',
      event: 'timeout',
      listenerType: 'delegateExpressionListener' as const,
      delegateExpression: '${d}',
      eventDefinitionType: 'duration' as const,
      eventTimeDefinitions: 'PT1H',
    };
    task.set('extensionElements', buildListeners(task, prefix, 'TaskListener', [taskItem], m));
    expect(readListeners(task, prefix, 'TaskListener')).toEqual([taskItem]);
    ((definitions.rootElements as ModdleElement[])[0]!.flowElements as ModdleElement[]).push(task);
    const out = await moddle.toXML(definitions as never);
    expect(out.xml).toContain(
      '<timerEventDefinition><timeDuration xsi:type="tFormalExpression">PT1H</timeDuration></timerEventDefinition>',
    );
  });
});

describe.each(['camunda', 'flowable', 'activiti'] as const)('%s form data', (prefix) => {
  it('builds form fields and the business key, and drops empty form data', async () => {
    const { moddle, get, definitions } = await load(prefix);
    const m = asModdle(moddle);
    const start = get('S');
    const state = {
      businessKey: 'days',
      fields: [
        { ...EMPTY_FORM_FIELD, id: 'days', type: 'long', label: '天数', defaultValue: '1' },
        { ...EMPTY_FORM_FIELD, id: 'from', type: 'date', label: '开始', datePattern: 'yyyy-MM-dd' },
        {
          ...EMPTY_FORM_FIELD,
          id: 'kind',
          type: 'enum',
          label: '类型',
          values: [
            { id: 'sick', name: '病假' },
            { id: 'annual', name: '年假' },
          ],
          constraints: [
            { name: 'required', config: '' },
            { name: 'maxlength', config: '10' },
          ],
          properties: [{ id: 'width', value: '200' }],
        },
        { ...EMPTY_FORM_FIELD, id: 'file', type: 'attachment', label: '附件' },
      ],
    };
    start.set('extensionElements', buildFormData(start, prefix, state, m));
    expect(readFormData(start, prefix)).toEqual(state);
    const { xml } = await moddle.toXML(definitions as never);
    expect(xml).toContain(`<${prefix}:formData businessKey="days">`);
    expect(xml).toContain(
      `<${prefix}:formField id="from" label="开始" type="date" datePattern="yyyy-MM-dd" />`,
    );
    expect(xml).toContain(`<${prefix}:value id="sick" name="病假" />`);
    expect(xml).toMatch(
      new RegExp(
        `<${prefix}:validation><${prefix}:constraint name="required" /><${prefix}:constraint name="maxlength" config="10" /></${prefix}:validation>`,
      ),
    );
    expect(xml).toContain(
      `<${prefix}:properties><${prefix}:property id="width" value="200" /></${prefix}:properties>`,
    );
    expect(xml).toContain(`<${prefix}:formField id="file" label="附件" type="attachment" />`);

    // A date pattern or enum values left on a field of another type are not written.
    start.set(
      'extensionElements',
      buildFormData(
        start,
        prefix,
        { businessKey: '', fields: [{ ...state.fields[2]!, type: 'string', datePattern: 'yyyy' }] },
        m,
      ),
    );
    const [field] = readFormData(start, prefix).fields;
    expect(field).toMatchObject({ type: 'string', datePattern: '', values: [] });
    start.set('extensionElements', buildFormData(start, prefix, { businessKey: '', fields: [] }, m));
    expect(start.extensionElements).toBeUndefined();
  });
});

describe('flowable extras', () => {
  it('serialises buttons, assignee rules and flow conditions', async () => {
    const { moddle, definitions, get } = await load('flowable');
    const m = asModdle(moddle);
    get('F1').set(
      'extensionElements',
      m.create('bpmn:ExtensionElements', {
        values: [
          m.create('flowable:Condition', {
            id: 'c1',
            field: 'days',
            compare: '>',
            value: '3',
            logic: 'and',
            sort: 1,
          }),
          m.create('flowable:Button', {
            id: 'b1',
            name: '通过',
            code: 'approve',
            isHide: 'false',
            next: 'E1',
            sort: 1,
          }),
          m.create('flowable:Assignee', {
            id: 'a1',
            type: 'role',
            value: '1',
            condition: '',
            operationType: 'and',
            sort: 1,
          }),
        ],
      }),
    );
    const { xml } = await moddle.toXML(definitions as never);
    expect(xml).toMatch(/<flowable:condition [^>]*field="days"[^>]*compare="&#62;"[^>]*sort="1"/);
    expect(xml).toMatch(/<flowable:button [^>]*name="通过"[^>]*code="approve"/);
    expect(xml).toMatch(/<flowable:assignee [^>]*type="role"[^>]*operationType="and"/);
  });

  it('reads and rebuilds each kind of extra, sorted, leaving the other extensions alone', async () => {
    const { moddle, get } = await load('flowable');
    const m = asModdle(moddle);
    const flow = get('F1');
    const property = m.create('flowable:Properties', {
      values: [m.create('flowable:Property', { name: 'a' })],
    });
    flow.set('extensionElements', m.create('bpmn:ExtensionElements', { values: [property] }));
    const kind = FLOWABLE_EXTRAS.condition;
    const second = { id: 'c2', field: 'days', compare: '<=', value: '3', logic: 'or', sort: '2' };
    const first = { id: 'c1', field: 'type', compare: '==', value: 'sick', logic: '', sort: '1' };
    flow.set('extensionElements', buildExtras(flow, 'flowable', kind, [second, first], m));
    expect(readExtras(flow, 'flowable', kind)).toEqual([first, second]);
    expect(getExtensions(flow, 'flowable:Properties')).toEqual([property]);
    expect(getExtensions(flow, 'flowable:Condition')[0]!.sort).toBe(1);
    // Empty attributes are left out; no extras of any kind are cross-read.
    expect(getExtensions(flow, 'flowable:Condition')[0]!.logic).toBeUndefined();
    expect(readExtras(flow, 'flowable', FLOWABLE_EXTRAS.button)).toEqual([]);
    flow.set('extensionElements', buildExtras(flow, 'flowable', kind, [], m));
    expect(getExtensions(flow, 'flowable:Condition')).toEqual([]);
    expect(getExtensions(flow, 'flowable:Properties')).toHaveLength(1);
  });
});
