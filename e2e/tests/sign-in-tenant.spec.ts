import { expect, test } from './fixtures';
import { SCREENSHOTS, sidebar } from './helpers';

test('the tenant field resolves the tenant by name; an unknown name is refused', async ({ page }) => {
  await page.goto('/login');
  const tenant = page.getByRole('textbox', { name: '租户' });
  await expect(tenant).toHaveValue('默认租户');
  await tenant.fill('没有这个租户');
  await page.getByRole('textbox', { name: '账号' }).fill('admin');
  await expect(page.getByText('租户不存在')).toBeVisible();
  await page.getByLabel('密码', { exact: true }).fill('admin123');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.screenshot({ path: `${SCREENSHOTS}login-tenant-unknown.png` });

  await tenant.fill('默认租户');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(sidebar(page).getByText('系统管理', { exact: true })).toBeVisible();
  expect(
    await page.evaluate(() => [localStorage.getItem('TENANT_ID'), localStorage.getItem('TENANT_NAME')]),
  ).toEqual(['1', '默认租户']);
});
