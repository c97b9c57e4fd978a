import { expect, test, type Page } from './fixtures';
import { expectMessage, signIn } from './helpers';
import { startSmtpCatcher } from './mail-helpers';

const OK = /确\s*定$/;
const dialog = (page: Page, title: string) => page.locator('.ant-modal').filter({ hasText: title });
const confirmDialog = (page: Page) => page.locator('.ant-modal-confirm');
const rowOf = (page: Page, text: string) =>
  page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text });
const searchForm = (page: Page) => page.locator('.list-search:visible');
const search = (page: Page) =>
  searchForm(page)
    .getByRole('button', { name: /搜\s*索/ })
    .click();

test('mail: account, template, test send over SMTP and the log', async ({ page }) => {
  test.setTimeout(150_000);
  const smtp = await startSmtpCatcher('e2e-mailer', 'e2e-secret');
  try {
    // ---------- 邮箱账号 ----------
    await signIn(page, 'admin', 'admin123', '/system/mail/mail-account');
    await expect(page).toHaveURL('/system/mail/mail-account');
    await expect(page.getByText('暂无邮箱账号')).toBeVisible();
    await page.getByRole('button', { name: '新增' }).click();
    const create = dialog(page, '添加邮箱账号');
    await create.getByRole('button', { name: OK }).click();
    await expect(create).toContainText('邮箱不能为空');
    await create.getByLabel('邮箱').fill('e2e-sender@example.com');
    await create.getByLabel('用户名').fill('wrong-user');
    await create.getByLabel('密码').fill('e2e-secret');
    await create.getByLabel('SMTP 服务器域名').fill('127.0.0.1');
    await create.getByLabel('SMTP 服务器端口').fill(String(smtp.port));
    await create.getByText('否', { exact: true }).click();
    await create.getByRole('button', { name: OK }).click();
    await expectMessage(page, '新增成功');

    await searchForm(page).getByPlaceholder('请输入邮箱').fill('e2e-sender');
    await search(page);
    await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
    await expect(rowOf(page, 'e2e-sender@example.com')).toContainText(String(smtp.port));

    // The password stays as saved when left empty.
    await rowOf(page, 'e2e-sender@example.com').getByRole('button', { name: '修改' }).click();
    const edit = dialog(page, '修改邮箱账号');
    await expect(edit.getByLabel('密码')).toHaveValue('');
    await edit.getByLabel('用户名').fill('e2e-mailer');
    await edit.getByRole('button', { name: OK }).click();
    await expectMessage(page, '修改成功');
    await expect(rowOf(page, 'e2e-sender@example.com')).toContainText('e2e-mailer');

    // ---------- 邮件模版 ----------
    await page.goto('/system/mail/mail-template');
    await expect(page.getByText('暂无邮件模版')).toBeVisible();
    await page.getByRole('button', { name: '新增' }).click();
    const tpl = dialog(page, '添加邮件模版');
    await tpl.getByLabel('模板名称').fill('E2E 欢迎');
    await tpl.getByLabel('模板编码').fill('e2e_welcome');
    await tpl.getByLabel('邮箱账号').click();
    await page.locator('.ant-select-dropdown').getByTitle('e2e-sender@example.com').click();
    await tpl.getByLabel('发送人名称').fill('E2E 系统');
    await tpl.getByLabel('模板标题').fill('欢迎 {name}');
    await tpl.getByLabel('模板内容').fill('<p>你好 {name}，验证码 <b>{code}</b></p>');
    await tpl.getByText('关闭', { exact: true }).click();
    await tpl.getByRole('button', { name: OK }).click();
    await expectMessage(page, '新增成功');

    await searchForm(page).getByPlaceholder('请输入模板编码').fill('e2e_');
    await search(page);
    await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
    const row = rowOf(page, 'e2e_welcome');
    await expect(row).toContainText('e2e-sender@example.com');
    await expect(row).toContainText('关闭');

    // A closed template is only logged (不发送).
    await row.getByRole('button', { name: '测试' }).click();
    const closedTest = dialog(page, '参数 {name}');
    await closedTest.getByLabel('收件邮箱').fill('closed@example.com');
    await closedTest.getByLabel('参数 {name}').fill('甲');
    await closedTest.getByLabel('参数 {code}').fill('0');
    await closedTest.getByRole('button', { name: OK }).click();
    await expect(page.getByText(/提交发送成功！发送结果，见发送日志编号：\d+/)).toBeVisible();

    await row.getByRole('button', { name: '修改' }).click();
    const tplEdit = dialog(page, '修改邮件模版');
    await tplEdit.getByLabel('模板名称').fill('E2E 欢迎邮件');
    await tplEdit.getByText('开启', { exact: true }).click();
    await tplEdit.getByRole('button', { name: OK }).click();
    await expectMessage(page, '修改成功');
    await expect(row).toContainText('E2E 欢迎邮件');
    await expect(row).toContainText('开启');

    await row.getByRole('button', { name: '测试' }).click();
    const test1 = dialog(page, '参数 {name}');
    await test1.getByRole('button', { name: OK }).click();
    await expect(test1).toContainText('参数 name 不能为空');
    await test1.getByLabel('收件邮箱').fill('receiver@example.com');
    await test1.getByLabel('参数 {name}').fill('张三');
    await test1.getByLabel('参数 {code}').fill('8866');
    await test1.getByRole('button', { name: OK }).click();
    await expect(page.getByText(/提交发送成功！发送结果，见发送日志编号：\d+/).last()).toBeVisible();

    // The server's poller delivers it through the SMTP server, authenticated.
    await expect.poll(() => smtp.mails.length, { timeout: 15_000 }).toBe(1);
    expect(smtp.mails[0]).toMatchObject({
      user: 'e2e-mailer',
      to: ['receiver@example.com'],
      subject: '欢迎 张三',
    });
    expect(smtp.mails[0]!.html).toBe('<p>你好 张三，验证码 <b>8866</b></p>');

    // ---------- 邮件记录 ----------
    await page.goto('/system/mail/mail-log');
    const sent = rowOf(page, 'receiver@example.com');
    await expect(async () => {
      await search(page);
      await expect(sent).toContainText('发送成功', { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await expect(sent).toContainText('欢迎 张三');
    await expect(rowOf(page, 'closed@example.com')).toContainText('不发送');

    await searchForm(page).getByLabel('发送状态').click();
    await page.locator('.ant-select-dropdown').getByTitle('发送成功').click();
    await search(page);
    await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);

    await sent.getByRole('button', { name: '详细' }).click();
    const detail = dialog(page, '邮件日志详情');
    await expect(detail).toContainText('e2e_welcome');
    await expect(detail).toContainText('E2E 系统');
    await expect(detail).toContainText('{"name":"张三","code":"8866"}');
    await expect(detail).toContainText(smtp.mails[0]!.messageId);
    await expect(detail.frameLocator('iframe').getByText('你好 张三，验证码')).toBeVisible();
    await detail.getByRole('button', { name: '关 闭' }).click();

    // ---------- 删除 ----------
    await page.goto('/system/mail/mail-account');
    await rowOf(page, 'e2e-sender@example.com').getByRole('button', { name: '删除' }).click();
    await confirmDialog(page).getByRole('button', { name: OK }).click();
    await expect(page.getByText('无法删除，该邮箱账号还有邮件模板')).toBeVisible();

    await page.goto('/system/mail/mail-template');
    await rowOf(page, 'e2e_welcome').getByRole('button', { name: '删除' }).click();
    await expect(confirmDialog(page)).toContainText('是否确认删除邮件模版编号为');
    await confirmDialog(page).getByRole('button', { name: OK }).click();
    await expectMessage(page, '删除成功');
    await expect(page.getByText('暂无邮件模版')).toBeVisible();

    await page.goto('/system/mail/mail-account');
    await rowOf(page, 'e2e-sender@example.com').getByRole('button', { name: '删除' }).click();
    await confirmDialog(page).getByRole('button', { name: OK }).click();
    await expectMessage(page, '删除成功');
    await expect(page.getByText('暂无邮箱账号')).toBeVisible();
  } finally {
    await smtp.close();
  }
});
