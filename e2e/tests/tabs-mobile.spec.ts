import { expect, test } from './fixtures';
import { SCREENSHOTS, sidebar } from './helpers';
import { SYSTEM_PAGES, signInHome, strip, tab, tabMenu, tabTitles } from './tabs-helpers';

test.use({ viewport: { width: 375, height: 740 } });

test('on a phone the tab strip scrolls sideways and keeps the active tab in view', async ({ page }) => {
  await signInHome(page);
  for (const [title, url] of SYSTEM_PAGES.slice(0, 4)) {
    // The sidebar is a drawer on phones.
    await page.getByRole('button', { name: '展开侧边栏' }).click();
    const entry = sidebar(page).getByRole('menuitem', { name: title, exact: true });
    if (!(await entry.isVisible())) await sidebar(page).getByText('系统管理', { exact: true }).click();
    await entry.click();
    await expect(page).toHaveURL(url);
  }
  await expect.poll(() => tabTitles(page)).toEqual(['首页', '用户管理', '角色管理', '菜单管理', '部门管理']);

  const scroller = strip(page).locator('.tags-view-scroll');
  const metrics = () =>
    scroller.evaluate((el) => ({ left: el.scrollLeft, width: el.clientWidth, scrollWidth: el.scrollWidth }));
  const first = await metrics();
  expect(first.scrollWidth).toBeGreaterThan(first.width);
  // The active (last) tab is in view: the strip is scrolled to its end.
  expect(Math.round(first.scrollWidth - first.width - first.left)).toBe(0);
  const activeBox = await strip(page).locator('li.is-active').boundingBox();
  expect(activeBox && activeBox.x + activeBox.width).toBeLessThanOrEqual(375);
  await page.screenshot({
    path: `${SCREENSHOTS}tabs-mobile.png`,
    clip: { x: 0, y: 0, width: 375, height: 160 },
  });

  // The wheel scrolls it back to the start.
  await scroller.hover();
  await page.mouse.wheel(0, -600);
  await expect.poll(async () => (await metrics()).left).toBe(0);
  await expect(tab(page, '首页')).toBeInViewport();

  // The context menu stays inside the narrow window.
  await tab(page, '用户管理').click({ button: 'right' });
  const menuBox = await tabMenu(page).boundingBox();
  expect(menuBox && menuBox.x + menuBox.width).toBeLessThanOrEqual(375);
  await page.mouse.wheel(0, 100);
  await expect(tabMenu(page)).toHaveCount(0);
});
