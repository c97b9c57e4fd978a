import { DICT_TYPE, payRefundExport, payRefundGet, payRefundPage } from '@app/contract';
import type { PayRefund } from '@app/contract';
import type { TableColumnsType } from 'antd';
import { dateTimeColumn, dictColumn, idColumn, textColumn, useCrudPage } from '../../shared/crud';
import type { DetailItem, SearchField } from '../../shared/crud';
import { formatDateTime } from '../../shared/date/format';
import { DictTag } from '../../shared/ui/dict-tag';
import { formatFen } from '../../shared/ui/money';
import { JsonText } from '../../shared/ui/json-text';
import { moneyColumn, NumberLines, PAY_APP_FIELD, PAY_CHANNEL_FIELD } from './pay-common';

const SEARCH: SearchField[] = [
  PAY_APP_FIELD,
  PAY_CHANNEL_FIELD,
  { kind: 'text', name: 'merchantOrderId', label: '商户支付单号' },
  { kind: 'text', name: 'merchantRefundId', label: '商户退款单号' },
  { kind: 'text', name: 'channelOrderNo', label: '渠道支付单号' },
  { kind: 'text', name: 'channelRefundNo', label: '渠道退款单号' },
  { kind: 'dict', name: 'status', label: '退款状态', dictType: DICT_TYPE.PAY_REFUND_STATUS },
  { kind: 'dateRange', name: 'createTime', label: '创建时间' },
];

const COLUMNS: TableColumnsType<PayRefund> = [
  idColumn('编号'),
  dateTimeColumn(),
  moneyColumn('支付金额', 'payPrice'),
  moneyColumn('退款金额', 'refundPrice'),
  {
    title: '退款订单号',
    key: 'refundNumbers',
    width: 300,
    render: (_: unknown, row: PayRefund) => (
      <NumberLines
        lines={[
          ['商户', row.merchantRefundId],
          ['退款', row.no],
          ['渠道', row.channelRefundNo],
        ]}
      />
    ),
  },
  {
    title: '支付订单号',
    key: 'orderNumbers',
    width: 300,
    render: (_: unknown, row: PayRefund) => (
      <NumberLines
        lines={[
          ['商户', row.merchantOrderId],
          ['渠道', row.channelOrderNo],
        ]}
      />
    ),
  },
  dictColumn('退款状态', 'status', DICT_TYPE.PAY_REFUND_STATUS, { width: 100 }),
  dictColumn('退款渠道', 'channelCode', DICT_TYPE.PAY_CHANNEL_CODE, { width: 150 }),
  dateTimeColumn('成功时间', 'successTime'),
  textColumn('支付应用', 'appName', { width: 120 }),
  textColumn('退款原因', 'reason', { width: 160 }),
];

const detailItems = (refund: PayRefund): DetailItem[] => [
  ['编号', refund.id],
  ['商户退款单号', refund.merchantRefundId],
  ['退款单号', refund.no],
  ['渠道退款单号', refund.channelRefundNo],
  ['商户支付单号', refund.merchantOrderId],
  ['支付单号', refund.orderNo],
  ['渠道支付单号', refund.channelOrderNo],
  ['应用编号', refund.appId],
  ['应用名称', refund.appName],
  ['支付金额', formatFen(refund.payPrice)],
  ['退款金额', formatFen(refund.refundPrice)],
  ['退款状态', <DictTag type={DICT_TYPE.PAY_REFUND_STATUS} value={refund.status} />],
  ['退款时间', formatDateTime(refund.successTime)],
  ['创建时间', formatDateTime(refund.createTime)],
  ['更新时间', formatDateTime(refund.updateTime)],
  ['退款渠道', <DictTag type={DICT_TYPE.PAY_CHANNEL_CODE} value={refund.channelCode} />],
  ['退款原因', refund.reason],
  ['退款 IP', refund.userIp],
  ['通知 URL', refund.notifyUrl],
  ['渠道错误码', refund.channelErrorCode],
  ['渠道错误码描述', refund.channelErrorMsg],
  ['支付通道异步回调内容', <JsonText text={refund.channelNotifyData} />],
];

/** 退款订单 (menu component pay/refund/index): every refund, read-only, with its detail. */
export function PayRefundPage() {
  return useCrudPage({
    endpoints: { page: payRefundPage, get: payRefundGet, export: payRefundExport },
    entity: '退款订单',
    search: SEARCH,
    columns: COLUMNS,
    emptyText: '暂无退款订单',
    scrollX: 2100,
    detail: {
      title: '退款订单详情',
      width: 800,
      labelWidth: 160,
      items: detailItems,
      action: { label: '查看详情', width: 110 },
    },
  });
}
