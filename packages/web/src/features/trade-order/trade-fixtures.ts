import type {
  DeliveryExpressSimple,
  DictDataSimple,
  ExpressOrderDetail,
  TradeOrder,
  TradeOrderDetail,
  TradeOrderItem,
} from '@app/contract';
import { dict } from '../../test/dicts';

// Test data of the order and express pages' tests: the dictionaries as the seed has them, orders and shipments.

export const TRADE_DICTS: DictDataSimple[] = [
  dict('trade_order_status', '0', '待支付', 'default'),
  dict('trade_order_status', '10', '待发货'),
  dict('trade_order_status', '20', '已发货'),
  dict('trade_order_status', '30', '已完成', 'success'),
  dict('trade_order_status', '40', '已取消', 'danger'),
  dict('trade_order_type', '0', '普通订单', 'default'),
  dict('trade_order_type', '1', '秒杀订单', 'default'),
  dict('terminal', '10', '微信小程序', 'default'),
  dict('terminal', '20', 'H5 网页', 'default'),
  dict('pay_channel_code', 'wx_lite', '微信小程序支付'),
  dict('pay_channel_code', 'mock', '模拟支付'),
  dict('trade_order_item_after_sale_status', '0', '未售后', 'info'),
  dict('trade_order_item_after_sale_status', '2', '已退款', 'success'),
  dict('exp_order_status', '0', '待揽收', 'info'),
  dict('exp_order_status', '10', '运输中'),
  dict('exp_order_status', '20', '已签收', 'success'),
  dict('exp_order_status', '30', '已取消', 'danger'),
  dict('exp_order_status', '40', '异常', 'warning'),
  dict('exp_order_type', '1', '普通快递', 'default'),
  dict('exp_order_type', '2', '加急快递', 'warning'),
  dict('exp_refund_flag', '0', '未退款', 'info'),
  dict('exp_refund_flag', '1', '已退款', 'success'),
];

export const ORDERED = new Date(2026, 10, 20, 8, 0, 0).getTime();
export const PAID = new Date(2026, 10, 20, 8, 5, 0).getTime();
export const SHIPPED = new Date(2026, 10, 21, 9, 0, 0).getTime();

export const EXPRESSES: DeliveryExpressSimple[] = [
  { id: 1, code: 'SF', name: '顺丰速运' },
  { id: 2, code: 'YTO', name: '圆通速递' },
];

export const orderItem = (
  over: Partial<TradeOrderItem> & Pick<TradeOrderItem, 'id' | 'orderId' | 'spuName'>,
): TradeOrderItem => ({
  userId: 7,
  spuId: 100 + over.id,
  skuId: 200 + over.id,
  picUrl: `https://img.example/${over.id}.png`,
  count: 1,
  originalPrice: 1990,
  originalUnitPrice: 1990,
  discountPrice: 0,
  payPrice: 1990,
  orderPartPrice: 0,
  orderDividePrice: 0,
  afterSaleStatus: 0,
  properties: [],
  ...over,
});

export const tradeOrder = (
  over: Partial<TradeOrder> & Pick<TradeOrder, 'id' | 'no' | 'status'>,
): TradeOrder => {
  const paid = over.status !== 0 && over.status !== 40;
  return {
    createTime: ORDERED,
    type: 0,
    terminal: 10,
    userId: 7,
    userIp: '10.0.0.7',
    userRemark: null,
    productCount: 1,
    finishTime: null,
    cancelTime: null,
    cancelType: null,
    remark: null,
    payOrderId: 9000 + over.id,
    payed: paid,
    payTime: paid ? PAID : null,
    payChannelCode: paid ? 'wx_lite' : null,
    originalPrice: 1990,
    orderPrice: 1990,
    discountPrice: 0,
    deliveryPrice: 800,
    adjustPrice: 0,
    payPrice: 2790,
    deliveryTemplateId: 1,
    logisticsId: null,
    logisticsNo: null,
    deliveryStatus: 0,
    deliveryTime: null,
    receiveTime: null,
    receiverName: '张三',
    receiverMobile: '13800000001',
    receiverAreaId: 440305,
    receiverPostCode: null,
    receiverDetailAddress: '科技园 1 号',
    afterSaleStatus: 0,
    refundPrice: 0,
    couponId: null,
    couponPrice: 0,
    pointPrice: 0,
    receiverAreaName: '广东省 深圳市 南山区',
    items: [orderItem({ id: over.id * 10, orderId: over.id, spuName: '纯棉T恤' })],
    ...over,
  };
};

export const orderDetail = (
  over: Partial<TradeOrderDetail> & Pick<TradeOrderDetail, 'id' | 'no' | 'status'>,
): TradeOrderDetail => ({
  user: { id: 7, nickname: '小明', avatar: null },
  logs: [],
  logisticsName: null,
  ...tradeOrder(over),
  ...over,
});

export const expressOrder = (
  over: Partial<ExpressOrderDetail> & Pick<ExpressOrderDetail, 'id' | 'status'>,
): ExpressOrderDetail => ({
  orderId: 3,
  orderNo: 'O202611210003',
  expressId: 1,
  expressName: '顺丰速运',
  logisticsNo: `SF00${over.id}`,
  type: 1,
  refundFlag: 0,
  freight: 800,
  receiverName: '张三',
  receiverMobile: '13800000001',
  receiverAreaId: 440305,
  receiverAreaName: '广东省 深圳市 南山区',
  receiverDetailAddress: '科技园 1 号',
  signTime: null,
  createTime: SHIPPED,
  tracks: [],
  ...over,
});
