import { expect, test } from './fixtures';
import { SCREENSHOTS } from './helpers';
import {
  menuEntries,
  openMenu,
  openSystemPages,
  SYSTEM_PAGES,
  signInHome,
  strip,
  tab,
  tabMenu,
  tabTitles,
} from './tabs-helpers';

test.use({ viewport: { width: 1280, height: 800 } });

test('visited pages become tabs; the active one in the theme colour; home is affix', async ({ page }) => {
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
});

test('the context menu offers its entries with their hidden cases', async ({ page }) => {
  await signInHome(page);
  await openSystemPages(page, SYSTEM_PAGES.slice(0, 3));

  await tab(page, '首页').click({ button: 'right' });
  await expect(tabMenu(page)).toBeVisible();
  expect(await menuEntries(page)).toEqual(['刷新页面', '关闭其他', '关闭右侧', '全部关闭']);
  const box = await tabMenu(page).boundingBox();
  expect(box?.width).toBe(105);

  // The open menu lies over the next tabs: close it first.
  const reopen = async (title: string) => {
    await page.keyboard.press('Escape');
    await expect(tabMenu(page)).toHaveCount(0);
    await tab(page, title).click({ button: 'right' });
  };
  await reopen('用户管理');
  expect(await menuEntries(page)).toEqual(['刷新页面', '关闭当前', '关闭其他', '关闭右侧', '全部关闭']);

  await reopen('角色管理');
  expect(await menuEntries(page)).toEqual([
    '刷新页面',
    '关闭当前',
    '关闭其他',
    '关闭左侧',
    '关闭右侧',
    '全部关闭',
  ]);
  await page.screenshot({
    path: `${SCREENSHOTS}tabs-context-menu.png`,
    clip: { x: 0, y: 0, width: 1280, height: 320 },
  });

  await reopen('菜单管理');
  expect(await menuEntries(page)).toEqual(['刷新页面', '关闭当前', '关闭其他', '关闭左侧', '全部关闭']);

  // Escape closes it and gives the focus back to the tab.
  await page.keyboard.press('Escape');
  await expect(tabMenu(page)).toHaveCount(0);
  await expect(tab(page, '菜单管理')).toBeFocused();

  // A click elsewhere closes it.
  await tab(page, '菜单管理').click({ button: 'right' });
  await page.locator('.app-main').click({ position: { x: 400, y: 300 } });
  await expect(tabMenu(page)).toHaveCount(0);

  // Scrolling closes it.
  await tab(page, '菜单管理').click({ button: 'right' });
  await expect(tabMenu(page)).toBeVisible();
  await page.mouse.move(640, 600);
  await page.mouse.wheel(0, 200);
  await expect(tabMenu(page)).toHaveCount(0);
});

test('关闭当前 / 关闭左侧 / 关闭右侧 / 关闭其他 / 全部关闭', async ({ page }) => {
  await signInHome(page);
  await openSystemPages(page, SYSTEM_PAGES.slice(0, 5));
  await expect
    .poll(() => tabTitles(page))
    .toEqual(['首页', '用户管理', '角色管理', '菜单管理', '部门管理', '岗位管理']);

  const choose = async (title: string, entry: string) => {
    await tab(page, title).click({ button: 'right' });
    await tabMenu(page).getByRole('menuitem', { name: entry }).click();
    await expect(tabMenu(page)).toHaveCount(0);
  };

  // Closing another tab stays on the page.
  await choose('菜单管理', '关闭当前');
  await expect.poll(() => tabTitles(page)).toEqual(['首页', '用户管理', '角色管理', '部门管理', '岗位管理']);
  await expect(page).toHaveURL('/system/post');

  await choose('角色管理', '关闭左侧');
  await expect.poll(() => tabTitles(page)).toEqual(['首页', '角色管理', '部门管理', '岗位管理']);
  await expect(page).toHaveURL('/system/post');

  // The page on screen loses its tab: the last remaining tab opens.
  await choose('角色管理', '关闭右侧');
  await expect.poll(() => tabTitles(page)).toEqual(['首页', '角色管理']);
  await expect(page).toHaveURL('/system/role');
  await expect(tab(page, '角色管理')).toHaveAttribute('aria-current', 'page');

  await openSystemPages(page, [SYSTEM_PAGES[0] as [string, string], SYSTEM_PAGES[5] as [string, string]]);
  await choose('用户管理', '关闭其他');
  await expect.poll(() => tabTitles(page)).toEqual(['首页', '用户管理']);
  await expect(page).toHaveURL('/system/user');

  await openMenu(page, '系统管理', '字典管理', '/system/dict');
  await choose('字典管理', '全部关闭');
  await expect.poll(() => tabTitles(page)).toEqual(['首页']);
  await expect(page).toHaveURL('/index');
});

test('the close icon and a middle click close a tab; affix tabs cannot be closed', async ({ page }) => {
  await signInHome(page);
  await openSystemPages(page, SYSTEM_PAGES.slice(0, 3));

  // Closing the active tab goes to the last remaining one.
  await tab(page, '角色管理').click();
  await strip(page).getByRole('button', { name: '关闭 角色管理' }).click();
  await expect.poll(() => tabTitles(page)).toEqual(['首页', '用户管理', '菜单管理']);
  await expect(page).toHaveURL('/system/menu');

  // Middle click: closes, without opening a browser tab.
  const popups: unknown[] = [];
  page.context().on('page', (opened) => popups.push(opened));
  await tab(page, '用户管理').click({ button: 'middle' });
  await expect.poll(() => tabTitles(page)).toEqual(['首页', '菜单管理']);
  await expect(page).toHaveURL('/system/menu');

  await tab(page, '首页').click({ button: 'middle' });
  await expect.poll(() => tabTitles(page)).toEqual(['首页', '菜单管理']);
  expect(popups).toHaveLength(0);

  await tab(page, '菜单管理').click({ button: 'middle' });
  await expect.poll(() => tabTitles(page)).toEqual(['首页']);
  await expect(page).toHaveURL('/index');

  // No close entry for the affix tab either.
  await tab(page, '首页').click({ button: 'right' });
  await expect(tabMenu(page).getByRole('menuitem', { name: '关闭当前' })).toHaveCount(0);
});

test('tabs work from the keyboard', async ({ page }) => {
  await signInHome(page);
  await openSystemPages(page, SYSTEM_PAGES.slice(0, 2));

  await tab(page, '用户管理').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/system/user');
  // The tab strip follows once the page is shown; a menu opened before that would close again.
  await expect(tab(page, '用户管理')).toHaveAttribute('aria-current', 'page');
  await tab(page, '用户管理').focus();

  // Shift+F10 opens the menu with the focus on its first entry; arrows move; Enter chooses.
  await page.keyboard.press('Shift+F10');
  await expect(tabMenu(page).getByRole('menuitem', { name: '刷新页面' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(tabMenu(page).getByRole('menuitem', { name: '关闭当前' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => tabTitles(page)).toEqual(['首页', '角色管理']);
  await expect(page).toHaveURL('/system/role');

  // Tab reaches the close button, labelled with the title.
  await tab(page, '角色管理').focus();
  await page.keyboard.press('Tab');
  await expect(strip(page).getByRole('button', { name: '关闭 角色管理' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => tabTitles(page)).toEqual(['首页']);
  await expect(page).toHaveURL('/index');
});

test('the wheel scrolls an overflowing strip sideways and the active tab is brought into view', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInHome(page);
  await openSystemPages(page, SYSTEM_PAGES);
  await openMenu(page, '基础设施', '配置管理', '/infra/config');
  // Narrow the window so the tabs overflow.
  await page.setViewportSize({ width: 500, height: 800 });
  const scroller = strip(page).locator('.tags-view-scroll');
  const metrics = () =>
    scroller.evaluate((el) => ({ left: el.scrollLeft, width: el.clientWidth, scrollWidth: el.scrollWidth }));
  await expect.poll(async () => (await metrics()).scrollWidth > (await metrics()).width).toBe(true);

  await tab(page, '首页').click();
  await expect.poll(async () => (await metrics()).left).toBe(0);
  await scroller.hover();
  await page.mouse.wheel(0, 300);
  await expect.poll(async () => (await metrics()).left).toBeGreaterThan(0);
  await page.mouse.wheel(0, -1000);
  await expect.poll(async () => (await metrics()).left).toBe(0);

  // Opening the last tab scrolls to the end.
  await tab(page, '配置管理').click();
  await expect
    .poll(async () => {
      const m = await metrics();
      return Math.round(m.scrollWidth - m.width - m.left);
    })
    .toBe(0);
});
