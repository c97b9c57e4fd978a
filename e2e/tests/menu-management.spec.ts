import { expect, test, type Page } from './fixtures';
import { SCREENSHOTS, expectMessage, signIn } from './helpers';

const OK = /确\s*定$/;
const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });
const confirmDialog = (page: Page) => page.locator('.ant-modal-confirm');
const rowOf = (page: Page, text: string) =>
  page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text });
const search = (page: Page) => page.locator('.list-search');

test('menu management: tree, create by type, search, edit, status, delete', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin', 'admin123', '/system/menu');
  await expect(page).toHaveURL('/system/menu');
  await expect(rowOf(page, '系统管理')).toBeVisible();
  await expect(rowOf(page, '角色管理')).toHaveCount(0);
  await page.getByRole('button', { name: '展开/折叠' }).click();
  await expect(rowOf(page, '角色管理').first()).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}menu-tree.png` });
  await page.getByRole('button', { name: '展开/折叠' }).click();
  await expect(rowOf(page, '角色管理')).toHaveCount(0);

  // A top-level directory with an icon; the path rule is checked first.
  await page.locator('.list-actions').getByRole('button', { name: '新增' }).click();
  const form = dialog(page, '添加菜单');
  await expect(form.getByLabel('组件地址')).toHaveCount(0);
  await form.getByLabel('菜单名称').fill('E2E目录');
  await form.getByLabel('路由地址').fill('e2e-dir');
  await form.getByRole('button', { name: OK }).click();
  await expect(form).toContainText('一级目录或菜单的路由地址必须以 / 开头');
  await form.getByLabel('路由地址').fill('/e2e-dir');
  await form.getByLabel('菜单图标').fill('dashboard');
  await expect(page.locator('.ant-select-item-option[title="dashboard"]')).toBeVisible();
  await form.getByLabel('菜单图标').press('Enter');
  await expect(form.getByTitle('dashboard')).toBeVisible();
  await form.getByRole('button', { name: OK }).click();
  await expectMessage(page, '新增成功');

  // A page below it: the menu type shows the component fields.
  await search(page).getByPlaceholder('请输入菜单名称').fill('E2E');
  await search(page)
    .getByRole('button', { name: /搜\s*索/ })
    .click();
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  await rowOf(page, 'E2E目录').getByRole('button', { name: '新增' }).click();
  const child = dialog(page, '添加菜单');
  await child.getByRole('radio', { name: '菜单', exact: true }).check();
  await child.getByLabel('菜单名称').fill('E2E页面');
  await child.getByLabel('路由地址').fill('e2e-page');
  await child.getByLabel('组件地址').fill('system/role/index');
  await child.getByLabel('组件名字').fill('E2EPage');
  await child.getByLabel('权限标识').fill('e2e:page:query');
  await page.screenshot({ path: `${SCREENSHOTS}menu-form-dialog.png` });
  await child.getByRole('button', { name: OK }).click();
  await expectMessage(page, '新增成功');
  await page.getByRole('button', { name: '展开/折叠' }).click();
  await expect(rowOf(page, 'E2E页面')).toContainText('system/role/index');

  // Edit the page.
  await rowOf(page, 'E2E页面').getByRole('button', { name: '修改' }).click();
  const edit = dialog(page, '修改菜单');
  await expect(edit.getByLabel('菜单名称')).toHaveValue('E2E页面');
  await edit.getByLabel('菜单名称').fill('E2E页面二');
  await edit.getByRole('button', { name: OK }).click();
  await expectMessage(page, '修改成功');
  await expect(rowOf(page, 'E2E页面二')).toBeVisible();

  // Status, confirmed.
  await rowOf(page, 'E2E页面二').getByRole('switch').click();
  await expect(confirmDialog(page)).toContainText('确认要关闭"E2E页面二"菜单吗？');
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  await expectMessage(page, '关闭成功');
  await expect(rowOf(page, 'E2E页面二').getByRole('switch')).not.toBeChecked();

  // The directory still has a child: refused; then delete the child and the directory.
  await rowOf(page, 'E2E目录').getByRole('button', { name: '删除' }).click();
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  await expect(page.getByText('存在子菜单，无法删除').last()).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}menu-page.png` });
  for (const name of ['E2E页面二', 'E2E目录']) {
    await rowOf(page, name).getByRole('button', { name: '删除' }).click();
    await expect(confirmDialog(page)).toContainText(`是否确认删除名称为"${name}"的数据项？`);
    await confirmDialog(page).getByRole('button', { name: OK }).click();
    await expect(rowOf(page, name)).toHaveCount(0);
  }
  await expect(page.getByText('暂无菜单').last()).toBeVisible();
});
