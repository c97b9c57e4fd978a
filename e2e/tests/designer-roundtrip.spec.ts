import { expect, test, type Locator, type Page } from './fixtures';
import { expectMessage } from './helpers';
import { adminApi, apiLogin, createModel } from './bpm-manage-helpers';
import { canvas, clickFlow, DESIGN_PATH, openDesigner, panel, previewXml, toolbar } from './designer-helpers';

const NAMESPACES = {
  camunda: 'http://camunda.org/schema/1.0/bpmn',
  flowable: 'http://flowable.org/bpmn',
  activiti: 'http://activiti.org/bpmn',
} as const;

type Flavour = keyof typeof NAMESPACES;

/** start → T → gateway → E1 (conditional F3) / E2 (default F4); no engine extensions yet. */
const skeleton = (key: string, name: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn2:definitions xmlns:bpmn2="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" id="diagram_${key}" targetNamespace="http://www.flowable.org/processdef">
  <bpmn2:process id="${key}" name="${name}" isExecutable="true">
    <bpmn2:startEvent id="S" name="开始" />
    <bpmn2:userTask id="T" name="审批" />
    <bpmn2:exclusiveGateway id="G" />
    <bpmn2:endEvent id="E1" name="长假" />
    <bpmn2:endEvent id="E2" name="短假" />
    <bpmn2:sequenceFlow id="F1" sourceRef="S" targetRef="T" />
    <bpmn2:sequenceFlow id="F2" sourceRef="T" targetRef="G" />
    <bpmn2:sequenceFlow id="F3" sourceRef="G" targetRef="E1" />
    <bpmn2:sequenceFlow id="F4" sourceRef="G" targetRef="E2" />
  </bpmn2:process>
  <bpmndi:BPMNDiagram id="D"><bpmndi:BPMNPlane id="PL" bpmnElement="${key}">
    <bpmndi:BPMNShape id="S_di" bpmnElement="S"><dc:Bounds x="100" y="182" width="36" height="36" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="T_di" bpmnElement="T"><dc:Bounds x="200" y="160" width="100" height="80" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="G_di" bpmnElement="G"><dc:Bounds x="370" y="175" width="50" height="50" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="E1_di" bpmnElement="E1"><dc:Bounds x="560" y="182" width="36" height="36" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="E2_di" bpmnElement="E2"><dc:Bounds x="560" y="342" width="36" height="36" /></bpmndi:BPMNShape>
    <bpmndi:BPMNEdge id="F1_di" bpmnElement="F1"><di:waypoint x="136" y="200" /><di:waypoint x="200" y="200" /></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="F2_di" bpmnElement="F2"><di:waypoint x="300" y="200" /><di:waypoint x="370" y="200" /></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="F3_di" bpmnElement="F3"><di:waypoint x="420" y="200" /><di:waypoint x="560" y="200" /></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="F4_di" bpmnElement="F4"><di:waypoint x="395" y="225" /><di:waypoint x="563" y="350" /></bpmndi:BPMNEdge>
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</bpmn2:definitions>`;

/**
 * The properties the round trip writes, read from an XML string in the page with DOMParser (by
 * namespace, so attribute order and prefixes do not matter).
 */
const readFacts = ({ xml, ns }: { xml: string; ns: string }) => {
  const BPMN = 'http://www.omg.org/spec/BPMN/20100524/MODEL';
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  const all = (root: Element | Document, uri: string, name: string) =>
    Array.from(root.getElementsByTagNameNS(uri, name));
  const text = (root: Element, uri: string, name: string) => all(root, uri, name)[0]?.textContent ?? null;
  const ext = (el: Element, name: string) => el.getAttributeNS(ns, name);
  const named = (el: Element) => `${el.getAttribute('id')}:${el.getAttribute('name')}`;
  const listener = (el: Element) =>
    [
      el.getAttribute('event'),
      el.getAttribute('class') ?? `expr:${el.getAttribute('expression')}`,
      ...all(el, ns, 'field').map(
        (f) => `${f.getAttribute('name')}=${text(f, ns, 'string') ?? `expr:${text(f, ns, 'expression')}`}`,
      ),
      ...(el.getAttribute('id') ? [`id=${el.getAttribute('id')}`] : []),
      ...all(el, BPMN, 'timerEventDefinition').map(
        (t) => `${t.firstElementChild?.localName}:${t.firstElementChild?.textContent}`,
      ),
    ].join(' ');
  const process = all(doc, BPMN, 'process')[0]!;
  const task = all(doc, BPMN, 'userTask')[0]!;
  const loop = all(task, BPMN, 'multiInstanceLoopCharacteristics')[0];
  return {
    prefix: doc.documentElement.lookupPrefix(ns),
    process: named(process),
    messages: all(doc, BPMN, 'message').map(named),
    signals: all(doc, BPMN, 'signal').map(named),
    task: {
      name: task.getAttribute('name'),
      ...Object.fromEntries(
        ['assignee', 'candidateUsers', 'candidateGroups', 'dueDate', 'priority', 'formKey'].map((n) => [
          n,
          ext(task, n),
        ]),
      ),
    },
    loop: loop && {
      isSequential: loop.getAttribute('isSequential'),
      collection: ext(loop, 'collection'),
      elementVariable: ext(loop, 'elementVariable'),
      loopCardinality: text(loop, BPMN, 'loopCardinality'),
      completionCondition: text(loop, BPMN, 'completionCondition'),
      asyncBefore: ext(loop, 'asyncBefore'),
      retry: text(loop, ns, 'failedJobRetryTimeCycle'),
    },
    executionListeners: all(task, ns, 'executionListener').map(listener),
    taskListeners: all(task, ns, 'taskListener').map(listener),
    properties: all(task, ns, 'property').map((p) => `${p.getAttribute('name')}=${p.getAttribute('value')}`),
    form: {
      businessKey: all(task, ns, 'formData')[0]?.getAttribute('businessKey') ?? null,
      fields: all(task, ns, 'formField').map(
        (f) => `${f.getAttribute('id')}:${f.getAttribute('type')}:${f.getAttribute('label')}`,
      ),
    },
    conditions: all(doc, BPMN, 'sequenceFlow').map(
      (f) => `${f.getAttribute('id')}:${text(f, BPMN, 'conditionExpression') ?? ''}`,
    ),
    gatewayDefault: all(doc, BPMN, 'exclusiveGateway')[0]?.getAttribute('default') ?? null,
  };
};

const facts = (page: Page, xml: string, prefix: Flavour) =>
  page.evaluate(readFacts, { xml, ns: NAMESPACES[prefix] });

const expectedFacts = (prefix: Flavour, key: string) => ({
  prefix,
  process: `${key}:往返流程（${prefix}）`,
  messages: ['Msg_rt:催办消息'],
  signals: ['Sig_rt:撤回信号'],
  task: {
    name: '经理审批',
    assignee: '1',
    candidateUsers: '2,3',
    candidateGroups: 'leaders',
    dueDate: '${dueDate}',
    priority: '50',
    formKey: 'leave-form',
  },
  loop: {
    isSequential: null,
    collection: '${approvers}',
    elementVariable: 'approver',
    loopCardinality: '2',
    completionCondition: '${nrOfCompletedInstances >= 1}',
    asyncBefore: 'true',
    retry: 'R3/PT5M',
  },
  executionListeners: ['start com.example.Audit level=2'],
  taskListeners: ['timeout expr:${remind.send(task)} channel=expr:${channel} id=remind timeDuration:PT2H'],
  properties: ['color=red'],
  form: { businessKey: 'days', fields: ['days:long:天数'] },
  conditions: ['F1:', 'F2:', 'F3:${days > 3}', 'F4:'],
  gatewayDefault: 'F4',
});

/** The header of the panel section (collapse item) titled `title`. */
const header = (page: Page, title: string): Locator =>
  panel(page).getByRole('button', { name: title, exact: true });

/** The panel section titled `title`. */
const section = (page: Page, title: string): Locator =>
  panel(page)
    .locator('.ant-collapse-item')
    .filter({ has: page.getByRole('button', { name: title, exact: true }) });

/** Opens the panel section `title` and returns it. */
const open = async (page: Page, title: string): Promise<Locator> => {
  await header(page, title).click();
  await expect(header(page, title)).toHaveAttribute('aria-expanded', 'true');
  return section(page, title);
};

const selectIn = (scope: Locator, label: string) =>
  scope.locator('.ant-form-item').filter({ hasText: label }).locator('.ant-select');

/** The value shown by the antd select in the row labelled `label`. */
const selected = (scope: Locator, label: string) => selectIn(scope, label).locator('.ant-select-content');

/** The tags of the antd tags select in the row labelled `label`. */
const tags = (scope: Locator, label: string) => selectIn(scope, label).locator('.ant-select-selection-item');

const choose = async (page: Page, scope: Locator, label: string, option: string) => {
  await scope.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
};

const selectShape = async (page: Page, id: string) => {
  await page.locator(`.djs-shape[data-element-id="${id}"]`).click();
  await expect(panel(page)).toHaveAttribute('data-element-id', id);
};

/** Builds the whole process through the panel. */
const design = async (page: Page, prefix: Flavour) => {
  // the process: name, a message and a signal
  let tab = section(page, '基本信息');
  await tab.getByLabel('流程名称').fill(`往返流程（${prefix}）`);
  tab = await open(page, '消息与信号');
  for (const [kind, id, name] of [
    ['消息', 'Msg_rt', '催办消息'],
    ['信号', 'Sig_rt', '撤回信号'],
  ] as const) {
    await tab.getByLabel(`${kind} ID`).fill(id);
    await tab.getByLabel(`${kind}名称`).fill(name);
    await tab.getByRole('button', { name: `创建新${kind}` }).click();
    await expect(tab.getByRole('cell', { name })).toBeVisible();
  }

  // the user task
  await selectShape(page, 'T');
  await section(page, '基本信息').getByLabel('名称').fill('经理审批');
  tab = await open(page, '任务配置');
  await tab.getByLabel('处理用户').fill('1');
  await tab.getByLabel('到期时间').fill('${dueDate}');
  await tab.getByLabel('优先级').fill('50');
  for (const [id, values] of [
    ['candidateUsers', ['2', '3']],
    ['candidateGroups', ['leaders']],
  ] as const)
    for (const value of values) {
      await tab.locator(`#bpm-task-${id}`).fill(value);
      await tab.locator(`#bpm-task-${id}`).press('Enter');
    }

  tab = await open(page, '多实例');
  await choose(page, tab, '回路特性', '并行多重事件');
  await expect(tab.getByLabel('集合')).toHaveValue('${coll_userList}');
  await tab.getByLabel('集合').fill('${approvers}');
  await tab.getByLabel('循环数量').fill('2');
  await tab.getByLabel('元素变量').fill('approver');
  await tab.getByLabel('完成条件').fill('${nrOfCompletedInstances >= 1}');
  await tab.getByText('异步前').click();
  await tab.getByLabel('重试周期').fill('R3/PT5M');

  tab = await open(page, '执行监听器');
  await tab.getByRole('button', { name: /添加监听器/ }).click();
  let dialog = page.getByRole('dialog', { name: '执行监听器' });
  await choose(page, dialog, '事件类型', 'start');
  await dialog.getByLabel('Java 类').fill('com.example.Audit');
  await dialog.getByRole('button', { name: /添加注入字段/ }).click();
  await dialog.getByLabel('字段名称 1').fill('level');
  await dialog.getByLabel('字段值 1').fill('2');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();
  await expect(tab.getByRole('cell', { name: 'start' })).toBeVisible();

  // Both listener sections are open now, as a user would have them.
  tab = await open(page, '任务监听器');
  await tab.getByRole('button', { name: /添加监听器/ }).click();
  dialog = page.getByRole('dialog', { name: '任务监听器' });
  await dialog.getByLabel('监听器ID').fill('remind');
  await choose(page, dialog, '事件类型', 'timeout');
  await choose(page, dialog, '监听器类型', '表达式');
  await dialog.getByLabel('表达式').fill('${remind.send(task)}');
  await choose(page, dialog, '定时器类型', '持续时长');
  await dialog.getByLabel('定时器', { exact: true }).fill('PT2H');
  await dialog.getByRole('button', { name: /添加注入字段/ }).click();
  await dialog.getByLabel('字段名称 1').fill('channel');
  await choose(page, dialog, '字段类型 1', '表达式');
  await dialog.getByLabel('字段值 1').fill('${channel}');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();
  await expect(tab.getByRole('cell', { name: 'timeout' })).toBeVisible();

  tab = await open(page, '扩展属性');
  await tab.getByLabel('新属性名').fill('color');
  await tab.getByLabel('新属性值').fill('red');
  await tab.getByRole('button', { name: '添加属性' }).click();
  await expect(tab.getByLabel('属性名 1')).toHaveValue('color');

  tab = await open(page, '表单');
  await tab.getByLabel('表单标识').fill('leave-form');
  await tab.getByLabel('新字段ID').fill('days');
  await choose(page, tab, '新字段类型', 'long');
  await tab.getByLabel('新字段名称').fill('天数');
  await tab.getByRole('button', { name: '添加字段' }).click();
  await expect(tab.getByLabel('字段ID 1')).toHaveValue('days');
  await choose(page, tab, '业务标识', '天数');

  // the gateway's branches
  await clickFlow(page, 'F3');
  tab = await open(page, '流转条件');
  await choose(page, tab, '流转类型', '条件流转路径');
  // Clicking the next flow at once: the field commits as it loses focus.
  await tab.getByLabel('表达式').fill('${days > 3}');
  await clickFlow(page, 'F4');
  tab = await open(page, '流转条件');
  await choose(page, tab, '流转类型', '默认流转路径');
};

/** Checks every property through the panel of a freshly opened designer. */
const checkPanel = async (page: Page, prefix: Flavour) => {
  await expect(section(page, '基本信息').getByLabel('流程名称')).toHaveValue(`往返流程（${prefix}）`);
  let tab = await open(page, '消息与信号');
  for (const name of ['Msg_rt', '催办消息', 'Sig_rt', '撤回信号'])
    await expect(tab.getByRole('cell', { name, exact: true })).toBeVisible();

  await selectShape(page, 'T');
  await expect(section(page, '基本信息').getByLabel('名称')).toHaveValue('经理审批');
  tab = await open(page, '任务配置');
  await expect(tab.getByLabel('处理用户')).toHaveValue('1');
  await expect(tab.getByLabel('到期时间')).toHaveValue('${dueDate}');
  await expect(tab.getByLabel('优先级')).toHaveValue('50');
  await expect(tags(tab, '候选用户')).toHaveText(['2', '3']);
  await expect(tags(tab, '候选分组')).toHaveText(['leaders']);

  tab = await open(page, '多实例');
  await expect(selected(tab, '回路特性')).toHaveText('并行多重事件');
  for (const [label, value] of [
    ['循环数量', '2'],
    ['集合', '${approvers}'],
    ['元素变量', 'approver'],
    ['完成条件', '${nrOfCompletedInstances >= 1}'],
    ['重试周期', 'R3/PT5M'],
  ])
    await expect(tab.getByLabel(label!)).toHaveValue(value!);
  await expect(tab.getByRole('checkbox', { name: '异步前' })).toBeChecked();

  tab = await open(page, '执行监听器');
  await expect(tab.getByRole('row').nth(1)).toContainText(/start\s*Java 类/);
  await tab.getByRole('button', { name: /编\s*辑/ }).click();
  let dialog = page.getByRole('dialog', { name: '执行监听器' });
  await expect(dialog.getByLabel('Java 类')).toHaveValue('com.example.Audit');
  await expect(dialog.getByLabel('字段名称 1')).toHaveValue('level');
  await expect(dialog.getByLabel('字段值 1')).toHaveValue('2');
  await dialog.getByRole('button', { name: /取\s*消/ }).click();

  tab = await open(page, '任务监听器');
  await expect(tab.getByRole('row').nth(1)).toContainText(/timeout\s*表达式/);
  await tab.getByRole('button', { name: /编\s*辑/ }).click();
  dialog = page.getByRole('dialog', { name: '任务监听器' });
  await expect(dialog.getByLabel('监听器ID')).toHaveValue('remind');
  await expect(dialog.getByLabel('表达式')).toHaveValue('${remind.send(task)}');
  await expect(selected(dialog, '定时器类型')).toHaveText('持续时长');
  await expect(dialog.getByLabel('定时器', { exact: true })).toHaveValue('PT2H');
  await expect(dialog.getByLabel('字段名称 1')).toHaveValue('channel');
  await expect(dialog.getByLabel('字段值 1')).toHaveValue('${channel}');
  await dialog.getByRole('button', { name: /取\s*消/ }).click();

  tab = await open(page, '扩展属性');
  await expect(tab.getByLabel('属性名 1')).toHaveValue('color');
  await expect(tab.getByLabel('属性值 1')).toHaveValue('red');

  tab = await open(page, '表单');
  await expect(tab.getByLabel('表单标识')).toHaveValue('leave-form');
  await expect(tab.getByLabel('字段ID 1')).toHaveValue('days');
  await expect(tab.getByLabel('字段类型 1')).toHaveValue('long');
  await expect(tab.getByLabel('字段名称 1')).toHaveValue('天数');
  await expect(selected(tab, '业务标识')).toHaveText('天数');

  await clickFlow(page, 'F3');
  tab = await open(page, '流转条件');
  await expect(selected(tab, '流转类型')).toHaveText('条件流转路径');
  await expect(tab.getByLabel('表达式')).toHaveValue('${days > 3}');
  await clickFlow(page, 'F4');
  tab = await open(page, '流转条件');
  await expect(selected(tab, '流转类型')).toHaveText('默认流转路径');
};

// The whole journey once, in the reference's engine flavour; designer-flavours.spec.ts writes and reads
// the panel's properties in all three flavours.
for (const prefix of ['flowable'] as const) {
  test(`${prefix}: a process built in the panel round-trips through the model API`, async ({
    page,
    request,
  }) => {
    // A long edit sequence and two designer loads: allow for a busy machine.
    test.setTimeout(300_000);
    const token = await apiLogin(request);
    const key = `roundtrip_${prefix}`;
    const modelId = await createModel(request, token, key, `往返${prefix}`);
    await adminApi(request, token, 'PUT', '/bpm/model/update', {
      id: modelId,
      bpmnXml: skeleton(key, `往返${prefix}`),
    });

    // The model does not store a flavour: the page opens on flowable and the switch picks another.
    await openDesigner(page, `?modelId=${modelId}`);
    await expect(page.getByRole('radio', { name: 'flowable' })).toBeChecked();
    await page
      .locator('.ant-segmented-item')
      .filter({ hasText: new RegExp(`^${prefix}$`) })
      .click();
    await expect(page.getByRole('radio', { name: prefix })).toBeChecked();
    await expect(page.locator('.djs-shape[data-element-id="T"]')).toBeVisible();
    await expect(section(page, '基本信息').getByLabel('流程标识')).toHaveValue(key);

    await design(page, prefix);
    const designed = await facts(page, await previewXml(page), prefix);
    expect(designed).toEqual(expectedFacts(prefix, key));

    await toolbar(page)
      .getByRole('button', { name: /保存模型/ })
      .click();
    await expectMessage(page, '保存成功');

    // through the API
    const saved = await adminApi<{ bpmnXml: string }>(request, token, 'GET', `/bpm/model/get?id=${modelId}`);
    expect(await facts(page, saved.bpmnXml, prefix)).toEqual(expectedFacts(prefix, key));

    // a fresh design page, as 设计流程 opens it: the saved flavour is picked up again
    await page.goto(`${DESIGN_PATH}?modelId=${modelId}`);
    await expect(page.locator('.djs-shape[data-element-id="T"]')).toBeVisible();
    await expect(page.getByRole('radio', { name: prefix })).toBeChecked();
    // The diagram is fitted into the canvas beside the panel, not under it.
    const area = (await canvas(page).boundingBox())!;
    for (const id of ['S', 'T', 'G', 'E1', 'E2']) {
      const box = (await page.locator(`.djs-shape[data-element-id="${id}"]`).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(area.x);
      expect(box.x + box.width).toBeLessThanOrEqual(area.x + area.width);
    }
    await checkPanel(page, prefix);
    // What the reopened designer would save is what was saved.
    expect(await facts(page, await previewXml(page), prefix)).toEqual(expectedFacts(prefix, key));
  });
}
