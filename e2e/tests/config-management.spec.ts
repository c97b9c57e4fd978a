import { expect, test, type Page } from './fixtures';
import { SCREENSHOTS, expectMessage, signIn } from './helpers';

const OK = /确\s*定$/;
const dialog = (page: Page, title: string) => page.locator('.ant-modal').filter({ hasText: title });
const confirmDialog = (page: Page) => page.locator('.ant-modal-confirm');
const rowOf = (page: Page, text: string) =>
  page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text });
const search = (page: Page) => page.locator('.list-search');

test('configuration: create, search, edit, export, built-in protection and delete', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin', 'admin123', '/infra/config');
  await expect(page).toHaveURL('/infra/config');
  await expect(rowOf(page, 'sys.user.init-password')).toContainText('系统内置');

  await page.getByRole('button', { name: '新增' }).click();
  const create = dialog(page, '添加参数');
  await create.getByRole('button', { name: OK }).click();
  await expect(create).toContainText('参数分类不能为空');
  await create.getByLabel('参数分类').fill('biz');
  await create.getByLabel('参数名称').fill('E2E参数');
  await create.getByLabel('参数键名').fill('e2e.demo.key');
  await create.getByLabel('参数键值').fill('v1');
  await create.getByRole('button', { name: OK }).click();
  await expectMessage(page, '新增成功');
  await expect(rowOf(page, 'e2e.demo.key')).toContainText('自定义');

  await search(page).getByPlaceholder('请输入参数键名').fill('e2e.demo');
  await search(page)
    .getByRole('button', { name: /搜\s*索/ })
    .click();
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);

  await rowOf(page, 'e2e.demo.key').getByRole('button', { name: '修改' }).click();
  const edit = dialog(page, '修改参数');
  await expect(edit.getByLabel('参数键名')).toBeDisabled();
  await edit.getByLabel('参数键值').fill('v2');
  await edit.getByText('否', { exact: true }).click();
  await edit.getByRole('button', { name: OK }).click();
  await expectMessage(page, '修改成功');
  await expect(rowOf(page, 'e2e.demo.key')).toContainText('v2');
  await page.screenshot({ path: `${SCREENSHOTS}config-page.png` });

  await page.getByRole('button', { name: '导出' }).click();
  const download = page.waitForEvent('download');
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  expect((await download).suggestedFilename()).toBe('参数配置.xlsx');

  await rowOf(page, 'e2e.demo.key').getByRole('button', { name: '删除' }).click();
  await expect(confirmDialog(page)).toContainText('是否确认删除参数编号为');
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  await expectMessage(page, '删除成功');
  await expect(page.getByText('暂无参数配置')).toBeVisible();

  await search(page)
    .getByRole('button', { name: /重\s*置/ })
    .click();
  await rowOf(page, 'sys.user.init-password').getByRole('button', { name: '删除' }).click();
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  await expect(page.getByText('不能删除类型为系统内置的参数配置')).toBeVisible();
});
