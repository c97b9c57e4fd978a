import { expect, test } from './fixtures';
import { SCREENSHOTS } from './helpers';
import { adminApi, apiLogin, createModel } from './bpm-manage-helpers';
import { createUserTask, openDesigner, panel, previewXml } from './designer-helpers';

test('a saved model locks its key; the process id takes the key', async ({ page, request }) => {
  const modelId = await createModel(request, await apiLogin(request), 'leave_flow', '请假');
  await openDesigner(page, `?modelId=${modelId}`);
  const key = panel(page).getByLabel('流程标识');
  await expect(key).toBeDisabled();
  await expect(key).toHaveValue('leave_flow');
  await expect(panel(page).getByLabel('流程名称')).toHaveValue('请假');
});

test('messages and signals refuse duplicate ids', async ({ page }) => {
  await openDesigner(page);
  const p = panel(page);
  await p.getByText('消息与信号').click();
  for (const [kind, text] of [
    ['消息', '该消息已存在，请修改id后重新保存'],
    ['信号', '该信号已存在，请修改id后重新保存'],
  ] as const) {
    await p.getByLabel(`${kind} ID`).fill(`${kind === '消息' ? 'Msg' : 'Sig'}_1`);
    await p.getByLabel(`${kind}名称`).fill(`${kind}一`);
    await p.getByRole('button', { name: `创建新${kind}` }).click();
    await expect(p.getByRole('cell', { name: `${kind}一` })).toBeVisible();
    await p.getByLabel(`${kind} ID`).fill(`${kind === '消息' ? 'Msg' : 'Sig'}_1`);
    await p.getByRole('button', { name: `创建新${kind}` }).click();
    await expect(page.getByText(text)).toBeVisible();
  }
  const xml = await previewXml(page);
  expect(xml).toContain('<bpmn2:message id="Msg_1" name="消息一" />');
  expect(xml).toContain('<bpmn2:signal id="Sig_1" name="信号一" />');
  await page.screenshot({ path: `${SCREENSHOTS}designer-messages.png` });
});

test('multi-instance and listeners are written to the flavour', async ({ page }) => {
  // A long edit sequence: allow for a busy machine.
  test.slow();
  await openDesigner(page, '?prefix=flowable');
  await createUserTask(page);
  const p = panel(page);
  await p.getByText('多实例').click();
  await p.getByLabel('回路特性').click();
  await page.getByTitle('并行多重事件').click();
  await expect(p.getByLabel('集合')).toHaveValue('${coll_userList}');
  await p.getByLabel('完成条件').fill('${nrOfCompletedInstances > 0}');

  await p.getByText('任务监听器').click();
  await p
    .getByRole('button', { name: /添加监听器/ })
    .last()
    .click();
  const dialog = page.getByRole('dialog', { name: '任务监听器' });
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('请选择事件类型')).toBeVisible();
  await dialog.getByLabel('事件类型').click();
  await page.getByTitle('create').click();
  await dialog.getByLabel('Java 类').fill('com.example.Listener');
  await dialog.getByRole('button', { name: /添加注入字段/ }).click();
  await dialog.getByLabel('字段名称 1').fill('level');
  await dialog.getByLabel('字段值 1').fill('2');
  await dialog.getByLabel('定时器类型').click();
  await page.getByTitle('持续时长').click();
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('请填写定时器配置')).toBeVisible();
  await dialog.getByLabel('定时器', { exact: true }).fill('PT1H');
  await page.screenshot({ path: `${SCREENSHOTS}designer-listener.png` });
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();
  await expect(p.getByRole('cell', { name: 'create' })).toBeVisible();

  // The listener's save reaches the diagram: the preview shows it once it has.
  let xml = '';
  await expect
    .poll(async () => (xml = await previewXml(page)))
    .toMatch(/<bpmn2:timeDuration xsi:type="bpmn2:tFormalExpression">PT1H<\/bpmn2:timeDuration>/);
  expect(xml).toContain('flowable:collection="${coll_userList}"');
  expect(xml).toContain(
    '<bpmn2:completionCondition xsi:type="bpmn2:tFormalExpression">${nrOfCompletedInstances &gt; 0}',
  );
  expect(xml).toMatch(/<flowable:taskListener class="com.example.Listener" event="create" id="\w{8}">/);
  expect(xml).toMatch(
    /<flowable:field name="level">\s*<flowable:string>2<\/flowable:string>\s*<\/flowable:field>/,
  );
});

/** A start, a call activity C (in: days → day; out: every variable) and an end. */
const CALL_DIAGRAM = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn2:definitions xmlns:bpmn2="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:flowable="http://flowable.org/bpmn" id="d" targetNamespace="http://flowable.org/bpmn">
  <bpmn2:process id="tmp_call" name="调用" isExecutable="true">
    <bpmn2:startEvent id="S" /><bpmn2:callActivity id="C" name="采购子流程" calledElement="oa_leave"><bpmn2:extensionElements><flowable:in source="days" target="day" /><flowable:out variables="all" /></bpmn2:extensionElements></bpmn2:callActivity><bpmn2:endEvent id="E" />
    <bpmn2:sequenceFlow id="F1" sourceRef="S" targetRef="C" /><bpmn2:sequenceFlow id="F2" sourceRef="C" targetRef="E" />
  </bpmn2:process>
  <bpmndi:BPMNDiagram id="D"><bpmndi:BPMNPlane id="PL" bpmnElement="tmp_call">
    <bpmndi:BPMNShape id="S_di" bpmnElement="S"><dc:Bounds x="100" y="182" width="36" height="36" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="C_di" bpmnElement="C"><dc:Bounds x="200" y="160" width="100" height="80" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="E_di" bpmnElement="E"><dc:Bounds x="400" y="182" width="36" height="36" /></bpmndi:BPMNShape>
    <bpmndi:BPMNEdge id="F1_di" bpmnElement="F1"><di:waypoint x="136" y="200" /><di:waypoint x="200" y="200" /></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="F2_di" bpmnElement="F2"><di:waypoint x="300" y="200" /><di:waypoint x="400" y="200" /></bpmndi:BPMNEdge>
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</bpmn2:definitions>`;

test('a call activity picks the called process from the deployed keys and maps variables', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request);
  const modelId = await createModel(request, token, 'call_flow', '调用子流程');
  await adminApi(request, token, 'PUT', '/bpm/model/update', {
    id: modelId,
    key: 'call_flow',
    name: '调用子流程',
    bpmnXml: CALL_DIAGRAM.replace('"oa_leave"', '""'),
  });
  await openDesigner(page, `?modelId=${modelId}`);
  await page.locator('.djs-element[data-element-id="C"]').click();
  const p = panel(page);
  await p.getByText('调用活动', { exact: true }).click();
  await expect(p.getByText('请选择或输入流程标识')).toBeVisible();
  await p.getByLabel('被调用流程').click();
  await page.getByText('OA 请假（oa_leave）').click();
  await expect(p.getByLabel('输入参数来源 1')).toHaveValue('days');
  await p.getByLabel('新输出参数来源').fill('${day * 2}');
  await p.getByLabel('新输出参数目标').fill('hours');
  await p.getByRole('button', { name: '添加输出参数' }).click();
  const xml = await previewXml(page);
  expect(xml).toContain('calledElement="oa_leave"');
  expect(xml).toContain('<flowable:out sourceExpression="${day * 2}" target="hours" />');
  expect(xml).toContain('<flowable:in source="days" target="day" />');
});
