import { expect, test } from './fixtures';
import { SCREENSHOTS } from './helpers';
import { signInHome } from './shell-helpers';

// Matching (pinyin, initials, paths), the arrow keys and external results are proven in
// layout/header-search/search.test.ts and header-search.test.tsx; this journey runs them on the
// real menus.
test('menu search: Ctrl+K or the button, by Chinese title, pinyin initials and path; Enter opens the result', async ({
  page,
}) => {
  await signInHome(page);
  await page.keyboard.press('Control+k');
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

  const trigger = page.getByRole('button', { name: '菜单搜索' });
  await expect(trigger).toContainText(/Ctrl K|⌘ K/);
  await trigger.click();
  await expect(input).toBeFocused();
  await input.fill('zdgl');
  await expect(options.first()).toContainText('系统管理 > 字典管理');
  await page.screenshot({ path: `${SCREENSHOTS}shell-search-pinyin.png`, animations: 'disabled' });
  await input.fill('operate-log');
  await expect(options.first()).toContainText('系统管理 > 审计日志 > 操作日志');
  await input.fill('完全不存在的菜单');
  await expect(dialog.getByText('没有找到匹配的菜单')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL('/system/user');
});
