import type { PayRefund } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ok } from '../../test/http-stub';
import { stubPageTest } from '../../test/page-test';
import { renderPage } from '../../test/render-page';
import PayRefundPage from './pages/pay/refund';
import { PAY_APPS, PAY_CREATED, PAY_DICTS } from './pay-fixtures';

const refund = (id: number, status: number): PayRefund => ({
  id,
  no: `R${id}`,
  appId: 1,
  appName: '商城',
  channelId: 3,
  channelCode: 'alipay_pc',
  orderId: 101,
  orderNo: 'P101',
  merchantOrderId: 'M101',
  merchantRefundId: `MR${id}`,
  notifyUrl: 'https://shop.example.com/refund-notify',
  status,
  payPrice: 1999,
  refundPrice: 500,
  reason: '尺码不合适',
  userIp: '127.0.0.1',
  channelOrderNo: 'C101',
  channelRefundNo: status === 10 ? `CR${id}` : null,
  successTime: status === 10 ? PAY_CREATED + 60_000 : null,
  channelErrorCode: status === 20 ? 'ACQ.TRADE_HAS_CLOSE' : null,
  channelErrorMsg: status === 20 ? '交易已关闭' : null,
  channelNotifyData: status === 10 ? '{"refund_status":"REFUND_SUCCESS"}' : null,
  createTime: PAY_CREATED,
  updateTime: PAY_CREATED + 60_000,
});
const REFUNDS = [refund(7, 10), refund(8, 20)];

const stub = stubPageTest(
  (call) => {
    const { path } = call;
    if (path.endsWith('/pay/refund/page')) return ok({ list: REFUNDS, total: REFUNDS.length });
    if (path.endsWith('/pay/refund/get'))
      return ok(REFUNDS.find((r) => r.id === Number(call.query.get('id'))));
    if (path.endsWith('/pay/app/list')) return ok(PAY_APPS);
    if (path.endsWith('/pay/refund/export-excel')) return new Blob(['x']);
    return ok(true);
  },
  { dicts: PAY_DICTS },
);

const ALL = ['pay:refund:query', 'pay:refund:export'];
const setup = (permissions = ALL) => renderPage(<PayRefundPage />, { permissions, path: '/pay/refund' }).user;
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
const searchForm = () => screen.getByRole('form', { name: '搜索条件' });
const lastPage = () => stub.callsTo('/pay/refund/page').at(-1)!;
const options = () => [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')];
const choose = async (user: UserEvent, label: string) => {
  await waitFor(() => expect(options().some((o) => o.textContent === label)).toBe(true));
  await user.click(options().find((o) => o.textContent === label)!);
};

describe('退款订单', { timeout: 30_000 }, () => {
  it('lists the refunds with their refund and order numbers', async () => {
    setup();
    const done = await rowOf('商户：MR7');
    expect(within(done).getByText('退款：R7')).toBeInTheDocument();
    expect(within(done).getByText('渠道：CR7')).toBeInTheDocument();
    expect(within(done).getByText('商户：M101')).toBeInTheDocument();
    expect(within(done).getByText('渠道：C101')).toBeInTheDocument();
    expect(within(done).getByText('¥19.99')).toBeInTheDocument();
    expect(within(done).getByText('¥5.00')).toBeInTheDocument();
    expect(within(done).getByText('退款成功')).toBeInTheDocument();
    expect(within(done).getByText('尺码不合适')).toBeInTheDocument();
    expect(within(await rowOf('商户：MR8')).getByText('退款失败')).toBeInTheDocument();
  });

  it('searches by app, numbers and status', async () => {
    const user = setup();
    await rowOf('商户：MR7');
    await user.click(within(searchForm()).getByRole('combobox', { name: '应用编号' }));
    await choose(user, '商城');
    await user.type(within(searchForm()).getByLabelText('商户支付单号'), 'M101');
    await user.type(within(searchForm()).getByLabelText('商户退款单号'), 'MR7');
    await user.type(within(searchForm()).getByLabelText('渠道支付单号'), 'C101');
    await user.type(within(searchForm()).getByLabelText('渠道退款单号'), 'CR7');
    await user.click(within(searchForm()).getByRole('combobox', { name: '退款状态' }));
    await choose(user, '退款失败');
    await user.click(within(searchForm()).getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(lastPage().query.get('appId')).toBe('1'));
    expect(Object.fromEntries(lastPage().query)).toEqual({
      pageNo: '1',
      pageSize: '20',
      appId: '1',
      merchantOrderId: 'M101',
      merchantRefundId: 'MR7',
      channelOrderNo: 'C101',
      channelRefundNo: 'CR7',
      status: '20',
    });
  });

  it('shows the detail of a refund as the server has it now', async () => {
    const user = setup();
    await user.click(within(await rowOf('商户：MR8')).getByRole('button', { name: /查看详情/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('退款订单详情')).toBeInTheDocument();
    expect(stub.callsTo('/pay/refund/get')[0]!.query.get('id')).toBe('8');
    expect(within(dialog).getByText('ACQ.TRADE_HAS_CLOSE')).toBeInTheDocument();
    expect(within(dialog).getByText('交易已关闭')).toBeInTheDocument();
    expect(within(dialog).getByText('https://shop.example.com/refund-notify')).toBeInTheDocument();
  });

  it('exports after the confirmation', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const user = setup();
    await rowOf('商户：MR7');
    await user.click(screen.getByRole('button', { name: /导\s*出/ }));
    const question = await screen.findByText('是否确认导出所有退款订单数据项?');
    await user.click(
      within(question.closest<HTMLElement>('.ant-modal')!).getByRole('button', { name: /确\s*定/ }),
    );
    await waitFor(() => expect(stub.callsTo('/pay/refund/export-excel')).toHaveLength(1));
  });
});
