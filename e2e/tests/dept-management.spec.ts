import { expect, test, type Page } from './fixtures';
import { SCREENSHOTS, expectMessage, signIn } from './helpers';

const OK = /确\s*定$/;
const dialog = (page: Page, title: string) => page.locator('.ant-modal').filter({ hasText: title });
const confirmDialog = (page: Page) => page.locator('.ant-modal-confirm');
const rowOf = (page: Page, text: string) =>
  page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text });
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

test('departments: tree, create below a parent, search, edit, collapse and delete', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin', 'admin123', '/system/dept');
  await expect(page).toHaveURL('/system/dept');
  await expect(rows(page)).toHaveCount(3);

  await rowOf(page, '研发部').getByRole('button', { name: '新增' }).click();
  const create = dialog(page, '添加部门');
  await create.getByRole('button', { name: OK }).click();
  await expect(create).toContainText('部门名称不能为空');
  await create.getByLabel('部门名称').fill('E2E小组');
  await create.getByLabel('联系电话').fill('13900001111');
  await create.getByRole('button', { name: OK }).click();
  await expectMessage(page, '新增成功');
  await expect(rows(page)).toHaveCount(4);

  await page.getByRole('button', { name: '展开/折叠' }).click();
  await expect(rows(page)).toHaveCount(1);
  await page.getByRole('button', { name: '展开/折叠' }).click();
  await expect(rows(page)).toHaveCount(4);

  await page.locator('.list-search').getByPlaceholder('请输入部门名称').fill('E2E');
  await page
    .locator('.list-search')
    .getByRole('button', { name: /搜\s*索/ })
    .click();
  await expect(rows(page)).toHaveCount(1);

  await rowOf(page, 'E2E小组').getByRole('button', { name: '修改' }).click();
  const edit = dialog(page, '修改部门');
  await edit.getByLabel('部门名称').fill('E2E二组');
  await edit.getByRole('button', { name: OK }).click();
  await expectMessage(page, '修改成功');
  await expect(rowOf(page, 'E2E二组')).toBeVisible();
  await page
    .locator('.list-search')
    .getByRole('button', { name: /重\s*置/ })
    .click();
  await expect(rows(page)).toHaveCount(4);
  await page.screenshot({ path: `${SCREENSHOTS}dept-page.png` });

  await rowOf(page, '运营部').getByRole('button', { name: '删除' }).click();
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  await expect(page.getByText('部门中存在员工，无法删除')).toBeVisible();
  // As in the reference, the confirmation closes once the call settles, refused or not.
  await expect(confirmDialog(page)).toBeHidden();

  await rowOf(page, 'E2E二组').getByRole('button', { name: '删除' }).click();
  await expect(confirmDialog(page)).toContainText('是否确认删除名称为"E2E二组"的数据项?');
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  await expectMessage(page, '删除成功');
  await expect(rows(page)).toHaveCount(3);
});
