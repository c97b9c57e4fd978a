import { expect, test, type Page } from './fixtures';
import { SCREENSHOTS, expectMessage, signIn } from './helpers';
import { adminApi, apiLogin, confirmDialog, dialog, OK, rowOf } from './bpm-manage-helpers';
import { byTestId, createApprover, diagramNode, onScreen } from './bpm-runtime-helpers';

// The second test runs the process the first one models, designs, assigns and deploys.
test.describe.configure({ mode: 'serial' });

/** The user the modelled process assigns 经理审批 to (through the user group). */
let approver: Awaited<ReturnType<typeof createApprover>>;
/** 通过, not 不通过. */
const APPROVE = /(?<!不)通过$/;

/** A whole process (start → 经理审批 → end) whose id and name match the model's key and name. */
const processXml = (key: string, name: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn2:definitions xmlns:bpmn2="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" id="diagram_${key}" targetNamespace="http://flowable.org/bpmn">
  <bpmn2:process id="${key}" name="${name}" isExecutable="true">
    <bpmn2:startEvent id="start" name="开始" />
    <bpmn2:sequenceFlow id="f1" sourceRef="start" targetRef="managerApprove" />
    <bpmn2:userTask id="managerApprove" name="经理审批" />
    <bpmn2:sequenceFlow id="f2" sourceRef="managerApprove" targetRef="end" />
    <bpmn2:endEvent id="end" name="结束" />
  </bpmn2:process>
  <bpmndi:BPMNDiagram id="d_${key}">
    <bpmndi:BPMNPlane id="p_${key}" bpmnElement="${key}">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="100" y="182" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="managerApprove_di" bpmnElement="managerApprove"><dc:Bounds x="190" y="160" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="end_di" bpmnElement="end"><dc:Bounds x="350" y="182" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="f1_di" bpmnElement="f1"><di:waypoint x="136" y="200" /><di:waypoint x="190" y="200" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f2_di" bpmnElement="f2"><di:waypoint x="290" y="200" /><di:waypoint x="350" y="200" /></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn2:definitions>`;

const modelsPage = (page: Page) => page.locator('.list-page:visible');

/** Picks `option` in the antd select labelled `label` inside `scope`. */
const choose = async (page: Page, scope: ReturnType<Page['locator']>, label: string, option: string) => {
  await scope.getByRole('combobox', { name: label }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
};

test('models: create, bind a form, design, assign, deploy, suspend, definitions, import and delete', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const token = await apiLogin(request);
  await adminApi(request, token, 'POST', '/bpm/form/create', {
    name: 'E2E模型表单',
    status: 0,
    conf: JSON.stringify({ type: 'default', id: 'Form_e2e' }),
    fields: [JSON.stringify({ type: 'textfield', id: 'f1', key: 'reason', label: '申请理由' })],
  });
  approver = await createApprover(request, token, Date.now().toString(36));
  await adminApi(request, token, 'POST', '/bpm/user-group/create', {
    name: 'E2E模型审批组',
    description: '模型测试',
    memberUserIds: [approver.userId],
    status: 0,
  });

  await signIn(page, 'admin', 'admin123', '/bpm/manager/model');
  await expect(rowOf(page, 'oa_leave')).toContainText('OA 请假');

  // 新建流程
  await page.getByRole('button', { name: '新建流程' }).click();
  const create = dialog(page, '新建模型');
  await create.getByRole('button', { name: OK }).click();
  await expect(create).toContainText('流程标识不能为空');
  await expect(create).toContainText('流程名称不能为空');
  await create.getByRole('textbox', { name: /流程标识/ }).fill('1bad');
  await expect(create).toContainText('流程标识格式不正确');
  await create.getByRole('textbox', { name: /流程标识/ }).fill('e2e_leave');
  await create.getByLabel('流程名称').fill('E2E请假');
  await create.getByLabel('流程描述').fill('端到端测试的流程');
  await create.getByRole('button', { name: OK }).click();
  const steps = page.locator('.ant-modal-confirm:visible');
  await expect(steps).toContainText('新建模型成功！后续需要执行如下 4 个步骤');
  await steps.getByRole('button', { name: OK }).click();
  await expect(rowOf(page, 'e2e_leave')).toContainText('未部署');
  await expect(rowOf(page, 'e2e_leave')).toContainText('暂无表单');

  // 修改流程: category and the process form
  await rowOf(page, 'e2e_leave').getByRole('button', { name: '修改流程' }).click();
  const update = dialog(page, '修改模型');
  await expect(update.getByRole('textbox', { name: /流程标识/ })).toBeDisabled();
  await update.getByRole('button', { name: OK }).click();
  await expect(update).toContainText('流程分类不能为空');
  await expect(update).toContainText('表单类型不能为空');
  await choose(page, update, '流程分类', '默认');
  await update.getByText('流程表单', { exact: true }).click();
  await choose(page, update, '流程表单', 'E2E模型表单');
  await update.getByRole('button', { name: OK }).click();
  await expectMessage(page, '修改模型成功');
  await expect(rowOf(page, 'e2e_leave')).toContainText('默认');
  await rowOf(page, 'e2e_leave').getByRole('button', { name: 'E2E模型表单' }).click();
  await expect(dialog(page, '表单详情').getByLabel('申请理由')).toBeVisible();
  await dialog(page, '表单详情').getByRole('button', { name: '关闭' }).click();

  // 设计流程: open a whole diagram in the designer and save it into the model
  await rowOf(page, 'e2e_leave').getByRole('button', { name: '设计流程' }).click();
  await expect(page).toHaveURL(/\/bpm\/manager\/model\/design\?modelId=/);
  await expect(page.getByText('流程模型：E2E请假（e2e_leave）')).toBeVisible();
  await expect(page.locator('.djs-palette')).toBeVisible();
  await page.getByLabel('选择流程文件').setInputFiles({
    name: 'e2e_leave.bpmn',
    mimeType: 'application/xml',
    buffer: Buffer.from(processXml('e2e_leave', 'E2E请假')),
  });
  await expect(page.locator('.djs-shape[data-element-id="managerApprove"]')).toBeVisible();
  await page.getByRole('button', { name: /保存模型/ }).click();
  await expectMessage(page, '保存成功');
  // 经理审批 has no assignee in the diagram (its rule comes later): saved, and the problem listed.
  const problems = page.getByRole('dialog', { name: '流程校验发现 1 个问题' });
  await expect(problems).toContainText('经理审批：用户任务未指定处理人');
  await problems.getByRole('button', { name: '知道了' }).click();
  await page.screenshot({ path: `${SCREENSHOTS}bpm-model-design.png` });
  await page.locator('.tags-view, [role="tablist"]').getByText('流程模型', { exact: true }).first().click();
  await expect(modelsPage(page)).toBeVisible();

  // 发布流程 refuses a user task without a rule, with the server's reason
  await rowOf(page, 'e2e_leave').getByRole('button', { name: '发布流程' }).click();
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  await expect(
    page.getByText('部署流程失败，原因：用户任务(经理审批)未配置分配规则，请点击【修改流程】按钮进行配置'),
  ).toBeVisible();
  await expect(confirmDialog(page)).toBeHidden();

  // 分配规则
  await rowOf(page, 'e2e_leave').getByRole('button', { name: '分配规则' }).click();
  const rules = dialog(page, '任务分配规则');
  await expect(rowOf(page, 'managerApprove')).toContainText('经理审批');
  await expect(rowOf(page, 'managerApprove')).toContainText('未配置');
  await rowOf(page, 'managerApprove').getByRole('button', { name: '修改' }).click();
  const rule = dialog(page, '修改任务规则');
  await expect(rule.getByLabel('任务标识')).toHaveValue('managerApprove');
  await rule.getByRole('button', { name: OK }).click();
  await expect(rule).toContainText('规则类型不能为空');
  await choose(page, rule, '规则类型', '部门的成员');
  await expect(rule.getByText('指定部门', { exact: true })).toBeVisible();
  await choose(page, rule, '规则类型', '用户组');
  await rule.getByRole('combobox', { name: '指定用户组' }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('E2E模型审批组').click();
  await rule.locator('.ant-modal-title').click();
  await rule.getByRole('button', { name: OK }).click();
  await expectMessage(page, '修改成功');
  await expect(rowOf(page, 'managerApprove')).toContainText('用户组');
  await expect(rowOf(page, 'managerApprove')).toContainText('E2E模型审批组');
  await page.screenshot({ path: `${SCREENSHOTS}bpm-model-rules.png` });
  await rules.getByRole('button', { name: '关闭' }).click();

  // 发布流程, then again without a change
  await rowOf(page, 'e2e_leave').getByRole('button', { name: '发布流程' }).click();
  await expect(confirmDialog(page)).toContainText('是否部署该流程！！');
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  await expectMessage(page, '部署成功');
  await expect(rowOf(page, 'e2e_leave')).toContainText('v1');
  const state = rowOf(page, 'e2e_leave').getByRole('switch');
  await expect(state).toBeChecked();
  await rowOf(page, 'e2e_leave').getByRole('button', { name: '发布流程' }).click();
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  await expect(page.getByText('流程定义部署失败，原因：信息未发生变化')).toBeVisible();
  await expect(confirmDialog(page)).toBeHidden();

  // 激活状态
  await state.click();
  await expect(confirmDialog(page)).toContainText('是否确认挂起流程名字为"E2E请假"的数据项?');
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  await expectMessage(page, '挂起成功');
  await expect(state).not.toBeChecked();
  await state.click();
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  await expectMessage(page, '激活成功');
  await expect(state).toBeChecked();
  await page.screenshot({ path: `${SCREENSHOTS}bpm-model-page.png` });

  // The name opens the diagram, read only
  await rowOf(page, 'e2e_leave').getByRole('button', { name: 'E2E请假' }).click();
  const diagram = dialog(page, '流程图');
  await expect(diagram.locator('.djs-shape[data-element-id="managerApprove"]')).toBeVisible();
  await diagram.getByRole('button', { name: '关闭' }).click();

  // 流程定义
  await rowOf(page, 'e2e_leave').getByRole('button', { name: '流程定义' }).click();
  await expect(page).toHaveURL('/bpm/manager/definition?key=e2e_leave');
  const definition = rowOf(page, 'E2E请假');
  await expect(definition).toContainText('v1');
  await expect(definition).toContainText('激活');
  await expect(definition).toContainText('E2E模型表单');
  await page.screenshot({ path: `${SCREENSHOTS}bpm-definition-page.png` });
  await definition.getByRole('button', { name: 'E2E请假' }).click();
  await expect(dialog(page, '流程图').locator('.djs-shape[data-element-id="managerApprove"]')).toBeVisible();
  await dialog(page, '流程图').getByRole('button', { name: '关闭' }).click();
  await definition.getByRole('button', { name: '分配规则' }).click();
  await expect(rowOf(page, 'managerApprove')).toContainText('E2E模型审批组');
  await expect(dialog(page, '任务分配规则').getByRole('button', { name: '修改' })).toHaveCount(0);
  await dialog(page, '任务分配规则').getByRole('button', { name: '关闭' }).click();
  await page.locator('.tags-view, [role="tablist"]').getByText('流程模型', { exact: true }).first().click();

  // 导入流程, then 删除
  await page.getByRole('button', { name: '导入流程' }).click();
  const upload = dialog(page, '导入流程');
  await upload.locator('input[type="file"]').setInputFiles({
    name: 'e2e_import.bpmn',
    mimeType: 'application/xml',
    buffer: Buffer.from(processXml('e2e_import', 'E2E导入')),
  });
  await expect(upload).toContainText('e2e_import.bpmn');
  await upload.getByRole('textbox', { name: /流程标识/ }).fill('e2e_import');
  await upload.getByLabel('流程名称').fill('E2E导入');
  await upload.getByRole('button', { name: OK }).click();
  await expect(page.getByText('导入流程成功！')).toBeVisible();
  await expect(rowOf(page, 'e2e_import')).toContainText('未部署');

  await rowOf(page, 'e2e_import').getByRole('button', { name: '删除' }).click();
  await expect(confirmDialog(page)).toContainText('是否删除该流程！！');
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  await expectMessage(page, '删除成功');
  await expect(rowOf(page, 'e2e_import')).toHaveCount(0);
});

test('the modelled process runs: start it, approve on the approver account, see it in the viewer', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin', 'admin123', '/bpm/process-instance/create');
  await rowOf(page, 'E2E请假').getByRole('button', { name: '选择' }).click();
  await expect(page.getByText('申请信息【E2E请假】')).toBeVisible();
  await onScreen(page).getByLabel('申请理由').fill('回家探亲');
  await page.getByRole('button', { name: /提\s*交/ }).click();
  await expectMessage(page, '发起流程成功');
  await expect(page).toHaveURL(/\/bpm\/process-instance\/detail\?id=/);
  const detailPath = new URL(page.url()).pathname + new URL(page.url()).search;
  await expect(diagramNode(page, 'managerApprove')).toHaveClass(/highlight-todo/);

  // The group's member approves on an account of their own.
  const context = await browser.newContext({
    baseURL,
    locale: 'zh-CN',
    viewport: { width: 1280, height: 800 },
  });
  const other = await context.newPage();
  await signIn(other, approver.username, approver.password, '/bpm/task/todo');
  await rowOf(other, 'E2E请假').first().getByRole('button', { name: '审批' }).click();
  await expect(other).toHaveURL(detailPath);
  const card = byTestId(other, 'approval-card');
  await expect(card).toContainText('审批任务【经理审批】');
  await expect(onScreen(other).getByLabel('申请理由')).toHaveValue('回家探亲');
  await card.getByLabel('审批建议').fill('同意');
  await card.getByRole('button', { name: APPROVE }).click();
  await expectMessage(other, '审批通过成功！');
  await context.close();

  // The starter sees it finished, the path taken highlighted.
  await page.reload();
  const header = byTestId(page, 'instance-header');
  await expect(header).toContainText('已完成');
  await expect(header).toContainText('通过');
  await expect(diagramNode(page, 'managerApprove')).toHaveClass(/(^|\s)highlight(\s|$)/);
  await expect(diagramNode(page, 'f2')).toHaveClass(/highlight/);
  await expect(diagramNode(page, 'end')).toHaveClass(/highlight/);
  await page.screenshot({ path: `${SCREENSHOTS}bpm-model-run.png`, fullPage: true });
});
