import { expect, test, type Page } from './fixtures';
import { SCREENSHOTS, expectMessage, signIn } from './helpers';

const OK = /确\s*定$/;
const dialog = (page: Page, title: string) => page.locator('.ant-modal').filter({ hasText: title });
const rowOf = (page: Page, text: string) =>
  page.locator('.app-main .ant-table-tbody tr.ant-table-row').filter({ hasText: text });
const TABLE = 'infra_demo01_contact';

test('code generation: import a table, make a column a dictionary select, preview and download the module', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin', 'admin123', '/infra/codegen');

  // Import from the master data source (the server's own database).
  await page.getByRole('button', { name: '导入' }).click();
  const importing = dialog(page, '导入表');
  await importing.getByLabel('表名称').fill('demo01');
  await importing.getByRole('button', { name: /搜\s*索/ }).click();
  await importing.getByRole('row').filter({ hasText: TABLE }).click();
  await expect(importing.getByLabel(`选择 ${TABLE}`)).toBeChecked();
  await importing.getByRole('button', { name: OK }).click();
  await expectMessage(page, '导入成功');
  const row = rowOf(page, TABLE);
  await expect(row).toContainText('master');
  await expect(row).toContainText('Demo01Contact');

  // The edit page opens on 字段信息: 性别 becomes a select over the 用户性别 dictionary.
  await row.getByRole('button', { name: '编辑' }).click();
  await expect(page).toHaveURL(/\/codegen\/edit\/\d+$/);
  await expect(page.getByRole('navigation', { name: '标签页' })).toContainText(`修改[${TABLE}]生成配置`);
  await expect(page.getByRole('tab', { name: '字段信息', selected: true })).toBeVisible();
  await page.getByLabel('sex 字段描述').fill('性别');
  await page.getByLabel('sex 显示类型').click();
  await page.locator('.ant-select-dropdown:visible').getByText('下拉框', { exact: true }).click();
  await page.getByLabel('sex 字典类型').click();
  await page.getByLabel('sex 字典类型').fill('用户性别');
  await page.locator('.ant-select-dropdown:visible').getByText('用户性别').click();
  await page.screenshot({ path: `${SCREENSHOTS}codegen-edit-columns.png` });

  // 上级菜单 is required for the 管理后台 scene: 提交 leads to it.
  await page.getByRole('button', { name: '提交' }).click();
  await expectMessage(page, '表单校验未通过，请重新检查提交内容');
  await expect(page.getByRole('tab', { name: '生成信息', selected: true })).toBeVisible();
  await page.getByLabel('上级菜单').click();
  await page.getByLabel('上级菜单').fill('代码生成示例');
  await page.locator('.ant-select-dropdown:visible').getByTitle('代码生成示例').click();
  await page.screenshot({ path: `${SCREENSHOTS}codegen-edit-gen.png` });
  await page.getByRole('button', { name: '提交' }).click();
  await expectMessage(page, '修改成功！');
  await expect(page).toHaveURL('/infra/codegen');

  // 预览: the files of this project's module; the page's code uses the select.
  await rowOf(page, TABLE).getByRole('button', { name: '预览' }).click();
  const preview = dialog(page, '代码预览');
  const files = preview.getByRole('tree', { name: '生成的文件' });
  await expect(files).toContainText('demo01-contact-page.tsx');
  await files.getByText('demo01-contact-page.tsx').click();
  const code = preview.getByRole('region', {
    name: 'packages/web/src/features/demo01-contact/demo01-contact-page.tsx',
  });
  await expect(code).toContainText("dictField('性别', 'sex', 'system_user_sex', { select: true })");
  await page.screenshot({ path: `${SCREENSHOTS}codegen-preview.png` });
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  // 生成代码: the zip of the same files.
  await rowOf(page, TABLE).getByRole('button', { name: '更多' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: '生成代码' }).click();
  expect((await download).suggestedFilename()).toBe(`codegen-${TABLE}.zip`);
});
