import { expect, test, type Page } from './fixtures';
import { SCREENSHOTS, expectMessage, signIn } from './helpers';

const OK = /确\s*定$/;
const dialog = (page: Page, title: string) => page.locator('.ant-modal').filter({ hasText: title });
const confirmDialog = (page: Page) => page.locator('.ant-modal-confirm');
const rowOf = (page: Page, text: string) =>
  page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text });

test('posts: create, search, edit, export and delete', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin', 'admin123', '/system/post');
  await expect(page).toHaveURL('/system/post');
  await expect(rowOf(page, '董事长')).toContainText('ceo');

  await page.getByRole('button', { name: '新增' }).click();
  const create = dialog(page, '添加岗位');
  await create.getByRole('button', { name: OK }).click();
  await expect(create).toContainText('岗位名称不能为空');
  await create.getByLabel('岗位名称').fill('E2E岗位');
  await create.getByLabel('岗位编码').fill('e2e_post');
  await create.getByRole('button', { name: OK }).click();
  await expectMessage(page, '新增成功');

  await page.locator('.list-search').getByPlaceholder('请输入岗位编码').fill('e2e_post');
  await page
    .locator('.list-search')
    .getByRole('button', { name: /搜\s*索/ })
    .click();
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  // The search lives in the address: a reload shows the same list.
  await expect(page).toHaveURL('/system/post#code=e2e_post');
  await page.reload();
  await expect(page.locator('.list-search').getByPlaceholder('请输入岗位编码')).toHaveValue('e2e_post');
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);

  await rowOf(page, 'e2e_post').getByRole('button', { name: '修改' }).click();
  const edit = dialog(page, '修改岗位');
  await edit.getByLabel('岗位名称').fill('E2E岗位二');
  await edit.getByText('关闭', { exact: true }).click();
  await edit.getByRole('button', { name: OK }).click();
  await expectMessage(page, '修改成功');
  await expect(rowOf(page, 'e2e_post')).toContainText('E2E岗位二');
  await expect(rowOf(page, 'e2e_post')).toContainText('关闭');
  await page.screenshot({ path: `${SCREENSHOTS}post-page.png` });

  await page.getByRole('button', { name: '导出' }).click();
  const download = page.waitForEvent('download');
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  expect((await download).suggestedFilename()).toBe('岗位数据.xlsx');

  await rowOf(page, 'e2e_post').getByRole('button', { name: '删除' }).click();
  await expect(confirmDialog(page)).toContainText('是否确认删除岗位编号为');
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  await expectMessage(page, '删除成功');
  await expect(page.getByText('暂无岗位')).toBeVisible();
});
