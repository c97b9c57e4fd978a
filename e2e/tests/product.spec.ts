import { expect, test, type Page } from './fixtures';
import { SCREENSHOTS, expectMessage, sidebar, signIn } from './helpers';

test.describe.configure({ mode: 'serial' });

const OK = /确\s*定$/;
/** The page on show: pages of other tabs stay mounted, hidden. */
const main = (page: Page) => page.locator('.app-main');
const button = (page: Page, name: string) =>
  main(page).getByRole('button', { name }).filter({ visible: true });
const dialog = (page: Page, title: string) => page.locator('.ant-modal').filter({ hasText: title });
const rows = (page: Page) =>
  main(page).locator('.ant-table-tbody tr.ant-table-row').filter({ visible: true });

/** A 1×1 PNG, enough for the upload endpoint to take it as an image. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const picture = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

/** Names no other journey on the shared server uses. */
const RUN = Date.now().toString(36).slice(-5);
const TOP = `服饰${RUN}`;
const LEAF = `T恤${RUN}`;
const BRAND = `品牌${RUN}`;
const COLOR = `颜色${RUN}`;
const SIZE = `尺码${RUN}`;
const PRODUCT = `纯棉T恤${RUN}`;

const addCategory = async (page: Page, name: string, parentRow?: string) => {
  if (parentRow)
    await rows(page).filter({ hasText: parentRow }).getByRole('button', { name: '新增' }).click();
  else await button(page, '新增').first().click();
  const form = dialog(page, '添加商品分类');
  await form.getByLabel('分类名称').fill(name);
  await form.getByLabel('分类图片').setInputFiles(picture('category.png'));
  await expect(form.getByRole('img', { name: '已上传的图片' })).toBeVisible();
  await form.getByRole('button', { name: OK }).click();
  await expectMessage(page, '新增成功');
};

const addProperty = async (page: Page, name: string, values: string[]) => {
  await page.goto('/mall/product/property');
  await button(page, '新增').click();
  const form = dialog(page, '添加属性项');
  await form.getByLabel('名称').fill(name);
  await form.getByRole('button', { name: OK }).click();
  await expectMessage(page, '新增成功');
  await rows(page).getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/property\/value\/\d+$/);
  await expect(main(page).locator('.list-search').filter({ visible: true })).toContainText(name);
  for (const value of values) {
    await button(page, '新增').click();
    const valueForm = dialog(page, '添加属性值');
    await expect(valueForm.locator('.ant-select-disabled')).toContainText(name);
    await valueForm.getByLabel('名称').fill(value);
    await valueForm.getByRole('button', { name: OK }).click();
    await expectMessage(page, '新增成功');
  }
  await expect(rows(page)).toHaveCount(values.length);
};

test('the catalogue: a category tree, a brand and two properties with their values', async ({ page }) => {
  test.setTimeout(120_000);
  page.setDefaultTimeout(15_000);
  await signIn(page, 'admin', 'admin123', '/index');
  await sidebar(page).getByText('商城系统').click();
  await sidebar(page).getByText('商品中心').click();
  await sidebar(page).getByText('商品分类').click();
  await expect(page).toHaveURL('/mall/product/category');
  await addCategory(page, TOP);
  await addCategory(page, LEAF, TOP);
  await expect(rows(page).filter({ hasText: LEAF })).toBeVisible();
  // Two levels: a second-level category takes no children.
  await expect(rows(page).filter({ hasText: LEAF }).getByRole('button', { name: '新增' })).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}product-category.png` });

  await page.goto('/mall/product/brand');
  await button(page, '新增').click();
  const brand = dialog(page, '添加品牌');
  await brand.getByLabel('品牌名称').fill(BRAND);
  await brand.getByLabel('品牌图片').setInputFiles(picture('brand.png'));
  await expect(brand.getByRole('img', { name: '已上传的图片' })).toBeVisible();
  await brand.getByRole('button', { name: OK }).click();
  await expectMessage(page, '新增成功');
  await expect(rows(page).filter({ hasText: BRAND })).toBeVisible();

  await addProperty(page, COLOR, ['红色', '白色', '黑色']);
  await page.screenshot({ path: `${SCREENSHOTS}product-property-value.png` });
  await addProperty(page, SIZE, ['S', 'M', 'L', 'XL']);
  // The property in use is refused before its values go.
  await page.goto('/mall/product/property');
  await rows(page).filter({ hasText: SIZE }).getByRole('button', { name: '删除' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: OK }).click();
  await expect(page.getByText('属性项下存在属性值，无法删除').first()).toBeVisible();
});

const choose = async (page: Page, option: string) =>
  page
    .locator('.ant-select-dropdown:visible, .ant-cascader-dropdown:visible')
    .getByText(option, { exact: true })
    .click();

test('a product of 3 × 4 SKUs: add, edit one SKU, 预警中, the recycle bin and back', async ({ page }) => {
  test.setTimeout(180_000);
  page.setDefaultTimeout(15_000);
  await signIn(page, 'admin', 'admin123', '/mall/product/spu');
  await button(page, '添加商品').click();
  await expect(page).toHaveURL('/spu/add');
  // The editor's own form: right after the address changes, the list's search form may still be on screen.
  const editor = main(page).locator('form#spu-form').filter({ visible: true });

  await editor.getByLabel('商品名称').fill(PRODUCT);
  await editor.getByLabel('促销语').fill('夏季新款');
  await editor
    .locator('.spu-picture-list input[type=file]')
    .setInputFiles([picture('front.png'), picture('back.png')]);
  await expect(editor.getByRole('listitem', { name: /张主图/ })).toHaveCount(2);
  await editor.getByLabel('商品品牌').click();
  await choose(page, BRAND);
  await editor.getByLabel('商品分类').click();
  await choose(page, TOP);
  await choose(page, LEAF);
  await editor.getByLabel('立即上架').check();

  await editor.getByRole('tab', { name: '价格库存' }).click();
  await editor.getByLabel('启用多规格').click();
  for (const [index, property, values] of [
    [1, COLOR, ['红色', '白色', '黑色']],
    [2, SIZE, ['S', 'M', 'L', 'XL']],
  ] as const) {
    await editor.getByRole('button', { name: '添加规格' }).click();
    await editor.getByRole('combobox', { name: `规格项目 ${index}` }).click();
    await choose(page, property);
    const group = editor.getByRole('group', { name: `${property}的规格值` });
    for (const value of values) await group.getByRole('button', { name: value, exact: true }).click();
  }
  const skus = editor.locator('.ant-table');
  // 12 SKUs and the 批量设置 row.
  await expect(skus.locator('tbody tr.ant-table-row')).toHaveCount(13);
  for (const [label, value] of [
    ['市场价', '129'],
    ['销售价', '99'],
    ['成本价', '50'],
    ['库存', '100'],
    ['预警库存', '10'],
  ] as const)
    await skus.getByLabel(`${label} 批量设置`, { exact: true }).fill(value);
  await skus.getByRole('button', { name: '批量填充' }).click();
  await expect(skus.getByLabel('销售价 黑色,XL')).toHaveValue('99.00');

  await editor.getByRole('tab', { name: '商品详情' }).click();
  await editor.getByRole('textbox', { name: '商品详情' }).click();
  await page.keyboard.type('100% 纯棉，透气舒适。');
  await page.screenshot({ path: `${SCREENSHOTS}product-spu-editor.png`, fullPage: true });
  await editor.getByRole('tab', { name: '价格库存' }).click();
  await page.screenshot({ path: `${SCREENSHOTS}product-spu-skus.png`, fullPage: true });

  await button(page, '确认').click();
  await expectMessage(page, '新增成功');
  await expect(page).toHaveURL(/\/mall\/product\/spu/);
  const row = rows(page).filter({ hasText: PRODUCT });
  await expect(row).toContainText('销售中');
  await expect(row).toContainText('1200');

  // Edit one SKU: 红色,S costs less and its stock falls to the warning level.
  await row.getByRole('button', { name: '修改' }).click();
  await expect(page).toHaveURL(/\/spu\/edit\/\d+$/);
  const edit = main(page).locator('form#spu-form').filter({ visible: true });
  await expect(edit.getByLabel('商品名称')).toHaveValue(PRODUCT);
  await edit.getByRole('tab', { name: '价格库存' }).click();
  const editSkus = edit.locator('.ant-table');
  await expect(editSkus.getByLabel('销售价 红色,S')).toHaveValue('99.00');
  await editSkus.getByLabel('销售价 红色,S').fill('89.9');
  await editSkus.getByLabel('库存 红色,S', { exact: true }).fill('10');
  await button(page, '确认').click();
  await expectMessage(page, '修改成功');
  await expect(page).toHaveURL(/\/mall\/product\/spu/);
  await expect(row).toContainText('1110');

  await main(page)
    .getByRole('tab', { name: /预警中/ })
    .click();
  await expect(rows(page).filter({ hasText: PRODUCT })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}product-spu-alarm.png` });

  await rows(page).filter({ hasText: PRODUCT }).getByRole('button', { name: '放入回收站' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: OK }).click();
  await expectMessage(page, '放入回收站成功');
  await main(page)
    .getByRole('tab', { name: /回收站/ })
    .click();
  const recycled = rows(page).filter({ hasText: PRODUCT });
  await expect(recycled).toContainText('回收站');
  await recycled.getByRole('button', { name: '恢复' }).click();
  await expectMessage(page, '恢复成功');
  await main(page)
    .getByRole('tab', { name: /仓库中/ })
    .click();
  await expect(rows(page).filter({ hasText: PRODUCT })).toContainText('仓库中');
  await page.screenshot({ path: `${SCREENSHOTS}product-spu-list.png` });
});
