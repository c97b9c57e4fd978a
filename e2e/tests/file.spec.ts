import { crc32, deflateSync } from 'node:zlib';
import { expect, test, type Page } from './fixtures';
import { SCREENSHOTS, expectMessage, signIn } from './helpers';

const OK = /确\s*定$/;
const dialog = (page: Page, title: string) => page.locator('.ant-modal').filter({ hasText: title });
const rowOf = (page: Page, text: string) =>
  page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text });

/** A 96×96 PNG with a colour gradient, so the preview shows something. */
const gradientPng = (): Buffer => {
  const size = 96;
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++)
      rows.set([x * 2 + 40, y * 2 + 40, 220 - x], y * (size * 3 + 1) + 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

test('file list: upload an image, see it listed and previewed, then delete it', async ({ page }) => {
  test.setTimeout(90_000);
  // Other journeys upload files too (the generated 示例联系人's photo): this one looks at its own file only.
  await signIn(page, 'admin', 'admin123', '/infra/file/file');

  await page.getByRole('button', { name: '上传文件' }).click();
  const upload = dialog(page, '上传文件');
  await upload.locator('input[type=file]').setInputFiles({
    name: 'e2e-渐变.png',
    // Declared as text: the server reads the type from the bytes.
    mimeType: 'text/plain',
    buffer: gradientPng(),
  });
  await upload.getByRole('button', { name: OK }).click();
  await expectMessage(page, '上传成功');

  const row = rowOf(page, 'e2e-渐变.png');
  await expect(row).toContainText('image/png');
  await expect(row).toContainText(/\/admin-api\/infra\/file\/4\/get\/[0-9a-f]{64}\.png/);
  const preview = row.getByRole('img', { name: 'e2e-渐变.png' });
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
  await page.screenshot({ path: `${SCREENSHOTS}file-list.png` });

  await page.locator('.list-search').getByPlaceholder('请输入文件类型').fill('text/');
  await page
    .locator('.list-search')
    .getByRole('button', { name: /搜\s*索/ })
    .click();
  await expect(page.getByText('暂无文件')).toBeVisible();
  await page
    .locator('.list-search')
    .getByRole('button', { name: /重\s*置/ })
    .click();

  await row.getByRole('button', { name: '删除' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: OK }).click();
  await expectMessage(page, '删除成功');
  await expect(rowOf(page, 'e2e-渐变.png')).toHaveCount(0);
});

test('file configs: test the master database config and a new local disk config', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin', 'admin123', '/infra/file/file-config');
  const master = rowOf(page, '文件内容保存在数据库中');
  await expect(master).toContainText('数据库');
  await master.getByRole('button', { name: '测试' }).click();
  await expect(page.locator('.ant-modal-confirm')).toContainText(
    /测试通过，上传文件成功！访问地址：\/admin-api\/infra\/file\/4\/get\/test%2F[0-9a-f]{32}\.png/,
  );
  await page.locator('.ant-modal-confirm').getByRole('button', { name: OK }).click();

  await page.getByRole('button', { name: '新增' }).click();
  const create = dialog(page, '添加文件配置');
  // Unique per try: a retry finds the first try's config still there.
  const name = `E2E 本地磁盘 ${Date.now() % 100000}`;
  await create.getByLabel('配置名').fill(name);
  await create.getByRole('button', { name: OK }).click();
  await expectMessage(page, '新增成功');
  const local = rowOf(page, name);
  await expect(local).toContainText('本地磁盘');
  await local.getByRole('button', { name: '主配置' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: OK }).click();
  await expectMessage(page, '配置成功');
  await expect(master.getByRole('button', { name: '主配置' })).toBeEnabled();
  await local.getByRole('button', { name: '删除' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: OK }).click();
  await expect(
    page.getByText('该文件配置不允许删除，原因：它是主配置，删除会导致无法上传文件'),
  ).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}file-config.png` });
  // Back to the database, so later uploads of this server land where the other specs expect.
  await master.getByRole('button', { name: '主配置' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: OK }).click();
  await expectMessage(page, '配置成功');
});
