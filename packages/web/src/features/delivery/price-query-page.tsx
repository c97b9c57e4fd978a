import { SearchOutlined } from '@ant-design/icons';
import { DICT_TYPE, deliveryPriceQuery, MAX_PRICE_FEN, PARCEL_LIMITS } from '@app/contract';
import type { FreightQuote, PriceQueryResp } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Empty, Form, InputNumber, Table, Tag, Typography } from 'antd';
import type { FormRule, TableColumnsType } from 'antd';
import { required, useCan } from '../../shared/crud';
import { request } from '../../shared/request';
import { AreaCascader } from '../../shared/ui/area-cascader';
import { DictTag } from '../../shared/ui/dict-tag';
import { formatFen, yuanToFen } from '../../shared/ui/money';
import { chargeModeOf } from './charge-mode';

interface Parcel {
  fromAreaId?: number | null;
  toAreaId?: number | null;
  weight?: number | null;
  length?: number | null;
  width?: number | null;
  height?: number | null;
  count?: number | null;
  /** Yuan. */
  amount?: number | null;
}
/** The parcel once its form has been checked: every field given. */
type CheckedParcel = { [K in keyof Parcel]-?: number };

const SIDES = [
  ['length', '长'],
  ['width', '宽'],
  ['height', '高'],
] as const;

/** A parcel as it was asked about, its answer and the sides its volume came from. */
interface Answer {
  sides: [number, number, number];
  result: PriceQueryResp;
}

/** 0.024 rather than 0.023999999999999997. */
const num = (n: number) => String(Number(n.toFixed(6)));

/** How the template came to its price, in words. */
export function describeQuote(quote: FreightQuote): string[] {
  const { charge, free } = quote;
  if (!quote.deliverable || !charge) return ['收货地区不在该模板的配送区域内'];
  const { word, unit } = chargeModeOf(quote.chargeMode);
  const extra = charge.extraUnits * charge.extraPrice;
  const lines = [
    [
      `${word}：${num(quote.quantity)} ${unit}`,
      `匹配区域「${charge.matchedAreaName}」首 ${num(charge.startCount)} ${unit} ${formatFen(charge.startPrice)}`,
      ...(charge.extraUnits > 0
        ? [
            `续 ${charge.extraUnits} × ${num(charge.extraCount)} ${unit} × ${formatFen(charge.extraPrice)} = ${formatFen(extra)}`,
          ]
        : []),
      `合计 ${formatFen(charge.startPrice + extra)}`,
    ].join('，'),
  ];
  if (free) {
    const terms = [
      ...(free.freePrice > 0 ? [`满 ${formatFen(free.freePrice)}`] : []),
      ...(free.freeCount > 0 ? [`满 ${free.freeCount} 件`] : []),
    ];
    lines.push(`满足「${free.matchedAreaName}」包邮条件（${terms.length ? terms.join(' 且') : '无门槛'}）`);
  }
  return lines;
}

function Price({ quote }: { quote: FreightQuote }) {
  if (!quote.deliverable || quote.price === null) return <Tag>不配送</Tag>;
  if (quote.price === 0 && quote.free) return <Tag color="success">包邮</Tag>;
  return <Typography.Text strong>{formatFen(quote.price)}</Typography.Text>;
}

/** The first of the deliverable quotes at the lowest price. */
const cheapestOf = (quotes: readonly FreightQuote[]): number | undefined => {
  let best: FreightQuote | undefined;
  for (const quote of quotes)
    if (quote.deliverable && quote.price !== null && (best === undefined || quote.price < best.price!))
      best = quote;
  return best?.templateId;
};

const columns = (cheapest: number | undefined): TableColumnsType<FreightQuote> => [
  {
    title: '模板名称',
    dataIndex: 'templateName',
    render: (name: string, quote) => (
      <>
        {name} {quote.templateId === cheapest && <Tag color="red">最便宜</Tag>}
      </>
    ),
  },
  {
    title: '计费方式',
    dataIndex: 'chargeMode',
    width: 110,
    align: 'center',
    render: (mode: number) => <DictTag type={DICT_TYPE.TRADE_DELIVERY_EXPRESS_CHARGE_MODE} value={mode} />,
  },
  { title: '运费', key: 'price', width: 110, align: 'center', render: (_, quote) => <Price quote={quote} /> },
  {
    title: '计算过程',
    key: 'breakdown',
    render: (_, quote) => describeQuote(quote).map((line) => <div key={line}>{line}</div>),
  },
];

const rangeRules = (label: string, max: number): FormRule[] => [
  ...required(label),
  { type: 'number', min: 0, max, message: `${label}必须是 0 到 ${max} 之间的数` },
];

function Quotes({ answer }: { answer: Answer }) {
  const { result, sides } = answer;
  const [length, width, height] = sides.map(num);
  return (
    <>
      <Typography.Paragraph>
        <Typography.Text strong>
          {result.fromAreaName} → {result.toAreaName}
        </Typography.Text>
        ，体积 = {length} × {width} × {height} cm = {num(result.volume)} m³
      </Typography.Paragraph>
      <Table<FreightQuote>
        rowKey="templateId"
        size="middle"
        pagination={false}
        // On a phone the breakdown keeps a readable width and the table scrolls sideways.
        scroll={{ x: 720 }}
        columns={columns(cheapestOf(result.quotes))}
        dataSource={result.quotes}
        locale={{ emptyText: <Empty description="暂无运费模板" /> }}
      />
    </>
  );
}

/** 运费查询 (ours, /exp/price-query): what every freight template charges for a parcel, cheapest first. */
export function PriceQueryPage() {
  const [form] = Form.useForm<Parcel>();
  const canQuery = useCan(deliveryPriceQuery);
  const query = useMutation({
    mutationFn: async (parcel: CheckedParcel): Promise<Answer> => ({
      sides: [parcel.length, parcel.width, parcel.height],
      result: await request(deliveryPriceQuery, {
        query: { ...parcel, amount: yuanToFen(parcel.amount) ?? 0 },
      }),
    }),
  });

  return (
    <div>
      <Card>
        <Form<Parcel>
          form={form}
          name="deliveryPriceQuery"
          layout="inline"
          aria-label="包裹信息"
          initialValues={{ count: 1 }}
          onFinish={(parcel) => query.mutate(parcel as CheckedParcel)}
          style={{ rowGap: 16 }}
        >
          <Form.Item label="发货地区" name="fromAreaId" rules={required('发货地区')}>
            <AreaCascader placeholder="请选择发货地区" style={{ width: 220 }} />
          </Form.Item>
          <Form.Item label="收货地区" name="toAreaId" rules={required('收货地区')}>
            <AreaCascader placeholder="请选择收货地区" style={{ width: 220 }} />
          </Form.Item>
          <Form.Item label="重量（kg）" name="weight" rules={rangeRules('重量', PARCEL_LIMITS.weightKg)}>
            <InputNumber min={0} max={PARCEL_LIMITS.weightKg} placeholder="kg" style={{ width: 120 }} />
          </Form.Item>
          {SIDES.map(([name, label]) => (
            <Form.Item
              key={name}
              label={`${label}（cm）`}
              name={name}
              rules={rangeRules(label, PARCEL_LIMITS.sideCm)}
            >
              <InputNumber min={0} max={PARCEL_LIMITS.sideCm} placeholder="cm" style={{ width: 100 }} />
            </Form.Item>
          ))}
          <Form.Item label="件数" name="count" rules={required('件数')}>
            <InputNumber min={1} max={PARCEL_LIMITS.count} precision={0} style={{ width: 100 }} />
          </Form.Item>
          <Form.Item label="订单金额（元）" name="amount" rules={required('订单金额')}>
            <InputNumber min={0} max={MAX_PRICE_FEN / 100} precision={2} step={0.01} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              icon={<SearchOutlined />}
              loading={query.isPending}
              disabled={!canQuery}
            >
              查询
            </Button>
          </Form.Item>
        </Form>
      </Card>
      <Card style={{ marginTop: 16 }}>
        {query.data ? <Quotes answer={query.data} /> : <Empty description="输入包裹信息后查询运费" />}
      </Card>
    </div>
  );
}
