import { PayError } from '@app/contract';
import type { PayOrder, PayOrderSubmitResp } from '@app/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTagsStore } from '../../layout/tags-view';
import { dict } from '../../test/dicts';
import { fail, ok } from '../../test/http-stub';
import type { StubCall } from '../../test/http-stub';
import { stubPageTest } from '../../test/page-test';
import { renderPage } from '../../test/render-page';
import CashierPage, { POLL_INTERVAL } from './cashier-page';

const CHANNELS = [
  ['alipay_pc', '支付宝 PC 网站支付'],
  ['alipay_wap', '支付宝 Wap 网站支付'],
  ['alipay_app', '支付宝 App 支付'],
  ['alipay_qr', '支付宝扫码支付'],
  ['alipay_bar', '支付宝条码支付'],
  ['wx_pub', '微信公众号支付'],
  ['wx_lite', '微信小程序支付'],
  ['wx_app', '微信 App 支付'],
  ['wx_native', '微信扫码支付'],
  ['wx_bar', '微信条码支付'],
  ['mock', '模拟支付'],
  ['wallet', '钱包'],
].map(([value, label]) => dict('pay_channel_code', value!, label!));

const ORDER: PayOrder = {
  id: 1024,
  appId: 6,
  channelId: null,
  channelCode: null,
  merchantOrderId: '7',
  subject: '示例订单',
  body: '苹果手表',
  notifyUrl: 'http://127.0.0.1:48080/admin-api/pay/demo-order/update-paid',
  price: 100,
  channelFeeRate: null,
  channelFeePrice: null,
  status: 0,
  userIp: null,
  expireTime: new Date(2026, 10, 20, 10, 0, 0).getTime(),
  successTime: null,
  extensionId: null,
  no: null,
  refundPrice: 0,
  channelUserId: null,
  channelOrderNo: null,
  createTime: new Date(2026, 10, 20, 8, 0, 0).getTime(),
};

const RETURN_URL = '/pay/demo-order?id=7';
const CASHIER = `/pay/cashier?id=1024&returnUrl=${encodeURIComponent(RETURN_URL)}`;

/** What /pay/order/get and /pay/order/submit answer in the test. */
let orderAnswer: unknown;
let submitAnswer: unknown;
beforeEach(() => {
  orderAnswer = ok(ORDER);
  submitAnswer = ok({ status: 10, displayMode: null, displayContent: null });
  useTagsStore.getState().reset();
});

const stub = stubPageTest(
  (call: StubCall) => {
    if (call.path.endsWith('/pay/order/get')) return orderAnswer;
    if (call.path.endsWith('/pay/order/submit')) return submitAnswer;
    return ok(null);
  },
  { dicts: CHANNELS },
);

const submitted = (answer: PayOrderSubmitResp) => {
  submitAnswer = ok(answer);
};

const setup = (address = CASHIER) => {
  useTagsStore.getState().addView({ fullPath: address, path: '/pay/cashier', title: '收银台', affix: false });
  return renderPage(<CashierPage />, {
    permissions: ['pay:order:query'],
    path: '/pay/cashier',
    address,
    routes: [
      { path: '/pay/demo-order', element: <p>接入示例页</p> },
      { path: '/index', element: <p>首页</p> },
    ],
  });
};

/** Where the cashier sent the payer back to, with which result. */
const returnedTo = async (router: ReturnType<typeof setup>['router']) => {
  await screen.findByText('接入示例页');
  const { pathname, search } = router.state.location;
  return `${pathname}${search}`;
};

const tile = (name: string) => screen.findByRole('button', { name });

describe('收银台', { timeout: 30_000 }, () => {
  it('without a pay order id says so and goes back with payResult=cancel', async () => {
    const { router } = setup(`/pay/cashier?returnUrl=${encodeURIComponent(RETURN_URL)}`);
    expect(await returnedTo(router)).toBe('/pay/demo-order?id=7&payResult=cancel');
    expect(await screen.findByText('未传递支付单号，无法查看对应的支付信息')).toBeInTheDocument();
    expect(stub.callsTo('/pay/order/get')).toHaveLength(0);
    // The cashier's tab is closed on the way back.
    expect(useTagsStore.getState().views.map((v) => v.path)).not.toContain('/pay/cashier');
  });

  it('a missing pay order goes back with payResult=cancel', async () => {
    orderAnswer = fail(PayError.ORDER_NOT_FOUND.code, PayError.ORDER_NOT_FOUND.msg);
    const { router } = setup();
    expect(await returnedTo(router)).toBe('/pay/demo-order?id=7&payResult=cancel');
    expect(await screen.findByText('支付订单不存在，请检查！')).toBeInTheDocument();
  });

  it('an order already paid goes back with payResult=success', async () => {
    orderAnswer = ok({ ...ORDER, status: 10 });
    const { router } = setup();
    expect(await returnedTo(router)).toBe('/pay/demo-order?id=7&payResult=success');
    expect(await screen.findByText('支付成功')).toBeInTheDocument();
    expect(stub.callsTo('/pay/order/get')[0]!.query.get('id')).toBe('1024');
  });

  it.each([30, 20])(
    'an order of status %i cannot be paid and goes back with payResult=close',
    async (status) => {
      orderAnswer = ok({ ...ORDER, status });
      const { router } = setup();
      expect(await returnedTo(router)).toBe('/pay/demo-order?id=7&payResult=close');
      expect(await screen.findByText('无法支付，原因：订单已关闭')).toBeInTheDocument();
    },
  );

  it('shows the order and the channels of the three groups', async () => {
    setup();
    expect(screen.getByRole('status', { name: '正在加载支付信息…' })).toBeInTheDocument();
    expect(await screen.findByText('支付信息')).toBeInTheDocument();
    for (const text of [
      '1024',
      '示例订单',
      '苹果手表',
      '¥1.00',
      '2026-11-20 08:00:00',
      '2026-11-20 10:00:00',
    ])
      expect(screen.getByText(text)).toBeInTheDocument();
    for (const title of ['选择支付宝支付', '选择微信支付', '选择其它支付'])
      expect(screen.getByText(title)).toBeInTheDocument();
    for (const { label } of CHANNELS) expect(await tile(label)).toBeEnabled();
  });

  it('模拟支付 submits the order with the cashier as return address and goes back on success', async () => {
    const { user, router } = setup();
    await user.click(await tile('模拟支付'));
    expect(await returnedTo(router)).toBe('/pay/demo-order?id=7&payResult=success');
    expect(await screen.findByText('支付成功！')).toBeInTheDocument();
    const [call] = stub.callsTo('/pay/order/submit');
    expect(call!.method).toBe('POST');
    expect(call!.body).toEqual({ id: 1024, channelCode: 'mock', returnUrl: window.location.href });
  });

  it('a QR code answer shows it in a dialog titled for the channel', async () => {
    submitted({ status: 0, displayMode: 'qr_code', displayContent: 'https://qr.alipay.com/bax01' });
    const { user } = setup();
    await user.click(await tile('支付宝扫码支付'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('请使用支付宝“扫一扫”扫码支付')).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: '支付二维码' }).querySelector('svg')).not.toBeNull();
    expect(stub.callsTo('/pay/order/submit')[0]!.body).toMatchObject({ channelCode: 'alipay_qr' });
  });

  it('a QR code of WeChat is titled for WeChat', async () => {
    submitted({ status: 0, displayMode: 'qr_code', displayContent: 'weixin://wxpay/bizpayurl?pr=x' });
    const { user } = setup();
    await user.click(await tile('微信扫码支付'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('请使用微信“扫一扫”扫码支付')).toBeInTheDocument();
  });

  it('a bar-code channel asks for the code, 确认支付 only once it is typed, and sends it as auth_code', async () => {
    const { user, router } = setup();
    await user.click(await tile('支付宝条码支付'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('条码支付')).toBeInTheDocument();
    const pay = within(dialog).getByRole('button', { name: '确认支付' });
    expect(pay).toBeDisabled();
    await user.type(within(dialog).getByLabelText('条形码'), '   ');
    expect(pay).toBeDisabled();
    expect(stub.callsTo('/pay/order/submit')).toHaveLength(0);
    await user.clear(within(dialog).getByPlaceholderText('请输入条形码'));
    await user.type(within(dialog).getByPlaceholderText('请输入条形码'), '288888888888');
    expect(pay).toBeEnabled();
    await user.click(pay);
    expect(await returnedTo(router)).toBe('/pay/demo-order?id=7&payResult=success');
    expect(stub.callsTo('/pay/order/submit')[0]!.body).toEqual({
      id: 1024,
      channelCode: 'alipay_bar',
      returnUrl: window.location.href,
      channelExtras: { auth_code: '288888888888' },
    });
  });

  it('WeChat bar code travels as authCode', async () => {
    const { user } = setup();
    await user.click(await tile('微信条码支付'));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('条形码'), '134567890123');
    await user.click(within(dialog).getByRole('button', { name: '确认支付' }));
    await waitFor(() => expect(stub.callsTo('/pay/order/submit')).toHaveLength(1));
    expect(stub.callsTo('/pay/order/submit')[0]!.body).toMatchObject({
      channelCode: 'wx_bar',
      channelExtras: { authCode: '134567890123' },
    });
  });

  it('WeChat in-app channels are refused on a PC site without a submit', async () => {
    const { user } = setup();
    await user.click(await tile('微信公众号支付'));
    expect(await screen.findByText('微信公众号支付：不支持 PC 网站')).toBeInTheDocument();
    await user.click(await tile('微信小程序支付'));
    expect(await screen.findByText('微信小程序支付：不支持 PC 网站')).toBeInTheDocument();
    expect(stub.callsTo('/pay/order/submit')).toHaveLength(0);
  });

  it('an app payment cannot be made in the browser', async () => {
    submitted({ status: 0, displayMode: 'app', displayContent: '' });
    const { user } = setup();
    await user.click(await tile('支付宝 App 支付'));
    expect(await screen.findByText('支付宝 App 支付：App 支付：无法在网页支付！')).toBeInTheDocument();
  });

  it('a refused submit leaves the cashier usable', async () => {
    submitAnswer = fail(PayError.CHANNEL_IS_DISABLE.code, '支付渠道已经禁用');
    const { user } = setup();
    await user.click(await tile('钱包'));
    await waitFor(() =>
      expect(stub.feedback.notification.error).toHaveBeenCalledWith(
        expect.objectContaining({ title: '支付渠道已经禁用' }),
      ),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: '钱包' })).toBeEnabled());
    expect(screen.getByRole('button', { name: '模拟支付' })).toBeEnabled();
    expect(screen.getByText('支付信息')).toBeInTheDocument();
  });

  describe('waiting for the payer', () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    const tick = () =>
      act(async () => {
        vi.advanceTimersByTime(POLL_INTERVAL);
      });

    it('polls the order every 2 s after a submit and goes back once it is paid', async () => {
      submitted({ status: 0, displayMode: 'qr_code', displayContent: 'https://qr.alipay.com/bax02' });
      const { user, router } = setup();
      await user.click(await tile('支付宝扫码支付'));
      await screen.findByRole('dialog');
      expect(stub.callsTo('/pay/order/get')).toHaveLength(1);

      await tick();
      await waitFor(() => expect(stub.callsTo('/pay/order/get')).toHaveLength(2));
      expect(screen.getByText('支付信息')).toBeInTheDocument();

      orderAnswer = ok({ ...ORDER, status: 10 });
      await tick();
      expect(await returnedTo(router)).toBe('/pay/demo-order?id=7&payResult=success');
      expect(await screen.findByText('支付成功！')).toBeInTheDocument();
      expect(stub.callsTo('/pay/order/get')).toHaveLength(3);

      // Gone from the page, the cashier stops asking.
      await tick();
      await tick();
      expect(stub.callsTo('/pay/order/get')).toHaveLength(3);
    });

    it('does not poll before a submit, and goes back with payResult=close once the order closed', async () => {
      submitted({ status: 0, displayMode: 'qr_code', displayContent: 'https://qr.alipay.com/bax03' });
      const { user, router } = setup();
      await screen.findByText('支付信息');
      await tick();
      expect(stub.callsTo('/pay/order/get')).toHaveLength(1);

      await user.click(await tile('支付宝扫码支付'));
      await screen.findByRole('dialog');
      orderAnswer = ok({ ...ORDER, status: 30 });
      await tick();
      expect(await returnedTo(router)).toBe('/pay/demo-order?id=7&payResult=close');
      expect(await screen.findByText('支付已关闭！')).toBeInTheDocument();
    });
  });

  it('without a return address the cashier only closes its tab', async () => {
    useTagsStore.getState().addView({ fullPath: '/index', path: '/index', title: '首页', affix: true });
    orderAnswer = ok({ ...ORDER, status: 10 });
    const { router } = setup('/pay/cashier?id=1024');
    expect(await screen.findByText('首页')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/index');
    expect(useTagsStore.getState().views.map((v) => v.path)).toEqual(['/index']);
  });
});
