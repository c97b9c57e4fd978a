import { expect, test } from './fixtures';
import { SCREENSHOTS, sidebar } from './helpers';
import { openSettings, signInHome } from './shell-helpers';

test('settings apply at once, 保存配置 keeps them across reloads, 重置配置 clears them and reloads', async ({
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
  await expect(page.getByText('保存成功')).toBeVisible();
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
  await again.getByRole('button', { name: '重置配置' }).click();
  await expect(page.getByText('正在清除设置缓存并刷新，请稍候...')).toBeVisible();
  await page.waitForEvent('load');
  await expect(sidebar(page)).toHaveClass(/theme-dark/);
  await expect(page).toHaveTitle('后台管理系统');
  expect(await page.evaluate(() => localStorage.getItem('layout-setting'))).toBeNull();
  await expect(page.locator('.app-header')).toHaveCSS('position', 'relative');
});

test('changes that are not saved are gone after a reload; the drawer closes on an outside click', async ({
  page,
}) => {
  await signInHome(page);
  const drawer = await openSettings(page);
  await drawer.getByRole('radio', { name: '亮色侧边栏' }).click();
  await expect(sidebar(page)).toHaveClass(/theme-light/);
  await page.mouse.click(400, 400);
  await expect(drawer).toBeHidden();
  await page.reload();
  await expect(sidebar(page)).toHaveClass(/theme-dark/);
});

test('dark mode themes the whole console', async ({ page }) => {
  await signInHome(page);
  await page.goto('/system/user');
  const drawer = await openSettings(page);
  await drawer.getByRole('switch', { name: '暗黑模式' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(0, 0, 0)');
  await expect(page.locator('header.app-navbar')).toHaveCSS('background-color', 'rgb(20, 20, 20)');
  await page.screenshot({ path: `${SCREENSHOTS}shell-dark-settings.png`, animations: 'disabled' });
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await page.screenshot({ path: `${SCREENSHOTS}shell-dark-1280.png`, animations: 'disabled' });

  await drawer.getByRole('switch', { name: '暗黑模式' }).isVisible();
  const again = await openSettings(page);
  await again.getByRole('switch', { name: '暗黑模式' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.locator('header.app-navbar')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
});

test('the size selector applies a size to every component and reloads the page through /redirect', async ({
  page,
}) => {
  await signInHome(page);
  await page.goto('/system/user?from=size');
  // The user page's 重置 button of its search form.
  const button = page.getByRole('button', { name: /重置/ }).first();
  await expect(button).toHaveCSS('height', '32px'); // Medium → antd middle

  const redirects: string[] = [];
  page.on(
    'framenavigated',
    (frame) => frame === page.mainFrame() && redirects.push(new URL(frame.url()).pathname),
  );
  await page.getByRole('button', { name: '布局大小' }).click();
  await expect(page.getByRole('menuitem', { name: 'Medium' })).toHaveAttribute('aria-disabled', 'true');
  await page.getByRole('menuitem', { name: 'Small' }).click();
  await expect(page.getByText('Switch Size Success')).toBeVisible();
  await expect(page).toHaveURL('/system/user?from=size');
  expect(redirects).toContain('/redirect/system/user');
  await expect(button).toHaveCSS('height', '24px');
  expect(await page.evaluate(() => localStorage.getItem('size'))).toBe('small');

  await page.getByRole('button', { name: '布局大小' }).click();
  await page.getByRole('menuitem', { name: 'Default' }).click();
  await expect(button).toHaveCSS('height', '40px');
  await page.reload();
  await expect(button).toHaveCSS('height', '40px');
});

test('full screen toggles through the Fullscreen API', async ({ page }) => {
  await signInHome(page);
  await page.getByRole('button', { name: '全屏' }).click();
  await expect(page.getByRole('button', { name: '退出全屏' })).toBeVisible();
  expect(await page.evaluate(() => !!document.fullscreenElement)).toBe(true);
  await page.getByRole('button', { name: '退出全屏' }).click();
  await expect(page.getByRole('button', { name: '全屏' })).toBeVisible();
});

test('without full-screen support the toggle says so', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(Document.prototype, 'fullscreenEnabled', { get: () => false, configurable: true });
  });
  await signInHome(page);
  await page.getByRole('button', { name: '全屏' }).click();
  await expect(page.getByText('你的浏览器不支持全屏')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}shell-fullscreen-unsupported.png`, animations: 'disabled' });
});

test('source and documentation links open our own addresses in a new tab', async ({ page, baseURL }) => {
  await signInHome(page);
  for (const name of ['源码地址', '文档地址']) {
    const link = page.getByRole('link', { name });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('href', '/admin-api/openapi.json');
  }
  const popup = page.waitForEvent('popup');
  await page.getByRole('link', { name: '文档地址' }).click();
  await expect(await popup).toHaveURL(`${baseURL}/admin-api/openapi.json`);
});

test('the user menu opens 个人中心 and 布局设置', async ({ page }) => {
  await signInHome(page);
  await page.getByRole('button', { name: '用户菜单' }).click();
  await expect(page.getByRole('menuitem', { name: '个人中心' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: '退出登录' })).toBeVisible();
  await page.getByRole('menuitem', { name: '个人中心' }).click();
  await expect(page).toHaveURL(/\/user\/profile|\/404/);
});
