import { z } from 'zod';
import { defineEndpoint, SIGNED_IN } from '../endpoint.js';
import { epochMillis, pageParam, pageResult } from '../result.js';
import { adminFormFields } from './dict-admin.js';

/* 接入示例 (/pay/demo-order): demo orders of a fixed product list, paid through the cashier. */

const { idQuery, bodyId } = adminFormFields;

/** The products a demo order can be for; price in fen. */
export const PAY_DEMO_PRODUCTS = [
  { id: 1, name: '华为手机', price: 1 },
  { id: 2, name: '小米电视', price: 10 },
  { id: 3, name: '苹果手表', price: 100 },
  { id: 4, name: '华为笔记本', price: 1000 },
  { id: 5, name: '蔚来汽车', price: 200000 },
] as const;

export const payDemoOrder = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  spuId: z.number().int(),
  spuName: z.string(),
  price: z.number().int(),
  payStatus: z.boolean(),
  payOrderId: z.number().int(),
  payTime: epochMillis.nullable(),
  payChannelCode: z.string().nullable(),
  payRefundId: z.number().int().nullable(),
  refundPrice: z.number().int(),
  refundTime: epochMillis.nullable(),
  createTime: epochMillis,
});
export type PayDemoOrder = z.output<typeof payDemoOrder>;

export const payDemoOrderCreateReq = z.object({
  spuId: bodyId('商品编号').refine((id) => PAY_DEMO_PRODUCTS.some((p) => p.id === id), '商品不存在'),
  /** Ours: the app to pay through; the tenant's first enabled app when not sent. */
  appId: bodyId('应用编号').nullish(),
});
export type PayDemoOrderCreateReq = z.input<typeof payDemoOrderCreateReq>;

const TAG = '示例订单';

export const payDemoOrderPage = defineEndpoint({
  method: 'GET',
  path: '/pay/demo-order/page',
  summary: '获得示例订单分页（最新在前）',
  tag: TAG,
  access: SIGNED_IN,
  query: pageParam,
  data: pageResult(payDemoOrder),
});

export const payDemoOrderGet = defineEndpoint({
  method: 'GET',
  path: '/pay/demo-order/get',
  summary: '获得示例订单',
  tag: TAG,
  access: SIGNED_IN,
  query: idQuery('示例订单编号'),
  data: payDemoOrder,
});

export const payDemoOrderCreate = defineEndpoint({
  method: 'POST',
  path: '/pay/demo-order/create',
  summary: '创建示例订单并为它创建支付订单，返回示例订单编号',
  tag: TAG,
  access: SIGNED_IN,
  body: payDemoOrderCreateReq,
  data: z.number().int(),
});

export const payDemoOrderRefund = defineEndpoint({
  method: 'PUT',
  path: '/pay/demo-order/refund',
  summary: '为已支付的示例订单发起全额退款',
  tag: TAG,
  access: SIGNED_IN,
  query: idQuery('示例订单编号'),
  data: z.boolean(),
});
