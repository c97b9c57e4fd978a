import { RollbackOutlined } from '@ant-design/icons';
import {
  DICT_TYPE,
  PAY_ORDER_STATUS,
  payOrderExport,
  payOrderGetDetail,
  payOrderPage,
  payRefundCreate,
} from '@app/contract';
import type { PayOrderDetail, PayOrderPageItem } from '@app/contract';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import {
  actionColumn,
  dateTimeColumn,
  detailAction,
  DetailDialog,
  dictColumn,
  ExportButton,
  idColumn,
  ListPage,
  textColumn,
  useCan,
  useListPage,
} from '../../shared/crud';
import type { DetailItem, SearchField } from '../../shared/crud';
import { formatDateTime } from '../../shared/date/format';
import { DictTag } from '../../shared/ui/dict-tag';
import { formatFen } from '../../shared/ui/money';
import { JsonText } from '../../shared/ui/json-text';
import { OrderRefundDialog, refundable } from './order-refund-dialog';
import { moneyColumn, NumberLines, PAY_APP_FIELD, PAY_CHANNEL_FIELD, useLoadedDetail } from './pay-common';

const SEARCH: SearchField[] = [
  PAY_APP_FIELD,
  PAY_CHANNEL_FIELD,
  { kind: 'text', name: 'merchantOrderId', label: '商户单号' },
  { kind: 'text', name: 'no', label: '支付单号' },
  { kind: 'text', name: 'channelOrderNo', label: '渠道单号' },
  { kind: 'dict', name: 'status', label: '支付状态', dictType: DICT_TYPE.PAY_ORDER_STATUS },
  { kind: 'dateRange', name: 'createTime', label: '创建时间' },
];

const COLUMNS: TableColumnsType<PayOrderPageItem> = [
  idColumn('编号'),
  dateTimeColumn(),
  moneyColumn('支付金额', 'price'),
  moneyColumn('退款金额', 'refundPrice'),
  moneyColumn('手续金额', 'channelFeePrice'),
  {
    title: '订单号',
    key: 'numbers',
    width: 300,
    render: (_: unknown, row: PayOrderPageItem) => (
      <NumberLines
        lines={[
          ['商户', row.merchantOrderId],
          ['支付', row.no],
          ['渠道', row.channelOrderNo],
        ]}
      />
    ),
  },
  dictColumn('支付状态', 'status', DICT_TYPE.PAY_ORDER_STATUS, { width: 100 }),
  dictColumn('支付渠道', 'channelCode', DICT_TYPE.PAY_CHANNEL_CODE, { width: 150 }),
  dateTimeColumn('支付时间', 'successTime'),
  textColumn('支付应用', 'appName', { width: 120 }),
  textColumn('商品标题', 'subject', { width: 180 }),
];

/** Paid (or partly refunded) and not all of it refunded yet. */
const canBeRefunded = (order: PayOrderPageItem) =>
  (order.status === PAY_ORDER_STATUS.SUCCESS || order.status === PAY_ORDER_STATUS.REFUND) &&
  refundable(order) > 0;

const detailItems = (order: PayOrderDetail): DetailItem[] => [
  ['商户单号', order.merchantOrderId],
  ['支付单号', order.no],
  ['应用编号', order.appId],
  ['应用名称', order.appName],
  ['支付状态', <DictTag type={DICT_TYPE.PAY_ORDER_STATUS} value={order.status} />],
  ['支付金额', formatFen(order.price)],
  ['手续费', formatFen(order.channelFeePrice)],
  ['手续费比例', order.channelFeeRate === null ? '' : `${order.channelFeeRate}%`],
  ['支付时间', formatDateTime(order.successTime)],
  ['失效时间', formatDateTime(order.expireTime)],
  ['创建时间', formatDateTime(order.createTime)],
  ['更新时间', formatDateTime(order.updateTime)],
  ['商品标题', order.subject],
  ['商品描述', order.body],
  ['支付渠道', <DictTag type={DICT_TYPE.PAY_CHANNEL_CODE} value={order.channelCode} />],
  ['支付 IP', order.userIp],
  ['渠道单号', order.channelOrderNo],
  ['渠道用户', order.channelUserId],
  ['退款金额', formatFen(order.refundPrice)],
  ['通知 URL', order.notifyUrl],
  ['支付通道异步回调内容', <JsonText text={order.extension?.channelNotifyData ?? null} />],
];

/** 支付订单 (menu component pay/order/index): every pay order, its detail and 退款. */
export function PayOrderPage() {
  const list = useListPage(payOrderPage, { search: SEARCH });
  const detail = useLoadedDetail(payOrderGetDetail);
  const [refunding, setRefunding] = useState<PayOrderPageItem | null>(null);
  const canQuery = useCan(payOrderGetDetail);
  const canRefund = useCan(payRefundCreate);

  const actions = actionColumn<PayOrderPageItem>(
    (row) => [
      detailAction(() => detail.show(row.id), { label: '查看详情', visible: canQuery }),
      {
        key: 'refund',
        label: '退款',
        icon: <RollbackOutlined />,
        onClick: () => setRefunding(row),
        visible: canRefund && canBeRefunded(row),
      },
    ],
    { visible: canQuery || canRefund, width: 190 },
  );

  return (
    <ListPage
      list={list}
      columns={[...COLUMNS, ...actions]}
      actions={<ExportButton endpoint={payOrderExport} query={list.filter} entity="支付订单" />}
      emptyText="暂无支付订单"
      scrollX={1900}
    >
      <DetailDialog
        control={detail.control}
        title="订单详情"
        width={800}
        labelWidth={160}
        items={detailItems}
      />
      <OrderRefundDialog order={refunding} onClose={() => setRefunding(null)} />
    </ListPage>
  );
}
