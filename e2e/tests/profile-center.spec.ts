import { expect, test, type Page } from './fixtures';
import { SCREENSHOTS, expectMessage, signIn } from './helpers';
import { patternPng } from './profile-helpers';

// These specs edit the operator account and put its values back, so later specs still sign in.
test.describe.configure({ mode: 'serial' });

const openProfile = async (page: Page, username = 'operator', password = 'operator123') => {
  await signIn(page, username, password, '/user/profile');
  await expect(page).toHaveURL('/user/profile');
  await expect(page.locator('.profile-info')).toContainText(username);
};

const basicTab = (page: Page) => page.getByRole('tabpanel', { name: '基本资料' });
const passwordTab = (page: Page) => page.getByRole('tabpanel', { name: '修改密码' });

test('the personal centre shows the account and saves the basic information', async ({ page }) => {
  await openProfile(page);
  const info = page.locator('.profile-info');
  for (const text of ['operator', '运营专员', '13800000001', '运营部', '运营人员', '普通员工'])
    await expect(info).toContainText(text);
  await expect(info).toContainText(/创建日期\s*\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  await page.screenshot({ path: `${SCREENSHOTS}profile.png`, fullPage: true });

  // The form's checks and the server's refusal of a mobile another user holds:
  // features/profile/profile-page.test.tsx and the server's profile tests.
  const form = basicTab(page);
  await form.getByLabel('用户昵称').fill('运营小李');
  await form.getByLabel('手机号码').fill('13800000011');
  await form.getByLabel('邮箱').fill('ops@example.com');
  await form.getByRole('radio', { name: '女' }).check();
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expectMessage(page, '修改成功');
  // The navbar and the card follow at once.
  await expect(page.getByRole('button', { name: '用户菜单' })).toContainText('运营小李');
  await expect(page.locator('.profile-info')).toContainText('13800000011');
  await page.reload();
  await expect(basicTab(page).getByLabel('用户昵称')).toHaveValue('运营小李');
  await expect(basicTab(page).getByRole('radio', { name: '女' })).toBeChecked();

  // Put the seeded values back.
  await basicTab(page).getByLabel('用户昵称').fill('运营专员');
  await basicTab(page).getByLabel('手机号码').fill('13800000001');
  await basicTab(page).getByRole('radio', { name: '男' }).check();
  await basicTab(page)
    .getByRole('button', { name: /保\s*存/ })
    .click();
  await expect(page.getByRole('button', { name: '用户菜单' })).toContainText('运营专员');
});

test('changing the password: the old one no longer signs in, the new one does', async ({ page }) => {
  await openProfile(page);
  await page.getByRole('tab', { name: '修改密码' }).click();
  // The confirmation check and a wrong old password: profile-page.test.tsx and the server's tests.
  const form = passwordTab(page);
  await form.getByLabel('旧密码').fill('operator123');
  await form.getByLabel('新密码').fill('newpass456');
  await form.getByLabel('确认密码').fill('newpass456');
  await page.screenshot({ path: `${SCREENSHOTS}profile-password.png` });
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expectMessage(page, '修改成功');
  await expect(form.getByLabel('旧密码')).toHaveValue('');

  // Signed out, the old password fails and the new one works.
  await page.evaluate(() => localStorage.clear());
  await signIn(page, 'operator', 'operator123');
  await expect(page.getByRole('alert').filter({ hasText: '登录失败，账号密码不正确' })).toBeVisible();
  await openProfile(page, 'operator', 'newpass456');

  // Change it back.
  await page.getByRole('tab', { name: '修改密码' }).click();
  await passwordTab(page).getByLabel('旧密码').fill('newpass456');
  await passwordTab(page).getByLabel('新密码').fill('operator123');
  await passwordTab(page).getByLabel('确认密码').fill('operator123');
  await passwordTab(page)
    .getByRole('button', { name: /保\s*存/ })
    .click();
  await expectMessage(page, '修改成功');
});

test('uploading a cropped avatar shows it in the card and the navbar', async ({ page }) => {
  await openProfile(page);
  await page.getByRole('button', { name: '修改头像' }).click();
  const dialog = page.getByRole('dialog', { name: '修改头像' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('选择头像图片').setInputFiles({
    name: 'photo.png',
    mimeType: 'image/png',
    buffer: patternPng(480, 320),
  });
  // Zoom in and drag the picture a little.
  const slider = dialog.getByRole('slider', { name: '缩放' });
  await slider.focus();
  for (let i = 0; i < 50; i++) await page.keyboard.press('ArrowRight');
  const stage = dialog.getByRole('img', { name: /裁剪区域/ });
  const box = (await stage.boundingBox())!;
  await page.mouse.move(box.x + 150, box.y + 150);
  await page.mouse.down();
  await page.mouse.move(box.x + 190, box.y + 130, { steps: 5 });
  await page.mouse.up();
  await page.screenshot({ path: `${SCREENSHOTS}profile-avatar-crop.png` });

  const uploaded = page.waitForResponse((r) => r.url().includes('/system/user/profile/update-avatar'));
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  const body = (await (await uploaded).json()) as { code: number; data: string };
  expect(body.code).toBe(0);
  expect(body.data).toMatch(/^\/admin-api\/infra\/file\/\d+\/get\/[0-9a-f]{64}\.png$/);
  await expectMessage(page, '修改成功');
  await expect(dialog).toBeHidden();

  const navbarAvatar = page.getByRole('button', { name: '用户菜单' }).locator('img');
  await expect(navbarAvatar).toHaveAttribute('src', body.data);
  await expect(page.locator('.profile-avatar img')).toHaveAttribute('src', body.data);
  expect(await navbarAvatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(256);
  // It survives a reload (permission info carries it).
  await page.reload();
  await expect(page.getByRole('button', { name: '用户菜单' }).locator('img')).toHaveAttribute(
    'src',
    body.data,
  );
  await page.screenshot({ path: `${SCREENSHOTS}profile-avatar.png` });
});
