import { expect, test } from './fixtures';
import type { Page } from './fixtures';
import { SCREENSHOTS, sidebar } from './helpers';
import { markPage, openMenu, pageMarker, signInHome, strip, tab, tabMenu, tabTitles } from './tabs-helpers';

test.use({ viewport: { width: 1280, height: 800 } });

const slot = (page: Page, key: string) => page.locator(`.page-cache-slot[data-page-key="${key}"]`);

// The cache's rules (keepAlive off, the size switch, per-search keys, the dynamic title) are proven
// in layout/page-cache/page-cache.test.tsx and app/router/root-shell.test.tsx; this journey checks
// them on the real pages and the real window scroll.
test('visited pages stay cached behind their tabs with their scroll; 刷新页面 and closing a tab re-create them', async ({
  page,
}) => {
  // A short window, so the home page scrolls.
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

  await page.setViewportSize({ width: 1280, height: 800 });
  await tab(page, '用户管理').click();
  await expect(page).toHaveURL('/system/user');
  await markPage(page, '/system/user', 'user-1');
  await openMenu(page, '系统管理', '字典管理', '/system/dict');
  // The user page is still there, hidden and inert.
  await expect(slot(page, '/system/user')).toHaveAttribute('hidden', '');
  await expect(slot(page, '/system/user')).toHaveAttribute('inert', '');
  await expect(slot(page, '/system/dict')).toBeVisible();
  await markPage(page, '/system/dict', 'dict-1');

  await tab(page, '用户管理').click();
  await expect(page).toHaveURL('/system/user');
  expect(await pageMarker(page, '/system/user')).toBe('user-1');
  await expect(slot(page, '/system/dict')).toHaveAttribute('hidden', '');

  // 刷新页面 re-creates the page through the redirect route; other cached pages are untouched.
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
  expect(await pageMarker(page, '/system/dict')).toBe('dict-1');
  await expect.poll(() => tabTitles(page)).toEqual(['首页', '用户管理', '字典管理']);

  // Closing the tab drops the cached page; opening it again makes a new one.
  await markPage(page, '/system/user', 'user-2');
  await tab(page, '字典管理').click();
  await strip(page).getByRole('button', { name: '关闭 用户管理' }).click();
  await expect(slot(page, '/system/user')).toHaveCount(0);
  await openMenu(page, '系统管理', '用户管理', '/system/user');
  expect(await pageMarker(page, '/system/user')).toBeNull();
});
