import { AlipayCircleFilled, ExperimentOutlined, WalletOutlined, WechatFilled } from '@ant-design/icons';
import {
  DICT_TYPE,
  PAY_CHANNEL_GROUPS,
  PAY_ORDER_STATUS,
  PayError,
  payOrderGet,
  payOrderSubmit,
} from '@app/contract';
import type { PayChannelCode, PayOrder, PayOrderSubmitResp } from '@app/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Form, Input, Modal, Result } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTabs } from '../../layout/tags-view';
import { queryKey, resourceOf } from '../../shared/crud';
import { formatDateTime } from '../../shared/date/format';
import { useDictOptions } from '../../shared/dict';
import { errorMessageOf, isApiError, request } from '../../shared/request';
import { formatFen } from '../../shared/ui/money';
import { PageLoading } from '../../shared/ui/page-loading';
import { DIALOG_WIDTH_SMALL } from '../../shared/ui/sizes';
import { returnTarget } from './pay-paths';
import type { PayResult } from './pay-paths';
import './cashier-page.css';

/** How often the cashier asks whether the order was paid meanwhile (the reference's 2 s). */
export const POLL_INTERVAL = 2000;

type Group = 'alipay' | 'wx' | 'other';
const GROUPS: { group: Group; title: string; codes: readonly PayChannelCode[] }[] = [
  { group: 'alipay', title: '选择支付宝支付', codes: PAY_CHANNEL_GROUPS.alipay },
  { group: 'wx', title: '选择微信支付', codes: PAY_CHANNEL_GROUPS.wx },
  { group: 'other', title: '选择其它支付', codes: PAY_CHANNEL_GROUPS.other },
];
const groupOf = (code: PayChannelCode): Group =>
  code.startsWith('alipay_') ? 'alipay' : code.startsWith('wx_') ? 'wx' : 'other';

const ICONS: Record<Group, ReactNode> = { alipay: <AlipayCircleFilled />, wx: <WechatFilled />, other: null };
const OTHER_ICONS: Partial<Record<PayChannelCode, ReactNode>> = {
  mock: <ExperimentOutlined />,
  wallet: <WalletOutlined />,
};

/** The bar-code channels: the payer's code travels in `channelExtras` under this name. */
const BAR_CODE_KEYS: Partial<Record<PayChannelCode, string>> = {
  alipay_bar: 'auth_code',
  wx_bar: 'authCode',
};
/** Channels that pay inside WeChat only (they need the payer's openid). */
const WECHAT_ONLY: readonly PayChannelCode[] = ['wx_pub', 'wx_lite'];

const QR_TITLES: Record<Group, string> = {
  alipay: '请使用支付宝“扫一扫”扫码支付',
  wx: '请使用微信“扫一扫”扫码支付',
  other: '请使用手机浏览器“扫一扫”',
};

type Feedback = { type: 'success' | 'error'; text: string };

const positiveId = (text: string | null): number | null => {
  const id = Number(text);
  return text && Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** Submits the form a channel answers with (a page of the channel's site); the fragment mounts once. */
const submitHtmlForm = (node: HTMLDivElement | null) => node?.querySelector('form')?.submit();

/**
 * 收银台 (/pay/cashier?id=<pay order>&returnUrl=): shows a waiting pay order and pays it through the
 * channel chosen; a submit that does not pay at once is watched until the order is paid or closed. The
 * payer then goes back to `returnUrl` with `payResult=success|cancel|close`.
 */
export default function PayCashierPage() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const tabs = useTabs();
  const [params] = useSearchParams();
  const id = positiveId(params.get('id'));
  const returnUrl = params.get('returnUrl');
  const channelNames = useDictOptions(DICT_TYPE.PAY_CHANNEL_CODE);
  const nameOf = (code: PayChannelCode) => channelNames.find((d) => d.value === code)?.label || code;

  /** Whether a submit is waiting for the payer (the order is polled). */
  const [polling, setPolling] = useState(false);
  const [submitting, setSubmitting] = useState<PayChannelCode | null>(null);
  const [barCode, setBarCode] = useState<{ channel: PayChannelCode; code: string } | null>(null);
  const [qrCode, setQrCode] = useState<{ title: string; content: string } | null>(null);
  const [htmlForm, setHtmlForm] = useState<{ seq: number; html: string } | null>(null);

  const order = useQuery({
    queryKey: queryKey(payOrderGet, { id }),
    // The page says itself what a failure means (a missing order goes back; polling retries).
    queryFn: () => request(payOrderGet, { query: { id: id! }, showError: false }),
    enabled: id !== null,
    retry: false,
    staleTime: 0,
    gcTime: 0,
    refetchInterval: polling ? POLL_INTERVAL : false,
    refetchIntervalInBackground: true,
  });

  // Goes back once, however many answers (a poll and a submit) say the payment is over.
  const left = useRef(false);
  const leave = (result: PayResult, feedback?: Feedback) => {
    if (left.current) return;
    left.current = true;
    if (feedback) void message[feedback.type](feedback.text);
    // The lists of pay orders read the order anew when next shown (this page's own query is not re-asked).
    void client.invalidateQueries({ queryKey: [resourceOf(payOrderGet)], refetchType: 'none' });
    const target = returnTarget(returnUrl, result);
    if (target.kind === 'site') window.location.assign(target.url);
    else if (target.kind === 'page') tabs.closeAndOpen(target.url);
    else tabs.close();
  };

  const onMissingId = useEffectEvent(() =>
    leave('cancel', { type: 'error', text: '未传递支付单号，无法查看对应的支付信息' }),
  );
  useEffect(() => {
    if (id === null) onMissingId();
  }, [id]);

  const onOrder = useEffectEvent((data: PayOrder | null | undefined, error: unknown) => {
    if (isApiError(error) && error.code === PayError.ORDER_NOT_FOUND.code)
      return leave('cancel', { type: 'error', text: '支付订单不存在，请检查！' });
    if (data === null) return leave('cancel', { type: 'error', text: '支付订单不存在，请检查！' });
    if (!data) return;
    if (data.status === PAY_ORDER_STATUS.SUCCESS)
      leave('success', { type: 'success', text: polling ? '支付成功！' : '支付成功' });
    // 已退款 cannot be paid either: the reference's older client counts it as closed.
    else if (data.status === PAY_ORDER_STATUS.CLOSED || data.status === PAY_ORDER_STATUS.REFUND)
      leave('close', { type: 'error', text: polling ? '支付已关闭！' : '无法支付，原因：订单已关闭' });
  });
  useEffect(() => {
    onOrder(order.data, order.error);
  }, [order.data, order.error]);

  /** Shows what the channel answered; anything but an immediate payment waits for the payer. */
  const display = (channel: PayChannelCode, answer: PayOrderSubmitResp) => {
    if (answer.status === PAY_ORDER_STATUS.SUCCESS)
      return leave('success', { type: 'success', text: '支付成功！' });
    const content = answer.displayContent ?? '';
    switch (answer.displayMode) {
      case 'url':
      case 'iframe':
        window.location.assign(content);
        break;
      case 'qr_code':
        setQrCode({ title: QR_TITLES[groupOf(channel)], content });
        break;
      case 'form':
        setHtmlForm((current) => ({ seq: (current?.seq ?? 0) + 1, html: content }));
        break;
      case 'app':
        void message.error(`${nameOf(channel)}：App 支付：无法在网页支付！`);
        break;
    }
    setPolling(true);
  };

  /** Resolves true once the channel answered; a refusal was shown by the request layer. */
  const submit = async (channel: PayChannelCode, channelExtras?: Record<string, string>) => {
    if (!order.data) return false;
    setSubmitting(channel);
    try {
      const answer = await request(payOrderSubmit, {
        body: { id: order.data.id, channelCode: channel, returnUrl: window.location.href, channelExtras },
      });
      display(channel, answer);
      return true;
    } catch {
      return false;
    } finally {
      setSubmitting(null);
    }
  };

  const choose = (channel: PayChannelCode) => {
    if (BAR_CODE_KEYS[channel]) setBarCode({ channel, code: '' });
    else if (WECHAT_ONLY.includes(channel)) void message.error(`${nameOf(channel)}：不支持 PC 网站`);
    else void submit(channel);
  };

  const payByBarCode = async () => {
    const key = barCode && BAR_CODE_KEYS[barCode.channel];
    const code = barCode?.code.trim();
    if (!barCode || !key || !code) return;
    if (await submit(barCode.channel, { [key]: code })) setBarCode(null);
  };

  const data = order.data;
  if (order.isError && !data)
    return (
      <Result
        status="error"
        title="支付信息加载失败"
        subTitle={errorMessageOf(order.error)}
        extra={<Button onClick={() => void order.refetch()}>重新加载</Button>}
      />
    );
  if (!data || data.status !== PAY_ORDER_STATUS.WAITING) return <PageLoading tip="正在加载支付信息…" />;

  return (
    <div className="pay-cashier">
      <Card title="支付信息" size="small">
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, sm: 1, md: 2 }}
          items={[
            { key: 'id', label: '支付单号', children: data.id },
            { key: 'subject', label: '商品标题', children: data.subject },
            { key: 'body', label: '商品内容', children: data.body },
            { key: 'price', label: '支付金额', children: formatFen(data.price) },
            { key: 'createTime', label: '创建时间', children: formatDateTime(data.createTime) },
            { key: 'expireTime', label: '过期时间', children: formatDateTime(data.expireTime) },
          ]}
        />
      </Card>
      {GROUPS.map(({ group, title, codes }) => (
        <Card key={group} title={title} size="small">
          <div className="pay-cashier-channels">
            {codes.map((code) => (
              <Button
                key={code}
                aria-label={nameOf(code)}
                className={`pay-cashier-channel pay-cashier-channel-${group}`}
                loading={submitting === code}
                disabled={submitting !== null && submitting !== code}
                onClick={() => choose(code)}
              >
                <span className="pay-cashier-channel-icon" aria-hidden>
                  {ICONS[group] ?? OTHER_ICONS[code]}
                </span>
                <span>{nameOf(code)}</span>
              </Button>
            ))}
          </div>
        </Card>
      ))}

      <Modal
        title="条码支付"
        open={barCode !== null}
        width={DIALOG_WIDTH_SMALL}
        okText="确认支付"
        cancelText="取消"
        okButtonProps={{ disabled: !barCode?.code.trim() }}
        confirmLoading={submitting !== null}
        onOk={() => void payByBarCode()}
        onCancel={() => setBarCode(null)}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label="条形码" htmlFor="pay-cashier-bar-code" extra="扫描或输入付款人出示的付款码">
            <Input
              id="pay-cashier-bar-code"
              placeholder="请输入条形码"
              autoComplete="off"
              autoFocus
              value={barCode?.code ?? ''}
              onChange={(e) => setBarCode((current) => current && { ...current, code: e.target.value })}
              onPressEnter={() => void payByBarCode()}
            />
          </Form.Item>
        </Form>
      </Modal>

      <Modal
        title={qrCode?.title}
        open={qrCode !== null}
        width={350}
        footer={null}
        onCancel={() => setQrCode(null)}
      >
        {qrCode && (
          <div className="pay-cashier-qr" role="img" aria-label="支付二维码">
            <QRCodeSVG value={qrCode.content} size={256} />
          </div>
        )}
      </Modal>

      {htmlForm && (
        <div
          key={htmlForm.seq}
          className="pay-cashier-form"
          ref={submitHtmlForm}
          // The channel's own page form (alipay_pc, alipay_wap): scripts in it do not run, we submit it.
          dangerouslySetInnerHTML={{ __html: htmlForm.html }}
        />
      )}
    </div>
  );
}
