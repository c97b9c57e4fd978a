import { expect, test, type Page } from './fixtures';
import { SCREENSHOTS, expectMessage, sidebar, signIn } from './helpers';

const OK = /确\s*定$/;
const dialog = (page: Page, title: string) => page.locator('.ant-modal').filter({ hasText: title });
const confirmDialog = (page: Page) => page.locator('.ant-modal-confirm');
const rowOf = (page: Page, text: string) =>
  page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text });
const search = async (page: Page, placeholder: string, text: string) => {
  await page.locator('.list-search').getByPlaceholder(placeholder).fill(text);
  await page
    .locator('.list-search')
    .getByRole('button', { name: /搜\s*索/ })
    .click();
};

test('tenants and packages: a package of menus, a tenant on it whose administrator sees only those, edit, export, delete', async ({
  page,
  browser,
  baseURL,
}) => {
  // One long round through both pages and a second sign-in, on a shared, slow machine.
  test.setTimeout(180_000);
  await signIn(page, 'admin', 'admin123', '/system/tenant/package');
  await expect(page).toHaveURL('/system/tenant/package');
  await expect(page.getByText('暂无租户套餐')).toBeVisible();

  // A package of 岗位管理 and 通知公告 (with their buttons), validation first.
  await page.getByRole('button', { name: '新增' }).click();
  const create = dialog(page, '添加租户套餐');
  await create.getByRole('button', { name: OK }).click();
  await expect(create).toContainText('套餐名不能为空');
  await create.getByLabel('套餐名').fill('E2E套餐');
  await expect(create.getByText('系统管理')).toBeVisible();
  await create.getByText('展开/折叠').click();
  await create.getByRole('group', { name: '菜单权限' }).getByText('岗位管理', { exact: true }).click();
  await create.getByRole('group', { name: '菜单权限' }).getByText('通知公告', { exact: true }).click();
  await create.getByLabel('备注').fill('只含岗位与公告');
  await page.screenshot({ path: `${SCREENSHOTS}tenant-package-dialog.png` });
  const saved = page.waitForRequest((r) => r.url().includes('/system/tenant-package/create'));
  await create.getByRole('button', { name: OK }).click();
  const menuIds = ((await saved).postDataJSON() as { menuIds: number[] }).menuIds;
  expect(menuIds).toEqual(expect.arrayContaining([1, 104, 1021, 107, 1036]));
  expect(menuIds).not.toContain(100);
  await expectMessage(page, '新增成功');
  await expect(rowOf(page, 'E2E套餐')).toContainText('只含岗位与公告');

  // A tenant on it, with its administrator.
  await page.goto('/system/tenant/list');
  await expect(rowOf(page, '默认租户')).toContainText('系统租户');
  await expect(rowOf(page, '默认租户').getByRole('button', { name: '修改' })).toBeDisabled();
  await expect(rowOf(page, '默认租户').getByRole('button', { name: '删除' })).toBeDisabled();
  await page.getByRole('button', { name: '新增' }).click();
  const tenantForm = dialog(page, '添加租户');
  await tenantForm.getByRole('button', { name: OK }).click();
  await expect(tenantForm).toContainText('租户名不能为空');
  await expect(tenantForm).toContainText('用户名称不能为空');
  await tenantForm.getByLabel('租户名').fill('E2E租户');
  await tenantForm.getByLabel('租户套餐').click();
  await page.locator('.ant-select-dropdown').getByText('E2E套餐').click();
  await tenantForm.getByLabel('联系人').fill('测试联系人');
  await tenantForm.getByLabel('联系手机').fill('13911112222');
  await tenantForm.getByLabel('用户名称').fill('e2eadmin');
  await tenantForm.getByLabel('用户密码').fill('e2e12345');
  await tenantForm.getByLabel('账号额度').fill('10');
  await tenantForm.getByLabel('过期时间').fill('2099-12-31 23:59:59');
  await tenantForm.getByLabel('过期时间').press('Enter');
  await tenantForm.getByLabel('绑定域名').fill('https://e2e.example.com');
  await tenantForm.getByRole('button', { name: OK }).click();
  await expectMessage(page, '新增成功');
  const row = rowOf(page, 'E2E租户');
  await expect(row).toContainText('E2E套餐');
  await expect(row).toContainText('2099-12-31 23:59:59');
  await expect(row).toContainText('开启');
  await page.screenshot({ path: `${SCREENSHOTS}tenant-page.png` });

  // Its administrator, in a browser of its own, sees only the package's menus.
  const other = await browser.newContext({ baseURL });
  const tenantPage = await other.newPage();
  await tenantPage.goto('/login');
  await tenantPage.getByRole('textbox', { name: '租户' }).fill('E2E租户');
  await tenantPage.getByRole('textbox', { name: '账号' }).fill('e2eadmin');
  await tenantPage.getByLabel('密码', { exact: true }).fill('e2e12345');
  await tenantPage.getByRole('button', { name: /登\s*录/ }).click();
  const menu = sidebar(tenantPage);
  await expect(menu.getByText('系统管理', { exact: true })).toBeVisible();
  await menu.getByText('系统管理', { exact: true }).click();
  await expect(menu.getByText('岗位管理', { exact: true })).toBeVisible();
  await expect(menu.getByText('通知公告', { exact: true })).toBeVisible();
  for (const hidden of ['用户管理', '角色管理', '租户管理', '基础设施', '工作流程'])
    await expect(menu.getByText(hidden, { exact: true })).toHaveCount(0);
  await menu.getByText('岗位管理', { exact: true }).click();
  await expect(tenantPage).toHaveURL('/system/post');
  await expect(tenantPage.getByText('暂无岗位')).toBeVisible();
  await tenantPage.screenshot({ path: `${SCREENSHOTS}tenant-admin-menus.png` });
  await other.close();

  // Edit: a new contact and quota.
  await search(page, '请输入租户名', 'E2E');
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  await row.getByRole('button', { name: '修改' }).click();
  const edit = dialog(page, '修改租户');
  await expect(edit.getByLabel('租户名')).toHaveValue('E2E租户');
  await expect(edit.getByLabel('用户名称')).toHaveCount(0);
  await edit.getByLabel('联系人').fill('新联系人');
  await edit.getByLabel('账号额度').fill('20');
  await edit.getByRole('button', { name: OK }).click();
  await expectMessage(page, '修改成功');
  await expect(row).toContainText('新联系人');
  await expect(row).toContainText('20');

  // Export what the search shows.
  await page.getByRole('button', { name: '导出' }).click();
  const download = page.waitForEvent('download');
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  expect((await download).suggestedFilename()).toBe('租户.xlsx');

  // The package is in use, so it cannot go yet.
  await page.goto('/system/tenant/package');
  await rowOf(page, 'E2E套餐').getByRole('button', { name: '删除' }).click();
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  await expect(page.getByText('租户正在使用该套餐，请给租户重新设置套餐后再尝试删除')).toBeVisible();

  // Delete the tenant, confirmed.
  await page.goto('/system/tenant/list');
  await row.getByRole('button', { name: '删除' }).click();
  await expect(confirmDialog(page)).toContainText('是否确认删除租户编号为');
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  await expectMessage(page, '删除成功');
  await expect(row).toHaveCount(0);

  // Now the package: search, edit its menus, delete.
  await page.goto('/system/tenant/package');
  await search(page, '请输入套餐名', 'E2E');
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  await rowOf(page, 'E2E套餐').getByRole('button', { name: '修改' }).click();
  const editPackage = dialog(page, '修改租户套餐');
  await expect(editPackage.getByLabel('套餐名')).toHaveValue('E2E套餐');
  await editPackage.getByText('展开/折叠').click();
  await editPackage.getByRole('group', { name: '菜单权限' }).getByText('通知公告', { exact: true }).click();
  await editPackage.getByLabel('套餐名').fill('E2E套餐二');
  await editPackage.getByText('关闭', { exact: true }).click();
  const updated = page.waitForRequest((r) => r.url().includes('/system/tenant-package/update'));
  await editPackage.getByRole('button', { name: OK }).click();
  const kept = ((await updated).postDataJSON() as { menuIds: number[] }).menuIds;
  expect(kept).toContain(104);
  expect(kept).not.toContain(107);
  await expectMessage(page, '修改成功');
  await expect(rowOf(page, 'E2E套餐二')).toContainText('关闭');
  await page.screenshot({ path: `${SCREENSHOTS}tenant-package-page.png` });
  await rowOf(page, 'E2E套餐二').getByRole('button', { name: '删除' }).click();
  await expect(confirmDialog(page)).toContainText('是否确认删除租户套餐编号为');
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  await expectMessage(page, '删除成功');
  await expect(page.getByText('暂无租户套餐')).toBeVisible();
});
