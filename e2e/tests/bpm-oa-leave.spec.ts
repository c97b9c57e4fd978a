import { expect, test, type Page } from './fixtures';
import { byTestId, diagramNode, onScreen, pickDateTime, rowOf } from './bpm-runtime-helpers';
import { SCREENSHOTS, expectMessage, signIn } from './helpers';

const OK = /确\s*定$/;
/** 通过, not 不通过. */
const APPROVE = /(?<!不)通过$/;

/** Files a leave through 请假查询 › 发起请假 and lands on the process detail page. */
const requestLeave = async (page: Page, type: string, start: string, end: string, reason: string) => {
  await page.goto('/bpm/oa/leave');
  await page.getByRole('button', { name: '发起请假' }).click();
  await expect(page).toHaveURL('/bpm/oa/leave/create');
  const form = page.locator('form[id="oa-leave-form"]');
  await form.getByLabel('请假类型').click();
  await page.locator('.ant-select-dropdown').getByTitle(type, { exact: true }).click();
  await pickDateTime(page, '请选择开始时间', start);
  await pickDateTime(page, '请选择结束时间', end);
  await form.getByLabel('原因').fill(reason);
  await form.getByRole('button', { name: /提\s*交/ }).click();
  await expectMessage(page, '发起成功');
  await expect(page).toHaveURL(/\/bpm\/process-instance\/detail\?id=/);
};

/** Approves (or rejects) the open task named `name` on the detail page on screen. */
const decide = async (page: Page, name: string, reason: string, approve: boolean) => {
  const card = byTestId(page, 'approval-card').filter({ hasText: `审批任务【${name}】` });
  await card.getByLabel('审批建议').fill(reason);
  await card.getByRole('button', { name: approve ? APPROVE : '不通过' }).click();
  if (!approve) await page.locator('.ant-modal-confirm').getByRole('button', { name: OK }).click();
  await expectMessage(page, approve ? '审批通过成功！' : '审批不通过成功！');
};

test('OA leave: a long leave passes the leader and the director', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin', 'admin123', '/bpm/oa/leave');
  await expect(page).toHaveURL('/bpm/oa/leave');

  // The create form checks its fields before anything is sent.
  await page.getByRole('button', { name: '发起请假' }).click();
  const form = page.locator('form[id="oa-leave-form"]');
  await form.getByRole('button', { name: /提\s*交/ }).click();
  for (const text of ['请假类型不能为空', '开始时间不能为空', '结束时间不能为空', '原因不能为空'])
    await expect(form).toContainText(text);
  await pickDateTime(page, '请选择开始时间', '2030-05-06 09:00:00');
  await pickDateTime(page, '请选择结束时间', '2030-05-05 18:00:00');
  await expect(form).toContainText('结束时间需要大于开始时间');
  await page.screenshot({ path: `${SCREENSHOTS}bpm-oa-leave-create.png`, fullPage: true });

  // Five days: 领导审批, then 总监审批 (days > 3). Admin leads both departments above itself.
  await requestLeave(page, '病假', '2030-05-01 09:00:00', '2030-05-06 09:00:00', '体检与复查');
  const header = byTestId(page, 'instance-header');
  await expect(header).toContainText('处理中');
  // The business form is the leave itself, read-only.
  await expect(onScreen(page).getByText('体检与复查')).toBeVisible();
  await expect(onScreen(page).getByText('5 天')).toBeVisible();
  await decide(page, '领导审批', '领导同意', true);
  await expect(header).toContainText('处理中');
  await decide(page, '总监审批', '总监同意', true);
  await expect(header).toContainText('已完成');
  await expect(header).toContainText('通过');
  // Both approvals green in the viewer, with the long branch of the gateway taken.
  await expect(diagramNode(page, 'leaderApprove')).toHaveClass(/(^|\s)highlight(\s|$)/);
  await expect(diagramNode(page, 'directorApprove')).toHaveClass(/(^|\s)highlight(\s|$)/);
  await expect(diagramNode(page, 'flow_long')).toHaveClass(/highlight/);
  await expect(diagramNode(page, 'flow_short')).not.toHaveClass(/highlight/);
  await page.screenshot({ path: `${SCREENSHOTS}bpm-oa-leave-process.png`, fullPage: true });

  // The leave's result follows its process.
  await page.goto('/bpm/oa/leave');
  const row = rowOf(page, '体检与复查');
  await expect(row).toContainText('通过');
  await expect(row).toContainText('病假');
  await expect(row).toContainText('2030-05-01 09:00:00');
  await page.screenshot({ path: `${SCREENSHOTS}bpm-oa-leave-list.png`, fullPage: true });
  await row.getByRole('button', { name: '详情' }).click();
  await expect(page).toHaveURL(/\/bpm\/oa\/leave\/detail\?id=\d+/);
  await expect(onScreen(page).getByText('请假详情')).toBeVisible();
  await expect(onScreen(page).getByText('体检与复查')).toBeVisible();
  await expect(onScreen(page).getByText('2030-05-06 09:00:00')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}bpm-oa-leave-detail.png`, fullPage: true });
  await page.goto('/bpm/oa/leave');
  await rowOf(page, '体检与复查').getByRole('button', { name: '审批进度' }).click();
  await expect(page).toHaveURL(/\/bpm\/process-instance\/detail\?id=/);
  await expect(byTestId(page, 'timeline-task')).toHaveCount(2);
});

test('OA leave: a short leave rejected by the leader ends as 不通过', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin', 'admin123', '/bpm/oa/leave');
  await expect(page).toHaveURL('/bpm/oa/leave');
  await requestLeave(page, '事假', '2030-06-01 09:00:00', '2030-06-02 09:00:00', '搬家');
  await decide(page, '领导审批', '本周人手不足', false);
  const header = byTestId(page, 'instance-header');
  await expect(header).toContainText('不通过');
  await expect(byTestId(page, 'approval-card')).toHaveCount(0);
  await expect(diagramNode(page, 'leaderApprove')).toHaveClass(/highlight-reject/);

  await page.goto('/bpm/oa/leave');
  await page.locator('.list-search:visible').getByPlaceholder('请输入原因').fill('搬家');
  await page
    .locator('.list-search:visible')
    .getByRole('button', { name: /搜\s*索/ })
    .click();
  await expect(page.locator('.ant-table-tbody tr.ant-table-row:visible')).toHaveCount(1);
  await expect(rowOf(page, '搬家')).toContainText('不通过');
  await expect(rowOf(page, '搬家')).toContainText('事假');
});
