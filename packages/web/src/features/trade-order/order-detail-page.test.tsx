import { expressOrderPage, TradeError, tradeOrderPage } from '@app/contract';
import type { AreaNode, TradeOrderDetail } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryKey } from '../../shared/crud';
import { fail, ok } from '../../test/http-stub';
import type { StubCall } from '../../test/http-stub';
import { stubPageTest } from '../../test/page-test';
import { renderPage } from '../../test/render-page';
import TradeOrderDetailPage from './order-detail-page';
import { EXPRESSES, orderDetail, orderItem, SHIPPED, TRADE_DICTS } from './trade-fixtures';

const AREAS: AreaNode[] = [
  {
    id: 440000,
    name: '广东省',
    children: [
      {
        id: 440300,
        name: '深圳市',
        children: [
          { id: 440305, name: '南山区' },
          { id: 440306, name: '宝安区' },
        ],
      },
    ],
  },
];

const SHIPPED_ORDER = orderDetail({
  id: 5,
  no: 'O202611200005',
  status: 20,
  type: 1,
  userRemark: '请尽快发货',
  remark: '老客户',
  originalPrice: 3980,
  deliveryPrice: 800,
  adjustPrice: -500,
  discountPrice: 300,
  pointPrice: 100,
  payPrice: 3880,
  logisticsId: 1,
  logisticsNo: 'SF1234567',
  logisticsName: '顺丰速运',
  deliveryTime: SHIPPED,
  items: [
    orderItem({
      id: 51,
      orderId: 5,
      spuName: '纯棉T恤',
      count: 2,
      originalUnitPrice: 1990,
      originalPrice: 3980,
      afterSaleStatus: 2,
      properties: [{ propertyId: 1, propertyName: '颜色', valueId: 11, valueName: '红色' }],
    }),
  ],
  logs: [
    {
      id: 1,
      content: '用户下单',
      createTime: new Date(2026, 10, 20, 8, 0, 0).getTime(),
      userType: 1,
      userId: 7,
      operatorName: '小明',
      operateType: 1,
      beforeStatus: null,
      afterStatus: 0,
    },
    {
      id: 2,
      content: '商家发货，快递公司：顺丰速运，快递单号：SF1234567',
      createTime: SHIPPED,
      userType: 2,
      userId: 1,
      operatorName: '芋道',
      operateType: 20,
      beforeStatus: 10,
      afterStatus: 20,
    },
  ],
});

const TRACKS = [
  { time: SHIPPED, content: '商家已发货' },
  { time: new Date(2026, 10, 22, 10, 0, 0).getTime(), content: '快件已到达深圳转运中心' },
];

/** What /trade/order/get-detail and /trade/order/get-express-track-list answer in the test (envelopes). */
let detailAnswer: unknown;
let tracksAnswer: unknown;
beforeEach(() => {
  detailAnswer = ok(SHIPPED_ORDER);
  tracksAnswer = ok(TRACKS);
});

const answer = (call: StubCall): unknown => {
  const { path } = call;
  if (path.endsWith('/trade/order/get-detail')) return detailAnswer;
  if (path.endsWith('/trade/order/get-express-track-list')) return tracksAnswer;
  if (path.endsWith('/trade/delivery/express/list-all-simple')) return ok(EXPRESSES);
  if (path.endsWith('/system/area/tree')) return ok(AREAS);
  return ok(true);
};

const stub = stubPageTest(answer, { dicts: TRADE_DICTS });

const UPDATE = ['trade:order:query', 'trade:order:update', 'trade:delivery:express:query'];
const ACTIONS = ['调整价格', '备注', '修改地址', '发货', '确认收货', '关闭订单'];

const setup = (
  order: TradeOrderDetail | null,
  permissions = UPDATE,
  address = `/trade/order/detail?id=${order?.id ?? 0}`,
) => {
  if (order) detailAnswer = ok(order);
  return renderPage(<TradeOrderDetailPage />, {
    permissions,
    path: '/trade/order/detail',
    address,
    routes: [{ path: '/mall/trade/order', element: <p>订单列表页</p> }],
  });
};

const sectionOf = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-card-head-title' })).closest<HTMLElement>('.ant-card')!;
/** The value beside a label of a description list. */
const valueOf = (section: HTMLElement, label: string) =>
  within(section)
    .getByText(label, { selector: '.ant-descriptions-item-label, .ant-descriptions-item-label *' })
    .closest('.ant-descriptions-item-label')!.nextElementSibling as HTMLElement;
const shownActions = async () => {
  const status = await sectionOf('订单状态');
  return ACTIONS.filter((label) => within(status).queryByText(label, { selector: 'button span' }));
};
const openAction = async (user: UserEvent, label: string) => {
  await user.click(within(await sectionOf('订单状态')).getByText(label, { selector: 'button span' }));
  const dialog = await screen.findByRole('dialog');
  return dialog;
};
const okButton = (dialog: HTMLElement) => within(dialog).getByText(/确\s*定/, { selector: 'button span' });
const detailReads = () => stub.callsTo('/trade/order/get-detail').length;

describe('订单详情', { timeout: 30_000 }, () => {
  it('shows the order, its items and totals in yuan, its logistics and its log', async () => {
    setup(SHIPPED_ORDER);
    const info = await sectionOf('订单信息');
    expect(valueOf(info, '订单号')).toHaveTextContent('O202611200005');
    expect(valueOf(info, '配送方式')).toHaveTextContent('物流配送');
    expect(valueOf(info, '订单类型')).toHaveTextContent('秒杀订单');
    expect(valueOf(info, '收货人')).toHaveTextContent('张三');
    expect(valueOf(info, '买家留言')).toHaveTextContent('请尽快发货');
    expect(valueOf(info, '订单来源')).toHaveTextContent('微信小程序');
    expect(valueOf(info, '联系电话')).toHaveTextContent('13800000001');
    expect(valueOf(info, '商家备注')).toHaveTextContent('老客户');
    expect(valueOf(info, '支付单号')).toHaveTextContent('9005');
    expect(valueOf(info, '付款方式')).toHaveTextContent('微信小程序支付');
    expect(valueOf(info, '买家')).toHaveTextContent('小明');
    expect(valueOf(info, '收货地址')).toHaveTextContent('广东省 深圳市 南山区 科技园 1 号');

    const status = await sectionOf('订单状态');
    expect(valueOf(status, '订单状态')).toHaveTextContent('已发货');
    expect(valueOf(status, '支付时间')).toHaveTextContent('2026-11-20 08:05:00');
    expect(valueOf(status, '发货时间')).toHaveTextContent('2026-11-21 09:00:00');
    expect(within(status).queryByText('收货时间')).not.toBeInTheDocument();

    const goods = await sectionOf('商品信息');
    const row = within(goods).getByText('纯棉T恤').closest('tr')!;
    expect(within(row).getByText('颜色：红色')).toBeInTheDocument();
    expect([...row.querySelectorAll('td')].slice(1).map((cell) => cell.textContent)).toEqual([
      '19.90',
      '2',
      '39.80',
      '已退款',
    ]);
    expect(valueOf(goods, '商品总额')).toHaveTextContent('¥39.80');
    expect(valueOf(goods, '运费金额')).toHaveTextContent('¥8.00');
    expect(valueOf(goods, '订单调价')).toHaveTextContent('-¥5.00');
    expect(valueOf(goods, '订单优惠')).toHaveTextContent('¥3.00');
    expect(valueOf(goods, '积分抵扣')).toHaveTextContent('¥1.00');
    expect(valueOf(goods, '应付金额')).toHaveTextContent('¥38.80');

    const logistics = await sectionOf('物流信息');
    expect(valueOf(logistics, '快递公司')).toHaveTextContent('顺丰速运');
    expect(valueOf(logistics, '快递单号')).toHaveTextContent('SF1234567');
    await waitFor(() => expect(within(logistics).getByText('商家已发货')).toBeInTheDocument());
    const steps = [...logistics.querySelectorAll('.trade-order-tracks .ant-timeline-item')];
    expect(steps.map((step) => step.textContent)).toEqual([
      '2026-11-22 10:00:00快件已到达深圳转运中心',
      '2026-11-21 09:00:00商家已发货',
    ]);
    expect(stub.callsTo('/trade/order/get-express-track-list')[0]!.query.get('id')).toBe('5');

    const logs = within(await sectionOf('订单操作日志')).getAllByTestId('order-log');
    expect(logs).toHaveLength(2);
    expect(within(logs[0]!).getByText('买家')).toBeInTheDocument();
    expect(logs[0]).toHaveTextContent('2026-11-20 08:00:00买家小明待支付用户下单');
    expect(within(logs[1]!).getByText('商家')).toBeInTheDocument();
    expect(logs[1]).toHaveTextContent('芋道待发货 → 已发货商家发货，快递公司：顺丰速运，快递单号：SF1234567');
  });

  it('leaves out 物流信息 before delivery and says 无需物流 for an order shipped without', async () => {
    const { view } = setup(orderDetail({ id: 6, no: 'O6', status: 10 }));
    await sectionOf('订单信息');
    expect(screen.queryByText('物流信息')).not.toBeInTheDocument();
    expect(stub.callsTo('/trade/order/get-express-track-list')).toHaveLength(0);
    view.unmount();

    setup(orderDetail({ id: 7, no: 'O7', status: 30, logisticsId: 0, deliveryTime: SHIPPED }));
    const logistics = await sectionOf('物流信息');
    expect(valueOf(logistics, '快递公司')).toHaveTextContent('无需物流');
    expect(within(logistics).queryByText('快递单号')).not.toBeInTheDocument();
  });

  it.each([
    ['待支付', orderDetail({ id: 1, no: 'O1', status: 0 }), ['调整价格', '备注', '修改地址', '关闭订单']],
    [
      '待支付, price adjusted',
      orderDetail({ id: 1, no: 'O1', status: 0, adjustPrice: 100 }),
      ['备注', '修改地址', '关闭订单'],
    ],
    ['待发货', orderDetail({ id: 1, no: 'O1', status: 10 }), ['备注', '修改地址', '发货', '关闭订单']],
    ['已发货', orderDetail({ id: 1, no: 'O1', status: 20, deliveryTime: SHIPPED }), ['备注', '确认收货']],
    ['已完成', orderDetail({ id: 1, no: 'O1', status: 30 }), ['备注']],
    ['已取消', orderDetail({ id: 1, no: 'O1', status: 40 }), ['备注']],
  ])('offers the actions of a %s order', async (_, order, expected) => {
    setup(order);
    expect(await shownActions()).toEqual(expected);
  });

  it('offers no action to a user who may only read orders', async () => {
    setup(orderDetail({ id: 1, no: 'O1', status: 10 }), ['trade:order:query']);
    expect(await shownActions()).toEqual([]);
  });

  it('ships with an express company, whose number it asks for', async () => {
    const { user, client } = setup(orderDetail({ id: 8, no: 'O8', status: 10 }));
    // Lists read before, in other tabs.
    const lists = [queryKey(tradeOrderPage, { pageNo: 1 }), queryKey(expressOrderPage, { pageNo: 1 })];
    for (const key of lists) client.setQueryData(key, { list: [], total: 0 });
    const dialog = await openAction(user, '发货');
    expect(within(dialog).getByText('订单发货')).toBeInTheDocument();
    await user.click(okButton(dialog));
    expect(await within(dialog).findByText('快递公司不能为空')).toBeInTheDocument();

    await user.click(within(dialog).getByLabelText('快递公司'));
    await user.click((await screen.findAllByTitle('顺丰速运')).at(-1)!);
    await user.type(within(dialog).getByLabelText('快递单号'), 'SF 123');
    await user.click(okButton(dialog));
    expect(await within(dialog).findByText('快递单号只能包含字母、数字和中划线')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('快递单号'));
    await user.click(okButton(dialog));
    expect(await within(dialog).findByText('快递单号不能为空')).toBeInTheDocument();
    expect(stub.callsTo('/trade/order/delivery')).toHaveLength(0);

    const reads = detailReads();
    await user.type(within(dialog).getByLabelText('快递单号'), 'SF123-4');
    await user.click(okButton(dialog));
    await waitFor(() => expect(stub.callsTo('/trade/order/delivery')).toHaveLength(1));
    expect(stub.callsTo('/trade/order/delivery')[0]).toMatchObject({
      method: 'PUT',
      body: { id: 8, logisticsId: 1, logisticsNo: 'SF123-4' },
    });
    expect(await screen.findByText('发货成功')).toBeInTheDocument();
    // The order is read again, the lists of orders and shipments are out of date.
    await waitFor(() => expect(detailReads()).toBeGreaterThan(reads));
    for (const key of lists) expect(client.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it('ships without logistics (无需物流) without a number', async () => {
    const { user } = setup(orderDetail({ id: 8, no: 'O8', status: 10 }));
    const dialog = await openAction(user, '发货');
    await user.click(within(dialog).getByLabelText('快递公司'));
    await user.click((await screen.findAllByTitle('无需物流')).at(-1)!);
    await waitFor(() => expect(within(dialog).queryByLabelText('快递单号')).not.toBeInTheDocument());
    await user.click(okButton(dialog));
    await waitFor(() => expect(stub.callsTo('/trade/order/delivery')).toHaveLength(1));
    expect(stub.callsTo('/trade/order/delivery')[0]!.body).toEqual({
      id: 8,
      logisticsId: 0,
      logisticsNo: null,
    });
  });

  it('offers the express companies to a user who may update orders but not manage express companies', async () => {
    const { user } = setup(orderDetail({ id: 8, no: 'O8', status: 10 }), [
      'trade:order:query',
      'trade:order:update',
    ]);
    const dialog = await openAction(user, '发货');
    await user.click(within(dialog).getByLabelText('快递公司'));
    expect((await screen.findAllByTitle('顺丰速运')).length).toBeGreaterThan(0);
    expect(stub.callsTo('/trade/delivery/express/list-all-simple')).toHaveLength(1);
  });

  it('says in 物流信息 why the track failed to load', async () => {
    tracksAnswer = fail(TradeError.EXPRESS_API_QUERY_FAILED.code, '快递查询返回失败，原因：单号不存在');
    setup(SHIPPED_ORDER);
    const logistics = await sectionOf('物流信息');
    expect(
      await within(logistics).findByText('物流轨迹加载失败：快递查询返回失败，原因：单号不存在'),
    ).toBeInTheDocument();
    expect(valueOf(logistics, '快递单号')).toHaveTextContent('SF1234567');
  });

  it('closes an order for a reason, warning that a paid one is refunded', async () => {
    const { user } = setup(orderDetail({ id: 9, no: 'O9', status: 10, payPrice: 2790 }));
    const dialog = await openAction(user, '关闭订单');
    expect(within(dialog).getByText('该订单已支付，关闭后将把 ¥27.90 全额退还给买家')).toBeInTheDocument();
    await user.click(okButton(dialog));
    expect(await within(dialog).findByText('关闭原因不能为空')).toBeInTheDocument();
    expect(stub.callsTo('/trade/order/close')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('关闭原因'), '缺货');
    await user.click(okButton(dialog));
    await waitFor(() => expect(stub.callsTo('/trade/order/close')).toHaveLength(1));
    expect(stub.callsTo('/trade/order/close')[0]).toMatchObject({
      method: 'PUT',
      body: { id: 9, reason: '缺货' },
    });
    expect(await screen.findByText('关闭成功')).toBeInTheDocument();
  });

  it('closes an unpaid order without the refund warning', async () => {
    const { user } = setup(orderDetail({ id: 10, no: 'O10', status: 0 }));
    const dialog = await openAction(user, '关闭订单');
    expect(within(dialog).queryByText(/全额退还/)).not.toBeInTheDocument();
  });

  it('adjusts the price in yuan, showing what is payable before and after', async () => {
    const { user } = setup(orderDetail({ id: 11, no: 'O11', status: 0, payPrice: 2790 }));
    const dialog = await openAction(user, '调整价格');
    expect(valueOfItem(dialog, '应付金额')).toHaveTextContent('¥27.90');
    await user.type(within(dialog).getByLabelText('调整金额（元）'), '-30');
    await waitFor(() => expect(valueOfItem(dialog, '调整后应付')).toHaveTextContent('-¥2.10'));
    await user.click(okButton(dialog));
    expect(await within(dialog).findByText('调整后应付金额不能小于 0.01 元')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('调整金额（元）'));
    await user.type(within(dialog).getByLabelText('调整金额（元）'), '-5.5');
    await waitFor(() => expect(valueOfItem(dialog, '调整后应付')).toHaveTextContent('¥22.40'));
    await user.click(okButton(dialog));
    await waitFor(() => expect(stub.callsTo('/trade/order/update-price')).toHaveLength(1));
    expect(stub.callsTo('/trade/order/update-price')[0]!.body).toEqual({ id: 11, adjustPrice: -550 });
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
  });

  it('saves the merchant’s remark', async () => {
    const { user } = setup(orderDetail({ id: 12, no: 'O12', status: 30, remark: '老客户' }));
    const dialog = await openAction(user, '备注');
    expect(within(dialog).getByLabelText('商家备注')).toHaveValue('老客户');
    await user.clear(within(dialog).getByLabelText('商家备注'));
    await user.type(within(dialog).getByLabelText('商家备注'), '已电话确认');
    await user.click(okButton(dialog));
    await waitFor(() => expect(stub.callsTo('/trade/order/update-remark')).toHaveLength(1));
    expect(stub.callsTo('/trade/order/update-remark')[0]!.body).toEqual({ id: 12, remark: '已电话确认' });
    expect(await screen.findByText('备注成功')).toBeInTheDocument();
  });

  it('changes the address, region included', async () => {
    const { user } = setup(orderDetail({ id: 13, no: 'O13', status: 10 }));
    const dialog = await openAction(user, '修改地址');
    expect(within(dialog).getByLabelText('收件人')).toHaveValue('张三');
    await waitFor(() => expect(dialog).toHaveTextContent('广东省 / 深圳市 / 南山区'));
    await user.clear(within(dialog).getByLabelText('手机号'));
    await user.type(within(dialog).getByLabelText('手机号'), '123');
    await user.click(okButton(dialog));
    expect(await within(dialog).findByText('请输入正确的手机号码')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('手机号'));
    await user.type(within(dialog).getByLabelText('手机号'), '13900000009');
    await user.click(within(dialog).getByLabelText('所在地区'));
    await user.click(await screen.findByText('宝安区', { selector: '.ant-cascader-menu-item-content' }));
    await user.clear(within(dialog).getByLabelText('详细地址'));
    await user.type(within(dialog).getByLabelText('详细地址'), '宝安大道 8 号');
    await user.click(okButton(dialog));
    await waitFor(() => expect(stub.callsTo('/trade/order/update-address')).toHaveLength(1));
    expect(stub.callsTo('/trade/order/update-address')[0]!.body).toEqual({
      id: 13,
      receiverName: '张三',
      receiverMobile: '13900000009',
      receiverAreaId: 440306,
      receiverDetailAddress: '宝安大道 8 号',
    });
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
  });

  it('confirms the receipt under 系统提示', async () => {
    const { user } = setup(orderDetail({ id: 14, no: 'O14', status: 20, deliveryTime: SHIPPED }));
    await user.click(within(await sectionOf('订单状态')).getByText('确认收货', { selector: 'button span' }));
    const question = (await screen.findByText('是否确认订单"O14"已收货?')).closest<HTMLElement>(
      '.ant-modal',
    )!;
    expect(within(question).getAllByText('系统提示').length).toBeGreaterThan(0);
    await user.click(within(question).getByText(/确\s*定/, { selector: 'button span' }));
    await waitFor(() => expect(stub.callsTo('/trade/order/receive')).toHaveLength(1));
    expect(stub.callsTo('/trade/order/receive')[0]!.method).toBe('PUT');
    expect(stub.callsTo('/trade/order/receive')[0]!.query.get('id')).toBe('14');
    expect(await screen.findByText('确认收货成功')).toBeInTheDocument();
  });

  it('says so when the order does not exist or the address names none', async () => {
    detailAnswer = fail(TradeError.ORDER_NOT_FOUND.code, TradeError.ORDER_NOT_FOUND.msg);
    const { view, user, router } = setup(null, UPDATE, '/trade/order/detail?id=404');
    expect(await screen.findByText('订单不存在')).toBeInTheDocument();
    await user.click(screen.getByText('返回'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mall/trade/order'));
    view.unmount();

    setup(null, UPDATE, '/trade/order/detail?id=abc');
    expect(await screen.findByText('订单不存在')).toBeInTheDocument();
    expect(stub.callsTo('/trade/order/get-detail')).toHaveLength(1);
  });

  it('offers to load again when the order failed to load', async () => {
    detailAnswer = fail(500, '系统异常');
    const { user } = setup(null, UPDATE, '/trade/order/detail?id=5');
    expect(await screen.findByText('订单加载失败')).toBeInTheDocument();
    expect(screen.getByText('系统异常')).toBeInTheDocument();
    detailAnswer = ok(SHIPPED_ORDER);
    await user.click(screen.getByText('重新加载'));
    expect(await sectionOf('订单信息')).toBeInTheDocument();
  });
});

/** The value of a form item shown as text, by its label. */
function valueOfItem(dialog: HTMLElement, label: string) {
  return within(dialog)
    .getByText(label, { selector: 'label' })
    .closest('.ant-form-item')!
    .querySelector('.ant-form-item-control-input-content') as HTMLElement;
}
