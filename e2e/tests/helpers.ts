import { expect, type Page } from './fixtures';

export const SCREENSHOTS = new URL('../screenshots/', import.meta.url).pathname;

/** Signs in through the login page and waits for the home page. */
export const signIn = async (page: Page, username = 'admin', password = 'admin123', path = '/index') => {
  await page.goto(path);
  await expect(page).toHaveURL(/\/login/);
  await page.getByRole('textbox', { name: '账号' }).fill(username);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
};

export const sidebar = (page: Page) => page.getByRole('navigation', { name: '侧边菜单' });
