import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ok } from '../../test/http-stub';
import type { StubCall } from '../../test/http-stub';
import { stubPageTest } from '../../test/page-test';
import { renderPage } from '../../test/render-page';
import ExpressOrderPage from './pages/exp/order';
import { EXPRESSES, expressOrder, SHIPPED, TRADE_DICTS } from './trade-fixtures';

const SIGNED_AT = new Date(2026, 10, 23, 15, 30, 0).getTime();

const IN_TRANSIT = expressOrder({
  id: 1,
  status: 10,
  type: 2,
  tracks: [
    { time: SHIPPED, content: '商家已发货' },
    { time: new Date(2026, 10, 22, 10, 0, 0).getTime(), content: '快件已到达深圳转运中心' },
  ],
});
const SIGNED = expressOrder({
  id: 2,
  status: 20,
  orderId: 4,
  orderNo: 'O202611210004',
  expressId: 2,
  expressName: '圆通速递',
  refundFlag: 1,
  freight: 1250,
  receiverName: '李四',
  signTime: SIGNED_AT,
});
const ROWS = [IN_TRANSIT, SIGNED];

const answer = (call: StubCall): unknown => {
  const { path } = call;
  if (path.endsWith('/trade/express-order/page')) return ok({ list: ROWS, total: 2 });
  if (path.endsWith('/trade/express-order/get'))
    return ok(ROWS.find((row) => row.id === Number(call.query.get('id'))));
  if (path.endsWith('/trade/express-order/export-excel')) return new Blob(['x']);
  if (path.endsWith('/trade/delivery/express/list-all-simple')) return ok(EXPRESSES);
  return ok(true);
};

const stub = stubPageTest(answer, { dicts: TRADE_DICTS });

const ALL = [
  'trade:delivery:express-order:query',
  'trade:delivery:express-order:update',
  'trade:delivery:express-order:export',
  'trade:delivery:express:query',
  'trade:order:query',
];
const setup = (permissions = ALL) =>
  renderPage(<ExpressOrderPage />, {
    permissions,
    path: '/exp/order',
    routes: [{ path: '/trade/order/detail', element: <p>订单详情页</p> }],
  });

const rowOf = async (logisticsNo: string) => (await screen.findByText(logisticsNo)).closest('tr')!;
const lastPage = () => stub.callsTo('/trade/express-order/page').at(-1)!;
const button = (container: HTMLElement, label: RegExp | string) =>
  within(container).getByText(label, { selector: 'button span' });
const dialogTitled = async (title: string) => {
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText(title)).toBeInTheDocument();
  return dialog;
};

describe('快递管理', { timeout: 30_000 }, () => {
  it('lists the shipments with their statuses, freight in yuan and receiver', async () => {
    setup();
    const inTransit = await rowOf('SF001');
    expect(within(inTransit).getByText('O202611210003')).toBeInTheDocument();
    expect(within(inTransit).getByText('顺丰速运')).toBeInTheDocument();
    expect(within(inTransit).getByText('加急快递')).toBeInTheDocument();
    expect(within(inTransit).getByText('运输中')).toBeInTheDocument();
    expect(within(inTransit).getByText('未退款')).toBeInTheDocument();
    expect(within(inTransit).getByText('¥8.00')).toBeInTheDocument();
    expect(within(inTransit).getByText('张三 13800000001')).toBeInTheDocument();
    expect(within(inTransit).getByText('广东省 深圳市 南山区 科技园 1 号')).toBeInTheDocument();
    expect(within(inTransit).getByText('2026-11-21 09:00:00')).toBeInTheDocument();

    const signed = await rowOf('SF002');
    expect(within(signed).getByText('已签收')).toBeInTheDocument();
    expect(within(signed).getByText('已退款')).toBeInTheDocument();
    expect(within(signed).getByText('¥12.50')).toBeInTheDocument();
    expect(within(signed).getByText('2026-11-23 15:30:00')).toBeInTheDocument();
    // A signed shipment stays as it is.
    expect(within(signed).queryByText('更新状态')).not.toBeInTheDocument();
    expect(lastPage().query.get('pageSize')).toBe('20');
  });

  it('opens the order from its number', async () => {
    const { user, router } = setup();
    await user.click(within(await rowOf('SF002')).getByText('O202611210004'));
    expect(router.state.location.pathname).toBe('/trade/order/detail');
    expect(router.state.location.search).toBe('?id=4');
  });

  it('searches by express company, status and number', async () => {
    const { user } = setup();
    await rowOf('SF001');
    await user.click(screen.getByLabelText('快递公司'));
    await user.click((await screen.findAllByTitle('圆通速递')).at(-1)!);
    await user.click(screen.getByLabelText('快递状态'));
    await user.click((await screen.findAllByTitle('异常')).at(-1)!);
    await user.type(screen.getByLabelText('物流单号'), 'YT9{Enter}');
    await waitFor(() => expect(lastPage().query.get('expressId')).toBe('2'));
    expect(lastPage().query.get('status')).toBe('40');
    expect(lastPage().query.get('logisticsNo')).toBe('YT9');
  });

  it('shows a shipment with its track, newest first', async () => {
    const { user } = setup();
    await user.click(button(await rowOf('SF001'), '详情'));
    const dialog = await dialogTitled('快递订单详情');
    expect(stub.callsTo('/trade/express-order/get')[0]!.query.get('id')).toBe('1');
    expect(within(dialog).getByText('加急快递')).toBeInTheDocument();
    expect(within(dialog).getByText('广东省 深圳市 南山区 科技园 1 号')).toBeInTheDocument();
    const steps = [...dialog.querySelectorAll('.trade-order-tracks .ant-timeline-item')];
    expect(steps.map((step) => step.textContent)).toEqual([
      '2026-11-22 10:00:00快件已到达深圳转运中心',
      '2026-11-21 09:00:00商家已发货',
    ]);
  });

  it('records the next status the carrier reports, with what it said', async () => {
    const { user } = setup();
    await user.click(button(await rowOf('SF001'), '更新状态'));
    const dialog = await dialogTitled('更新状态');
    // From 运输中: on to 已签收, or 异常 / 已取消.
    expect([...dialog.querySelectorAll('.ant-radio-wrapper')].map((radio) => radio.textContent)).toEqual([
      '已签收',
      '已取消',
      '异常',
    ]);
    await user.click(button(dialog, /确\s*定/));
    expect(await within(dialog).findByText('快递状态不能为空')).toBeInTheDocument();

    await user.click(within(dialog).getByLabelText('已签收'));
    await user.type(within(dialog).getByLabelText('轨迹说明'), '本人签收');
    await user.click(button(dialog, /确\s*定/));
    await waitFor(() => expect(stub.callsTo('/trade/express-order/update-status')).toHaveLength(1));
    expect(stub.callsTo('/trade/express-order/update-status')[0]).toMatchObject({
      method: 'PUT',
      body: { id: 1, status: 20, content: '本人签收' },
    });
    expect(await screen.findByText('更新成功')).toBeInTheDocument();
  });

  it('exports the search as 快递订单.xlsx', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = setup();
    await rowOf('SF001');
    await user.type(screen.getByLabelText('订单号'), 'O2026{Enter}');
    await waitFor(() => expect(lastPage().query.get('orderNo')).toBe('O2026'));
    await user.click(button(document.body, /导\s*出/));
    const question = (await screen.findByText('是否确认导出所有快递订单数据项?')).closest<HTMLElement>(
      '.ant-modal',
    )!;
    await user.click(button(question, /确\s*定/));
    await waitFor(() => expect(stub.callsTo('/trade/express-order/export-excel')).toHaveLength(1));
    expect(stub.callsTo('/trade/express-order/export-excel')[0]!.query.get('orderNo')).toBe('O2026');
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('快递订单.xlsx');
    click.mockRestore();
  });

  it('shows a read-only list to a user who may only query', async () => {
    setup(['trade:delivery:express-order:query']);
    const row = await rowOf('SF001');
    expect(within(row).getByText('详情')).toBeInTheDocument();
    expect(within(row).queryByText('更新状态')).not.toBeInTheDocument();
    expect(screen.queryByText(/导\s*出/)).not.toBeInTheDocument();
    // Without the order's permission the number is not a link.
    expect(within(row).getByText('O202611210003').closest('a')).toBeNull();
  });
});
