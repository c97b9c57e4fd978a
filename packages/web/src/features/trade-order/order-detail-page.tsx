import { ArrowLeftOutlined } from '@ant-design/icons';
import { DICT_TYPE, TradeError, tradeOrderExpressTrackList, tradeOrderGetDetail } from '@app/contract';
import type { TradeOrderDetail, TradeOrderItem, TradeOrderLog } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Descriptions,
  Empty,
  Result,
  Skeleton,
  Space,
  Table,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import type { DescriptionsProps, TableColumnsType, TagProps } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTabs } from '../../layout/tags-view';
import { dictColumn, queryKey, textColumn } from '../../shared/crud';
import { formatDateTime } from '../../shared/date/format';
import { errorMessageOf, isApiError, request } from '../../shared/request';
import { DictTag } from '../../shared/ui/dict-tag';
import { formatFen } from '../../shared/ui/money';
import { NO_LOGISTICS, OrderActions } from './order-actions';
import { ExpressTracks, goodsColumn, yuanColumn } from './order-common';
import { ORDER_LIST_PATH } from './order-paths';
import './trade-order.css';

type Line = readonly [label: string, value: ReactNode];

/** Label and value pairs as the items of a bordered description list; an empty value reads as empty. */
const descriptionItems = (lines: readonly (Line | false)[]): DescriptionsProps['items'] =>
  lines
    .filter((line): line is Line => line !== false)
    .map(([label, children]) => ({ key: label, label, children }));

const DESCRIPTION_COLUMNS = { xs: 1, sm: 2, xl: 3 };

const tag = (type: string, value: number | string | null) => <DictTag type={type} value={value} />;

/** 订单信息: the order, its buyer, receiver and payment. */
function OrderInfo({ order }: { order: TradeOrderDetail }) {
  const items = descriptionItems([
    ['订单号', order.no],
    ['配送方式', '物流配送'],
    ['订单类型', tag(DICT_TYPE.TRADE_ORDER_TYPE, order.type)],
    ['收货人', order.receiverName],
    ['买家留言', order.userRemark],
    ['订单来源', tag(DICT_TYPE.TERMINAL, order.terminal)],
    ['联系电话', order.receiverMobile],
    ['商家备注', order.remark],
    ['支付单号', order.payOrderId],
    ['付款方式', order.payChannelCode ? tag(DICT_TYPE.PAY_CHANNEL_CODE, order.payChannelCode) : '未支付'],
    ['买家', order.user?.nickname],
    ['收货地址', `${order.receiverAreaName} ${order.receiverDetailAddress}`],
  ]);
  return (
    <Card title="订单信息" size="small">
      <Descriptions bordered size="small" column={DESCRIPTION_COLUMNS} items={items} />
    </Card>
  );
}

/** 订单状态: the status, when it moved, and the actions that apply to it. */
function OrderStatus({ order }: { order: TradeOrderDetail }) {
  const at = (label: string, time: number | null): Line | false =>
    time !== null && [label, formatDateTime(time)];
  const items = descriptionItems([
    ['订单状态', tag(DICT_TYPE.TRADE_ORDER_STATUS, order.status)],
    at('下单时间', order.createTime),
    at('支付时间', order.payTime),
    at('发货时间', order.deliveryTime),
    at('收货时间', order.receiveTime),
    at('完成时间', order.finishTime),
    at('取消时间', order.cancelTime),
  ]);
  return (
    <Card title="订单状态" size="small">
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Descriptions bordered size="small" column={DESCRIPTION_COLUMNS} items={items} />
        <OrderActions order={order} />
      </Space>
    </Card>
  );
}

const ITEM_COLUMNS: TableColumnsType<TradeOrderItem> = [
  goodsColumn,
  yuanColumn('单价(元)', 'originalUnitPrice'),
  textColumn('数量', 'count', { width: 80 }),
  yuanColumn('小计（元）', 'originalPrice'),
  dictColumn('退款状态', 'afterSaleStatus', DICT_TYPE.TRADE_ORDER_ITEM_AFTER_SALE_STATUS, { width: 100 }),
];

/** 商品信息: the items, then how the price came about. */
function OrderGoods({ order }: { order: TradeOrderDetail }) {
  const totals = descriptionItems([
    ['商品总额', formatFen(order.originalPrice)],
    ['运费金额', formatFen(order.deliveryPrice)],
    ['订单调价', formatFen(order.adjustPrice)],
    ['订单优惠', formatFen(order.discountPrice)],
    ['积分抵扣', formatFen(order.pointPrice)],
    ['应付金额', <Typography.Text strong>{formatFen(order.payPrice)}</Typography.Text>],
  ]);
  return (
    <Card title="商品信息" size="small">
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Table<TradeOrderItem>
          rowKey="id"
          size="small"
          pagination={false}
          columns={ITEM_COLUMNS}
          dataSource={order.items}
          scroll={{ x: 720 }}
        />
        <Descriptions bordered size="small" column={DESCRIPTION_COLUMNS} items={totals} />
      </Space>
    </Card>
  );
}

/** 物流信息 of a shipped order: the company, the number and the parcel's track. */
function OrderLogistics({ order }: { order: TradeOrderDetail }) {
  const withLogistics = order.logisticsId !== null && order.logisticsId !== NO_LOGISTICS;
  const tracks = useQuery({
    queryKey: queryKey(tradeOrderExpressTrackList, { id: order.id }),
    // A provider's failure is said in the section, not as a message over the page.
    queryFn: () => request(tradeOrderExpressTrackList, { query: { id: order.id }, showError: false }),
    staleTime: 0,
  });
  const items = descriptionItems([
    ['快递公司', withLogistics ? order.logisticsName : '无需物流'],
    withLogistics && ['快递单号', order.logisticsNo],
    ['发货时间', formatDateTime(order.deliveryTime)],
  ]);
  return (
    <Card title="物流信息" size="small">
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Descriptions bordered size="small" column={DESCRIPTION_COLUMNS} items={items} />
        {tracks.isPending ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : tracks.isError ? (
          <Typography.Text type="danger">物流轨迹加载失败：{errorMessageOf(tracks.error)}</Typography.Text>
        ) : (
          <ExpressTracks tracks={tracks.data} />
        )}
      </Space>
    </Card>
  );
}

/** Who acted on an order, by the log's user type. */
const OPERATORS: Record<number, { label: string; color: TagProps['color'] }> = {
  1: { label: '买家', color: 'processing' },
  2: { label: '商家', color: 'warning' },
};
const SYSTEM_OPERATOR = { label: '系统', color: 'default' };

function LogStatus({ log }: { log: TradeOrderLog }) {
  const after = tag(DICT_TYPE.TRADE_ORDER_STATUS, log.afterStatus);
  if (log.beforeStatus === null || log.beforeStatus === log.afterStatus) return after;
  return (
    <>
      {tag(DICT_TYPE.TRADE_ORDER_STATUS, log.beforeStatus)} → {after}
    </>
  );
}

/** 订单操作日志: what happened to the order, by whom, in order. */
function OrderLogs({ logs }: { logs: readonly TradeOrderLog[] }) {
  return (
    <Card title="订单操作日志" size="small">
      {logs.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无操作日志" />
      ) : (
        <Timeline
          className="trade-order-logs"
          items={logs.map((log) => {
            const operator = OPERATORS[log.userType] ?? SYSTEM_OPERATOR;
            return {
              key: log.id,
              content: (
                <div data-testid="order-log">
                  <Space size={8} wrap>
                    <span className="trade-order-timeline-time">{formatDateTime(log.createTime)}</span>
                    <Tag color={operator.color}>{operator.label}</Tag>
                    <Typography.Text strong>{log.operatorName}</Typography.Text>
                    <LogStatus log={log} />
                  </Space>
                  <div>{log.content}</div>
                </div>
              ),
            };
          })}
        />
      )}
    </Card>
  );
}

function BackButton() {
  const tabs = useTabs();
  return (
    <Button icon={<ArrowLeftOutlined />} onClick={() => tabs.closeAndOpen(ORDER_LIST_PATH)}>
      返回
    </Button>
  );
}

/** What the page shows instead of an order: it is missing, or failed to load (with 重新加载). */
function NoOrder({ failure, onRetry }: { failure?: unknown; onRetry?: () => void }) {
  const extra = (
    <Space>
      {onRetry && (
        <Button type="primary" onClick={onRetry}>
          重新加载
        </Button>
      )}
      <BackButton />
    </Space>
  );
  return (
    <div className="trade-order-detail">
      {failure === undefined ? (
        <Result status="warning" title="订单不存在" subTitle="该订单不存在或已被删除" extra={extra} />
      ) : (
        <Result status="error" title="订单加载失败" subTitle={errorMessageOf(failure)} extra={extra} />
      )}
    </div>
  );
}

function OrderDetail({ id }: { id: number }) {
  // Read afresh on every visit: the list and other operators change the order meanwhile. The page
  // says itself what a failure means.
  const detail = useQuery({
    queryKey: queryKey(tradeOrderGetDetail, { id }),
    queryFn: () => request(tradeOrderGetDetail, { query: { id }, showError: false }),
    staleTime: 0,
  });
  const order = detail.data;
  const notFound = isApiError(detail.error) && detail.error.code === TradeError.ORDER_NOT_FOUND.code;
  if (notFound || (detail.isSuccess && !order)) return <NoOrder />;
  if (detail.isError && !order)
    return <NoOrder failure={detail.error} onRetry={() => void detail.refetch()} />;
  if (!order)
    return (
      <div className="trade-order-detail" aria-busy="true">
        <Skeleton active paragraph={{ rows: 12 }} />
      </div>
    );
  return (
    <div className="trade-order-detail">
      <div>
        <BackButton />
      </div>
      <OrderInfo order={order} />
      <OrderStatus order={order} />
      <OrderGoods order={order} />
      {order.deliveryTime !== null && <OrderLogistics order={order} />}
      <OrderLogs logs={order.logs} />
    </div>
  );
}

/** 订单详情 (/trade/order/detail?id=): an order, its status's actions, items, logistics and log. */
export default function TradeOrderDetailPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  if (!/^\d+$/.test(id) || Number(id) === 0) return <NoOrder />;
  return <OrderDetail key={id} id={Number(id)} />;
}
