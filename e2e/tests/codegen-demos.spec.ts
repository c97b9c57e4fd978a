import { expect, test, type Page } from './fixtures';
import { SCREENSHOTS, expectMessage, sidebar, signIn } from './helpers';

const OK = /确\s*定$/;
const dialog = (page: Page, title: string) => page.locator('.ant-modal').filter({ hasText: title });
const search = (page: Page) => page.locator('.list-search');
const rows = (page: Page) => page.locator('.app-main .ant-table-tbody tr.ant-table-row');

/** A 1×1 PNG, enough for the upload endpoint to take it as an image. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('the generated 示例联系人 page: add a contact with a date, a photo and rich text, then find it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin', 'admin123', '/index');
  await sidebar(page).getByText('基础设施').click();
  await sidebar(page).getByText('代码生成示例').click();
  await sidebar(page).getByText('示例联系人').click();
  await expect(page).toHaveURL('/infra/demo/demo01-contact');
  await expect(page.locator('.app-main')).toContainText('暂无示例联系人');

  await page.getByRole('button', { name: '新增' }).click();
  const create = dialog(page, '添加示例联系人');
  await create.getByRole('button', { name: OK }).click();
  await expect(create).toContainText('名字不能为空');
  await create.getByLabel('名字').fill('张三');
  await create.getByLabel('男').check();
  const birthday = create.getByPlaceholder('选择日期时间');
  await birthday.click();
  await birthday.fill('1990-05-01 08:30:00');
  await birthday.press('Enter');
  await create.getByLabel('简介').fill('<p>喜欢<b>爬山</b></p>');
  await create.getByLabel('头像').setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: PNG });
  await expect(create.getByRole('img', { name: '已上传的图片' })).toBeVisible();
  await create.getByRole('button', { name: OK }).click();
  await expectMessage(page, '新增成功');

  const row = rows(page).filter({ hasText: '张三' });
  await expect(row).toContainText('1990-05-01 08:30:00');
  await expect(row).toContainText('喜欢爬山');
  await expect(row.getByRole('img', { name: '头像' })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}codegen-demo01.png` });

  await search(page).getByLabel('名字').fill('李');
  await search(page)
    .getByRole('button', { name: /搜\s*索/ })
    .click();
  await expect(page.locator('.app-main')).toContainText('暂无示例联系人');
  await search(page).getByLabel('名字').fill('张');
  await search(page)
    .getByRole('button', { name: /搜\s*索/ })
    .click();
  await expect(rows(page)).toHaveCount(1);
});

test('the generated 示例分类 tree: a category with a child, which must go first', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, 'admin', 'admin123', '/infra/demo/demo02-category');
  await expect(page.locator('.app-main')).toContainText('暂无示例分类');

  await page.locator('.app-main').getByRole('button', { name: '新增' }).first().click();
  const root = dialog(page, '添加示例分类');
  await root.getByLabel('名字').fill('电子产品');
  await root.getByRole('button', { name: OK }).click();
  await expectMessage(page, '新增成功');

  await rows(page).filter({ hasText: '电子产品' }).getByRole('button', { name: '新增' }).click();
  const child = dialog(page, '添加示例分类');
  await expect(child.locator('.ant-select-content, .ant-select-selection-item').first()).toContainText(
    '电子产品',
  );
  await child.getByLabel('名字').fill('手机');
  await child.getByRole('button', { name: OK }).click();
  await expectMessage(page, '新增成功');
  await expect(rows(page)).toHaveCount(2);
  await page.screenshot({ path: `${SCREENSHOTS}codegen-demo02.png` });

  await rows(page).filter({ hasText: '电子产品' }).getByRole('button', { name: '删除' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: OK }).click();
  await expect(page.getByText('存在子示例分类，无法删除').first()).toBeVisible();
});
