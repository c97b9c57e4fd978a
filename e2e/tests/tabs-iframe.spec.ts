import { expect, test } from './fixtures';
import { SCREENSHOTS } from './helpers';
import { openMenu, patchMenus, signInHome, strip, tab, tabTitles } from './tabs-helpers';

test.use({ viewport: { width: 1280, height: 800 } });

const EXTERNAL = 'https://docs.example.test/guide';
const LINK_ROUTE = '/system/link-9001';

test('an external-link menu opens as a tab holding an embedded frame that stays alive', async ({ page }) => {
  await patchMenus(page, (menus) => {
    const system = menus.find((menu) => menu.name === '系统管理');
    if (!system) throw new Error('系统管理 not in the menus');
    system.children = [
      ...(system.children ?? []),
      {
        id: 9001,
        parentId: system.id,
        name: '开发文档',
        path: EXTERNAL,
        component: null,
        componentName: null,
        icon: 'link',
        visible: true,
        keepAlive: false,
        alwaysShow: true,
      },
    ];
  });
  // The external site answers slowly, so the loading mask shows.
  let loads = 0;
  let release: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (release = resolve));
  await page.route(`${EXTERNAL}**`, async (route) => {
    loads += 1;
    await answered;
    await route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: '<!doctype html><meta charset="utf-8"><h1>外部开发文档</h1><input aria-label="外部输入">',
    });
  });

  await signInHome(page);
  await openMenu(page, '系统管理', '用户管理', '/system/user');
  // Sidebar entries of external links open a browser tab; the embedded view has its own address.
  await page.goto(LINK_ROUTE);
  await expect(tab(page, '开发文档')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('正在加载页面，请稍候！')).toBeVisible();
  const frameElement = page.locator('iframe.iframe-view-frame');
  await expect(frameElement).toHaveAttribute('src', EXTERNAL);
  const height = await frameElement.evaluate((el) => el.getBoundingClientRect().height);
  expect(height).toBeCloseTo(800 - 94.5, 0);
  await page.screenshot({ path: `${SCREENSHOTS}tabs-iframe-loading.png` });

  release();
  const frame = page.frameLocator('iframe.iframe-view-frame');
  await expect(frame.getByRole('heading', { name: '外部开发文档' })).toBeVisible();
  await expect(page.getByText('正在加载页面，请稍候！')).toBeHidden();
  await frame.getByLabel('外部输入').fill('保留的输入');
  await page.screenshot({ path: `${SCREENSHOTS}tabs-iframe-loaded.png` });

  // Leave and come back: the same frame, not loaded again, its input kept (keepAlive false does not apply).
  await tab(page, '首页').click();
  await expect(page).toHaveURL('/index');
  await expect(frameElement).toBeHidden();
  await tab(page, '开发文档').click();
  await expect(page).toHaveURL(LINK_ROUTE);
  await expect(frame.getByLabel('外部输入')).toHaveValue('保留的输入');
  expect(loads).toBe(1);

  // Closing its tab removes the frame.
  await strip(page).getByRole('button', { name: '关闭 开发文档' }).click();
  await expect.poll(() => tabTitles(page)).toEqual(['首页']);
  await expect(page).toHaveURL('/index');
  await expect(frameElement).toHaveCount(0);
});
