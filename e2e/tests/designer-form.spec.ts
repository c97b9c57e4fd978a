import { expect, test } from './fixtures';
import { SCREENSHOTS } from './helpers';
import { clickFlow, createUserTask, openDesigner, panel, previewXml, toolbar } from './designer-helpers';

const TASK_XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:flowable="http://flowable.org/bpmn" id="d" targetNamespace="http://flowable.org/bpmn">
  <process id="extras" name="扩展" isExecutable="true">
    <startEvent id="S" /><userTask id="T" name="审批" /><endEvent id="E" />
    <sequenceFlow id="F1" sourceRef="S" targetRef="T" />
    <sequenceFlow id="F2" sourceRef="T" targetRef="E" />
  </process>
  <bpmndi:BPMNDiagram id="D"><bpmndi:BPMNPlane id="PL" bpmnElement="extras">
    <bpmndi:BPMNShape id="S_di" bpmnElement="S"><dc:Bounds x="100" y="182" width="36" height="36" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="T_di" bpmnElement="T"><dc:Bounds x="200" y="160" width="100" height="80" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="E_di" bpmnElement="E"><dc:Bounds x="650" y="182" width="36" height="36" /></bpmndi:BPMNShape>
    <bpmndi:BPMNEdge id="F1_di" bpmnElement="F1"><di:waypoint x="136" y="200" /><di:waypoint x="200" y="200" /></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="F2_di" bpmnElement="F2"><di:waypoint x="300" y="200" /><di:waypoint x="650" y="200" /></bpmndi:BPMNEdge>
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</definitions>`;

test('form fields edit enum values, constraints, properties and the date pattern', async ({ page }) => {
  // A long edit sequence: allow for a busy machine.
  test.slow();
  await openDesigner(page, '?prefix=activiti');
  await createUserTask(page);
  const p = panel(page);
  await p.getByText('表单', { exact: true }).click();
  await p.getByLabel('表单标识').fill('leave-form');
  for (const [id, label] of [
    ['kind', '类型'],
    ['from', '开始'],
  ]) {
    await p.getByLabel('新字段ID').fill(id!);
    await p.getByLabel('新字段名称').fill(label!);
    await p.getByRole('button', { name: '添加字段' }).click();
  }
  await p.getByLabel('业务标识').click();
  await page.getByTitle('类型').click();

  await p.getByRole('button', { name: '编辑字段 1' }).click();
  const dialog = page.getByRole('dialog', { name: '表单字段' });
  await dialog.getByLabel('类型', { exact: true }).click();
  await page.getByTitle('枚举类').click();
  await dialog.getByRole('button', { name: '添加枚举值' }).click();
  await dialog.getByLabel('枚举值编号 1').fill('sick');
  await dialog.getByLabel('枚举值名称 1').fill('病假');
  await dialog.getByRole('button', { name: '添加枚举值' }).click();
  await dialog.getByLabel('枚举值编号 2').fill('annual');
  await dialog.getByLabel('枚举值名称 2').fill('年假');
  await dialog.getByRole('button', { name: '添加约束条件' }).click();
  await dialog.getByLabel('约束条件约束名称 1').fill('required');
  await dialog.getByRole('button', { name: '添加字段属性' }).click();
  await dialog.getByLabel('字段属性属性编号 1').fill('width');
  await dialog.getByLabel('字段属性属性值 1').fill('200');
  await page.screenshot({ path: `${SCREENSHOTS}designer-form-field.png` });
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();

  await p.getByRole('button', { name: '编辑字段 2' }).click();
  await dialog.getByLabel('字段ID').fill('kind');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('字段ID已存在')).toBeVisible();
  await dialog.getByLabel('字段ID').fill('from');
  await dialog.getByLabel('类型', { exact: true }).click();
  await page.getByTitle('日期类').click();
  await dialog.getByLabel('时间格式').fill('yyyy-MM-dd');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();
  await expect(p.getByRole('link', { name: '流程表单' })).toHaveAttribute('href', '/bpm/manager/form');

  // The saved form reaches the diagram: the preview shows it once it has.
  let xml = '';
  await expect
    .poll(async () => (xml = await previewXml(page)))
    .toContain('<activiti:formField id="from" label="开始" type="date" datePattern="yyyy-MM-dd" />');
  expect(xml).toContain('activiti:formKey="leave-form"');
  expect(xml).toMatch(/<activiti:formData businessKey="kind">/);
  expect(xml).toMatch(
    /<activiti:formField id="kind" label="类型" type="enum">\s*<activiti:properties>\s*<activiti:property id="width" value="200" \/>\s*<\/activiti:properties>\s*<activiti:validation>\s*<activiti:constraint name="required" \/>\s*<\/activiti:validation>\s*<activiti:value id="sick" name="病假" \/>\s*<activiti:value id="annual" name="年假" \/>/,
  );

  // The dialog's save is one command.
  await toolbar(page).getByRole('button', { name: '撤销' }).click();
  expect(await previewXml(page)).not.toContain('datePattern');
});

test('flowable user tasks and flows take buttons, assignee rules and condition rules, undoably', async ({
  page,
}) => {
  // A long edit sequence: allow for a busy machine.
  test.slow();
  await openDesigner(page, '?prefix=flowable');
  await page
    .getByLabel('选择流程文件')
    .setInputFiles({ name: 'extras.bpmn', mimeType: 'application/xml', buffer: Buffer.from(TASK_XML) });
  await page.locator('.djs-shape[data-element-id="T"]').click();
  await expect(panel(page)).toHaveAttribute('data-element-id', 'T');
  const p = panel(page);
  await p.getByText('按钮配置').click();
  await p.getByRole('button', { name: /添加按钮配置/ }).click();
  let dialog = page.getByRole('dialog', { name: '按钮配置' });
  await dialog.getByLabel('按钮ID').fill('btn_pass');
  await dialog.getByLabel('按钮名称').fill('通过');
  await dialog.getByLabel('按钮编码').fill('approve');
  await dialog.getByLabel('是否隐藏').click();
  await page.getByTitle('否', { exact: true }).click();
  await dialog.getByLabel('排序').fill('1');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(p.getByRole('cell', { name: 'approve' })).toBeVisible();

  await p.getByText('审批人规则').click();
  await p.getByRole('button', { name: /添加审批人规则/ }).click();
  dialog = page.getByRole('dialog', { name: '审批人规则' });
  await dialog.getByLabel('规则类型').fill('role');
  await dialog.getByLabel('规则值').fill('1');
  await dialog.getByLabel('运算类型').fill('and');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(p.getByRole('cell', { name: 'role' })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}designer-flowable-extras.png` });

  // A flow out of the task (not leaving a start event) gets the condition rules.
  const flowId = 'F2';
  await clickFlow(page, flowId);
  await p.getByText('条件规则').click();
  await p.getByRole('button', { name: /添加条件规则/ }).click();
  dialog = page.getByRole('dialog', { name: '条件规则' });
  await dialog.getByLabel('字段').fill('days');
  await dialog.getByLabel('比较方式').fill('>');
  await dialog.getByLabel('比较值').fill('3');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();

  // The last save reaches the diagram: the preview shows it once it has.
  let xml = '';
  await expect
    .poll(async () => (xml = await previewXml(page)))
    .toMatch(/<flowable:condition field="days" compare="&#62;" value="3" \/>/);
  expect(xml).toMatch(
    /<flowable:button id="btn_pass" name="通过" code="approve" isHide="false" sort="1" \/>/,
  );
  expect(xml).toMatch(/<flowable:assignee type="role" value="1" operationType="and" \/>/);

  // Removal asks first; undo brings the rule back. The flow is still selected, its tab still open.
  await expect(p).toHaveAttribute('data-element-id', flowId);
  await p.getByRole('button', { name: '移除条件规则 1' }).click();
  await expect(page.getByText('确认移除该条件规则吗？')).toBeVisible();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(p.getByRole('cell', { name: 'days' })).toHaveCount(0);
  await toolbar(page).getByRole('button', { name: '撤销' }).click();
  await expect(p.getByRole('cell', { name: 'days' })).toBeVisible();
  xml = await previewXml(page);
  expect(xml).toContain('<flowable:condition field="days"');
});

test('camunda user tasks have no flowable extras', async ({ page }) => {
  await openDesigner(page, '?prefix=camunda');
  await createUserTask(page);
  await expect(panel(page).getByText('任务配置')).toBeVisible();
  await expect(panel(page).getByText('按钮配置')).toHaveCount(0);
  await expect(panel(page).getByText('审批人规则')).toHaveCount(0);
});
