import { expect, test, type Page } from './fixtures';
import { SCREENSHOTS, expectMessage, signIn } from './helpers';

test.describe.configure({ mode: 'serial' });

const OK = /确\s*定$/;
/** The page on show: pages of other tabs stay mounted, hidden. */
const main = (page: Page) => page.locator('.app-main');
const button = (page: Page, name: string) =>
  main(page).getByRole('button', { name }).filter({ visible: true });
const dialog = (page: Page, title: string) => page.locator('.ant-modal').filter({ hasText: title });
const rows = (page: Page) =>
  main(page).locator('.ant-table-tbody tr.ant-table-row').filter({ visible: true });

/** Names no other journey on the shared server uses. */
const RUN = Date.now().toString(36).slice(-5);
const APP = `商城支付${RUN}`;

test('pay a demo order in the cashier with mock, refund half, and read the merchant notification log', async ({
  page,
  baseURL,
}) => {
  await signIn(page, 'admin', 'admin123', '/pay/app');

  // 应用信息: an app whose notify URLs point at this server, then its mock and wallet channels.
  await button(page, '新增').click();
  const form = dialog(page, '添加支付应用');
  await form.getByLabel('应用名').fill(APP);
  await form.getByLabel('支付结果的回调地址').fill(`${baseURL}/admin-api/pay/notify-peer`);
  await form.getByLabel('退款结果的回调地址').fill(`${baseURL}/admin-api/pay/notify-peer`);
  await form.getByRole('button', { name: OK }).click();
  await expectMessage(page, '新增成功');
  const row = rows(page).filter({ hasText: APP });
  for (const channel of ['模拟支付', '钱包支付']) {
    await row.getByRole('button', { name: `${channel}：未配置` }).click();
    const config = dialog(page, `${channel} · 渠道配置`);
    await expect(config.getByText('渠道状态')).toBeVisible();
    await config.getByRole('button', { name: OK }).click();
    await expectMessage(page, '新增成功');
    await expect(row.getByRole('button', { name: `${channel}：已配置` })).toBeVisible();
  }
  await expect(row.getByRole('button', { name: '支付宝 PC 网站支付：未配置' })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}pay-app.png`, animations: 'disabled' });

  // 接入示例: a demo order paid through this app.
  await page.goto('/pay/demo-order');
  await button(page, '发起订单').click();
  const order = dialog(page, '发起订单');
  await order.getByLabel('商品').click();
  await page.locator('.ant-select-item-option').filter({ hasText: '苹果手表' }).click();
  await order.getByLabel('支付应用').click();
  await page.locator('.ant-select-item-option').filter({ hasText: APP }).click();
  await order.getByRole('button', { name: OK }).click();
  await expectMessage(page, '新增成功');
  const demo = rows(page).first();
  await expect(demo).toContainText('苹果手表');
  await expect(demo).toContainText('未支付');
  await demo.getByRole('button', { name: '前往支付' }).click();

  // 收银台: the order summary and the channel tiles; 模拟支付 pays at once and returns.
  await expect(page).toHaveURL(/\/pay\/cashier\?id=\d+&returnUrl=/);
  const cashier = main(page);
  await expect(cashier.getByText('支付信息')).toBeVisible();
  await expect(cashier.getByText('苹果手表').filter({ visible: true }).first()).toBeVisible();
  await expect(cashier.getByRole('button', { name: '支付宝 PC 网站支付' })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}pay-cashier.png`, animations: 'disabled' });
  await cashier.getByRole('button', { name: '模拟支付' }).click();
  await expectMessage(page, '支付成功');
  await expect(page).toHaveURL(/\/pay\/demo-order\?id=\d+&payResult=success/);
  await expect(rows(page).first()).toContainText('已支付');

  // 支付订单: paid; refund half of ¥1.00.
  await page.goto('/pay/order');
  const paid = rows(page).filter({ hasText: '苹果手表' }).filter({ hasText: '支付成功' }).first();
  await expect(paid).toContainText('模拟支付');
  await paid.getByRole('button', { name: '退款' }).click();
  const refund = dialog(page, '发起退款');
  await refund.getByLabel('退款金额（元）').fill('0.5');
  await refund.getByLabel('退款原因').fill('少发一件');
  await refund.getByRole('button', { name: OK }).click();
  await expectMessage(page, '退款成功');
  await page.screenshot({ path: `${SCREENSHOTS}pay-order.png`, animations: 'disabled' });

  // 退款订单: the refund, done.
  await page.goto('/pay/refund');
  const refunded = rows(page).filter({ hasText: '少发一件' });
  await expect(refunded).toContainText('退款成功');
  await expect(refunded).toContainText('¥0.50');

  // 回调通知: the payment's and the refund's notifications, each attempt logged.
  await page.goto('/pay/notify');
  const notices = rows(page).filter({ hasText: APP });
  await expect(notices).toHaveCount(2);
  // The notifier posts within a second or so of the payment: 刷新 until its attempt shows. The list
  // refetches in place (a whole reload takes seconds on a busy machine and kept missing the row).
  const payment = notices.filter({ hasText: '支付单' });
  await expect(async () => {
    await button(page, '刷新').click();
    await expect(payment).toContainText(/[1-9] \/ 9/, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await payment.getByRole('button', { name: '查看详情' }).click();
  const detail = page.locator('.ant-modal').filter({ hasText: '回调日志' });
  await expect(detail.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}pay-notify.png`, animations: 'disabled' });
});
