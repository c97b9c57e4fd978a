import { expect, test, type Browser, type Page } from './fixtures';
import { byTestId, createApprover, pickDateTime, rowOf } from './bpm-runtime-helpers';
import { expectMessage, signIn } from './helpers';
import { apiLogin } from './notify-helpers';

const OK = /确\s*定$/;
/** 通过, not 不通过. */
const APPROVE = /(?<!不)通过$/;
const suffix = Date.now().toString(36).slice(-6);

/** Files a five-day leave through 请假查询 › 发起请假 and lands on the process detail page. */
const requestLeave = async (page: Page, reason: string) => {
  await page.goto('/bpm/oa/leave');
  await page.getByRole('button', { name: '发起请假' }).click();
  await expect(page).toHaveURL('/bpm/oa/leave/create');
  const form = page.locator('form[id="oa-leave-form"]');
  await form.getByLabel('请假类型').click();
  await page.locator('.ant-select-dropdown').getByTitle('事假', { exact: true }).click();
  await pickDateTime(page, '请选择开始时间', '2030-07-01 09:00:00');
  await pickDateTime(page, '请选择结束时间', '2030-07-06 09:00:00');
  await form.getByLabel('原因').fill(reason);
  await form.getByRole('button', { name: /提\s*交/ }).click();
  await expectMessage(page, '发起成功');
  await expect(page).toHaveURL(/\/bpm\/process-instance\/detail\?id=/);
};

/** The approval card of my open task `name` on the detail page on screen. */
const cardOf = (page: Page, name: string) =>
  byTestId(page, 'approval-card').filter({ hasText: `审批任务【${name}】` });

const approve = async (page: Page, name: string, reason: string) => {
  const card = cardOf(page, name);
  await card.getByLabel('审批建议').fill(reason);
  await card.getByRole('button', { name: APPROVE }).click();
  await expectMessage(page, '审批通过成功！');
};

/** A dialog on screen by its title. */
const dialog = (page: Page, title: string) =>
  page.locator('.ant-modal:visible').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });

/** Signs `username` in (own browser context) and opens the leave's 领导审批 from 待办任务. */
const openTodoAs = async (browser: Browser, baseURL: string, username: string, password: string) => {
  const context = await browser.newContext({
    baseURL,
    locale: 'zh-CN',
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  await signIn(page, username, password, '/bpm/task/todo');
  await expect(page).toHaveURL('/bpm/task/todo');
  const row = rowOf(page, '领导审批').first();
  await expect(row).toContainText('OA 请假');
  await row.getByRole('button', { name: '审批' }).click();
  await expect(page).toHaveURL(/\/bpm\/process-instance\/detail\?id=/);
  return { page, context };
};

test('加签 on the leader’s task: the added user approves first, then the leader, and the leave goes on', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const token = await apiLogin(request);
  const first = await createApprover(request, token, `${suffix}a`);
  const second = await createApprover(request, token, `${suffix}b`);

  // The admin files a leave; the admin leads the department, so 领导审批 is the admin's.
  await signIn(page, 'admin', 'admin123', '/bpm/oa/leave');
  await expect(page).toHaveURL('/bpm/oa/leave');
  await requestLeave(page, `加签演示${suffix}`);
  const card = cardOf(page, '领导审批');
  await expect(card).toBeVisible();

  // 加签 checks its fields, then adds both approvers before the leader.
  await card.getByRole('button', { name: /加签$/ }).click();
  const add = dialog(page, '加签【领导审批】');
  await add.getByRole('button', { name: '向前加签' }).click();
  await expect(add).toContainText('加签处理人不能为空');
  await expect(add).toContainText('加签理由不能为空');
  await add.getByLabel('加签处理人').click();
  const options = page.locator('.ant-select-dropdown:visible');
  await options.getByTitle(first.nickname, { exact: true }).click();
  await options.getByTitle(second.nickname, { exact: true }).click();
  await add.getByLabel('加签理由').fill('请两位先把关');
  await add.getByRole('button', { name: '向前加签' }).click();
  await expectMessage(page, '加签成功！');

  // The leader's task waits for them: no card for the admin, the added tasks nested below it.
  await expect(byTestId(page, 'approval-card')).toHaveCount(0);
  const root = byTestId(page, 'timeline-task').filter({ hasText: '待前加签任务完成' });
  await expect(root).toContainText('审批人：系统管理员（研发部）');
  await expect(root).toContainText('审批建议：请两位先把关');
  const children = byTestId(page, 'timeline-children');
  await expect(children.getByTestId('timeline-task')).toHaveCount(2);
  await expect(children).toContainText(first.nickname);
  await expect(children).toContainText(second.nickname);

  // 减签: the second approver is taken away, after a confirmation with a reason.
  await root.getByRole('button', { name: /减签$/ }).first().click();
  const list = dialog(page, '减签【领导审批】');
  await expect(list.locator('tr.ant-table-row')).toHaveCount(2);
  await list
    .locator('tr.ant-table-row')
    .filter({ hasText: second.nickname })
    .getByRole('button', { name: /减\s*签/ })
    .click();
  const confirm = dialog(page, '确认减签');
  await expect(confirm).toContainText(`确定减签“${second.nickname}”的任务吗？`);
  await confirm.getByRole('button', { name: OK }).click();
  await expect(confirm).toContainText('减签理由不能为空');
  await confirm.getByLabel('减签理由').fill('人手够了');
  await confirm.getByRole('button', { name: OK }).click();
  await expectMessage(page, '减签成功！');
  await expect(list.locator('tr.ant-table-row')).toHaveCount(1);
  await expect(list.locator('tr.ant-table-row')).toContainText(first.nickname);
  await list.getByRole('button', { name: '关 闭' }).click();
  await expect(children.getByTestId('timeline-task')).toHaveCount(1);

  // The first approver finds the task in 待办任务 and approves it.
  const { page: other, context } = await openTodoAs(browser, baseURL!, first.username, first.password);
  await expect(cardOf(other, '领导审批')).toBeVisible();
  await approve(other, '领导审批', '我看过了，可以');
  await expect(byTestId(other, 'approval-card')).toHaveCount(0);
  await context.close();

  // Back with the leader, who approves: the five-day leave goes on to 总监审批.
  await page.reload();
  await expect(cardOf(page, '领导审批')).toBeVisible();
  const added = byTestId(page, 'timeline-children').getByTestId('timeline-task');
  await expect(added).toContainText('我看过了，可以');
  await expect(added).toContainText('通过');
  await approve(page, '领导审批', '领导同意');
  await expect(cardOf(page, '总监审批')).toBeVisible();
  await approve(page, '总监审批', '总监同意');
  const header = byTestId(page, 'instance-header');
  await expect(header).toContainText('已完成');
  await expect(header).toContainText('通过');
});
