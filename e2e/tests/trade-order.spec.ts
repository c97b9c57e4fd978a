import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { SCREENSHOTS, adminApi, expectMessage, sidebar, signIn } from './helpers';
import { appApi, smsSignIn } from './member-helpers';
import { apiLogin } from './notify-helpers';

const OK = /确\s*定$/;
/** The page on show: pages of other tabs stay mounted, hidden. */
const main = (page: Page) => page.locator('.app-main');
const dialog = (page: Page, title: string) =>
  page.locator('.ant-modal:visible').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });

/** Names and numbers no other journey on the shared server uses. */
const RUN = Date.now().toString(36).slice(-5);
const STAMP = String(Date.now()).slice(-8);
const BUYER = `137${STAMP}`;
const RECEIVER = `136${STAMP}`;
const TRACKING_NO = `SF${STAMP}`;

interface Sku {
  id: number;
  price: number;
  properties: { propertyId: number; valueId: number }[];
}

/**
 * The shop as an operator sets it up, through the console's API: a two-level category, a brand, the
 * properties 颜色 (红, 蓝) and 尺寸 (S, M), a product of their four SKUs, a pay app with 模拟支付 and
 * an express company. Returns the SKUs by their values' names and the company's name.
 */
const openShop = async (request: APIRequestContext) => {
  const token = await apiLogin(request);
  const post = <T>(path: string, body: unknown) => adminApi<T>(request, token, 'POST', path, body);
  const category = { picUrl: 'https://img.example.com/c.png', sort: 0, status: 0, description: null };
  const topId = await post<number>('/product/category/create', {
    ...category,
    parentId: 0,
    name: `女装${RUN}`,
  });
  const leafId = await post<number>('/product/category/create', {
    ...category,
    parentId: topId,
    name: `衬衫${RUN}`,
  });
  const brandId = await post<number>('/product/brand/create', {
    name: `品牌${RUN}`,
    picUrl: 'https://img.example.com/b.png',
    sort: 0,
    status: 0,
  });
  const property = async (name: string, values: string[]) => {
    const id = await post<number>('/product/property/create', { name: `${name}${RUN}` });
    const ids = new Map<string, number>();
    for (const value of values)
      ids.set(value, await post<number>('/product/property/value/create', { propertyId: id, name: value }));
    return { id, ids };
  };
  const color = await property('颜色', ['红', '蓝']);
  const size = await property('尺寸', ['S', 'M']);
  const skus = [...color.ids].flatMap(([, colorValue], i) =>
    [...size.ids].map(([, sizeValue], j) => ({
      picUrl: 'https://img.example.com/sku.png',
      price: 5900 + (i * 2 + j) * 1000,
      marketPrice: 19900,
      costPrice: 2000,
      barCode: null,
      status: 0,
      stock: 50,
      warnStock: 5,
      weight: 0.3,
      volume: 0.001,
      properties: [
        { propertyId: color.id, valueId: colorValue },
        { propertyId: size.id, valueId: sizeValue },
      ],
    })),
  );
  const spuId = await post<number>('/product/spu/create', {
    name: `真丝衬衫${RUN}`,
    sellPoint: '轻薄透气',
    description: '<p>真丝</p>',
    categoryId: leafId,
    brandId,
    picUrls: ['https://img.example.com/1.png'],
    videoUrl: null,
    sort: 0,
    status: 1,
    specType: 2,
    showStock: true,
    virtualSalesCount: 0,
    deliveryTemplateId: null,
    skus,
  });
  const spu = await adminApi<{ skus: Sku[] }>(request, token, 'GET', `/product/spu/get-detail?id=${spuId}`);
  const skuOf = (colorName: string, sizeName: string) =>
    spu.skus.find(
      (s) =>
        s.properties.some((p) => p.valueId === color.ids.get(colorName)) &&
        s.properties.some((p) => p.valueId === size.ids.get(sizeName)),
    )!;

  const appId = await post<number>('/pay/app/create', {
    name: `商城${RUN}`,
    status: 0,
    orderNotifyUrl: 'http://127.0.0.1:9/trade/order/update-paid',
    refundNotifyUrl: 'http://127.0.0.1:9/trade/order/update-refunded',
    remark: null,
  });
  await post('/pay/channel/create', {
    appId,
    code: 'mock',
    status: 0,
    feeRate: 0,
    remark: null,
    config: '{}',
  });
  const express = `顺丰速运${RUN}`;
  await post('/trade/delivery/express/create', {
    code: `sf${RUN}`,
    name: express,
    logo: null,
    sort: 0,
    status: 0,
  });
  return { skuOf, express };
};

test('a member orders two specs of a product and pays with mock; the operator finds it by the receiver, ships it and reads its log', async ({
  page,
}) => {
  test.setTimeout(120_000);
  page.setDefaultTimeout(15_000);
  const { request } = page;
  const { skuOf, express } = await openShop(request);

  // The storefront: the member registers by SMS, saves an address, prices the cart, orders and pays.
  const member = await smsSignIn(request, BUYER);
  const address = await appApi(
    request,
    'POST',
    '/member/address/create',
    { name: '王五', mobile: RECEIVER, areaId: 440305, detailAddress: '科技园 2 号', defaultStatus: true },
    member,
  );
  expect(address.code, address.msg).toBe(0);
  const red = skuOf('红', 'M');
  const blue = skuOf('蓝', 'S');
  const items = [
    { skuId: red.id, count: 2 },
    { skuId: blue.id, count: 1 },
  ];
  const total = red.price * 2 + blue.price;
  const settlement = await appApi(
    request,
    'POST',
    '/trade/order/settlement',
    { items, addressId: address.data },
    member,
  );
  expect(settlement.code, settlement.msg).toBe(0);
  expect((settlement.data as { price: { payPrice: number } }).price.payPrice).toBe(total);
  const created = await appApi(
    request,
    'POST',
    '/trade/order/create',
    { items, addressId: address.data, remark: '请用礼盒包装' },
    member,
  );
  expect(created.code, created.msg).toBe(0);
  const { id, payOrderId } = created.data as { id: number; payOrderId: number };
  const paid = await appApi(
    request,
    'POST',
    '/pay/order/submit',
    { id: payOrderId, channelCode: 'mock' },
    member,
  );
  expect(paid.code, paid.msg).toBe(0);

  // The console: 商城系统 › 订单中心 › 订单列表, searched by the receiver's mobile.
  await signIn(page, 'admin', 'admin123', '/index');
  for (const menu of ['商城系统', '订单中心', '订单列表'])
    await sidebar(page).getByText(menu, { exact: true }).click();
  await expect(page).toHaveURL(/\/mall\/trade\/order/);
  await main(page).getByRole('combobox', { name: '搜索类型' }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: '收货人手机号码' }).click();
  await main(page).getByRole('textbox', { name: '搜索方式' }).fill(RECEIVER);
  await main(page).getByRole('textbox', { name: '搜索方式' }).press('Enter');
  const cards = main(page).locator('.trade-order-card').filter({ visible: true });
  await expect(cards).toHaveCount(1);
  const card = cards.first();
  await expect(card).toContainText('待发货');
  await expect(card).toContainText('模拟支付');
  await expect(card).toContainText('红');
  await expect(card).toContainText((total / 100).toFixed(2));
  await page.screenshot({ path: `${SCREENSHOTS}trade-order-list.png` });

  // 详情: what was bought, paid and asked for; 发货 with the express company and its number.
  await card.getByRole('button', { name: /详\s*情/ }).click();
  await expect(page).toHaveURL(`/trade/order/detail?id=${id}`);
  const detail = main(page);
  const info = detail.locator('.ant-card').filter({ hasText: '订单信息' });
  await expect(info).toContainText('请用礼盒包装');
  await expect(info).toContainText('广东省 深圳市 南山区 科技园 2 号');
  await detail.getByRole('button', { name: '发货' }).click();
  const ship = dialog(page, '订单发货');
  await ship.getByLabel('快递公司').click();
  await page.locator('.ant-select-item-option').filter({ hasText: express }).click();
  await ship.getByLabel('快递单号').fill(TRACKING_NO);
  await ship.getByRole('button', { name: OK }).click();
  await expectMessage(page, '发货成功');

  // Shipped: the status, 物流信息 with the event we recorded, and the log of every step.
  const status = detail.locator('.ant-card').filter({ hasText: '订单状态' });
  await expect(status).toContainText('已发货');
  const logistics = detail.locator('.ant-card').filter({ hasText: '物流信息' });
  await expect(logistics).toContainText(express);
  await expect(logistics).toContainText(TRACKING_NO);
  await expect(logistics).toContainText('商家已发货');
  const log = detail.getByTestId('order-log');
  await expect(log).toHaveCount(3);
  await expect(log.nth(0)).toContainText('用户下单');
  await expect(log.nth(1)).toContainText('用户付款成功');
  await expect(log.nth(2)).toContainText(`已发货，快递公司：${express}，快递单号：${TRACKING_NO}`);
  await expect(detail.getByRole('button', { name: '发货' })).toHaveCount(0);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${SCREENSHOTS}trade-order-detail.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${SCREENSHOTS}trade-order-detail-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // 快递管理: the shipment, waiting for the carrier; its 详情 shows the same event.
  await page.goto('/exp/order');
  const shipment = main(page)
    .locator('.ant-table-tbody tr.ant-table-row')
    .filter({ visible: true })
    .filter({ hasText: TRACKING_NO });
  await expect(shipment).toHaveCount(1);
  await expect(shipment).toContainText('待揽收');
  await expect(shipment).toContainText(express);
  await page.screenshot({ path: `${SCREENSHOTS}trade-express-order.png` });
});
