import { expect, test, type Page } from './fixtures';
import { SCREENSHOTS, expectMessage, signIn } from './helpers';

const OK = /确\s*定$/;
const dialog = (page: Page, title: string) => page.locator('.ant-modal').filter({ hasText: title });
const confirmDialog = (page: Page) => page.locator('.ant-modal-confirm');
const rowOf = (page: Page, text: string) =>
  page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text });
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

test('users: department tree, create, search, status, reset password, export and delete', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin', 'admin123', '/system/user');
  await expect(page).toHaveURL('/system/user');
  // Other specs on the same server may have added users: check the seeded ones, not the count.
  await expect(rowOf(page, 'admin')).toBeVisible();
  await expect(rowOf(page, 'operator')).toBeVisible();

  // The department tree filters the list (运营部 holds the operator, not the admin of 研发部).
  await page.locator('.user-dept-panel').getByText('运营部').click();
  await expect(rowOf(page, 'admin')).toHaveCount(0);
  await expect(rowOf(page, 'operator')).toBeVisible();

  await page.getByRole('button', { name: '新增' }).click();
  const create = dialog(page, '添加用户');
  await create.getByRole('button', { name: OK }).click();
  await expect(create).toContainText('用户昵称不能为空');
  await create.getByLabel('用户昵称').fill('端到端');
  await create.getByLabel('用户名称').fill('e2euser');
  await create.getByLabel('用户密码').fill('e2e123');
  await create.getByLabel('手机号码').fill('13912345678');
  await create.getByRole('button', { name: OK }).click();
  await expectMessage(page, '新增成功');
  await expect(rowOf(page, 'e2euser')).toContainText('运营部');

  await page.locator('.list-search').getByPlaceholder('请输入用户名称').fill('e2euser');
  await page
    .locator('.list-search')
    .getByRole('button', { name: /搜\s*索/ })
    .click();
  await expect(rows(page)).toHaveCount(1);

  await rowOf(page, 'e2euser').getByRole('button', { name: '修改' }).click();
  const edit = dialog(page, '修改用户');
  await edit.getByLabel('用户昵称').fill('端到端二');
  await edit.getByRole('button', { name: OK }).click();
  await expectMessage(page, '修改成功');
  await expect(rowOf(page, 'e2euser')).toContainText('端到端二');

  await rowOf(page, 'e2euser').getByRole('switch').click();
  await expect(confirmDialog(page)).toContainText('确认要"停用""e2euser"用户吗?');
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  await expectMessage(page, '停用成功');
  await expect(rowOf(page, 'e2euser').getByRole('switch')).not.toBeChecked();

  await rowOf(page, 'e2euser').getByRole('button', { name: '重置密码' }).click();
  const reset = dialog(page, '重置密码');
  await reset.getByPlaceholder('请输入新密码').fill('newpass1');
  await reset.getByRole('button', { name: OK }).click();
  await expect(page.getByText('修改成功，新密码是：newpass1')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}user-page.png` });

  await page.getByRole('button', { name: '导出' }).click();
  const download = page.waitForEvent('download');
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  expect((await download).suggestedFilename()).toBe('用户数据.xlsx');

  await page.getByRole('button', { name: '导入' }).click();
  const importDialog = dialog(page, '用户导入');
  const template = page.waitForEvent('download');
  await importDialog.getByRole('button', { name: '下载模板' }).click();
  expect((await template).suggestedFilename()).toBe('用户导入模板.xlsx');
  await importDialog.getByRole('button', { name: /取\s*消/ }).click();

  await rowOf(page, 'e2euser').getByRole('button', { name: '删除' }).click();
  await expect(confirmDialog(page)).toContainText('是否确认删除用户编号为');
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  await expectMessage(page, '删除成功');
  await expect(page.getByText('暂无用户')).toBeVisible();
});
