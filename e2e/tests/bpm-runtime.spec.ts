import { expect, test, type APIRequestContext, type Browser, type Page } from './fixtures';
import {
  api,
  byTestId,
  createApprover,
  diagramNode,
  instanceIdOf,
  onScreen,
  rowOf,
} from './bpm-runtime-helpers';
import { SCREENSHOTS, expectMessage, signIn } from './helpers';
import { apiLogin } from './notify-helpers';

// One worker runs these in order: the second test reuses the process deployed by the first.
test.describe.configure({ mode: 'serial' });

const OK = /确\s*定$/;
/** 通过, not 不通过. */
const APPROVE = /(?<!不)通过$/;
const suffix = Date.now().toString(36);
const processKey = `e2e_expense_${suffix}`;
const processName = `E2E报销${suffix}`;

/** start → 经理审批 (the approver) → 总监审批 (admin) → end, with its diagram. */
const diagram = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
  xmlns:dc="http://www.omg.org/spec/DD/20100524/DC"
  xmlns:di="http://www.omg.org/spec/DD/20100524/DI"
  xmlns:flowable="http://flowable.org/bpmn"
  targetNamespace="http://flowable.org/bpmn" id="diagram_${processKey}">
  <process id="${processKey}" name="${processName}" isExecutable="true">
    <startEvent id="start" name="开始" />
    <sequenceFlow id="flow1" sourceRef="start" targetRef="manager" />
    <userTask id="manager" name="经理审批" />
    <sequenceFlow id="flow2" sourceRef="manager" targetRef="director" />
    <userTask id="director" name="总监审批" />
    <sequenceFlow id="flow3" sourceRef="director" targetRef="end" />
    <endEvent id="end" name="结束" />
  </process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_1">
    <bpmndi:BPMNPlane id="BPMNPlane_1" bpmnElement="${processKey}">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="100" y="160" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="manager_di" bpmnElement="manager"><dc:Bounds x="200" y="138" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="director_di" bpmnElement="director"><dc:Bounds x="360" y="138" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="end_di" bpmnElement="end"><dc:Bounds x="520" y="160" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="flow1_di" bpmnElement="flow1"><di:waypoint x="136" y="178" /><di:waypoint x="200" y="178" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flow2_di" bpmnElement="flow2"><di:waypoint x="300" y="178" /><di:waypoint x="360" y="178" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flow3_di" bpmnElement="flow3"><di:waypoint x="460" y="178" /><di:waypoint x="520" y="178" /></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</definitions>`;

/** A process form: 报销事由 (required text) and 金额 (number). */
const form = {
  name: `报销单${suffix}`,
  status: 0,
  conf: JSON.stringify({ type: 'default' }),
  fields: [
    JSON.stringify({
      type: 'textfield',
      id: 'Field_title',
      key: 'title',
      label: '报销事由',
      validate: { required: true },
    }),
    JSON.stringify({ type: 'number', id: 'Field_amount', key: 'amount', label: '金额' }),
  ],
};

/** A tab of the tab strip. */
const tab = (page: Page, title: string) =>
  page.getByRole('navigation', { name: '标签页' }).getByRole('link', { name: title });

let approver: Awaited<ReturnType<typeof createApprover>>;

/** Deploys the two-step process with its form; 经理审批 goes to the approver, 总监审批 to admin. */
const deployProcess = async (request: APIRequestContext) => {
  const token = await apiLogin(request);
  approver = await createApprover(request, token, suffix);
  const formId = await api<number>(request, token, 'POST', '/bpm/form/create', form);
  const modelId = await api<string>(request, token, 'POST', '/bpm/model/create', {
    key: processKey,
    name: processName,
    description: '端到端测试的报销流程',
    category: '1',
  });
  await api(request, token, 'PUT', '/bpm/model/update', {
    id: modelId,
    bpmnXml: diagram,
    formType: 10,
    formId,
  });
  const assignees: Record<string, number> = { manager: approver.userId, director: 1 };
  for (const [taskDefinitionKey, userId] of Object.entries(assignees))
    await api(request, token, 'POST', '/bpm/task-assign-rule/create', {
      modelId,
      taskDefinitionKey,
      type: 30,
      options: [userId],
    });
  await api(request, token, 'POST', `/bpm/model/deploy?id=${encodeURIComponent(modelId)}`);
};

/** Starts the process (signed in as admin) through 我的流程 › 发起流程; returns the instance's id. */
const startAsAdmin = async (page: Page, title: string, amount: string, checkRequired = false) => {
  await page.goto('/bpm/task/my');
  await expect(page.getByRole('button', { name: '发起流程' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: '发起流程' }).click();
  await expect(page).toHaveURL('/bpm/process-instance/create');
  // 我的流程 stays on screen until the start page has loaded.
  await expect(page.getByRole('columnheader', { name: '流程版本' })).toBeVisible();
  await expect(rowOf(page, processName)).toContainText('v1');
  if (checkRequired) await page.screenshot({ path: `${SCREENSHOTS}bpm-process-choose.png` });
  await rowOf(page, processName).getByRole('button', { name: '选择' }).click();
  await expect(page.getByText(`申请信息【${processName}】`)).toBeVisible();
  // The chosen definition's diagram is shown read-only below the form.
  await expect(diagramNode(page, 'manager')).toBeVisible();
  if (checkRequired) {
    // The form's own rules run before anything is sent.
    await page.getByRole('button', { name: /提\s*交/ }).click();
    await expect(page.getByText('此项为必填项')).toBeVisible();
  }
  await onScreen(page).getByLabel('报销事由').fill(title);
  await onScreen(page).getByLabel('金额').fill(amount);
  await page.screenshot({ path: `${SCREENSHOTS}bpm-process-create.png`, fullPage: true });
  await page.getByRole('button', { name: /提\s*交/ }).click();
  await expectMessage(page, '发起流程成功');
  await expect(page).toHaveURL(/\/bpm\/process-instance\/detail\?id=/);
  return instanceIdOf(page);
};

/** Signs the approver in (own browser context) and opens the task from 待办任务. */
const openTodoAsApprover = async (browser: Browser, baseURL: string, instanceId: string) => {
  const context = await browser.newContext({
    baseURL,
    locale: 'zh-CN',
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  await signIn(page, approver.username, approver.password, '/bpm/task/todo');
  await expect(page).toHaveURL('/bpm/task/todo');
  const row = rowOf(page, processName).first();
  await expect(row).toContainText('经理审批');
  await expect(row).toContainText('系统管理员');
  await expect(row).toContainText('激活');
  await page.screenshot({ path: `${SCREENSHOTS}bpm-task-todo.png`, fullPage: true });
  await row.getByRole('button', { name: '审批' }).click();
  await expect(page).toHaveURL(`/bpm/process-instance/detail?id=${instanceId}`);
  return { page, context };
};

test('start a process with a form, approve it on two accounts, and follow it in the viewer', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await deployProcess(request);
  await signIn(page);
  await expect(page).toHaveURL('/index');
  const id = await startAsAdmin(page, '差旅报销', '1280', true);

  const header = byTestId(page, 'instance-header');
  await expect(header).toContainText(processName);
  await expect(header).toContainText('系统管理员（研发部）');
  await expect(header).toContainText('处理中');
  await expect(byTestId(page, 'approval-card')).toHaveCount(0);
  await expect(byTestId(page, 'timeline-task').first()).toContainText(approver.nickname);
  await expect(diagramNode(page, 'manager')).toHaveClass(/highlight-todo/);

  // The approver works on the task.
  const { page: other, context } = await openTodoAsApprover(browser, baseURL!, id);
  const card = byTestId(other, 'approval-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('审批任务【经理审批】');
  await other.screenshot({ path: `${SCREENSHOTS}bpm-process-detail-todo.png`, fullPage: true });
  // The submitted form is shown read-only.
  await expect(onScreen(other).getByLabel('报销事由')).toHaveValue('差旅报销');
  await expect(onScreen(other).getByLabel('报销事由')).not.toBeEditable();
  await card.getByRole('button', { name: APPROVE }).click();
  await expect(card).toContainText('审批建议不能为空');
  await card.getByLabel('审批建议').fill('同意报销');
  await card.getByRole('button', { name: APPROVE }).click();
  await expectMessage(other, '审批通过成功！');
  await expect(byTestId(other, 'approval-card')).toHaveCount(0);
  const approved = byTestId(other, 'timeline-task').filter({ hasText: '经理审批' });
  await expect(approved).toContainText('通过');
  await expect(approved).toContainText('同意报销');
  await expect(approved).toContainText(`${approver.nickname}（研发部）`);
  await expect(approved).toContainText(/耗时：\d/);
  // The viewer: the approved node green, the next one to do, the flow taken between them.
  await expect(diagramNode(other, 'start')).toHaveClass(/highlight/);
  await expect(diagramNode(other, 'manager')).toHaveClass(/(^|\s)highlight(\s|$)/);
  await expect(diagramNode(other, 'director')).toHaveClass(/highlight-todo/);
  await expect(diagramNode(other, 'flow1')).toHaveClass(/highlight/);
  await diagramNode(other, 'manager').hover();
  await expect(other.locator('.bpm-viewer__info')).toContainText(`审批人：${approver.nickname}`);
  await other.screenshot({ path: `${SCREENSHOTS}bpm-process-detail-approved.png`, fullPage: true });

  // 已办任务 lists it with the result, the opinion and the duration.
  await other.goto('/bpm/task/done');
  await expect(rowOf(other, processName)).toBeVisible({ timeout: 30_000 });
  const done = rowOf(other, processName);
  await expect(done).toContainText('通过');
  await expect(done).toContainText('同意报销');
  await expect(done).toContainText('秒');
  await other.screenshot({ path: `${SCREENSHOTS}bpm-task-done.png`, fullPage: true });
  await context.close();

  // Admin holds 总监审批 now; the detail tab, shown again, reloads.
  await tab(page, '我的流程').click();
  await tab(page, '流程详情').click();
  await expect(page).toHaveURL(`/bpm/process-instance/detail?id=${id}`);
  const adminCard = byTestId(page, 'approval-card');
  await expect(adminCard).toContainText('审批任务【总监审批】');
  await adminCard.getByLabel('审批建议').fill('总监同意');
  await adminCard.getByRole('button', { name: APPROVE }).click();
  await expectMessage(page, '审批通过成功！');
  await expect(header).toContainText('已完成');
  await expect(header).toContainText('通过');
  await expect(diagramNode(page, 'director')).toHaveClass(/(^|\s)highlight(\s|$)/);
  await expect(diagramNode(page, 'end')).toHaveClass(/highlight/);

  // 我的流程 shows it finished.
  await tab(page, '我的流程').click();
  const mine = rowOf(page, id);
  await expect(mine).toContainText('已完成');
  await expect(mine).toContainText('通过');
  await expect(mine.getByRole('button', { name: '取消' })).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}bpm-process-my.png`, fullPage: true });
});

test('the approver rejects a process; the starter cancels another', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await expect(page).toHaveURL('/index');
  const id = await startAsAdmin(page, '办公用品', '88');

  const { page: other, context } = await openTodoAsApprover(browser, baseURL!, id);
  const card = byTestId(other, 'approval-card');
  await card.getByLabel('审批建议').fill('预算不足');
  await card.getByRole('button', { name: '不通过' }).click();
  const confirm = other.locator('.ant-modal-confirm');
  await expect(confirm).toContainText('确定不通过任务“经理审批”吗？');
  await confirm.getByRole('button', { name: OK }).click();
  await expectMessage(other, '审批不通过成功！');
  const header = byTestId(other, 'instance-header');
  await expect(header).toContainText('不通过');
  await expect(diagramNode(other, 'manager')).toHaveClass(/highlight-reject/);
  // The next node is neither approved nor waiting.
  await expect(diagramNode(other, 'director')).not.toHaveClass(/(^|\s)highlight(-todo)?(\s|$)/);
  await other.screenshot({ path: `${SCREENSHOTS}bpm-process-detail-rejected.png`, fullPage: true });
  await context.close();

  // The starter cancels a running process with a reason.
  const running = await startAsAdmin(page, '会议茶歇', '200');
  await tab(page, '我的流程').click();
  const row = rowOf(page, running);
  await expect(row).toContainText('处理中');
  await expect(row).toContainText('经理审批');
  await expect(rowOf(page, id)).toContainText('不通过');
  await row.getByRole('button', { name: '取消' }).click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '取消流程' });
  await dialog.getByRole('button', { name: OK }).click();
  await expect(dialog).toContainText('取消原因不能为空');
  await dialog.getByRole('textbox').fill('不再需要');
  await dialog.getByRole('button', { name: OK }).click();
  await expectMessage(page, '取消成功');
  await expect(row).toContainText('已取消');
  await expect(row.getByRole('button', { name: '取消' })).toHaveCount(0);
});
