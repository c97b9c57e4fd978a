import { EyeOutlined } from '@ant-design/icons';
import { DICT_TYPE, tradeOrderPage, tradeOrderSummaryGet } from '@app/contract';
import type { EndpointQuery, TradeOrder, TradeOrderItem } from '@app/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Input, Popover, Select, Space, Table, Tabs, Typography } from 'antd';
import type { FormRule, TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ListPage, queryKey, useListPage } from '../../shared/crud';
import type { ListQuery, SearchField } from '../../shared/crud';
import { formatDateTime } from '../../shared/date/format';
import { useDictOptions } from '../../shared/dict';
import { request } from '../../shared/request';
import { DictTag } from '../../shared/ui/dict-tag';
import { fenToYuanText, formatFen } from '../../shared/ui/money';
import { goodsColumn } from './order-common';
import { orderDetailPath } from './order-paths';
import './trade-order.css';

/** 搜索方式: what the typed text is searched as; only the chosen one is sent. */
const KEYWORDS = [
  { value: 'no', label: '订单号' },
  { value: 'userId', label: '会员编号' },
  { value: 'userNickname', label: '会员昵称' },
  { value: 'userMobile', label: '会员手机号' },
  { value: 'receiverName', label: '收货人姓名' },
  { value: 'receiverMobile', label: '收货人手机号码' },
] as const;
type KeywordType = (typeof KEYWORDS)[number]['value'];
interface Keyword {
  type?: KeywordType;
  text?: string;
}

/** The search as the address and the form hold it: the first keyword parameter present. */
const keywordOf = (query: ListQuery): Keyword => {
  const found = KEYWORDS.find(({ value }) => typeof query[value] === 'string');
  return found ? { type: found.value, text: query[found.value] as string } : { type: 'no' };
};

/** The type select and the text input of 搜索方式, one form value. */
function KeywordInput({
  value,
  onChange,
  id,
}: {
  value?: Keyword;
  onChange?: (value: Keyword) => void;
  id?: string;
}) {
  const type = value?.type ?? 'no';
  const label = KEYWORDS.find((keyword) => keyword.value === type)?.label;
  return (
    <Space.Compact>
      <Select<KeywordType>
        aria-label="搜索类型"
        value={type}
        options={[...KEYWORDS]}
        onChange={(next) => onChange?.({ type: next, text: value?.text })}
        style={{ width: 140 }}
      />
      <Input
        id={id}
        allowClear
        placeholder={`请输入${label}`}
        value={value?.text}
        onChange={(event) => onChange?.({ type, text: event.target.value })}
        style={{ width: 200 }}
      />
    </Space.Compact>
  );
}

const KEYWORD_RULES: FormRule[] = [
  {
    validator: (_, value: Keyword | undefined) =>
      value?.type !== 'userId' || !value.text?.trim() || /^\d+$/.test(value.text.trim())
        ? Promise.resolve()
        : Promise.reject(new Error('会员编号必须是数字')),
  },
];

const KEYWORD_FIELD: SearchField = {
  kind: 'custom',
  name: 'keyword',
  label: '搜索方式',
  rules: KEYWORD_RULES,
  render: () => <KeywordInput />,
  toQuery: (value) => (value as Keyword).text?.trim() || undefined,
  fromQuery: (value) => ({ type: 'no', text: typeof value === 'string' ? value : value[0] }),
};

const FILTERS: SearchField[] = [
  { kind: 'dict', name: 'type', label: '订单类型', dictType: DICT_TYPE.TRADE_ORDER_TYPE },
  { kind: 'dict', name: 'status', label: '订单状态', dictType: DICT_TYPE.TRADE_ORDER_STATUS },
  { kind: 'dict', name: 'terminal', label: '订单来源', dictType: DICT_TYPE.TERMINAL },
  {
    kind: 'dict',
    name: 'payChannelCode',
    label: '支付方式',
    dictType: DICT_TYPE.PAY_CHANNEL_CODE,
    valueType: 'string',
  },
  { kind: 'dateRange', name: 'createTime', label: '下单时间' },
];

/** What the list sends and the address keeps: each keyword parameter and the filters. */
const SEARCH: SearchField[] = [
  ...KEYWORDS.map(({ value, label }): SearchField => ({ kind: 'text', name: value, label })),
  ...FILTERS,
];
/** What the form shows: 搜索方式 in place of the keyword parameters. */
const VISIBLE: SearchField[] = [KEYWORD_FIELD, ...FILTERS];

const ALL_TAB = 'all';

/** The items of an order; what belongs to the order (its price, receiver, status) spans them. */
const itemColumns = (order: TradeOrder): TableColumnsType<TradeOrderItem> => {
  const span = (_: TradeOrderItem, index?: number) => ({ rowSpan: index === 0 ? order.items.length : 0 });
  return [
    goodsColumn,
    {
      title: '单价(元)/数量',
      key: 'price',
      width: 140,
      align: 'center',
      render: (_: unknown, item: TradeOrderItem) => (
        <>
          <div>{fenToYuanText(item.originalUnitPrice)} 元</div>
          <div>{item.count} 件</div>
        </>
      ),
    },
    {
      title: '实付金额(元)',
      key: 'payPrice',
      width: 120,
      align: 'center',
      onCell: span,
      render: () => fenToYuanText(order.payPrice),
    },
    {
      title: '买家/收货人',
      key: 'receiver',
      width: 240,
      onCell: span,
      render: () => (
        <>
          <div>
            {order.receiverName} {order.receiverMobile}
          </div>
          <Typography.Text type="secondary">
            {order.receiverAreaName} {order.receiverDetailAddress}
          </Typography.Text>
        </>
      ),
    },
    {
      title: '交易状态',
      key: 'status',
      width: 100,
      align: 'center',
      onCell: span,
      render: () => <DictTag type={DICT_TYPE.TRADE_ORDER_STATUS} value={order.status} />,
    },
  ];
};

/** One order: its number, time, source and payment above its items, and 详情. */
function OrderCard({ order, onDetail }: { order: TradeOrder; onDetail: () => void }) {
  const title = (
    <Space wrap size={[16, 4]} className="trade-order-card-head">
      <span>
        订单号：{order.no}
        <Popover trigger="click" content={<span>支付单号：{order.payOrderId ?? '无'}</span>}>
          <Button type="link" size="small">
            更多
          </Button>
        </Popover>
      </span>
      <span>下单时间：{formatDateTime(order.createTime)}</span>
      <span>
        订单来源：
        <DictTag type={DICT_TYPE.TERMINAL} value={order.terminal} />
      </span>
      <span>
        支付方式：
        {order.payChannelCode ? (
          <DictTag type={DICT_TYPE.PAY_CHANNEL_CODE} value={order.payChannelCode} />
        ) : (
          '未支付'
        )}
      </span>
    </Space>
  );
  return (
    <Card
      size="small"
      className="trade-order-card"
      title={title}
      extra={
        <Button type="link" icon={<EyeOutlined />} onClick={onDetail}>
          详情
        </Button>
      }
    >
      <Table<TradeOrderItem>
        rowKey="id"
        size="small"
        bordered
        pagination={false}
        columns={itemColumns(order)}
        dataSource={order.items}
        scroll={{ x: 860 }}
      />
    </Card>
  );
}

/** The totals of the orders the search finds (all pages). */
function OrderSummary({ filter }: { filter: ListQuery }) {
  const summary = useQuery({
    queryKey: queryKey(tradeOrderSummaryGet, filter),
    queryFn: () =>
      request(tradeOrderSummaryGet, { query: filter as EndpointQuery<typeof tradeOrderSummaryGet> }),
    placeholderData: keepPreviousData,
  }).data;
  const figures: [string, string][] = [
    ['订单数', String(summary?.orderCount ?? 0)],
    ['订单金额', formatFen(summary?.orderPayPrice ?? 0)],
    ['售后单数', String(summary?.afterSaleCount ?? 0)],
    ['售后金额', formatFen(summary?.afterSalePrice ?? 0)],
  ];
  return (
    <dl className="trade-order-summary" aria-label="订单统计">
      {figures.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * 订单列表 (menu component mall/trade/order/index): the orders as cards with their items, by status
 * tab and search, with the totals of what is found.
 */
export function TradeOrderPage() {
  const navigate = useNavigate();
  const list = useListPage(tradeOrderPage, { search: SEARCH });
  const statuses = useDictOptions(DICT_TYPE.TRADE_ORDER_STATUS);
  const { status } = list.state.query;
  const activeTab = typeof status === 'string' ? status : ALL_TAB;

  // 搜索方式 shows the keyword the address names (the list's own fields are the parameters).
  const [initialKeyword] = useState(() => keywordOf(list.state.query));
  useEffect(() => {
    list.searchForm.setFieldsValue({ keyword: initialKeyword });
  }, [list.searchForm, initialKeyword]);

  const onSearch = (values: Record<string, unknown>) => {
    const { keyword, ...filters } = values as { keyword?: Keyword };
    const text = keyword?.text?.trim();
    list.onSearch(text ? { ...filters, [keyword?.type ?? 'no']: text } : filters);
  };
  const onTab = (key: string) => {
    list.searchForm.setFieldsValue({ status: key === ALL_TAB ? undefined : Number(key) });
    onSearch(list.searchForm.getFieldsValue());
  };

  const columns: TableColumnsType<TradeOrder> = [
    {
      title: '订单',
      key: 'order',
      render: (_: unknown, order: TradeOrder) => (
        <OrderCard order={order} onDetail={() => void navigate(orderDetailPath(order.id))} />
      ),
    },
  ];

  return (
    <ListPage<TradeOrder>
      list={{ ...list, search: VISIBLE, onSearch }}
      columns={columns}
      className="trade-order-list"
      emptyText="暂无订单"
      table={{
        showHeader: false,
        title: () => (
          <>
            <Tabs
              type="card"
              activeKey={activeTab}
              onChange={onTab}
              items={[
                { key: ALL_TAB, label: '全部' },
                ...statuses.map((item) => ({ key: item.value, label: item.label })),
              ]}
            />
            <OrderSummary filter={list.filter} />
          </>
        ),
      }}
    />
  );
}
