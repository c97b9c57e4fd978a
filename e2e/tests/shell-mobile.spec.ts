import { expect, test } from './fixtures';
import { SCREENSHOTS, sidebar } from './helpers';
import { signInHome } from './shell-helpers';

test.use({ viewport: { width: 375, height: 740 } });

test('on a narrow screen the sidebar is a drawer over a dim background', async ({ page }) => {
  await signInHome(page);
  const nav = sidebar(page);
  await expect(nav).not.toBeInViewport();
  await expect(page.locator('.app-wrapper')).toHaveClass(/is-mobile/);
  // Wide-screen tools are not shown on mobile.
  await expect(page.getByRole('button', { name: '菜单搜索' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '全屏' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '用户菜单' })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}shell-mobile-375.png`, animations: 'disabled' });

  await page.getByRole('button', { name: '展开侧边栏' }).click();
  const mask = page.getByTestId('sidebar-mask');
  await expect(mask).toBeVisible();
  await expect(nav).toBeInViewport();
  await page.screenshot({ path: `${SCREENSHOTS}shell-mobile-drawer.png`, animations: 'disabled' });

  // A click on the dim background closes it.
  await mask.click({ position: { x: 330, y: 400 } });
  await expect(mask).toHaveCount(0);
  await expect(nav).not.toBeInViewport();

  // Escape closes it too.
  await page.getByRole('button', { name: '展开侧边栏' }).click();
  await expect(nav).toBeInViewport();
  await page.keyboard.press('Escape');
  await expect(nav).not.toBeInViewport();

  // Navigating closes it.
  await page.getByRole('button', { name: '展开侧边栏' }).click();
  await nav.getByText('系统管理', { exact: true }).click();
  await nav.getByRole('link', { name: '用户管理' }).click();
  await expect(page).toHaveURL('/system/user');
  await expect(mask).toHaveCount(0);
  await expect(nav).not.toBeInViewport();
});
