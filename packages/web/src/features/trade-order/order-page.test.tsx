import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '../../test/http-stub';
import { stubPageTest } from '../../test/page-test';
import { renderPage } from '../../test/render-page';
import TradeOrderPage from './pages/mall/trade/order';
import { orderItem, TRADE_DICTS, tradeOrder } from './trade-fixtures';

const PAID_ORDER = tradeOrder({
  id: 1,
  no: 'O202611200001',
  status: 10,
  payPrice: 4780,
  items: [
    orderItem({
      id: 11,
      orderId: 1,
      spuName: '纯棉T恤',
      count: 2,
      originalUnitPrice: 1990,
      originalPrice: 3980,
      properties: [
        { propertyId: 1, propertyName: '颜色', valueId: 11, valueName: '红色' },
        { propertyId: 2, propertyName: '尺码', valueId: 21, valueName: 'XL' },
      ],
    }),
    orderItem({ id: 12, orderId: 1, spuName: '帆布袋', originalUnitPrice: 0, originalPrice: 0 }),
  ],
});
const UNPAID_ORDER = tradeOrder({
  id: 2,
  no: 'O202611200002',
  status: 0,
  terminal: 20,
  payOrderId: null,
  receiverName: '李四',
});

const stub = stubPageTest(
  (call) => {
    if (call.path.endsWith('/trade/order/page')) return ok({ list: [PAID_ORDER, UNPAID_ORDER], total: 2 });
    if (call.path.endsWith('/trade/order/summary'))
      return ok({ orderCount: 2, orderPayPrice: 4780, afterSaleCount: 1, afterSalePrice: 1990 });
    return ok(true);
  },
  { dicts: TRADE_DICTS },
);

const LIST_PATH = '/mall/trade/order';
const setup = (address = LIST_PATH) =>
  renderPage(<TradeOrderPage />, {
    permissions: ['trade:order:query'],
    path: LIST_PATH,
    address,
    routes: [{ path: '/trade/order/detail', element: <p>订单详情页</p> }],
  });

const lastCall = (suffix: string) => stub.callsTo(suffix).at(-1)!;
const lastPage = () => lastCall('/trade/order/page');
const cardOf = async (no: string) =>
  (await screen.findByText(`订单号：${no}`)).closest<HTMLElement>('.ant-card')!;
/** The table has loaded what was asked for (while it loads, its tabs wait under the spinner). */
const settled = () => waitFor(() => expect(document.querySelector('.ant-spin-blur')).toBeNull());
/** A status tab (its text is also a status tag's). */
const tab = (name: string) => screen.getByText(name, { selector: '[role=tab]' });
const KEYWORD_PARAMS = ['no', 'userId', 'userNickname', 'userMobile', 'receiverName', 'receiverMobile'];
const keywordParams = () => KEYWORD_PARAMS.filter((name) => lastPage().query.has(name));

describe('订单列表', { timeout: 30_000 }, () => {
  it('shows each order as a card of its items, with money in yuan and the totals found', async () => {
    setup();
    const paid = await cardOf('O202611200001');
    expect(within(paid).getByText('下单时间：2026-11-20 08:00:00')).toBeInTheDocument();
    expect(within(paid).getByText('微信小程序')).toBeInTheDocument();
    expect(within(paid).getByText('微信小程序支付')).toBeInTheDocument();
    expect(within(paid).getByAltText('纯棉T恤')).toHaveAttribute('src', 'https://img.example/11.png');
    expect(within(paid).getByText('颜色：红色')).toBeInTheDocument();
    expect(within(paid).getByText('尺码：XL')).toBeInTheDocument();
    expect(within(paid).getByText('19.90 元')).toBeInTheDocument();
    expect(within(paid).getByText('2 件')).toBeInTheDocument();
    expect(within(paid).getByText('0.00 元')).toBeInTheDocument();
    // What belongs to the order shows once, across its two items.
    expect(within(paid).getAllByText('47.80')).toHaveLength(1);
    expect(within(paid).getByText('张三 13800000001')).toBeInTheDocument();
    expect(within(paid).getByText('广东省 深圳市 南山区 科技园 1 号')).toBeInTheDocument();
    expect(within(paid).getAllByText('待发货')).toHaveLength(1);

    const unpaid = await cardOf('O202611200002');
    expect(within(unpaid).getByText('支付方式：未支付')).toBeInTheDocument();
    expect(within(unpaid).getByText('H5 网页')).toBeInTheDocument();
    expect(within(unpaid).getByText('待支付')).toBeInTheDocument();

    const summary = screen.getByLabelText('订单统计');
    expect(within(summary).getByText('订单数').nextSibling).toHaveTextContent('2');
    expect(within(summary).getByText('订单金额').nextSibling).toHaveTextContent('¥47.80');
    expect(within(summary).getByText('售后金额').nextSibling).toHaveTextContent('¥19.90');

    expect(lastPage().query.get('pageNo')).toBe('1');
    expect(lastPage().query.get('pageSize')).toBe('20');
    expect(lastPage().query.has('status')).toBe(false);
    expect(tab('全部')).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the pay order number under 更多', async () => {
    const { user } = setup();
    await user.click(within(await cardOf('O202611200001')).getByText('更多'));
    expect(await screen.findByText('支付单号：9001')).toBeInTheDocument();
    await user.click(within(await cardOf('O202611200002')).getByText('更多'));
    expect(await screen.findByText('支付单号：无')).toBeInTheDocument();
  });

  it('sends only the chosen 搜索方式, with the filters, to the list and to the totals', async () => {
    const { user, router } = setup();
    await cardOf('O202611200001');
    await user.type(screen.getByLabelText('搜索方式'), 'O2026{Enter}');
    await waitFor(() => expect(lastPage().query.get('no')).toBe('O2026'));
    expect(keywordParams()).toEqual(['no']);
    await settled();

    await user.click(screen.getByLabelText('搜索类型'));
    await user.click(await screen.findByTitle('收货人手机号码'));
    await user.clear(screen.getByLabelText('搜索方式'));
    await user.type(screen.getByLabelText('搜索方式'), '13800000001');
    await user.click(screen.getByLabelText('订单来源'));
    await user.click((await screen.findAllByTitle('H5 网页')).at(-1)!);
    await user.type(screen.getByLabelText('搜索方式'), '{Enter}');
    await waitFor(() => expect(lastPage().query.get('receiverMobile')).toBe('13800000001'));
    expect(keywordParams()).toEqual(['receiverMobile']);
    expect(lastPage().query.get('terminal')).toBe('20');
    expect(lastPage().query.get('pageNo')).toBe('1');
    const summary = lastCall('/trade/order/summary').query;
    expect(summary.get('receiverMobile')).toBe('13800000001');
    expect(summary.get('terminal')).toBe('20');
    expect(summary.has('pageNo')).toBe(false);
    expect(router.state.location.hash).toBe('#receiverMobile=13800000001&terminal=20');

    await settled();
    await user.click(screen.getByText(/重\s*置/));
    await waitFor(() => expect(keywordParams()).toEqual([]));
    expect(lastPage().query.has('terminal')).toBe(false);
    expect(screen.getByLabelText('搜索方式')).toHaveValue('');
  });

  it('asks for digits when searching by 会员编号', async () => {
    const { user } = setup();
    await cardOf('O202611200001');
    const pages = stub.callsTo('/trade/order/page').length;
    await user.click(screen.getByLabelText('搜索类型'));
    await user.click(await screen.findByTitle('会员编号'));
    await user.type(screen.getByLabelText('搜索方式'), '小明{Enter}');
    expect(await screen.findByText('会员编号必须是数字')).toBeInTheDocument();
    expect(stub.callsTo('/trade/order/page')).toHaveLength(pages);
    await user.clear(screen.getByLabelText('搜索方式'));
    await user.type(screen.getByLabelText('搜索方式'), ' 7 {Enter}');
    await waitFor(() => expect(lastPage().query.get('userId')).toBe('7'));
    expect(keywordParams()).toEqual(['userId']);
  });

  it('filters by the status tab, which the 订单状态 search follows', async () => {
    const { user, router } = setup();
    await cardOf('O202611200001');
    expect([...document.querySelectorAll('[role=tab]')].map((node) => node.textContent)).toEqual([
      '全部',
      '待支付',
      '待发货',
      '已发货',
      '已完成',
      '已取消',
    ]);
    await user.click(tab('待发货'));
    await waitFor(() => expect(lastPage().query.get('status')).toBe('10'));
    expect(lastCall('/trade/order/summary').query.get('status')).toBe('10');
    expect(router.state.location.hash).toBe('#status=10');
    const statusItem = screen
      .getByText('订单状态', { selector: 'label' })
      .closest<HTMLElement>('.ant-form-item')!;
    expect(within(statusItem).getByTitle('待发货')).toBeInTheDocument();
    await settled();

    await user.click(tab('全部'));
    await waitFor(() => expect(lastPage().query.has('status')).toBe(false));
    expect(router.state.location.hash).toBe('');
  });

  it('opens on the search and the tab the address names', async () => {
    const { user } = setup(`${LIST_PATH}#userMobile=138&status=20&pageSize=50`);
    await cardOf('O202611200001');
    expect(screen.getByLabelText('搜索方式')).toHaveValue('138');
    expect(screen.getByLabelText('搜索类型').closest('.ant-select')).toHaveTextContent('会员手机号');
    expect(tab('已发货')).toHaveAttribute('aria-selected', 'true');
    expect(lastPage().query.get('userMobile')).toBe('138');
    expect(lastPage().query.get('status')).toBe('20');
    expect(lastPage().query.get('pageSize')).toBe('50');

    // Another 搜索方式 sends the text as that one only.
    await user.click(screen.getByLabelText('搜索类型'));
    await user.click(await screen.findByTitle('订单号'));
    await user.type(screen.getByLabelText('搜索方式'), '{Enter}');
    await waitFor(() => expect(lastPage().query.get('no')).toBe('138'));
    expect(keywordParams()).toEqual(['no']);
    expect(lastPage().query.get('status')).toBe('20');
  });

  it('opens the order’s detail from 详情', async () => {
    const { user, router } = setup();
    await user.click(within(await cardOf('O202611200002')).getByText('详情'));
    expect(router.state.location.pathname).toBe('/trade/order/detail');
    expect(router.state.location.search).toBe('?id=2');
  });
});
