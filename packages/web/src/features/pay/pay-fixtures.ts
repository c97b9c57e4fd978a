import type { DictDataSimple } from '@app/contract';
import { COMMON_STATUS, dict } from '../../test/dicts';

// Test data of the pay pages' tests: the pay dictionaries as the seed has them.

export const PAY_DICTS: DictDataSimple[] = [
  ...COMMON_STATUS,
  dict('pay_channel_code', 'alipay_pc', '支付宝 PC 网站支付'),
  dict('pay_channel_code', 'wx_pub', '微信公众号支付'),
  dict('pay_channel_code', 'mock', '模拟支付'),
  dict('pay_order_status', '0', '等待支付', 'info'),
  dict('pay_order_status', '10', '支付成功', 'success'),
  dict('pay_order_status', '20', '已退款', 'warning'),
  dict('pay_order_status', '30', '支付关闭', 'info'),
  dict('pay_refund_status', '0', '等待退款', 'info'),
  dict('pay_refund_status', '10', '退款成功', 'success'),
  dict('pay_refund_status', '20', '退款失败', 'danger'),
  dict('pay_notify_type', '1', '支付单'),
  dict('pay_notify_type', '2', '退款单'),
  dict('pay_notify_status', '0', '等待通知', 'info'),
  dict('pay_notify_status', '10', '通知成功', 'success'),
  dict('pay_notify_status', '20', '通知失败', 'danger'),
  dict('pay_notify_status', '21', '请求成功，但是结果失败', 'warning'),
  dict('pay_notify_status', '22', '请求失败', 'warning'),
];

/** What `GET /pay/app/list` answers: the apps of the filters. */
export const PAY_APPS = [
  { id: 1, name: '商城' },
  { id: 2, name: '会员' },
];

export const PAY_CREATED = new Date(2026, 10, 20, 8, 0, 0).getTime();
