import { expect, test } from './fixtures';
import { SCREENSHOTS, expectMessage, sidebar } from './helpers';
import { openSettings, signInHome } from './shell-helpers';

test('settings apply at once, 保存配置 keeps them across reloads, 重置配置 clears them; dark mode themes the console', async ({
  page,
}) => {
  await signInHome(page);
  await expect(page).toHaveTitle('后台管理系统');

  // The floating handle at the right edge opens the drawer too.
  const handle = page.getByRole('button', { name: '布局设置', exact: true });
  await expect(handle).toHaveCSS('top', '250px');
  await handle.click();
  const drawer = page.getByRole('dialog', { name: '布局设置' });
  await expect(drawer).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}shell-settings.png`, animations: 'disabled' });

  await drawer.getByRole('radio', { name: '亮色侧边栏' }).click();
  await drawer.getByRole('radio', { name: '主题颜色 #13c2c2' }).click();
  await drawer.getByRole('switch', { name: '动态标题' }).click();
  await drawer.getByRole('switch', { name: '固定 Header' }).click();
  await drawer.getByRole('switch', { name: '显示 Logo' }).click();

  // Live: title, logo, side theme and theme colour change before anything is saved.
  await expect(page).toHaveTitle('首页 - 后台管理系统');
  await expect(sidebar(page).getByRole('link', { name: '后台管理系统' })).toHaveCount(0);
  await expect(sidebar(page)).toHaveClass(/theme-light/);
  await expect(page.locator('.app-header')).toHaveCSS('position', 'sticky');
  await expect(drawer.getByRole('button', { name: '保存配置' })).toHaveCSS(
    'background-color',
    'rgb(19, 194, 194)',
  );

  // The loading message before it (0.6 s) is too short to catch on a busy machine; the drawer's
  // component test checks it.
  await drawer.getByRole('button', { name: '保存配置' }).click();
  await expectMessage(page, '保存成功');
  const saved = JSON.parse((await page.evaluate(() => localStorage.getItem('layout-setting')))!);
  expect(saved).toEqual({
    theme: '#13c2c2',
    sideTheme: 'theme-light',
    topNav: false,
    tagsView: true,
    fixedHeader: true,
    sidebarLogo: false,
    dynamicTitle: true,
    darkMode: false,
  });

  await page.reload();
  await expect(sidebar(page)).toHaveClass(/theme-light/);
  await expect(page).toHaveTitle('首页 - 后台管理系统');
  await expect(page.locator('.app-header')).toHaveCSS('position', 'sticky');
  await expect(handle).toHaveCSS('background-color', 'rgb(19, 194, 194)');
  await page.screenshot({ path: `${SCREENSHOTS}shell-settings-saved.png`, animations: 'disabled' });

  const again = await openSettings(page);
  await expect(again.getByRole('switch', { name: '动态标题' })).toBeChecked();
  // The transient 正在清除设置缓存… message is settings-drawer.test.tsx's; here, the reload it announces.
  const reloaded = page.waitForEvent('load');
  await again.getByRole('button', { name: '重置配置' }).click();
  await reloaded;
  await expect(sidebar(page)).toHaveClass(/theme-dark/);
  await expect(page).toHaveTitle('后台管理系统');
  expect(await page.evaluate(() => localStorage.getItem('layout-setting'))).toBeNull();
  await expect(page.locator('.app-header')).toHaveCSS('position', 'relative');

  // Dark mode themes the whole console (the variables it sets: use-shell-theme.test.tsx).
  const dark = await openSettings(page);
  await dark.getByRole('switch', { name: '暗黑模式' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(0, 0, 0)');
  await expect(page.locator('header.app-navbar')).toHaveCSS('background-color', 'rgb(20, 20, 20)');
  await page.screenshot({ path: `${SCREENSHOTS}shell-dark-settings.png`, animations: 'disabled' });
  await page.keyboard.press('Escape');
  await expect(dark).toBeHidden();
  await page.screenshot({ path: `${SCREENSHOTS}shell-dark-1280.png`, animations: 'disabled' });
});
