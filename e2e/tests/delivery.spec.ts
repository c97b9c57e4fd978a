import { expect, test, type Locator, type Page } from './fixtures';
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

/** Names no other journey on the shared server uses. */
const RUN = Date.now().toString(36).slice(-5);
const EXPRESS = `顺丰速运${RUN}`;
const BY_VOLUME = `大件按体积${RUN}`;

/** Picks a region in a cascader by typing its name and choosing the match ('广东省 / 深圳市 / 南山区'). */
const pickArea = async (page: Page, cascader: Locator, name: string, path: string) => {
  await cascader.click();
  await cascader.fill(name);
  await page
    .locator('.ant-cascader-dropdown:visible .ant-cascader-menu-item')
    .filter({ hasText: path })
    .first()
    .click();
};

test('express companies, a freight template by volume, and the price query of a bulky parcel', async ({
  page,
}) => {
  test.setTimeout(120_000);
  page.setDefaultTimeout(15_000);
  await signIn(page, 'admin', 'admin123', '/index');
  for (const name of ['商城系统', '订单中心', '配送管理', '快递发货', '快递公司'])
    await sidebar(page).getByText(name, { exact: true }).click();
  await expect(page).toHaveURL('/mall/trade/delivery/express/express');

  // 快递公司: a new company shows in the list.
  await button(page, '新增').click();
  const company = dialog(page, '添加快递公司');
  await company.getByLabel('快递公司编码').fill(`SF${RUN}`);
  await company.getByLabel('快递公司名称').fill(EXPRESS);
  await company.getByRole('button', { name: OK }).click();
  await expectMessage(page, '新增成功');
  await expect(rows(page).filter({ hasText: EXPRESS })).toContainText(`SF${RUN}`);
  await page.screenshot({ path: `${SCREENSHOTS}delivery-express.png` });

  // 运费模版: charged by volume, 全国 by default and 广东省 dearer.
  await sidebar(page).getByText('运费模版', { exact: true }).click();
  await expect(page).toHaveURL('/mall/trade/delivery/express/express-template');
  // The company list stays mounted, hidden, in its tab: act once this page shows.
  await expect(main(page).getByRole('columnheader', { name: '计费方式' })).toBeVisible();
  await button(page, '新增').click();
  const template = dialog(page, '添加运费模板');
  await template.getByLabel('模板名称').fill(BY_VOLUME);
  await template.getByRole('radio', { name: '按体积' }).check();
  const charges = template.locator('.ant-table-tbody tr.ant-table-row');
  await expect(charges).toHaveCount(1);
  await expect(charges.first()).toContainText('全国');
  await charges.first().getByRole('spinbutton', { name: '首体积（m³）' }).fill('0.01');
  await charges.first().getByRole('spinbutton', { name: '运费（元）' }).fill('8');
  await charges.first().getByRole('spinbutton', { name: '续体积（m³）' }).fill('0.01');
  await charges.first().getByRole('spinbutton', { name: '续费（元）' }).fill('3');
  await template.getByRole('button', { name: '添加区域' }).first().click();
  await expect(charges).toHaveCount(2);
  await pickArea(page, charges.nth(1).getByRole('combobox', { name: '区域' }), '广东', '广东省');
  await page.keyboard.press('Escape');
  await charges.nth(1).getByRole('spinbutton', { name: '首体积（m³）' }).fill('0.01');
  await charges.nth(1).getByRole('spinbutton', { name: '运费（元）' }).fill('10');
  await charges.nth(1).getByRole('spinbutton', { name: '续体积（m³）' }).fill('0.01');
  await charges.nth(1).getByRole('spinbutton', { name: '续费（元）' }).fill('5');
  await page.screenshot({ path: `${SCREENSHOTS}delivery-template-form.png` });
  await template.getByRole('button', { name: OK }).click();
  await expectMessage(page, '新增成功');
  await expect(rows(page).filter({ hasText: BY_VOLUME })).toContainText('按体积');

  // 运费查询: a 60 × 50 × 40 cm parcel to 南山区 is 0.12 m³, priced by the 广东省 rule.
  await sidebar(page).getByText('运费查询', { exact: true }).click();
  await expect(page).toHaveURL('/exp/price-query');
  await expect(main(page).getByText('输入包裹信息后查询运费')).toBeVisible();
  const parcel = main(page).getByRole('form', { name: '包裹信息' });
  await pickArea(page, parcel.getByRole('combobox', { name: '发货地区' }), '浦东', '浦东新区');
  await pickArea(page, parcel.getByRole('combobox', { name: '收货地区' }), '南山', '深圳市 / 南山区');
  await parcel.getByRole('spinbutton', { name: '重量（kg）' }).fill('30');
  await parcel.getByRole('spinbutton', { name: '长（cm）' }).fill('60');
  await parcel.getByRole('spinbutton', { name: '宽（cm）' }).fill('50');
  await parcel.getByRole('spinbutton', { name: '高（cm）' }).fill('40');
  await parcel.getByRole('spinbutton', { name: '订单金额（元）' }).fill('199');
  await parcel.getByRole('spinbutton', { name: '订单金额（元）' }).press('Enter');

  await expect(main(page).getByText('体积 = 60 × 50 × 40 cm = 0.12 m³')).toBeVisible();
  const quote = rows(page).filter({ hasText: BY_VOLUME });
  await expect(quote).toContainText('¥65.00');
  await expect(quote).toContainText(
    '按体积：0.12 m³，匹配区域「广东省」首 0.01 m³ ¥10.00，续 11 × 0.01 m³ × ¥5.00 = ¥55.00，合计 ¥65.00',
  );
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${SCREENSHOTS}delivery-price-query.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${SCREENSHOTS}delivery-price-query-375.png`, fullPage: true });
});
