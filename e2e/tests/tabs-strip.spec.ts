import { expect, test } from './fixtures';
import { SCREENSHOTS } from './helpers';
import { openMenu, signInHome, strip, tab, tabMenu, tabTitles } from './tabs-helpers';

test.use({ viewport: { width: 1280, height: 800 } });

test('visited pages become tabs (the active one in the theme colour, home affix); the context menu closes them', async ({
  page,
}) => {
  await signInHome(page);
  await expect.poll(() => tabTitles(page)).toEqual(['首页']);
  await expect(strip(page).getByRole('button', { name: '关闭 首页' })).toHaveCount(0);

  await openMenu(page, '系统管理', '用户管理', '/system/user');
  await openMenu(page, '系统管理', '字典管理', '/system/dict');
  await expect.poll(() => tabTitles(page)).toEqual(['首页', '用户管理', '字典管理']);
  await expect(tab(page, '用户管理')).not.toHaveAttribute('aria-current', 'page');
  await expect(strip(page).getByRole('button', { name: '关闭 用户管理' })).toBeVisible();

  // Active tab: theme colour (#409EFF) background, white text; others white.
  const active = strip(page).locator('li.is-active');
  await expect(active).toHaveCSS('background-color', 'rgb(64, 158, 255)');
  await expect(active).toHaveCSS('color', 'rgb(255, 255, 255)');
  await expect(strip(page).locator('li', { hasText: '首页' })).toHaveCSS(
    'background-color',
    'rgb(255, 255, 255)',
  );

  // Clicking a tab shows its page; revisiting does not add a second tab.
  await tab(page, '用户管理').click();
  await expect(page).toHaveURL('/system/user');
  await expect(tab(page, '用户管理')).toHaveAttribute('aria-current', 'page');
  await openMenu(page, '系统管理', '字典管理', '/system/dict');
  await expect.poll(() => tabTitles(page)).toEqual(['首页', '用户管理', '字典管理']);

  await page.screenshot({
    path: `${SCREENSHOTS}tabs-strip.png`,
    clip: { x: 0, y: 0, width: 1280, height: 200 },
  });

  // The context menu at the pointer (its entries and each action: tags-view.test.tsx): closing the
  // page on screen opens the last remaining tab; 全部关闭 goes home.
  await tab(page, '字典管理').click({ button: 'right' });
  await expect(tabMenu(page)).toBeVisible();
  await page.screenshot({
    path: `${SCREENSHOTS}tabs-context-menu.png`,
    clip: { x: 0, y: 0, width: 1280, height: 320 },
  });
  await tabMenu(page).getByRole('menuitem', { name: '关闭当前' }).click();
  await expect(tabMenu(page)).toHaveCount(0);
  await expect.poll(() => tabTitles(page)).toEqual(['首页', '用户管理']);
  await expect(page).toHaveURL('/system/user');
  await tab(page, '用户管理').click({ button: 'right' });
  await tabMenu(page).getByRole('menuitem', { name: '全部关闭' }).click();
  await expect.poll(() => tabTitles(page)).toEqual(['首页']);
  await expect(page).toHaveURL('/index');
});
