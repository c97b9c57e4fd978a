import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test } from './fixtures';
import { sidebar } from './helpers';

test('记住我 keeps the account and an encrypted password across a browser restart', async ({
  baseURL,
}, testInfo) => {
  const profile = mkdtempSync(join(tmpdir(), 'admin-e2e-profile-'));
  const launchOptions = testInfo.project.use.launchOptions ?? {};
  const open = () =>
    chromium.launchPersistentContext(profile, { ...launchOptions, baseURL, locale: 'zh-CN' });

  let context = await open();
  let page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('textbox', { name: '账号' }).fill('admin');
  await page.getByLabel('密码', { exact: true }).fill('admin123');
  await page.getByText('记住我').click();
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(sidebar(page).getByText('系统管理', { exact: true })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('PASSWORD'))).toBeTruthy();
  const stored = await page.evaluate(() => ({ ...localStorage }));
  // Nothing in localStorage gives the password away.
  expect(JSON.stringify(stored)).not.toContain('admin123');
  expect(stored).toMatchObject({ USERNAME: 'admin', REMEMBER_ME: 'true' });
  // Signing out keeps what was remembered.
  await page.evaluate(() => {
    localStorage.removeItem('ACCESS_TOKEN');
    localStorage.removeItem('REFRESH_TOKEN');
  });
  await context.close();

  context = await open();
  page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByRole('textbox', { name: '账号' })).toHaveValue('admin');
  await expect(page.getByLabel('密码', { exact: true })).toHaveValue('admin123');
  await expect(page.getByRole('checkbox')).toBeChecked();

  // The ciphertext alone, without the browser's key, is worth nothing: it is dropped.
  await page.evaluate(() => indexedDB.deleteDatabase('admin-console'));
  await page.reload();
  await expect(page.getByRole('textbox', { name: '账号' })).toHaveValue('admin');
  await expect(page.getByLabel('密码', { exact: true })).toHaveValue('');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('PASSWORD'))).toBeNull();

  // Unticking 记住我 forgets everything on the next sign-in.
  await page.getByLabel('密码', { exact: true }).fill('admin123');
  await page.getByText('记住我').click();
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(sidebar(page).getByText('系统管理', { exact: true })).toBeVisible();
  const after = await page.evaluate(() => ({ ...localStorage }));
  expect(after).not.toHaveProperty('USERNAME');
  expect(after).not.toHaveProperty('PASSWORD');
  await context.close();
});
