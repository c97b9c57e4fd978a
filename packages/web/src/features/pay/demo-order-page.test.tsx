import type { PayDemoOrder } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '../../test/http-stub';
import { stubPageTest } from '../../test/page-test';
import { renderPage } from '../../test/render-page';
import DemoOrderPage from './pages/pay/demo';

const CREATED = new Date(2026, 10, 20, 8, 0, 0).getTime();
const PAID = new Date(2026, 10, 20, 8, 5, 0).getTime();

const order = (id: number, spuName: string, price: number, paid: boolean): PayDemoOrder => ({
  id,
  userId: 1,
  spuId: id,
  spuName,
  price,
  payStatus: paid,
  payOrderId: 100 + id,
  payTime: paid ? PAID : null,
  payChannelCode: paid ? 'mock' : null,
  payRefundId: null,
  refundPrice: 0,
  refundTime: null,
  createTime: CREATED,
});
const UNPAID = order(1, '华为手机', 1, false);
const PAID_ORDER = order(2, '苹果手表', 100, true);
const REFUNDED = { ...order(3, '小米电视', 10, true), refundPrice: 10, refundTime: PAID };

const stub = stubPageTest((call) => {
  if (call.path.endsWith('/pay/demo-order/page'))
    return ok({ list: [UNPAID, PAID_ORDER, REFUNDED], total: 3 });
  if (call.path.endsWith('/pay/app/list')) return ok([{ id: 6, name: '示例应用' }]);
  if (call.path.endsWith('/pay/demo-order/create')) return ok(4);
  return ok(true);
});

const setup = (address = '/pay/demo-order') =>
  renderPage(<DemoOrderPage />, {
    permissions: ['pay:app:query'],
    path: '/pay/demo-order',
    address,
    routes: [{ path: '/pay/cashier', element: <p>收银台页</p> }],
  });

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
const options = () => [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')];

describe('接入示例', { timeout: 30_000 }, () => {
  it('lists the demo orders with prices in yuan, the paid tag, and the actions each state allows', async () => {
    setup();
    const unpaid = await rowOf('华为手机');
    const paid = await rowOf('苹果手表');
    const refunded = await rowOf('小米电视');
    expect(within(unpaid).getByText('未支付')).toBeInTheDocument();
    expect(within(unpaid).getByText('¥0.01')).toBeInTheDocument();
    expect(within(unpaid).getByText('101')).toBeInTheDocument();
    expect(within(unpaid).getByText('2026-11-20 08:00:00')).toBeInTheDocument();
    expect(within(paid).getByText('已支付')).toBeInTheDocument();
    expect(within(paid).getByText('¥1.00')).toBeInTheDocument();
    expect(within(paid).getByText('2026-11-20 08:05:00')).toBeInTheDocument();
    expect(within(unpaid).getByRole('button', { name: /前往支付/ })).toBeInTheDocument();
    expect(within(unpaid).queryByRole('button', { name: /发起退款/ })).not.toBeInTheDocument();
    expect(within(paid).queryByRole('button', { name: /前往支付/ })).not.toBeInTheDocument();
    expect(within(paid).getByRole('button', { name: /发起退款/ })).toBeInTheDocument();
    // Refunded in full: nothing left to refund.
    expect(within(refunded).queryByRole('button', { name: /发起退款/ })).not.toBeInTheDocument();
    expect(stub.callsTo('/pay/demo-order/page')[0]!.query.get('pageNo')).toBe('1');
  });

  it('发起订单 requires a product and sends only its id when no app is chosen', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: /发起订单/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('发起订单')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('商品不能为空')).toBeInTheDocument();
    expect(stub.callsTo('/pay/demo-order/create')).toHaveLength(0);

    await user.click(within(dialog).getByRole('combobox', { name: '支付应用' }));
    await waitFor(() => expect(options().map((o) => o.textContent)).toContain('示例应用'));
    await user.click(within(dialog).getByRole('combobox', { name: '商品' }));
    await waitFor(() => expect(options().map((o) => o.textContent)).toContain('苹果手表（¥1.00）'));
    expect(options().map((o) => o.textContent)).toContain('蔚来汽车（¥2000.00）');
    await user.click(options().find((o) => o.textContent === '苹果手表（¥1.00）')!);
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));

    await waitFor(() => expect(stub.callsTo('/pay/demo-order/create')).toHaveLength(1));
    expect(stub.callsTo('/pay/demo-order/create')[0]!.body).toEqual({ spuId: 3 });
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    await waitFor(() => expect(stub.callsTo('/pay/demo-order/page')).toHaveLength(2));
  });

  it('前往支付 opens the cashier of the pay order, which comes back to this order', async () => {
    const { user, router } = setup();
    await user.click(within(await rowOf('华为手机')).getByRole('button', { name: /前往支付/ }));
    expect(await screen.findByText('收银台页')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/pay/cashier');
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('id')).toBe('101');
    expect(params.get('returnUrl')).toBe('/pay/demo-order?id=1');
    expect(router.state.location.search).toBe('?id=101&returnUrl=%2Fpay%2Fdemo-order%3Fid%3D1');
  });

  it('发起退款 asks first, then refunds the order', async () => {
    const { user } = setup();
    await user.click(within(await rowOf('苹果手表')).getByRole('button', { name: /发起退款/ }));
    expect(await screen.findByText('是否确认退款编号为「2」的示例订单？')).toBeInTheDocument();
    expect(stub.callsTo('/pay/demo-order/refund')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(stub.callsTo('/pay/demo-order/refund')).toHaveLength(1));
    const refund = stub.callsTo('/pay/demo-order/refund')[0]!;
    expect(refund.method).toBe('PUT');
    expect(refund.query.get('id')).toBe('2');
    expect(await screen.findByText('发起退款成功')).toBeInTheDocument();
  });

  it.each([
    ['success', '支付成功'],
    ['cancel', '支付已取消'],
    ['close', '支付已关闭'],
  ])('back from the cashier with payResult=%s says %s and shows the list', async (result, text) => {
    setup(`/pay/demo-order?id=1&payResult=${result}`);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(await screen.findByText('华为手机')).toBeInTheDocument();
  });
});
