import { expect, test, type Page } from './fixtures';
import { SCREENSHOTS, expectMessage, signIn } from './helpers';

const OK = /确\s*定$/;
const dialog = (page: Page, title: string) => page.locator('.ant-modal').filter({ hasText: title });
const confirmDialog = (page: Page) => page.locator('.ant-modal-confirm');
const rowOf = (page: Page, text: string) =>
  page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text });
const search = (page: Page) => page.locator('.list-search');

test('notices: create, search, edit, status, push as in-site message and delete', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin', 'admin123', '/system/notice');
  await expect(page).toHaveURL('/system/notice');
  await expect(rowOf(page, '欢迎使用后台管理系统')).toBeVisible();

  await page.getByRole('button', { name: '新增' }).click();
  const create = dialog(page, '添加公告');
  await create.getByRole('button', { name: OK }).click();
  await expect(create).toContainText('公告标题不能为空');
  await create.getByLabel('公告标题').fill('E2E停机通知');
  await create.getByLabel('公告内容').fill('今晚 22:00 停机维护一小时。');
  await create.getByLabel('公告类型').click();
  await page.locator('.ant-select-item-option').filter({ hasText: '通知' }).click();
  await create.getByRole('button', { name: OK }).click();
  await expectMessage(page, '新增成功');

  await search(page).getByPlaceholder('请输入公告标题').fill('E2E');
  await search(page)
    .getByRole('button', { name: /搜\s*索/ })
    .click();
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);

  await rowOf(page, 'E2E停机通知').getByRole('button', { name: '修改' }).click();
  const edit = dialog(page, '修改公告');
  await expect(edit.getByLabel('公告内容')).toHaveValue('今晚 22:00 停机维护一小时。');
  await edit.getByLabel('公告标题').fill('E2E停机通知（更新）');
  await edit.getByRole('button', { name: OK }).click();
  await expectMessage(page, '修改成功');

  await rowOf(page, 'E2E停机通知（更新）').getByRole('switch', { name: 'E2E停机通知（更新）状态' }).click();
  await expect(confirmDialog(page)).toContainText('确认要"关闭""E2E停机通知（更新）"公告吗?');
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  await expectMessage(page, '关闭成功');
  await expect(rowOf(page, 'E2E停机通知（更新）').getByRole('switch')).not.toBeChecked();

  await rowOf(page, 'E2E停机通知（更新）').getByRole('button', { name: '推送' }).click();
  await expect(confirmDialog(page)).toContainText('是否推送所选中通知？');
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  await expectMessage(page, '推送成功');
  await page.screenshot({ path: `${SCREENSHOTS}notice-page.png` });

  // The pushed notice is in the admin's own in-site messages.
  await page.goto('/user/notify-message');
  await expect(page.getByText('【E2E停机通知（更新）】今晚 22:00 停机维护一小时。')).toBeVisible();

  await page.goto('/system/notice');
  await rowOf(page, 'E2E停机通知（更新）').getByRole('button', { name: '删除' }).click();
  await expect(confirmDialog(page)).toContainText('是否确认删除公告编号为');
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  await expectMessage(page, '删除成功');
  await expect(rowOf(page, 'E2E停机通知')).toHaveCount(0);
});
