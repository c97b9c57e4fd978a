import { expect, test } from './fixtures';
import { SCREENSHOTS, sidebar } from './helpers';
import { openSettings, signInHome, withExtraMenus } from './shell-helpers';

test('top-nav mode: as many top menus as fit, the rest under 更多菜单; the sidebar follows the top menu', async ({
  page,
  baseURL,
}) => {
  await withExtraMenus(page, baseURL!);
  await signInHome(page);
  const drawer = await openSettings(page);
  await drawer.getByRole('switch', { name: '开启 TopNav' }).click();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  const top = page.getByRole('navigation', { name: '顶部菜单' });
  await expect(top).toBeVisible();
  await expect(page.getByRole('navigation', { name: '面包屑导航' })).toHaveCount(0);

  // 9 top menus; visible = body width / 3 / 85 (5 at 1280 px), the other 4 under 更多菜单.
  const width = await page.evaluate(() => document.body.getBoundingClientRect().width);
  const visible = Math.floor(width / 3 / 85);
  expect(visible).toBe(5);
  const names = [
    '首页',
    '系统管理',
    '基础设施',
    '支付管理',
    '工作流程',
    '商城系统',
    '服务监控',
    '报表中心',
    '帮助中心',
  ];
  const bar = top.locator(':scope > ul > li.ant-menu-item, :scope > ul > li.ant-menu-submenu');
  await expect(bar).toHaveText([...names.slice(0, visible), '更多菜单']);

  // On a top-level page the sidebar is hidden and the hamburger does nothing.
  await expect(sidebar(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /侧边栏/ })).toBeDisabled();

  // A top menu with children swaps the sidebar to those children.
  await top.getByText('系统管理', { exact: true }).click();
  const nav = sidebar(page);
  await expect(nav.getByRole('link', { name: '用户管理' })).toBeVisible();
  await expect(nav.getByText('基础设施')).toHaveCount(0);
  await expect(nav.getByText('首页', { exact: true })).toHaveCount(0);
  await nav.getByRole('link', { name: '用户管理' }).click();
  await expect(page).toHaveURL('/system/user');
  await expect(top.locator('.ant-menu-item-selected')).toHaveText('系统管理');
  await page.screenshot({ path: `${SCREENSHOTS}shell-topnav.png`, animations: 'disabled' });

  // The overflow: 更多菜单 holds the rest; a leaf there navigates and hides the sidebar.
  await top.getByText('更多菜单').hover();
  const more = page.locator('.ant-menu-submenu-popup');
  await expect(more.getByText('报表中心')).toBeVisible();
  await expect(more.getByText('帮助中心')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}shell-topnav-more.png`, animations: 'disabled' });
  await more.getByText('报表中心').click();
  await expect(sidebar(page).getByRole('link', { name: '销售报表' })).toBeVisible();
  await expect(page).toHaveURL('/system/user');

  await top.getByText('更多菜单').hover();
  await more.getByRole('link', { name: '帮助中心' }).click();
  await expect(page).toHaveURL('/help');
  await expect(sidebar(page)).toHaveCount(0);

  // A top-level leaf navigates and hides the sidebar.
  await top.getByText('系统管理', { exact: true }).click();
  await expect(sidebar(page)).toBeVisible();
  await top.getByRole('link', { name: '首页' }).click();
  await expect(page).toHaveURL('/index');
  await expect(sidebar(page)).toHaveCount(0);

  // Turning top-nav off shows the sidebar again with the full menu.
  const again = await openSettings(page);
  await again.getByRole('switch', { name: '开启 TopNav' }).click();
  await page.keyboard.press('Escape');
  await expect(top).toHaveCount(0);
  for (const name of ['首页', '系统管理', '基础设施', '工作流程', '报表中心'])
    await expect(sidebar(page).getByText(name, { exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: '面包屑导航' })).toBeVisible();
});
