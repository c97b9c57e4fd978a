import { expect, test, type Locator, type Page } from './fixtures';
import { expectMessage, signIn } from './helpers';

const OK = /确\s*定$/;
const SEARCH = /搜\s*索/;
const dialog = (page: Page, title: string) => page.locator('.ant-modal').filter({ hasText: title });
const confirmDialog = (page: Page) => page.locator('.ant-modal-confirm');
const rowOf = (page: Page, text: string) =>
  page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text });

/** Picks `option` in the select labelled `label` within `scope`. */
const choose = async (page: Page, scope: Locator, label: string, option: string) => {
  await scope.getByLabel(label).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
};

test('SMS: channel and template rounds, a test send that shows up in the log', async ({ page }) => {
  test.setTimeout(120_000);

  // ---------- 短信渠道 ----------
  await signIn(page, 'admin', 'admin123', '/system/sms/sms-channel');
  await expect(page).toHaveURL('/system/sms/sms-channel');
  await expect(rowOf(page, '后台管理系统')).toContainText('调试(钉钉)');

  await page.getByRole('button', { name: '新增' }).click();
  const createChannel = dialog(page, '添加短信渠道');
  await createChannel.getByRole('button', { name: OK }).click();
  await expect(createChannel).toContainText('短信签名不能为空');
  await expect(createChannel).toContainText('短信 API 的账号不能为空');
  await createChannel.getByLabel('短信签名').fill('E2E渠道');
  await choose(page, createChannel, '渠道编码', '阿里云');
  await createChannel.getByLabel('短信 API 的账号').fill('LTAI-e2e');
  await createChannel.getByLabel('短信 API 的密钥').fill('e2e-secret');
  await createChannel.getByLabel('短信发送回调 URL').fill('not-a-url');
  await createChannel.getByRole('button', { name: OK }).click();
  await expect(createChannel).toContainText('回调 URL格式不正确');
  await createChannel.getByLabel('短信发送回调 URL').fill('https://example.com/sms/callback');
  await createChannel.getByRole('button', { name: OK }).click();
  await expectMessage(page, '新增成功');

  const channelSearch = page.locator('.list-search:visible');
  await channelSearch.getByPlaceholder('请输入短信签名').fill('E2E');
  await channelSearch.getByRole('button', { name: SEARCH }).click();
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  await expect(rowOf(page, 'E2E渠道')).toContainText('阿里云');

  await rowOf(page, 'E2E渠道').getByRole('button', { name: '修改' }).click();
  const editChannel = dialog(page, '修改短信渠道');
  await expect(editChannel.getByLabel('短信 API 的账号')).toHaveValue('LTAI-e2e');
  await editChannel.getByLabel('短信签名').fill('E2E渠道二');
  await editChannel.getByText('关闭', { exact: true }).click();
  await editChannel.getByRole('button', { name: OK }).click();
  await expectMessage(page, '修改成功');
  await channelSearch.getByRole('button', { name: SEARCH }).click();
  await expect(rowOf(page, 'E2E渠道二')).toContainText('关闭');

  // ---------- 短信模板 ----------
  await page.goto('/system/sms/sms-template');
  await expect(rowOf(page, 'admin-sms-login')).toContainText('您的验证码是{code}');
  await page.getByRole('button', { name: '新增' }).click();
  const createTemplate = dialog(page, '添加短信模板');
  await createTemplate.getByRole('button', { name: OK }).click();
  await expect(createTemplate).toContainText('模板编码不能为空');
  await choose(page, createTemplate, '短信渠道编号', '后台管理系统【调试(钉钉)】');
  await choose(page, createTemplate, '短信类型', '通知');
  await createTemplate.getByLabel('模板编码').fill('e2e_shipped');
  await createTemplate.getByLabel('模板名称').fill('E2E发货通知');
  await createTemplate.getByLabel('模板内容').fill('您好{name}，您的订单{order}已发货');
  await createTemplate.getByLabel('短信 API 模板编号').fill('E2E_0001');
  await createTemplate.getByRole('button', { name: OK }).click();
  await expectMessage(page, '新增成功');

  // A disabled channel cannot take templates.
  await page.getByRole('button', { name: '新增' }).click();
  await choose(page, createTemplate, '短信渠道编号', 'E2E渠道二【阿里云】');
  await choose(page, createTemplate, '短信类型', '营销');
  await createTemplate.getByLabel('模板编码').fill('e2e_denied');
  await createTemplate.getByLabel('模板名称').fill('停用渠道模板');
  await createTemplate.getByLabel('模板内容').fill('促销');
  await createTemplate.getByLabel('短信 API 模板编号').fill('E2E_0002');
  await createTemplate.getByRole('button', { name: OK }).click();
  await expect(page.getByText('短信渠道不处于开启状态，不允许选择')).toBeVisible();
  await createTemplate.getByRole('button', { name: /取\s*消/ }).click();

  const templateSearch = page.locator('.list-search:visible');
  await templateSearch.getByPlaceholder('请输入模板编码').fill('e2e_');
  await templateSearch.getByRole('button', { name: SEARCH }).click();
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);

  await rowOf(page, 'e2e_shipped').getByRole('button', { name: '修改' }).click();
  const editTemplate = dialog(page, '修改短信模板');
  await expect(editTemplate.getByLabel('模板名称')).toHaveValue('E2E发货通知');
  await editTemplate.getByLabel('模板名称').fill('E2E发货通知二');
  await editTemplate.getByRole('button', { name: OK }).click();
  await expectMessage(page, '修改成功');
  await expect(rowOf(page, 'e2e_shipped')).toContainText('E2E发货通知二');

  await rowOf(page, 'e2e_shipped').getByRole('button', { name: '测试' }).click();
  const send = dialog(page, '测试发送短信');
  await expect(send.getByLabel('模板内容')).toHaveValue('您好{name}，您的订单{order}已发货');
  await send.getByRole('button', { name: OK }).click();
  await expect(send).toContainText('手机号不能为空');
  await expect(send).toContainText('参数 name 不能为空');
  await expect(send).toContainText('参数 order 不能为空');
  await send.getByLabel('手机号').fill('13800000000');
  await send.getByLabel('参数 {name}').fill('张三');
  await send.getByLabel('参数 {order}').fill('A100');
  await send.getByRole('button', { name: OK }).click();
  await expect(page.getByText(/提交发送成功！发送结果，见发送日志编号：\d+/)).toBeVisible();

  await page.getByRole('button', { name: '导出' }).click();
  const templateDownload = page.waitForEvent('download');
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  expect((await templateDownload).suggestedFilename()).toBe('短信模板.xlsx');

  // ---------- 短信日志 ----------
  await page.goto('/system/sms/sms-log');
  const logSearch = page.locator('.list-search:visible');
  await logSearch.getByPlaceholder('请输入手机号').fill('13800000000');
  await logSearch.getByRole('button', { name: SEARCH }).click();
  const logRow = rowOf(page, '您好张三，您的订单A100已发货');
  await expect(logRow).toHaveCount(1);
  // Sent by the queue a moment later; the list refreshes itself while a message waits.
  await expect(logRow).toContainText('发送成功', { timeout: 15_000 });
  await expect(logRow).toContainText('后台管理系统');
  await logRow.getByRole('button', { name: '详细' }).click();
  const detail = dialog(page, '短信日志详细');
  await expect(detail).toContainText('e2e_shipped');
  await expect(detail).toContainText('{"name":"张三","order":"A100"}');
  await expect(detail).toContainText('SUCCESS');
  await detail.getByRole('button', { name: '关 闭', exact: true }).click();

  await page.getByRole('button', { name: '导出' }).click();
  const logDownload = page.waitForEvent('download');
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  expect((await logDownload).suggestedFilename()).toBe('短信日志.xlsx');

  // ---------- deletes ----------
  await page.goto('/system/sms/sms-channel');
  await rowOf(page, '后台管理系统').getByRole('button', { name: '删除' }).click();
  await expect(confirmDialog(page)).toContainText('是否确认删除短信渠道编号为');
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  await expect(page.getByText('无法删除，该短信渠道还有短信模板')).toBeVisible();
  await expect(rowOf(page, '后台管理系统')).toHaveCount(1);

  await page.goto('/system/sms/sms-template');
  await rowOf(page, 'e2e_shipped').getByRole('button', { name: '删除' }).click();
  await expect(confirmDialog(page)).toContainText('是否确认删除短信模板编号为');
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  await expectMessage(page, '删除成功');
  await expect(rowOf(page, 'e2e_shipped')).toHaveCount(0);

  await page.goto('/system/sms/sms-channel');
  await rowOf(page, 'E2E渠道二').getByRole('button', { name: '删除' }).click();
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  await expectMessage(page, '删除成功');
  await expect(rowOf(page, 'E2E渠道二')).toHaveCount(0);
});
