import { expect, test } from './fixtures';
import { SCREENSHOTS } from './helpers';
import { clickFlow, createUserTask, openDesigner, panel, previewXml } from './designer-helpers';

const NAMESPACES = {
  camunda: 'http://camunda.org/schema/1.0/bpmn',
  flowable: 'http://flowable.org/bpmn',
  activiti: 'http://activiti.org/bpmn',
} as const;

for (const prefix of ['camunda', 'flowable', 'activiti'] as const) {
  test(`${prefix}: user task properties, conditions and extension properties round-trip`, async ({
    page,
  }) => {
    // A long edit sequence: allow for a busy machine.
    test.slow();
    await openDesigner(page, `?prefix=${prefix}`);
    await expect(page.getByRole('radio', { name: prefix })).toBeChecked();

    await createUserTask(page);
    const p = panel(page);
    await p.getByText('任务配置').click();
    await p.getByLabel('处理用户').fill('1');
    await p.getByLabel('到期时间').fill('${dueDate}');
    await p.getByLabel('优先级').fill('50');
    await p.getByText('异步前').click();
    const candidates = p.locator('#bpm-task-candidateUsers');
    await candidates.fill('2');
    await candidates.press('Enter');
    await candidates.fill('3');
    await candidates.press('Enter');
    await p.getByText('扩展属性').click();
    await p.getByLabel('新属性名').fill('color');
    await p.getByLabel('新属性值').fill('red');
    await p.getByRole('button', { name: '添加属性' }).click();
    await expect(p.getByLabel('属性名 1')).toHaveValue('color');
    await p.getByText('表单', { exact: true }).click();
    await p.getByLabel('新字段ID').fill('days');
    await p.getByLabel('新字段名称').fill('天数');
    await p.getByRole('button', { name: '添加字段' }).click();
    await expect(p.getByLabel('字段ID 1')).toHaveValue('days');
    await p.getByText('其他配置').click();
    await p.getByLabel('元素文档').fill('审批说明');
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SCREENSHOTS}designer-${prefix}-task.png` });

    const xml = await previewXml(page);
    expect(xml).toContain(`xmlns:${prefix}="${NAMESPACES[prefix]}"`);
    expect(xml).toContain(`targetNamespace="${NAMESPACES[prefix]}"`);
    expect(xml).toContain(`${prefix}:assignee="1"`);
    expect(xml).toContain(`${prefix}:dueDate="\${dueDate}"`);
    expect(xml).toContain(`${prefix}:priority="50"`);
    expect(xml).toContain(`${prefix}:candidateUsers="2,3"`);
    expect(xml).toContain(`${prefix}:asyncBefore="true"`);
    expect(xml).toContain(`<${prefix}:property name="color" value="red" />`);
    expect(xml).toContain('审批说明</bpmn2:documentation>');
    expect(xml).toMatch(
      new RegExp(`<${prefix}:formData>\\s*<${prefix}:formField id="days" label="天数" type="string" />`),
    );
  });
}

test('sequence flows switch between normal, default and conditional', async ({ page }) => {
  await openDesigner(page, '?prefix=flowable');
  // An imported gateway with two outgoing flows.
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:flowable="http://flowable.org/bpmn" id="d" targetNamespace="http://flowable.org/bpmn">
  <process id="cond" name="条件" isExecutable="true">
    <startEvent id="S" /><exclusiveGateway id="G" /><endEvent id="E1" /><endEvent id="E2" />
    <sequenceFlow id="F0" sourceRef="S" targetRef="G" />
    <sequenceFlow id="F1" sourceRef="G" targetRef="E1" />
    <sequenceFlow id="F2" sourceRef="G" targetRef="E2" />
  </process>
  <bpmndi:BPMNDiagram id="D"><bpmndi:BPMNPlane id="PL" bpmnElement="cond">
    <bpmndi:BPMNShape id="S_di" bpmnElement="S"><dc:Bounds x="100" y="182" width="36" height="36" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="G_di" bpmnElement="G"><dc:Bounds x="200" y="175" width="50" height="50" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="E1_di" bpmnElement="E1"><dc:Bounds x="400" y="182" width="36" height="36" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="E2_di" bpmnElement="E2"><dc:Bounds x="400" y="282" width="36" height="36" /></bpmndi:BPMNShape>
    <bpmndi:BPMNEdge id="F0_di" bpmnElement="F0"><di:waypoint x="136" y="200" /><di:waypoint x="200" y="200" /></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="F1_di" bpmnElement="F1"><di:waypoint x="250" y="200" /><di:waypoint x="400" y="200" /></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="F2_di" bpmnElement="F2"><di:waypoint x="225" y="225" /><di:waypoint x="400" y="300" /></bpmndi:BPMNEdge>
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</definitions>`;
  await page
    .getByLabel('选择流程文件')
    .setInputFiles({ name: 'c.bpmn', mimeType: 'application/xml', buffer: Buffer.from(xml) });
  await expect(panel(page).getByLabel('流程标识')).toHaveValue('cond');

  // The flow leaving the start event has no condition tab.
  await clickFlow(page, 'F0');
  await expect(panel(page).getByText('流转条件')).toHaveCount(0);

  await clickFlow(page, 'F1');
  await panel(page).getByText('流转条件').click();
  await panel(page).getByLabel('流转类型').click();
  await page.getByTitle('条件流转路径', { exact: true }).click();
  await panel(page).getByLabel('表达式').fill('${days > 3}');
  await expect
    .poll(() => previewXml(page))
    .toMatch(
      /<(bpmn2:)?conditionExpression xsi:type="(bpmn2:)?tFormalExpression">\$\{days &gt; 3\}<\/(bpmn2:)?conditionExpression>/,
    );

  await clickFlow(page, 'F2');
  await panel(page).getByText('流转条件').click();
  await panel(page).getByLabel('流转类型').click();
  await page.getByTitle('默认流转路径', { exact: true }).click();
  await expect.poll(() => previewXml(page)).toContain('default="F2"');
  await page.screenshot({ path: `${SCREENSHOTS}designer-condition.png` });
});
