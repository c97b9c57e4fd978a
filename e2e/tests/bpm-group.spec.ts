import { expect, test } from './fixtures';
import { SCREENSHOTS, expectMessage, signIn } from './helpers';
import { confirmDialog, dialog, OK, rowOf } from './bpm-manage-helpers';

test('user groups: create with members, search, edit and delete', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin', 'admin123', '/bpm/manager/user-group');
  await expect(page.getByText('暂无用户组')).toBeVisible();

  await page.getByRole('button', { name: '新增' }).click();
  const create = dialog(page, '添加用户组');
  await create.getByRole('button', { name: OK }).click();
  await expect(create).toContainText('组名不能为空');
  await expect(create).toContainText('描述不能为空');
  await expect(create).toContainText('成员不能为空');
  await create.getByLabel('组名').fill('E2E审批组');
  await create.getByLabel('描述').fill('负责请假审批');
  await create.getByLabel('成员').click();
  await page.keyboard.type('系统管理员');
  await page.keyboard.press('Enter');
  await create.locator('.ant-modal-title').click();
  await create.getByRole('button', { name: OK }).click();
  await expectMessage(page, '新增成功');
  await expect(rowOf(page, 'E2E审批组')).toContainText('系统管理员');
  await expect(rowOf(page, 'E2E审批组')).toContainText('开启');
  await page.screenshot({ path: `${SCREENSHOTS}bpm-group-page.png` });

  const search = page.locator('.list-search:visible');
  await search.getByPlaceholder('请输入组名').fill('不存在');
  await search.getByRole('button', { name: /搜\s*索/ }).click();
  await expect(page.getByText('暂无用户组')).toBeVisible();
  await search.getByRole('button', { name: /重\s*置/ }).click();
  await expect(rowOf(page, 'E2E审批组')).toBeVisible();

  await rowOf(page, 'E2E审批组').getByRole('button', { name: '修改' }).click();
  const edit = dialog(page, '修改用户组');
  await expect(edit.getByLabel('组名')).toHaveValue('E2E审批组');
  await expect(edit).toContainText('系统管理员');
  await edit.getByText('关闭', { exact: true }).click();
  await edit.getByRole('button', { name: OK }).click();
  await expectMessage(page, '修改成功');
  await expect(rowOf(page, 'E2E审批组')).toContainText('关闭');

  await rowOf(page, 'E2E审批组').getByRole('button', { name: '删除' }).click();
  await expect(confirmDialog(page)).toContainText('是否确认删除用户组编号为');
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  await expectMessage(page, '删除成功');
  await expect(page.getByText('暂无用户组')).toBeVisible();
});
