import { defineEndpoint, MEMBER } from '../endpoint.js';
import { payOrderSubmitReq, payOrderSubmitResp } from './pay-order.js';

/*
 * The cashier in the member API (yudao v1.8.3's /app-api/pay/order/submit): a member pays the pay
 * order of one of their own orders. The body and answer are the console's cashier's; 钱包 pays
 * from the member's own wallet.
 */

export const appPayOrderSubmit = defineEndpoint({
  api: 'app',
  method: 'POST',
  path: '/pay/order/submit',
  summary: '支付自己订单的支付单（收银台）：返回状态与展示方式；他人订单的支付单为不存在',
  tag: '用户 App - 支付订单',
  access: MEMBER,
  body: payOrderSubmitReq,
  data: payOrderSubmitResp,
});
