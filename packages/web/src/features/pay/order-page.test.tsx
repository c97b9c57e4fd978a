import type { PayOrderDetail, PayOrderPageItem } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../../test/http-stub';
import { stubPageTest } from '../../test/page-test';
import { renderPage } from '../../test/render-page';
import PayOrderPage from './pages/pay/order';
import { PAY_APPS, PAY_CREATED, PAY_DICTS } from './pay-fixtures';

const order = (id: number, status: number, price: number, refundPrice = 0): PayOrderPageItem => ({
  id,
  appId: 1,
  appName: '商城',
  channelId: 3,
  channelCode: status === 0 ? null : 'alipay_pc',
  merchantOrderId: `M${id}`,
  subject: `商品 ${id}`,
  body: '商品描述',
  notifyUrl: 'https://shop.example.com/pay-notify',
  price,
  channelFeeRate: 0.6,
  channelFeePrice: 6,
  status,
  userIp: '127.0.0.1',
  expireTime: PAY_CREATED + 7_200_000,
  successTime: status === 0 ? null : PAY_CREATED + 60_000,
  extensionId: status === 0 ? null : 5,
  no: status === 0 ? null : `P${id}`,
  refundPrice,
  channelUserId: null,
  channelOrderNo: status === 0 ? null : `C${id}`,
  createTime: PAY_CREATED,
});
const ORDERS = [
  order(101, 10, 1999),
  order(102, 0, 500),
  order(103, 20, 1000, 1000),
  order(104, 20, 3000, 1000),
];

/** The status of the refund `GET /pay/refund/get` answers. */
let refundStatus = 10;
beforeEach(() => {
  refundStatus = 10;
});

const stub = stubPageTest(
  (call) => {
    const { path } = call;
    if (path.endsWith('/pay/order/page')) return ok({ list: ORDERS, total: ORDERS.length });
    if (path.endsWith('/pay/app/list')) return ok(PAY_APPS);
    if (path.endsWith('/pay/order/get-detail')) {
      const found = ORDERS.find((o) => o.id === Number(call.query.get('id')))!;
      const detail: PayOrderDetail = {
        ...found,
        updateTime: PAY_CREATED + 60_000,
        extension: { no: 'P101', channelNotifyData: '{"trade_status":"TRADE_SUCCESS"}' },
      };
      return ok(detail);
    }
    if (path.endsWith('/pay/refund/create')) return ok(77);
    if (path.endsWith('/pay/refund/get')) return ok({ id: 77, status: refundStatus });
    if (path.endsWith('/pay/order/export-excel')) return new Blob(['x']);
    return ok(true);
  },
  { dicts: PAY_DICTS },
);

const ALL = ['pay:order:query', 'pay:order:export', 'pay:refund:create', 'pay:refund:query'];
const setup = (permissions = ALL, address = '/pay/order') =>
  renderPage(<PayOrderPage />, { permissions, path: '/pay/order', address }).user;
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
const searchForm = () => screen.getByRole('form', { name: '搜索条件' });
const lastPage = () => stub.callsTo('/pay/order/page').at(-1)!;
const options = () => [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')];
const choose = async (user: UserEvent, label: string) => {
  await waitFor(() => expect(options().some((o) => o.textContent === label)).toBe(true));
  await user.click(options().find((o) => o.textContent === label)!);
};
const dialogTitled = async (title: string) => {
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText(title)).toBeInTheDocument();
  return dialog;
};
const okButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: /确\s*定/ });

describe('支付订单', { timeout: 30_000 }, () => {
  it('lists the orders with yuan amounts, their numbers and tags, and 退款 only while something is left', async () => {
    setup();
    const paid = await rowOf('商户：M101');
    expect(within(paid).getByText('支付：P101')).toBeInTheDocument();
    expect(within(paid).getByText('渠道：C101')).toBeInTheDocument();
    expect(within(paid).getByText('¥19.99')).toBeInTheDocument();
    expect(within(paid).getByText('¥0.06')).toBeInTheDocument();
    expect(within(paid).getByText('支付成功')).toBeInTheDocument();
    expect(within(paid).getByText('支付宝 PC 网站支付')).toBeInTheDocument();
    expect(within(paid).getByText('商品 101')).toBeInTheDocument();
    expect(within(paid).getByRole('button', { name: /退款/ })).toBeInTheDocument();

    const waiting = await rowOf('商户：M102');
    expect(within(waiting).queryByText(/^支付：/)).not.toBeInTheDocument();
    expect(within(waiting).getByText('等待支付')).toBeInTheDocument();
    expect(within(waiting).queryByRole('button', { name: /退款/ })).not.toBeInTheDocument();
    expect(within(await rowOf('商户：M103')).queryByRole('button', { name: /退款/ })).not.toBeInTheDocument();
    expect(within(await rowOf('商户：M104')).getByRole('button', { name: /退款/ })).toBeInTheDocument();
    expect(lastPage().query.get('pageSize')).toBe('20');
  });

  it('searches by app, channel, numbers and status', async () => {
    const user = setup();
    await rowOf('商户：M101');
    await user.click(within(searchForm()).getByRole('combobox', { name: '应用编号' }));
    await choose(user, '会员');
    await user.click(within(searchForm()).getByRole('combobox', { name: '支付渠道' }));
    await choose(user, '模拟支付');
    await user.type(within(searchForm()).getByLabelText('商户单号'), 'M1');
    await user.type(within(searchForm()).getByLabelText('支付单号'), 'P1');
    await user.type(within(searchForm()).getByLabelText('渠道单号'), 'C1');
    await user.click(within(searchForm()).getByRole('combobox', { name: '支付状态' }));
    await choose(user, '已退款');
    await user.click(within(searchForm()).getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(lastPage().query.get('appId')).toBe('2'));
    expect(Object.fromEntries(lastPage().query)).toEqual({
      pageNo: '1',
      pageSize: '20',
      appId: '2',
      channelCode: 'mock',
      merchantOrderId: 'M1',
      no: 'P1',
      channelOrderNo: 'C1',
      status: '20',
    });
  });

  it('refunds part of an order, sending the amount in fen', async () => {
    const user = setup();
    await user.click(within(await rowOf('商户：M104')).getByRole('button', { name: /退款/ }));
    const dialog = await dialogTitled('发起退款');
    expect(within(dialog).getByText('¥30.00')).toBeInTheDocument();
    expect(within(dialog).getByText('¥20.00')).toBeInTheDocument();
    await user.click(okButton(dialog));
    expect(await within(dialog).findByText('退款金额不能为空')).toBeInTheDocument();
    expect(within(dialog).getByText('退款原因不能为空')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('退款金额（元）'), '12.34');
    await user.type(within(dialog).getByLabelText('退款原因'), '尺码不合适');
    const before = stub.callsTo('/pay/order/page').length;
    await user.click(okButton(dialog));
    await waitFor(() => expect(stub.callsTo('/pay/refund/create')).toHaveLength(1));
    expect(stub.callsTo('/pay/refund/create')[0]!.body).toEqual({
      orderId: 104,
      price: 1234,
      reason: '尺码不合适',
    });
    expect(stub.callsTo('/pay/refund/get')[0]!.query.get('id')).toBe('77');
    expect(await screen.findByText('退款成功')).toBeInTheDocument();
    await waitFor(() => expect(stub.callsTo('/pay/order/page').length).toBeGreaterThan(before));
  });

  it('says the refund was submitted while the channel has not refunded yet', async () => {
    refundStatus = 0;
    const user = setup();
    await user.click(within(await rowOf('商户：M101')).getByRole('button', { name: /退款/ }));
    const dialog = await dialogTitled('发起退款');
    await user.type(within(dialog).getByLabelText('退款金额（元）'), '19.99');
    await user.type(within(dialog).getByLabelText('退款原因'), '不想要了');
    await user.click(okButton(dialog));
    await waitFor(() => expect(stub.callsTo('/pay/refund/create')).toHaveLength(1));
    expect(stub.callsTo('/pay/refund/create')[0]!.body).toMatchObject({ orderId: 101, price: 1999 });
    expect(await screen.findByText('已提交退款')).toBeInTheDocument();
  });

  it('shows the detail of an order with what the channel posted back', async () => {
    const user = setup();
    await user.click(within(await rowOf('商户：M101')).getByRole('button', { name: /查看详情/ }));
    const dialog = await dialogTitled('订单详情');
    expect(stub.callsTo('/pay/order/get-detail')[0]!.query.get('id')).toBe('101');
    expect(within(dialog).getByText('0.6%')).toBeInTheDocument();
    expect(within(dialog).getByText('https://shop.example.com/pay-notify')).toBeInTheDocument();
    const data = within(dialog).getByText(/TRADE_SUCCESS/);
    expect(data.tagName).toBe('CODE');
    expect(data.closest('pre')).not.toBeNull();
  });

  it('exports the orders of the search', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const user = setup(ALL, '/pay/order#status=10');
    await rowOf('商户：M101');
    await user.click(screen.getByRole('button', { name: /导\s*出/ }));
    const question = await screen.findByText('是否确认导出所有支付订单数据项?');
    await user.click(
      within(question.closest<HTMLElement>('.ant-modal')!).getByRole('button', { name: /确\s*定/ }),
    );
    await waitFor(() => expect(stub.callsTo('/pay/order/export-excel')).toHaveLength(1));
    expect(stub.callsTo('/pay/order/export-excel')[0]!.query.get('status')).toBe('10');
  });

  it('shows neither 退款 nor 导出 without their permissions', async () => {
    setup(['pay:order:query']);
    const row = await rowOf('商户：M101');
    expect(within(row).getByRole('button', { name: /查看详情/ })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /退款/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /导\s*出/ })).not.toBeInTheDocument();
  });
});
