import { expect, test } from './fixtures';
import { SCREENSHOTS } from './helpers';
import { signInHome, withExtraMenus } from './shell-helpers';

test.beforeEach(async ({ page, baseURL }) => {
  await withExtraMenus(page, baseURL!);
  await signInHome(page);
});

test('menu search by Chinese title and by path; Enter opens the first result', async ({ page }) => {
  const trigger = page.getByRole('button', { name: '菜单搜索' });
  await expect(trigger).toContainText(/Ctrl K|⌘ K/);
  await trigger.click();
  const dialog = page.getByRole('dialog', { name: '菜单搜索' });
  const input = dialog.getByRole('combobox', { name: '搜索菜单' });
  await expect(input).toBeFocused();
  await input.fill('用户');
  const options = dialog.getByRole('option');
  await expect(options.first()).toContainText('系统管理 > 用户管理');
  await page.screenshot({ path: `${SCREENSHOTS}shell-search.png`, animations: 'disabled' });
  await input.press('Enter');
  await expect(page).toHaveURL('/system/user');
  await expect(dialog).toBeHidden();

  await trigger.click();
  await input.fill('operate-log');
  await expect(options.first()).toContainText('系统管理 > 审计日志 > 操作日志');
  await input.fill('完全不存在的菜单');
  await expect(dialog.getByText('没有找到匹配的菜单')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('Ctrl+K opens the search; pinyin and initials find Chinese titles', async ({ page }) => {
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: '菜单搜索' });
  const input = dialog.getByRole('combobox', { name: '搜索菜单' });
  await expect(input).toBeFocused();

  await input.fill('yonghu');
  await expect(dialog.getByRole('option').first()).toContainText('系统管理 > 用户管理');
  await input.fill('zdgl');
  await expect(dialog.getByRole('option').first()).toContainText('系统管理 > 字典管理');
  await page.screenshot({ path: `${SCREENSHOTS}shell-search-pinyin.png`, animations: 'disabled' });
  // Arrow keys move the choice; the chosen option is the active descendant.
  await input.fill('rizhi');
  const options = dialog.getByRole('option');
  await expect(options).toHaveCount(3); // 审计日志 > 操作日志 / 登录日志, 短信管理 > 短信日志
  await input.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  const chosen = await options.nth(1).locator('.app-search-result-path').textContent();
  await input.press('Enter');
  await expect(page).toHaveURL(chosen!);
});

test('an external result opens a new window', async ({ page, baseURL }) => {
  await page.getByRole('button', { name: '菜单搜索' }).click();
  const dialog = page.getByRole('dialog', { name: '菜单搜索' });
  await dialog.getByRole('combobox', { name: '搜索菜单' }).fill('jiekou');
  const popup = page.waitForEvent('popup');
  await dialog.getByRole('option', { name: /接口文档/ }).click();
  await expect(await popup).toHaveURL(`${baseURL}/admin-api/openapi.json`);
  await expect(page).toHaveURL('/index');
});
