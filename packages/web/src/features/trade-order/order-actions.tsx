import {
  CheckCircleOutlined,
  CloseCircleOutlined,
  EditOutlined,
  EnvironmentOutlined,
  MoneyCollectOutlined,
  SendOutlined,
} from '@ant-design/icons';
import {
  TRADE_ORDER_STATUS,
  expressOrderPage,
  payOrderPage,
  payRefundPage,
  tradeOrderClose,
  tradeOrderDelivery,
  tradeOrderReceive,
  tradeOrderUpdateAddress,
  tradeOrderUpdatePrice,
  tradeOrderUpdateRemark,
} from '@app/contract';
import type { TradeOrderDetail } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, InputNumber, Select, Space } from 'antd';
import type { FormRule } from 'antd';
import { useState } from 'react';
import type { ReactNode } from 'react';
import {
  formItem,
  invalidateEndpoints,
  mobileField,
  required,
  requiredText,
  textField,
  useCan,
  useConfirmedCall,
} from '../../shared/crud';
import { AreaCascader } from '../../shared/ui/area-cascader';
import { formatFen, yuanToFen } from '../../shared/ui/money';
import { ActionDialog } from './action-dialog';
import { useExpressOptions } from './order-common';

/* 订单状态's actions on an order: each offered in the statuses the server allows it in, to those who may call it. */

const { UNPAID, UNDELIVERED, DELIVERED } = TRADE_ORDER_STATUS;

/** The express company of 发货 that ships without logistics. */
export const NO_LOGISTICS = 0;

type DialogKey = 'price' | 'remark' | 'address' | 'delivery' | 'close';

interface DialogProps {
  order: TradeOrderDetail;
  open: boolean;
  onClose: () => void;
}

/** The amount typed, in fen (0 while nothing is typed). */
const fenOf = (yuan: unknown) => yuanToFen(yuan as number | null | undefined) ?? 0;

/** 应付金额 before and after the adjustment typed. */
function PriceFields({ payPrice }: { payPrice: number }) {
  const adjust = Form.useWatch('adjust');
  const rules: FormRule[] = [
    ...required('调整金额'),
    {
      validator: (_, value) =>
        value === null || value === undefined || payPrice + fenOf(value) >= 1
          ? Promise.resolve()
          : Promise.reject(new Error('调整后应付金额不能小于 0.01 元')),
    },
  ];
  return (
    <>
      <Form.Item label="应付金额">{formatFen(payPrice)}</Form.Item>
      <Form.Item
        label="调整金额（元）"
        name="adjust"
        rules={rules}
        extra="正数为加价，负数为减价；只能调整一次"
      >
        <InputNumber<number>
          precision={2}
          step={0.01}
          min={-1_000_000_000}
          max={1_000_000_000}
          placeholder="请输入调整金额"
          style={{ width: 200 }}
        />
      </Form.Item>
      <Form.Item label="调整后应付">{formatFen(payPrice + fenOf(adjust))}</Form.Item>
    </>
  );
}

/** 调整价格 of an unpaid order, once: an amount in yuan added to what the buyer pays (negative: a discount). */
function PriceDialog({ order, ...dialog }: DialogProps) {
  return (
    <ActionDialog
      {...dialog}
      title="调整价格"
      name="tradeOrderPriceForm"
      endpoint={tradeOrderUpdatePrice}
      toBody={(values) => ({ id: order.id, adjustPrice: fenOf(values.adjust) })}
      success="修改成功"
      refreshes={[payOrderPage]}
      labelWidth={120}
    >
      <PriceFields payPrice={order.payPrice} />
    </ActionDialog>
  );
}

/** 备注: the merchant's remark, in any status (emptied, it is removed). */
function RemarkDialog({ order, ...dialog }: DialogProps) {
  return (
    <ActionDialog
      {...dialog}
      title="商家备注"
      name="tradeOrderRemarkForm"
      endpoint={tradeOrderUpdateRemark}
      initialValues={{ remark: order.remark }}
      toBody={(values) => ({ id: order.id, remark: (values.remark as string | undefined) ?? null })}
      success="备注成功"
    >
      {textField('商家备注', 'remark', 200, { optional: true, rows: 4 })}
    </ActionDialog>
  );
}

/** 修改地址 before delivery: the receiver, their mobile, the region and the street address. */
function AddressDialog({ order, ...dialog }: DialogProps) {
  const { receiverName, receiverMobile, receiverAreaId, receiverDetailAddress } = order;
  return (
    <ActionDialog
      {...dialog}
      title="修改地址"
      name="tradeOrderAddressForm"
      endpoint={tradeOrderUpdateAddress}
      initialValues={{ receiverName, receiverMobile, receiverAreaId, receiverDetailAddress }}
      toBody={(values) => ({
        id: order.id,
        receiverName: values.receiverName as string,
        receiverMobile: values.receiverMobile as string,
        receiverAreaId: values.receiverAreaId as number,
        receiverDetailAddress: values.receiverDetailAddress as string,
      })}
      success="修改成功"
    >
      {textField('收件人', 'receiverName', 30)}
      {mobileField('手机号', 'receiverMobile', { required: '手机号不能为空' })}
      {formItem('所在地区', 'receiverAreaId', required('所在地区'), <AreaCascader aria-label="所在地区" />)}
      {textField('详细地址', 'receiverDetailAddress', 250, { rows: 2 })}
    </ActionDialog>
  );
}

const LOGISTICS_NO_RULES: FormRule[] = [
  ...requiredText('快递单号', 64),
  { pattern: /^[A-Za-z0-9-]+$/, message: '快递单号只能包含字母、数字和中划线' },
];

/** The express company, and its tracking number unless the order ships without logistics. */
function DeliveryFields() {
  const companies = useExpressOptions();
  const logisticsId = Form.useWatch('logisticsId');
  const select = (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      placeholder="请选择快递公司"
      options={[{ value: NO_LOGISTICS, label: '无需物流' }, ...companies]}
    />
  );
  return (
    <>
      {formItem('快递公司', 'logisticsId', required('快递公司'), select)}
      {logisticsId !== NO_LOGISTICS &&
        formItem('快递单号', 'logisticsNo', LOGISTICS_NO_RULES, <Input placeholder="请输入快递单号" />)}
    </>
  );
}

/** 发货 of an order waiting for it: with an express company and its number, or 无需物流. */
function DeliveryDialog({ order, ...dialog }: DialogProps) {
  return (
    <ActionDialog
      {...dialog}
      title="订单发货"
      name="tradeOrderDeliveryForm"
      endpoint={tradeOrderDelivery}
      toBody={({ logisticsId, logisticsNo }) => ({
        id: order.id,
        logisticsId: logisticsId as number,
        logisticsNo: logisticsId === NO_LOGISTICS ? null : (logisticsNo as string).trim(),
      })}
      success="发货成功"
      refreshes={[expressOrderPage]}
    >
      <DeliveryFields />
    </ActionDialog>
  );
}

/** 关闭订单 before delivery, for a reason; a paid order is refunded in full. */
function CloseDialog({ order, ...dialog }: DialogProps) {
  return (
    <ActionDialog
      {...dialog}
      title="关闭订单"
      name="tradeOrderCloseForm"
      endpoint={tradeOrderClose}
      toBody={(values) => ({ id: order.id, reason: values.reason as string })}
      success="关闭成功"
      refreshes={[payOrderPage, payRefundPage]}
      danger
    >
      {order.payed && (
        <Alert
          className="trade-order-dialog-alert"
          type="warning"
          showIcon
          title={`该订单已支付，关闭后将把 ${formatFen(order.payPrice)} 全额退还给买家`}
        />
      )}
      {textField('关闭原因', 'reason', 200, { rows: 3 })}
    </ActionDialog>
  );
}

const DIALOGS: Record<DialogKey, (props: DialogProps) => ReactNode> = {
  price: PriceDialog,
  remark: RemarkDialog,
  address: AddressDialog,
  delivery: DeliveryDialog,
  close: CloseDialog,
};

interface Action {
  key: DialogKey | 'receive';
  label: string;
  icon: ReactNode;
  shown: boolean;
  danger?: boolean;
}

/** The actions that apply to the order in its status, as buttons, with their dialogs. */
export function OrderActions({ order }: { order: TradeOrderDetail }) {
  const client = useQueryClient();
  const confirmed = useConfirmedCall();
  const [open, setOpen] = useState<DialogKey | null>(null);
  const { status } = order;
  const beforeDelivery = status === UNPAID || status === UNDELIVERED;
  const actions: Action[] = [
    {
      key: 'price',
      label: '调整价格',
      icon: <MoneyCollectOutlined />,
      shown: useCan(tradeOrderUpdatePrice) && status === UNPAID && order.adjustPrice === 0,
    },
    { key: 'remark', label: '备注', icon: <EditOutlined />, shown: useCan(tradeOrderUpdateRemark) },
    {
      key: 'address',
      label: '修改地址',
      icon: <EnvironmentOutlined />,
      shown: useCan(tradeOrderUpdateAddress) && beforeDelivery,
    },
    {
      key: 'delivery',
      label: '发货',
      icon: <SendOutlined />,
      shown: useCan(tradeOrderDelivery) && status === UNDELIVERED,
    },
    {
      key: 'receive',
      label: '确认收货',
      icon: <CheckCircleOutlined />,
      shown: useCan(tradeOrderReceive) && status === DELIVERED,
    },
    {
      key: 'close',
      label: '关闭订单',
      icon: <CloseCircleOutlined />,
      shown: useCan(tradeOrderClose) && beforeDelivery,
      danger: true,
    },
  ];

  const receive = () =>
    confirmed({
      content: `是否确认订单"${order.no}"已收货?`,
      endpoint: tradeOrderReceive,
      options: { query: { id: order.id } },
      success: '确认收货成功',
      then: () => invalidateEndpoints(client, expressOrderPage),
    });

  return (
    <>
      <Space wrap>
        {actions
          .filter((action) => action.shown)
          .map(({ key, label, icon, danger }) => (
            <Button
              key={key}
              icon={icon}
              danger={danger}
              onClick={() => (key === 'receive' ? void receive() : setOpen(key))}
            >
              {label}
            </Button>
          ))}
      </Space>
      {(Object.keys(DIALOGS) as DialogKey[]).map((key) => {
        const Dialog = DIALOGS[key];
        return <Dialog key={key} order={order} open={open === key} onClose={() => setOpen(null)} />;
      })}
    </>
  );
}
