import { expect, test, type Page } from './fixtures';
import { SCREENSHOTS, expectMessage, signIn } from './helpers';

const OK = /确\s*定$/;
const dialog = (page: Page, title: string) => page.locator('.ant-modal').filter({ hasText: title });
const confirmDialog = (page: Page) => page.locator('.ant-modal-confirm');
const rowOf = (page: Page, text: string) =>
  page.locator('.ant-table-tbody tr.ant-table-row:visible').filter({ hasText: text });
const search = (page: Page) => page.locator('.list-search:visible');

test('dictionaries: types and their data, created, searched, edited, switched, exported and deleted', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, 'admin', 'admin123', '/system/dict');
  await expect(page).toHaveURL('/system/dict');
  await expect(page.locator('.ant-table-tbody tr.ant-table-row:visible').first()).toBeVisible();

  // Create a type, validation first.
  await page.getByRole('button', { name: '新增' }).click();
  const create = dialog(page, '添加字典类型');
  await create.getByRole('button', { name: OK }).click();
  await expect(create).toContainText('字典名称不能为空');
  await create.getByLabel('字典名称').fill('E2E字典');
  await create.getByLabel('字典类型').fill('e2e_kind');
  await create.getByLabel('备注').fill('端到端测试');
  await create.getByRole('button', { name: OK }).click();
  await expectMessage(page, '新增成功');

  // Search, then edit: the type itself is fixed.
  await search(page).getByPlaceholder('请输入字典名称').fill('E2E');
  await search(page)
    .getByRole('button', { name: /搜\s*索/ })
    .click();
  await expect(page.locator('.ant-table-tbody tr.ant-table-row:visible')).toHaveCount(1);
  await rowOf(page, 'e2e_kind').getByRole('button', { name: '修改' }).click();
  const edit = dialog(page, '修改字典类型');
  await expect(edit.getByLabel('字典名称')).toHaveValue('E2E字典');
  await expect(edit.getByLabel('字典类型')).toBeDisabled();
  await edit.getByLabel('字典名称').fill('E2E字典改');
  await edit.getByRole('button', { name: OK }).click();
  await expectMessage(page, '修改成功');
  await expect(rowOf(page, 'E2E字典改')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}dict-types.png` });

  // The type's data page.
  await rowOf(page, 'e2e_kind').getByRole('link', { name: 'e2e_kind' }).click();
  await expect(page).toHaveURL(/\/dict\/type\/data\/\d+$/);
  const dataPage = new URL(page.url()).pathname;
  await expect(page.getByText('暂无字典数据')).toBeVisible();
  await page.getByRole('button', { name: '新增' }).click();
  const addData = dialog(page, '添加字典数据');
  await expect(addData.getByLabel('字典类型')).toHaveValue('e2e_kind');
  await addData.getByRole('button', { name: OK }).click();
  await expect(addData).toContainText('数据标签不能为空');
  await addData.getByLabel('数据标签').fill('甲');
  await addData.getByLabel('数据键值').fill('a');
  await addData.getByLabel('颜色类型').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'success' }).click();
  await addData.getByRole('button', { name: OK }).click();
  await expectMessage(page, '新增成功');
  await expect(rowOf(page, '甲')).toContainText('success');

  // Duplicate value is refused by the server.
  await page.getByRole('button', { name: '新增' }).click();
  await addData.getByLabel('数据标签').fill('乙');
  await addData.getByLabel('数据键值').fill('a');
  await addData.getByRole('button', { name: OK }).click();
  await expect(page.getByText('已经存在该值的字典数据')).toBeVisible();
  await addData.getByLabel('数据键值').fill('b');
  await addData.getByRole('button', { name: OK }).click();
  await expect(rowOf(page, '乙')).toBeVisible();

  // Search by label, edit, switch off.
  await search(page).getByPlaceholder('请输入字典标签').fill('乙');
  await search(page)
    .getByRole('button', { name: /搜\s*索/ })
    .click();
  await expect(page.locator('.ant-table-tbody tr.ant-table-row:visible')).toHaveCount(1);
  await rowOf(page, '乙').getByRole('button', { name: '修改' }).click();
  const editData = dialog(page, '修改字典数据');
  await expect(editData.getByLabel('数据键值')).toHaveValue('b');
  await editData.getByLabel('数据标签').fill('乙改');
  await editData.getByRole('button', { name: OK }).click();
  await expectMessage(page, '修改成功');
  await rowOf(page, '乙改').getByRole('switch', { name: '乙改状态' }).click();
  await expect(confirmDialog(page)).toContainText('确认要"关闭""乙改"数据项吗?');
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  await expectMessage(page, '关闭成功');
  await expect(rowOf(page, '乙改').getByRole('switch')).not.toBeChecked();

  // Reset returns to the route's type; export downloads an .xlsx.
  await search(page)
    .getByRole('button', { name: /重\s*置/ })
    .click();
  await expect(page.locator('.ant-table-tbody tr.ant-table-row:visible')).toHaveCount(2);
  await page.screenshot({ path: `${SCREENSHOTS}dict-data.png` });
  await page.getByRole('button', { name: '导出' }).click();
  const download = page.waitForEvent('download');
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  expect((await download).suggestedFilename()).toBe('字典数据.xlsx');

  // A type still holding data cannot be deleted; its data can.
  await page.goto('/system/dict');
  await rowOf(page, 'e2e_kind').getByRole('button', { name: '删除' }).click();
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  await expect(page.getByText('无法删除，该字典类型还有字典数据')).toBeVisible();
  await page.goto(dataPage);
  for (const label of ['甲', '乙改']) {
    await rowOf(page, label).getByRole('button', { name: '删除' }).click();
    await expect(confirmDialog(page)).toContainText('是否确认删除字典编码为');
    await confirmDialog(page).getByRole('button', { name: OK }).click();
    await expect(rowOf(page, label)).toHaveCount(0);
  }

  // Back on the types: switch off, export, delete.
  await page.goto('/system/dict');
  await rowOf(page, 'e2e_kind').getByRole('switch', { name: 'E2E字典改状态' }).click();
  await expect(confirmDialog(page)).toContainText('确认要"关闭""E2E字典改"字典吗?');
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  await expect(rowOf(page, 'e2e_kind').getByRole('switch')).not.toBeChecked();
  await page.getByRole('button', { name: '导出' }).click();
  const typesDownload = page.waitForEvent('download');
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  expect((await typesDownload).suggestedFilename()).toBe('字典类型.xlsx');
  await rowOf(page, 'e2e_kind').getByRole('button', { name: '删除' }).click();
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  await expectMessage(page, '删除成功');
  await expect(rowOf(page, 'e2e_kind')).toHaveCount(0);
});

test('the dictionary data route takes digits only and highlights 字典管理', async ({ page }) => {
  await signIn(page, 'admin', 'admin123', '/dict/type/data/1');
  await expect(page).toHaveURL('/dict/type/data/1');
  await expect(page.locator('.list-page .ant-table-row').first()).toBeVisible();
  await page.goto('/dict/type/data/abc');
  await expect(page).toHaveURL('/404');
});
