import { z } from 'zod';
import { defineEndpoint, permission } from '../endpoint.js';
import { optionalPositiveInt, readTimeRange, stringOrList } from '../query.js';
import { epochMillis, pageParam, pageResult } from '../result.js';
import { adminFormFields } from './dict-admin.js';
import { payFilterFields } from './pay-order.js';

/* 回调通知 (/pay/notify): the results we POST to merchants, each attempt logged. */

const { idQuery, textFilter } = adminFormFields;
const { statusIn } = payFilterFields;

/** Dictionary pay_notify_type. */
export const PAY_NOTIFY_TYPE = { ORDER: 1, REFUND: 2 } as const;
/** Dictionary pay_notify_status. */
export const PAY_NOTIFY_STATUS = {
  WAITING: 0,
  SUCCESS: 10,
  FAILURE: 20,
  REQUEST_SUCCESS: 21,
  REQUEST_FAILURE: 22,
} as const;

export const payNotifyTask = z.object({
  id: z.number().int(),
  appId: z.number().int(),
  appName: z.string().nullable(),
  type: z.number().int(),
  /** The pay order's or the refund's id. */
  dataId: z.number().int(),
  merchantOrderId: z.string(),
  merchantRefundId: z.string().nullable(),
  status: z.number().int(),
  nextNotifyTime: epochMillis,
  lastExecuteTime: epochMillis.nullable(),
  notifyTimes: z.number().int(),
  maxNotifyTimes: z.number().int(),
  notifyUrl: z.string(),
  createTime: epochMillis,
  updateTime: epochMillis,
});
export type PayNotifyTask = z.output<typeof payNotifyTask>;

export const payNotifyLog = z.object({
  id: z.number().int(),
  taskId: z.number().int(),
  notifyTimes: z.number().int(),
  /** What the merchant answered, or why the request failed. */
  response: z.string(),
  status: z.number().int(),
  createTime: epochMillis,
});
export type PayNotifyLog = z.output<typeof payNotifyLog>;

export const payNotifyTaskDetail = payNotifyTask.extend({ logs: z.array(payNotifyLog) });
export type PayNotifyTaskDetail = z.output<typeof payNotifyTaskDetail>;

export const payNotifyPageReq = pageParam
  .extend({
    appId: optionalPositiveInt('应用编号'),
    type: statusIn(Object.values(PAY_NOTIFY_TYPE), '通知类型'),
    dataId: optionalPositiveInt('关联编号'),
    status: statusIn(Object.values(PAY_NOTIFY_STATUS), '通知状态'),
    merchantOrderId: textFilter('商户订单编号', 64),
    createTime: stringOrList.optional(),
    'createTime[0]': z.string().optional(),
    'createTime[1]': z.string().optional(),
  })
  .transform((raw, ctx) => ({
    pageNo: raw.pageNo,
    pageSize: raw.pageSize,
    appId: raw.appId,
    type: raw.type,
    dataId: raw.dataId,
    status: raw.status,
    merchantOrderId: raw.merchantOrderId,
    createTime: readTimeRange(raw, 'createTime', '创建时间', ctx),
  }));
export type PayNotifyPageReq = z.input<typeof payNotifyPageReq>;
export type PayNotifyFilter = Omit<z.output<typeof payNotifyPageReq>, 'pageNo' | 'pageSize'>;

const TAG = '回调通知';

export const payNotifyPage = defineEndpoint({
  method: 'GET',
  path: '/pay/notify/page',
  summary: '获得回调通知分页（最新在前）',
  tag: TAG,
  access: permission('pay:notify:query'),
  query: payNotifyPageReq,
  data: pageResult(payNotifyTask),
});

export const payNotifyGetDetail = defineEndpoint({
  method: 'GET',
  path: '/pay/notify/get-detail',
  summary: '获得回调通知详情（带每次通知的日志）',
  tag: TAG,
  access: permission('pay:notify:query'),
  query: idQuery('通知编号'),
  data: payNotifyTaskDetail,
});
