import { expect, test } from './fixtures';
import type { Page } from './fixtures';
import { SCREENSHOTS, sidebar } from './helpers';
import {
  markPage,
  openMenu,
  pageMarker,
  patchMenus,
  signInHome,
  strip,
  tab,
  tabMenu,
  tabTitles,
} from './tabs-helpers';

test.use({ viewport: { width: 1280, height: 800 } });

const slot = (page: Page, key: string) => page.locator(`.page-cache-slot[data-page-key="${key}"]`);

test('a visited page stays cached behind its tab; closing the tab drops it', async ({ page }) => {
  await signInHome(page);
  await openMenu(page, '系统管理', '用户管理', '/system/user');
  await markPage(page, '/system/user', 'user-1');

  await openMenu(page, '系统管理', '字典管理', '/system/dict');
  // The user page is still there, hidden and inert.
  await expect(slot(page, '/system/user')).toHaveAttribute('hidden', '');
  await expect(slot(page, '/system/user')).toHaveAttribute('inert', '');
  await expect(slot(page, '/system/dict')).toBeVisible();

  await tab(page, '用户管理').click();
  await expect(page).toHaveURL('/system/user');
  expect(await pageMarker(page, '/system/user')).toBe('user-1');
  await expect(slot(page, '/system/dict')).toHaveAttribute('hidden', '');

  // Closing the tab drops the cached page; opening it again makes a new one.
  await tab(page, '字典管理').click();
  await strip(page).getByRole('button', { name: '关闭 用户管理' }).click();
  await expect(slot(page, '/system/user')).toHaveCount(0);
  await openMenu(page, '系统管理', '用户管理', '/system/user');
  expect(await pageMarker(page, '/system/user')).toBeNull();
});

test('刷新页面 re-creates the page through the redirect route', async ({ page }) => {
  await signInHome(page);
  await openMenu(page, '系统管理', '用户管理', '/system/user');
  await openMenu(page, '系统管理', '字典管理', '/system/dict');
  await markPage(page, '/system/user', 'user-1');
  await markPage(page, '/system/dict', 'dict-1');

  const seen: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.push(new URL(frame.url()).pathname);
  });
  await tab(page, '用户管理').click({ button: 'right' });
  await tabMenu(page).getByRole('menuitem', { name: '刷新页面' }).click();
  await expect(page).toHaveURL('/system/user');
  await expect(tab(page, '用户管理')).toHaveAttribute('aria-current', 'page');
  await expect(slot(page, '/system/user')).toBeVisible();
  expect(await pageMarker(page, '/system/user')).toBeNull();
  expect(seen).toContain('/redirect/system/user');
  // Other cached pages are untouched; the tabs are the same.
  expect(await pageMarker(page, '/system/dict')).toBe('dict-1');
  await expect.poll(() => tabTitles(page)).toEqual(['首页', '用户管理', '字典管理']);
});

test('the home page keeps its scroll position and DOM while another tab is open', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 300 });
  await signInHome(page);
  await markPage(page, '/index', 'home-1');
  const maxScroll = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  expect(maxScroll).toBeGreaterThan(80);
  const target = Math.min(150, maxScroll);
  await page.evaluate((y) => window.scrollTo(0, y), target);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(target);

  // The sidebar is fixed: opening a menu page does not scroll the window first.
  await sidebar(page).getByText('系统管理', { exact: true }).click();
  await sidebar(page).getByRole('menuitem', { name: '用户管理', exact: true }).click();
  await expect(page).toHaveURL('/system/user');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  // Focus is not left inside the hidden page.
  expect(
    await page.evaluate(() => Boolean(document.activeElement?.closest('.page-cache-slot[hidden]'))),
  ).toBe(false);

  await tab(page, '首页').click();
  await expect(page).toHaveURL('/index');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(target);
  expect(await pageMarker(page, '/index')).toBe('home-1');
  await page.screenshot({ path: `${SCREENSHOTS}tabs-home-restored.png` });
});

test('a page whose menu has keepAlive off is not cached', async ({ page }) => {
  await patchMenus(page, (menus) => {
    const dict = menus.flatMap((menu) => menu.children ?? []).find((menu) => menu.name === '字典管理');
    if (!dict) throw new Error('字典管理 not in the menus');
    dict.keepAlive = false;
  });
  await signInHome(page);
  await openMenu(page, '系统管理', '字典管理', '/system/dict');
  await markPage(page, '/system/dict', 'dict-1');
  await openMenu(page, '系统管理', '用户管理', '/system/user');
  await expect(slot(page, '/system/dict')).toHaveCount(0);
  // The tab stays; the page is made afresh.
  await expect.poll(() => tabTitles(page)).toEqual(['首页', '字典管理', '用户管理']);
  await tab(page, '字典管理').click();
  await expect(slot(page, '/system/dict')).toBeVisible();
  expect(await pageMarker(page, '/system/dict')).toBeNull();
});

test('switching the UI size clears the cached pages and reloads the current one', async ({ page }) => {
  await signInHome(page);
  await openMenu(page, '系统管理', '用户管理', '/system/user');
  await markPage(page, '/system/user', 'user-1');
  await openMenu(page, '系统管理', '字典管理', '/system/dict');
  await markPage(page, '/system/dict', 'dict-1');

  await page.getByRole('button', { name: '布局大小' }).click();
  await page.getByRole('menuitem', { name: 'Small' }).click();
  await expect(page.getByText('Switch Size Success')).toBeVisible();
  await expect(page).toHaveURL('/system/dict');
  await expect(slot(page, '/system/dict')).toBeVisible();
  expect(await pageMarker(page, '/system/dict')).toBeNull();
  await expect(slot(page, '/system/user')).toHaveCount(0);
  await expect(slot(page, '/index')).toHaveCount(0);
  await expect.poll(() => tabTitles(page)).toEqual(['首页', '用户管理', '字典管理']);
});

test('with the dynamic title on, the title follows the tab on screen, never a hidden page', async ({
  page,
}) => {
  await page.addInitScript(() =>
    localStorage.setItem('layout-setting', JSON.stringify({ dynamicTitle: true })),
  );
  await signInHome(page);
  await expect(page).toHaveTitle('首页 - 后台管理系统');
  await openMenu(page, '系统管理', '用户管理', '/system/user');
  await openMenu(page, '系统管理', '字典管理', '/system/dict');
  await expect(page).toHaveTitle('字典管理 - 后台管理系统');
  await tab(page, '用户管理').click();
  await expect(page).toHaveTitle('用户管理 - 后台管理系统');
  await tab(page, '首页').click();
  await expect(page).toHaveTitle('首页 - 后台管理系统');
});
