import { expect, test, type Page } from './fixtures';
import { SCREENSHOTS, expectMessage, signIn } from './helpers';

const OK = /确\s*定$/;
const dialog = (page: Page, title: string) => page.locator('.ant-modal').filter({ hasText: title });
const confirmDialog = (page: Page) => page.locator('.ant-modal-confirm');
const rowOf = (page: Page, text: string) =>
  page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text });

test('role management: create, search, edit, status, menu and data permissions, export, delete', async ({
  page,
}) => {
  // One long round through every dialog on a shared, slow machine.
  test.setTimeout(180_000);
  await signIn(page, 'admin', 'admin123', '/system/role');
  await expect(page).toHaveURL('/system/role');
  await expect(rowOf(page, 'super_admin')).toBeVisible();
  // The built-in role cannot be changed.
  await expect(rowOf(page, 'super_admin').getByRole('button', { name: '修改' })).toBeDisabled();

  // Create, with validation first.
  await page.getByRole('button', { name: '新增' }).click();
  const form = dialog(page, '添加角色');
  await form.getByRole('button', { name: OK }).click();
  await expect(form).toContainText('角色名称不能为空');
  await form.getByLabel('角色名称').fill('E2E审核员');
  await form.getByLabel('角色标识').fill('e2e_auditor');
  await form.getByLabel('角色顺序').fill('5');
  await form.getByLabel('备注').fill('端到端测试');
  await form.getByRole('button', { name: OK }).click();
  await expectMessage(page, '新增成功');
  await expect(rowOf(page, 'e2e_auditor')).toBeVisible();

  // Search.
  await page.locator('.list-search').getByPlaceholder('请输入角色名称').fill('E2E');
  await page
    .locator('.list-search')
    .getByRole('button', { name: /搜\s*索/ })
    .click();
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);

  // Edit.
  await rowOf(page, 'e2e_auditor').getByRole('button', { name: '修改' }).click();
  const edit = dialog(page, '修改角色');
  await expect(edit.getByLabel('角色名称')).toHaveValue('E2E审核员');
  await edit.getByLabel('角色名称').fill('E2E复核员');
  await edit.getByRole('button', { name: OK }).click();
  await expectMessage(page, '修改成功');
  await page.locator('.list-search').getByPlaceholder('请输入角色名称').fill('E2E复核');
  await page
    .locator('.list-search')
    .getByRole('button', { name: /搜\s*索/ })
    .click();
  await expect(rowOf(page, 'E2E复核员')).toBeVisible();

  // Status, confirmed.
  await rowOf(page, 'e2e_auditor').getByRole('switch', { name: 'E2E复核员的状态' }).click();
  await expect(confirmDialog(page)).toContainText('确认要关闭"E2E复核员"角色吗？');
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  await expectMessage(page, '关闭成功');
  await expect(rowOf(page, 'e2e_auditor').getByRole('switch')).not.toBeChecked();

  // Menu permissions: every menu.
  await rowOf(page, 'e2e_auditor').getByRole('button', { name: '菜单权限' }).click();
  const menus = dialog(page, '菜单权限');
  await expect(menus.getByText('系统管理')).toBeVisible();
  await menus.getByText('展开/折叠').click();
  await expect(menus.getByText('角色管理')).toBeVisible();
  await menus.getByText('全选/全不选').click();
  await page.screenshot({ path: `${SCREENSHOTS}role-menu-dialog.png` });
  const assigned = page.waitForRequest((r) => r.url().includes('/system/permission/assign-role-menu'));
  await menus.getByRole('button', { name: OK }).click();
  const menuIds = ((await assigned).postDataJSON() as { menuIds: number[] }).menuIds;
  expect(menuIds).toEqual(expect.arrayContaining([1, 101, 1008]));
  await expectMessage(page, '分配菜单权限成功');

  // Data permissions: chosen departments.
  await rowOf(page, 'e2e_auditor').getByRole('button', { name: '数据权限' }).click();
  const scope = dialog(page, '数据权限');
  await scope.getByLabel('权限范围').click();
  await page.locator('.ant-select-item-option').filter({ hasText: '指定部门数据权限' }).click();
  const tree = scope.getByRole('group', { name: '数据权限' });
  await expect(tree.getByRole('treeitem').first()).toBeVisible();
  await scope.getByText('展开/折叠').click();
  await tree.getByRole('treeitem').first().locator('.ant-tree-checkbox').click();
  await page.screenshot({ path: `${SCREENSHOTS}role-data-scope-dialog.png` });
  const scoped = page.waitForRequest((r) => r.url().includes('/system/permission/assign-role-data-scope'));
  await scope.getByRole('button', { name: OK }).click();
  const body = (await scoped).postDataJSON() as { dataScope: number; dataScopeDeptIds: number[] };
  expect(body.dataScope).toBe(2);
  expect(body.dataScopeDeptIds.length).toBeGreaterThan(0);
  await expectMessage(page, '分配数据权限成功');

  // Export.
  await page.getByRole('button', { name: '导出' }).click();
  const download = page.waitForEvent('download');
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  expect((await download).suggestedFilename()).toBe('角色数据.xlsx');

  await page.screenshot({ path: `${SCREENSHOTS}role-page.png` });

  // Delete, confirmed.
  await rowOf(page, 'e2e_auditor').getByRole('button', { name: '删除' }).click();
  await expect(confirmDialog(page)).toContainText('是否确认删除角色编号为');
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  await expectMessage(page, '删除成功');
  await expect(page.getByText('暂无角色').last()).toBeVisible();
});
