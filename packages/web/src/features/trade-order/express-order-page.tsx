import { SyncOutlined } from '@ant-design/icons';
import {
  DICT_TYPE,
  expOrderNextStatuses,
  expressOrderExport,
  expressOrderGet,
  expressOrderPage,
  expressOrderUpdateStatus,
  tradeOrderGetDetail,
  tradeOrderPage,
} from '@app/contract';
import type { ExpressOrder, ExpressOrderDetail } from '@app/contract';
import { Form, Radio, Select, Typography } from 'antd';
import type { SelectProps, TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  dateTimeColumn,
  detailAction,
  DetailDialog,
  dictColumn,
  formItem,
  idColumn,
  required,
  textColumn,
  textField,
  useCan,
  useCrudPage,
  useDetailDialog,
  useDictValueOptions,
} from '../../shared/crud';
import type { DetailItem, QueryValue, SearchField } from '../../shared/crud';
import { formatDateTime } from '../../shared/date/format';
import { request } from '../../shared/request';
import { DictTag } from '../../shared/ui/dict-tag';
import { formatFen } from '../../shared/ui/money';
import { ActionDialog } from './action-dialog';
import { ExpressTracks, useExpressOptions } from './order-common';
import { orderDetailPath } from './order-paths';

function ExpressSelect(props: SelectProps) {
  const companies = useExpressOptions();
  return (
    <Select
      {...props}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder="请选择快递公司"
      style={{ width: 160 }}
      options={companies}
    />
  );
}

const first = (value: QueryValue) => (typeof value === 'string' ? value : (value[0] ?? ''));

const SEARCH: SearchField[] = [
  { kind: 'text', name: 'orderNo', label: '订单号' },
  { kind: 'text', name: 'logisticsNo', label: '物流单号' },
  {
    kind: 'custom',
    name: 'expressId',
    label: '快递公司',
    render: () => <ExpressSelect />,
    toQuery: (id) => String(id),
    fromQuery: (id) => Number(first(id)),
  },
  { kind: 'text', name: 'receiverMobile', label: '收件人手机' },
  { kind: 'dict', name: 'type', label: '快递类型', dictType: DICT_TYPE.EXP_ORDER_TYPE },
  { kind: 'dict', name: 'status', label: '快递状态', dictType: DICT_TYPE.EXP_ORDER_STATUS },
  { kind: 'dict', name: 'refundFlag', label: '退款标识', dictType: DICT_TYPE.EXP_REFUND_FLAG },
  { kind: 'dateRange', name: 'createTime', label: '发货时间' },
];

const addressOf = (row: ExpressOrder) => `${row.receiverAreaName} ${row.receiverDetailAddress}`;

/** The order's number, a link to the order for those who may read it. */
function OrderNo({ row }: { row: ExpressOrder }) {
  if (!useCan(tradeOrderGetDetail)) return row.orderNo;
  return <Link to={orderDetailPath(row.orderId)}>{row.orderNo}</Link>;
}

const COLUMNS: TableColumnsType<ExpressOrder> = [
  idColumn('编号'),
  {
    title: '订单号',
    dataIndex: 'orderNo',
    width: 200,
    align: 'center',
    render: (_: string, row) => <OrderNo row={row} />,
  },
  textColumn('快递公司', 'expressName', { width: 120 }),
  textColumn('物流单号', 'logisticsNo', { width: 170 }),
  dictColumn('快递类型', 'type', DICT_TYPE.EXP_ORDER_TYPE, { width: 100 }),
  dictColumn('快递状态', 'status', DICT_TYPE.EXP_ORDER_STATUS, { width: 100 }),
  dictColumn('退款标识', 'refundFlag', DICT_TYPE.EXP_REFUND_FLAG, { width: 100 }),
  textColumn('运费', 'freight', { width: 100, render: (fen: number) => formatFen(fen) }),
  {
    title: '收件人',
    key: 'receiver',
    width: 260,
    render: (_: unknown, row) => (
      <>
        <div>
          {row.receiverName} {row.receiverMobile}
        </div>
        <Typography.Text type="secondary">{addressOf(row)}</Typography.Text>
      </>
    ),
  },
  dateTimeColumn('签收时间', 'signTime'),
  dateTimeColumn('发货时间', 'createTime'),
];

const tag = (type: string, value: number) => <DictTag type={type} value={value} />;

const detailItems = (row: ExpressOrderDetail): DetailItem[] => [
  ['编号', row.id],
  ['订单号', row.orderNo],
  ['快递公司', row.expressName],
  ['物流单号', row.logisticsNo],
  ['快递类型', tag(DICT_TYPE.EXP_ORDER_TYPE, row.type)],
  ['快递状态', tag(DICT_TYPE.EXP_ORDER_STATUS, row.status)],
  ['退款标识', tag(DICT_TYPE.EXP_REFUND_FLAG, row.refundFlag)],
  ['运费', formatFen(row.freight)],
  ['收件人', row.receiverName],
  ['收件人手机', row.receiverMobile],
  ['收件地址', addressOf(row)],
  ['签收时间', formatDateTime(row.signTime)],
  ['发货时间', formatDateTime(row.createTime)],
  ['物流轨迹', <ExpressTracks tracks={row.tracks} />],
];

/** 更新状态: the shipment's next status as the carrier reports it, with what it said (a track event). */
function StatusDialog({
  row,
  open,
  onClose,
}: {
  row: ExpressOrder | null;
  open: boolean;
  onClose: () => void;
}) {
  const allowed = row ? expOrderNextStatuses(row.status) : [];
  const options = useDictValueOptions(DICT_TYPE.EXP_ORDER_STATUS).filter((option) =>
    allowed.includes(option.value as number),
  );
  return (
    <ActionDialog
      title="更新状态"
      name="expressOrderStatusForm"
      open={open}
      onClose={onClose}
      endpoint={expressOrderUpdateStatus}
      toBody={(values) => ({
        id: row?.id ?? 0,
        status: values.status as number,
        content: (values.content as string | undefined) ?? null,
      })}
      success="更新成功"
      refreshes={[tradeOrderPage]}
    >
      <Form.Item label="物流单号">{row?.logisticsNo}</Form.Item>
      <Form.Item label="当前状态">{row && tag(DICT_TYPE.EXP_ORDER_STATUS, row.status)}</Form.Item>
      {formItem('快递状态', 'status', required('快递状态'), <Radio.Group options={options} />)}
      {textField('轨迹说明', 'content', 200, {
        optional: true,
        rows: 3,
        placeholder: '承运商的说明，如：快件已到达深圳转运中心',
      })}
    </ActionDialog>
  );
}

/**
 * 快递管理 (menu component exp/order/index, beside 运费查询): every shipment made by 发货, its track,
 * and the statuses the carrier reports.
 */
export function ExpressOrderPage() {
  const details = useDetailDialog<ExpressOrderDetail>();
  // The row stays while the dialog closes, so that it does not empty before it is gone.
  const [updating, setUpdating] = useState<{ row: ExpressOrder | null; open: boolean }>({
    row: null,
    open: false,
  });
  const canRead = useCan(expressOrderGet);
  const canUpdate = useCan(expressOrderUpdateStatus);
  const showDetail = (id: number) =>
    void request(expressOrderGet, { query: { id } })
      .then(details.open)
      .catch(() => undefined);

  return useCrudPage({
    endpoints: { page: expressOrderPage, export: expressOrderExport },
    entity: '快递订单',
    exportAs: { fileName: '快递订单.xlsx' },
    search: SEARCH,
    columns: COLUMNS,
    rowActions: {
      first: (row) => [
        detailAction(() => showDetail(row.id), { label: '详情', visible: canRead }),
        {
          key: 'status',
          label: '更新状态',
          icon: <SyncOutlined />,
          onClick: () => setUpdating({ row, open: true }),
          visible: canUpdate && expOrderNextStatuses(row.status).length > 0,
        },
      ],
      moreVisible: canRead || canUpdate,
      width: 190,
    },
    emptyText: '暂无快递订单',
    scrollX: 1800,
    dialogs: (
      <>
        <DetailDialog control={details} title="快递订单详情" width={720} items={detailItems} />
        <StatusDialog
          row={updating.row}
          open={updating.open}
          onClose={() => setUpdating((current) => ({ ...current, open: false }))}
        />
      </>
    ),
  });
}
