import { expect, type Locator, type Page } from './fixtures';
import { sidebar, signIn } from './helpers';

/** The tab strip under the navbar. */
export const strip = (page: Page): Locator => page.getByRole('navigation', { name: '标签页' });

/** A tab of the strip by its title. */
export const tab = (page: Page, title: string): Locator =>
  strip(page).getByRole('link', { name: title, exact: true });

/** Titles of the tabs in strip order. */
export const tabTitles = (page: Page): Promise<string[]> => strip(page).getByRole('link').allTextContents();

/** The open tab context menu. */
export const tabMenu = (page: Page): Locator => page.getByRole('menu', { name: /^标签「/ });

/** Signs in as admin and waits for the home page with its tab. */
export async function signInHome(page: Page): Promise<void> {
  await signIn(page);
  await expect(page).toHaveURL('/index');
  await expect(tab(page, '首页')).toBeVisible();
}

/** Opens a page through the sidebar: its top-level menu (opened when needed), then the entry. */
export async function openMenu(page: Page, parent: string, title: string, url: string): Promise<void> {
  const nav = sidebar(page);
  const entry = nav.getByRole('menuitem', { name: title, exact: true });
  // Opened unless it already is (a click on an open menu would close it). The sidebar also opens the
  // active page's menu by itself, a moment after a navigation: look again until the entry shows.
  const group = nav.getByRole('menuitem', { name: parent, exact: true });
  await expect(async () => {
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
    await expect(entry).toBeVisible({ timeout: 1000 });
  }).toPass();
  await entry.click();
  await expect(page).toHaveURL(url);
  await expect(tab(page, title)).toHaveAttribute('aria-current', 'page');
}

/** Marks the DOM of the page cached under `key` so a re-created page can be told apart. */
export const markPage = (page: Page, key: string, marker: string) =>
  page.evaluate(
    ([k, m]) => {
      const root = document.querySelector<HTMLElement>(`.page-cache-slot[data-page-key="${k}"] > *`);
      if (!root) throw new Error(`no page for ${k}`);
      root.dataset.e2eMarker = m;
    },
    [key, marker] as const,
  );

/** The marker set by `markPage`, or null when the page was re-created (or is gone). */
export const pageMarker = (page: Page, key: string) =>
  page.evaluate(
    (k) =>
      document.querySelector<HTMLElement>(`.page-cache-slot[data-page-key="${k}"] > *`)?.dataset.e2eMarker ??
      null,
    key,
  );

export const SYSTEM_PAGES: readonly [string, string][] = [
  ['用户管理', '/system/user'],
  ['角色管理', '/system/role'],
  ['菜单管理', '/system/menu'],
  ['部门管理', '/system/dept'],
  ['岗位管理', '/system/post'],
  ['字典管理', '/system/dict'],
];

/** The fields of a server menu the tests touch. */
export interface MenuFixture {
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
  children?: MenuFixture[];
}

/** Edits the menus of the permission info the server sends (before signing in). */
export async function patchMenus(page: Page, patch: (menus: MenuFixture[]) => void): Promise<void> {
  await page.route('**/admin-api/system/auth/get-permission-info', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { menus: MenuFixture[] } };
    patch(body.data.menus);
    await route.fulfill({ response, json: body });
  });
}
