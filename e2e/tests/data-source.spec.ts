import { expect, test, type Page } from './fixtures';
import { SCREENSHOTS, expectMessage, signIn } from './helpers';

const OK = /确\s*定$/;
const MARIADB_URL = 'jdbc:mysql://127.0.0.1:3306/test';
const dialog = (page: Page, title: string) => page.locator('.ant-modal').filter({ hasText: title });
const confirmDialog = (page: Page) => page.locator('.ant-modal-confirm');
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const rowOf = (page: Page, text: string) => rows(page).filter({ hasText: text });

test('data sources: the master first, add a MariaDB source, edit it and delete it', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin', 'admin123', '/infra/data-source-config');
  await expect(page).toHaveURL('/infra/data-source-config');

  // The master: the server's own SQLite file, never changed from here.
  const master = rows(page).first();
  await expect(master).toContainText('master');
  // The master is the server's own database: SQLite, or PostgreSQL for the pair (E2E_PAIR).
  await expect(master).toContainText(
    process.env.E2E_PAIR ? /postgres:\/\/.*e2e_pair_/ : /sqlite:.*admin\.sqlite/,
  );
  await expect(master.getByRole('button')).toHaveCount(0);

  await page.getByRole('button', { name: '新增' }).click();
  const create = dialog(page, '添加数据源配置');
  await create.getByLabel('数据源名称').fill('E2E MariaDB');
  await create.getByLabel('数据源连接').fill('oracle://127.0.0.1/x');
  await expect(create).toContainText('数据源连接格式不正确');
  await create.getByLabel('数据源连接').fill(MARIADB_URL);
  await create.getByLabel('用户名').fill('root');
  // A wrong password: the server tries the connection before saving.
  await create.getByLabel('密码').fill('wrong-password');
  await create.getByRole('button', { name: OK }).click();
  const refused = page
    .locator('.ant-notification-notice')
    .filter({ hasText: '数据源配置不正确，无法进行连接' });
  await expect(refused).toBeVisible();
  await refused.locator('.ant-notification-notice-close').click();
  await create.getByLabel('密码').fill('');
  await create.getByRole('button', { name: OK }).click();
  await expectMessage(page, '新增成功');
  const added = rowOf(page, 'E2E MariaDB');
  await expect(added).toContainText(MARIADB_URL);
  await expect(added).toContainText('root');

  await added.getByRole('button', { name: '修改' }).click();
  const edit = dialog(page, '修改数据源配置');
  await expect(edit.getByLabel('数据源名称')).toHaveValue('E2E MariaDB');
  await expect(edit.getByLabel('密码')).toHaveValue('');
  await expect(edit.getByPlaceholder('不修改请留空')).toBeVisible();
  await edit.getByLabel('数据源名称').fill('E2E MariaDB 测试库');
  await edit.getByRole('button', { name: OK }).click();
  await expectMessage(page, '修改成功');
  await expect(rowOf(page, 'E2E MariaDB 测试库')).toContainText(MARIADB_URL);
  await expect(rows(page)).toHaveCount(2);
  await page.screenshot({ path: `${SCREENSHOTS}data-source-page.png` });

  await rowOf(page, 'E2E MariaDB 测试库').getByRole('button', { name: '删除' }).click();
  await expect(confirmDialog(page)).toContainText('是否确认删除数据源配置编号为');
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  await expectMessage(page, '删除成功');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('master');
});
