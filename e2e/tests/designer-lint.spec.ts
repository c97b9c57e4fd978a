import { expect, test, type Page } from './fixtures';
import { SCREENSHOTS } from './helpers';
import { clickFlow, createUserTask, openDesigner, panel, toolbar } from './designer-helpers';

const GATEWAY_XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:flowable="http://flowable.org/bpmn" id="d" targetNamespace="http://flowable.org/bpmn">
  <process id="lint" name="校验" isExecutable="true">
    <startEvent id="S" /><exclusiveGateway id="G" /><endEvent id="E1" />
    <userTask id="T" name="会签" flowable:assignee="\${u}"><multiInstanceLoopCharacteristics flowable:collection="signers" /></userTask>
    <sequenceFlow id="F0" sourceRef="S" targetRef="G" />
    <sequenceFlow id="F1" sourceRef="G" targetRef="T" />
    <sequenceFlow id="F2" sourceRef="G" targetRef="E1" />
    <sequenceFlow id="F3" sourceRef="T" targetRef="E1" />
  </process>
  <bpmndi:BPMNDiagram id="D"><bpmndi:BPMNPlane id="PL" bpmnElement="lint">
    <bpmndi:BPMNShape id="S_di" bpmnElement="S"><dc:Bounds x="100" y="182" width="36" height="36" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="G_di" bpmnElement="G"><dc:Bounds x="200" y="175" width="50" height="50" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="T_di" bpmnElement="T"><dc:Bounds x="340" y="160" width="100" height="80" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="E1_di" bpmnElement="E1"><dc:Bounds x="600" y="312" width="36" height="36" /></bpmndi:BPMNShape>
    <bpmndi:BPMNEdge id="F0_di" bpmnElement="F0"><di:waypoint x="136" y="200" /><di:waypoint x="200" y="200" /></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="F1_di" bpmnElement="F1"><di:waypoint x="250" y="200" /><di:waypoint x="340" y="200" /></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="F2_di" bpmnElement="F2"><di:waypoint x="225" y="225" /><di:waypoint x="600" y="330" /></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="F3_di" bpmnElement="F3"><di:waypoint x="440" y="200" /><di:waypoint x="618" y="200" /><di:waypoint x="618" y="312" /></bpmndi:BPMNEdge>
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</definitions>`;

const badge = (page: Page, id: string) =>
  page.locator(`.djs-overlays[data-container-id="${id}"] .bpm-lint-badge`);

test('bpmnlint marks problems live; fixing them clears the marks', async ({ page }) => {
  // A long edit sequence: allow for a busy machine.
  test.slow();
  await openDesigner(page, '?prefix=flowable');
  // A new diagram has neither start nor end event.
  const problems = toolbar(page).getByRole('button', { name: /个问题/ });
  await expect(problems).toHaveText(/2 个问题/);
  await problems.click();
  await expect(page.getByRole('list', { name: '流程校验问题' })).toContainText('流程缺少开始事件');
  await expect(page.getByRole('list', { name: '流程校验问题' })).toContainText('流程缺少结束事件');
  await problems.click();

  // A user task without assignment gets a warning badge; assigning it clears the badge.
  const task = await createUserTask(page);
  const id = (await task.getAttribute('data-element-id'))!;
  await expect(badge(page, id)).toHaveClass(/bpm-lint-badge--warn/);
  await expect(task).toHaveClass(/bpm-lint--warn/);
  await page.screenshot({ path: `${SCREENSHOTS}designer-lint-user-task.png` });
  await panel(page).getByText('任务配置').click();
  await panel(page).getByLabel('处理用户').fill('1');
  await expect(badge(page, id)).toHaveCount(0);
  await expect(task).not.toHaveClass(/bpm-lint--warn/);

  // Gateway branch without condition or default, bare collection.
  await page
    .getByLabel('选择流程文件')
    .setInputFiles({ name: 'lint.bpmn', mimeType: 'application/xml', buffer: Buffer.from(GATEWAY_XML) });
  await expect(problems).toHaveText(/3 个问题/);
  for (const flow of ['F1', 'F2']) await expect(badge(page, flow)).toHaveClass(/bpm-lint-badge--error/);
  await expect(badge(page, 'T')).toHaveAttribute('title', '多实例集合应写成表达式，例如 ${signers}');
  await page.screenshot({ path: `${SCREENSHOTS}designer-lint-gateway.png` });

  await clickFlow(page, 'F2');
  await panel(page).getByText('流转条件').click();
  await panel(page).getByLabel('流转类型').click();
  await page.getByTitle('默认流转路径', { exact: true }).click();
  await clickFlow(page, 'F1');
  await panel(page).getByText('流转条件').click();
  await panel(page).getByLabel('流转类型').click();
  await page.getByTitle('条件流转路径', { exact: true }).click();
  await panel(page).getByLabel('表达式').fill('${days > 3}');
  await expect(badge(page, 'F1')).toHaveCount(0);
  await expect(badge(page, 'F2')).toHaveCount(0);
  // Deselect first: the flow's context pad sits next to the task.
  await page.getByTestId('bpmn-canvas').click({ position: { x: 300, y: 560 } });
  await page.locator('.djs-shape[data-element-id="T"]').click();
  await panel(page).getByText('多实例').click();
  await panel(page).getByLabel('集合').fill('${signers}');
  await expect(toolbar(page).getByRole('button', { name: '校验通过' })).toBeVisible();
});
