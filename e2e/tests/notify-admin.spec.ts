import { expect, test, type Page } from './fixtures';
import { expectMessage, signIn } from './helpers';
import { apiLogin, bell, expectUnread, unreadCount } from './notify-helpers';

const OK = /确\s*定$/;
const TEMPLATE_PATH = '/system/notify/notify-template';
const MESSAGE_PATH = '/system/notify/notify-message';
const dialog = (page: Page, title: string) => page.locator('.ant-modal').filter({ hasText: title });
const confirmDialog = (page: Page) => page.locator('.ant-modal-confirm');
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const rowOf = (page: Page, text: string) => rows(page).filter({ hasText: text });

test('notify templates and messages: create, test-send to admin, list, bell, edit, status, delete', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await apiLogin(request);
  const unreadBefore = await unreadCount(request, token);
  await signIn(page, 'admin', 'admin123', TEMPLATE_PATH);
  await expect(page).toHaveURL(TEMPLATE_PATH);
  await expect(rowOf(page, 'todo_reminder')).toContainText('待办提醒');
  await expect(rowOf(page, 'todo_reminder')).toContainText('系统消息');

  // Create: the form checks its fields first.
  await page.getByRole('button', { name: '新增' }).click();
  const create = dialog(page, '新增站内信模板');
  await create.getByRole('button', { name: OK }).click();
  await expect(create).toContainText('模板编码不能为空');
  await create.getByLabel('模版编码').fill('e2e_notify');
  await create.getByLabel('模板名称').fill('E2E模板');
  await create.getByLabel('发件人名称').fill('E2E发送人');
  await create.getByLabel('模板内容').fill('E2E测试：{title}，请在{deadline}前处理');
  await create.getByLabel('类型').click();
  await page.locator('.ant-select-dropdown').getByTitle('系统消息').click();
  await create.getByLabel('备注').fill('端到端测试');
  await create.getByRole('button', { name: OK }).click();
  await expectMessage(page, '新增成功');

  // Search by code.
  const search = page.locator('.list-search:visible');
  await search.getByPlaceholder('请输入模版编码').fill('e2e_notify');
  await search.getByRole('button', { name: /搜\s*索/ }).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(rowOf(page, 'e2e_notify')).toContainText('E2E模板');
  await expect(rowOf(page, 'e2e_notify')).toContainText('端到端测试');

  // 测试: one input per parameter, sent to admin.
  await rowOf(page, 'e2e_notify').getByRole('button', { name: '测试' }).click();
  const send = dialog(page, '测试发送');
  await expect(send.getByLabel('模板内容')).toHaveValue('E2E测试：{title}，请在{deadline}前处理');
  await send.getByRole('button', { name: OK }).click();
  await expect(send).toContainText('参数 title 不能为空');
  await send.getByLabel('接收人').click();
  await page.locator('.ant-select-dropdown').getByTitle('系统管理员').click();
  await send.getByLabel('参数 {title}').fill('核对报表');
  await send.getByLabel('参数 {deadline}').fill('周五');
  await send.getByRole('button', { name: OK }).click();
  await expect(page.getByText(/提交发送成功！发送结果，见发送日志编号：\d+/)).toBeVisible();

  // The bell counts it and lists it.
  await expectUnread(page, unreadBefore + 1);
  await bell(page).click();
  const popover = page.locator('.ant-popover').filter({ hasText: '查看全部' });
  await expect(popover.locator('.ant-table-tbody tr.ant-table-row').first()).toContainText(
    'E2E测试：核对报表，请在周五前处理',
  );
  await page.keyboard.press('Escape');

  // The admin message list shows it; 详情 shows every field.
  await page.goto(MESSAGE_PATH);
  await expect(rows(page).first()).toBeVisible();
  const messageSearch = page.locator('.list-search:visible');
  await messageSearch.getByPlaceholder('请输入模板编码').fill('e2e_notify');
  await messageSearch.getByRole('button', { name: /搜\s*索/ }).click();
  await expect(rows(page)).toHaveCount(1);
  const message = rowOf(page, 'e2e_notify');
  await expect(message).toContainText('管理员');
  await expect(message).toContainText('E2E发送人');
  await expect(message).toContainText('E2E测试：核对报表，请在周五前处理');
  await expect(message).toContainText('系统消息');
  await message.getByRole('button', { name: '详情' }).click();
  const detail = dialog(page, '模版参数');
  await expect(detail).toContainText('{"title":"核对报表","deadline":"周五"}');
  await expect(detail).toContainText('E2E发送人');
  await detail.getByRole('button', { name: /close|关闭/i }).click();
  // Filtering by another user finds nothing.
  await messageSearch.getByPlaceholder('请输入用户编号').fill('2');
  await messageSearch.getByRole('button', { name: /搜\s*索/ }).click();
  await expect(page.getByText('暂无站内信')).toBeVisible();

  // Edit, then switch it off.
  await page.goto(TEMPLATE_PATH);
  await search.getByPlaceholder('请输入模版编码').fill('e2e_notify');
  await search.getByRole('button', { name: /搜\s*索/ }).click();
  await expect(rows(page)).toHaveCount(1);
  await rowOf(page, 'e2e_notify').getByRole('button', { name: '修改' }).click();
  const edit = dialog(page, '修改站内信模板');
  await expect(edit.getByLabel('模版编码')).toHaveValue('e2e_notify');
  await edit.getByLabel('模板名称').fill('E2E模板二');
  await edit.getByRole('button', { name: OK }).click();
  await expectMessage(page, '修改成功');
  await expect(rowOf(page, 'e2e_notify')).toContainText('E2E模板二');

  await rowOf(page, 'e2e_notify').getByRole('switch', { name: 'E2E模板二开启状态' }).click();
  await expect(confirmDialog(page)).toContainText('确认要"关闭""E2E模板二"模板吗?');
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  await expectMessage(page, '关闭成功');
  await expect(rowOf(page, 'e2e_notify').getByRole('switch')).not.toBeChecked();

  // Delete after confirmation.
  await rowOf(page, 'e2e_notify').getByRole('button', { name: '删除' }).click();
  await expect(confirmDialog(page)).toContainText('是否确认删除站内信模板编号为');
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  await expectMessage(page, '删除成功');
  await expect(page.getByText('暂无站内信模板')).toBeVisible();
});
