import { expect, type Page } from './fixtures';
import { sidebar, signIn } from './helpers';

/** A server menu as `get-permission-info` returns it. */
interface Menu {
  id: number;
  parentId: number;
  name: string;
  path: string;
  component: string | null;
  componentName: string | null;
  icon: string;
  visible: boolean;
  keepAlive: boolean;
  alwaysShow: boolean;
  children?: Menu[];
}

const menu = (partial: Partial<Menu> & Pick<Menu, 'id' | 'name' | 'path'>): Menu => ({
  parentId: 0,
  component: null,
  componentName: null,
  icon: '',
  visible: true,
  keepAlive: true,
  alwaysShow: true,
  ...partial,
});

/**
 * Menus added to the seeded ones for the shell specs (the seed has neither external links nor a
 * parent that collapses onto its only child):
 * - 接口文档 under 系统管理: an http address (this server's OpenAPI document) → opens a new tab;
 * - 监控中心 (alwaysShow off) with one visible child 服务监控 and a hidden one → shows as 服务监控;
 * - 报表中心 and 帮助中心: two more top menus, so 7 top menus overflow into 更多菜单 at 1280 px.
 */
export const extraMenus = (origin: string): { system: Menu[]; top: Menu[] } => ({
  system: [
    menu({ id: 9001, parentId: 1, name: '接口文档', path: `${origin}/admin-api/openapi.json`, icon: 'link' }),
  ],
  top: [
    menu({
      id: 9100,
      name: '监控中心',
      path: '/monitor',
      icon: 'monitor',
      alwaysShow: false,
      children: [
        menu({
          id: 9101,
          parentId: 9100,
          name: '服务监控',
          path: 'server',
          icon: 'online',
          component: 'monitor/server/index',
        }),
        menu({
          id: 9102,
          parentId: 9100,
          name: '缓存监控',
          path: 'cache',
          component: 'monitor/cache/index',
          visible: false,
        }),
      ],
    }),
    menu({
      id: 9200,
      name: '报表中心',
      path: '/report',
      icon: 'form',
      children: [
        menu({ id: 9201, parentId: 9200, name: '销售报表', path: 'sales', component: 'report/sales/index' }),
      ],
    }),
    menu({ id: 9300, name: '帮助中心', path: '/help', icon: 'guide', component: 'help/index' }),
  ],
});

/** Adds `extraMenus` to the permission info the server sends (the real answer, extended). */
export const withExtraMenus = async (page: Page, origin: string): Promise<void> => {
  await page.route('**/admin-api/system/auth/get-permission-info', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { menus: Menu[] } };
    const extra = extraMenus(origin);
    const menus = body.data.menus.map((m) =>
      m.id === 1 ? { ...m, children: [...(m.children ?? []), ...extra.system] } : m,
    );
    body.data.menus = [...menus, ...extra.top];
    await route.fulfill({ response, json: body });
  });
};

/** Signs in as admin and waits for the home page with the sidebar. */
export const signInHome = async (page: Page, username = 'admin', password = 'admin123') => {
  await signIn(page, username, password);
  await expect(page).toHaveURL('/index');
  await expect(sidebar(page).getByText('首页', { exact: true })).toBeVisible();
};

/** The navbar. */
export const navbar = (page: Page) => page.locator('header.app-navbar');

/** Opens the settings drawer through the user dropdown (布局设置). */
export const openSettings = async (page: Page) => {
  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: '布局设置' }).click();
  const drawer = page.getByRole('dialog', { name: '布局设置' });
  await expect(drawer).toBeVisible();
  return drawer;
};
