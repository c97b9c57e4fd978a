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

test('shrinking the window switches to mobile and closes the sidebar without animation', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInHome(page);
  const wrapper = page.locator('.app-wrapper');
  await expect(wrapper).toHaveClass(/is-desktop/);
  await expect(sidebar(page)).toBeInViewport();
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(wrapper).toHaveClass(/is-mobile/);
  await expect(wrapper).toHaveClass(/without-animation/);
  await expect(sidebar(page)).not.toBeInViewport();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(wrapper).toHaveClass(/is-desktop/);
  await expect(page.getByRole('button', { name: '菜单搜索' })).toBeVisible();
});

test('dark mode on a narrow screen', async ({ page }) => {
  await page.addInitScript(() =>
    localStorage.setItem('layout-setting', JSON.stringify({ darkMode: true, sideTheme: 'theme-dark' })),
  );
  await signInHome(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('button', { name: '展开侧边栏' }).click();
  await expect(sidebar(page)).toBeInViewport();
  await page.screenshot({ path: `${SCREENSHOTS}shell-mobile-dark.png`, animations: 'disabled' });
  // The dim background covers the navbar while the drawer is open: close it first.
  await page.keyboard.press('Escape');
  await expect(sidebar(page)).not.toBeInViewport();
  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: '布局设置' }).click();
  await expect(page.getByRole('dialog', { name: '布局设置' })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}shell-mobile-settings.png`, animations: 'disabled' });
});
