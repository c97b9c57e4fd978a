import { expect, test, type Page } from './fixtures';
import { SCREENSHOTS, sidebar, signIn } from './helpers';

const rowOf = (page: Page, code: string) =>
  page.locator('.list-page:visible .ant-table-tbody tr.ant-table-row').filter({
    has: page.locator('td').getByText(code, { exact: true }),
  });

test('regions: open the tree from the menu, expand 北京市, look up an IP', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page);
  const nav = sidebar(page);
  await nav.getByText('系统管理', { exact: true }).click();
  await nav.getByRole('link', { name: '地区管理' }).click();
  await expect(page).toHaveURL('/system/area');

  const beijing = rowOf(page, '110000');
  await expect(beijing).toContainText('北京市');
  await expect(rowOf(page, '440000')).toContainText('广东省');
  await beijing.getByRole('button', { name: '展开行' }).click();
  await rowOf(page, '110100').getByRole('button', { name: '展开行' }).click();
  await expect(rowOf(page, '110101')).toContainText('东城区');

  await page.getByRole('button', { name: 'IP 查询' }).click();
  const dialog = page.getByRole('dialog', { name: 'IP 查询' });
  const query = dialog.getByRole('button', { name: /查\s*询/ });
  await dialog.getByLabel('IP').fill('202.96.209');
  await query.click();
  await expect(dialog).toContainText('IP 地址格式不正确');
  await dialog.getByLabel('IP').fill('202.96.209.133');
  await query.click();
  await expect(dialog.getByLabel('地址')).toHaveValue('上海市 上海市');
  await page.screenshot({ path: `${SCREENSHOTS}area-page.png`, animations: 'disabled' });

  await dialog.getByLabel('IP').fill('192.168.1.1');
  await query.click();
  await expect(dialog.getByLabel('地址')).toHaveValue('未知');
});
