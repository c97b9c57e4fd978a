import * as apiLog from './api/api-log.js';
import * as appMember from './api/app-member.js';
import * as appPay from './api/app-pay.js';
import * as appTradeOrder from './api/app-trade-order.js';
import * as area from './api/area.js';
import * as auth from './api/auth.js';
import * as authRegister from './api/auth-register.js';
import * as authSms from './api/auth-sms.js';
import * as authSocial from './api/auth-social.js';
import * as bpmForm from './api/bpm-form.js';
import * as bpmModel from './api/bpm-model.js';
import * as bpmOaLeave from './api/bpm-oa-leave.js';
import * as bpmProcessInstance from './api/bpm-process-instance.js';
import * as bpmTask from './api/bpm-task.js';
import * as bpmUserGroup from './api/bpm-user-group.js';
import * as captcha from './api/captcha.js';
import * as codegen from './api/codegen.js';
import * as config from './api/config.js';
import * as dataSource from './api/data-source.js';
import * as demo01Contact from './api/demo01-contact.js';
import * as demo02Category from './api/demo02-category.js';
import * as payApp from './api/pay-app.js';
import * as payDemoOrder from './api/pay-demo-order.js';
import * as payNotify from './api/pay-notify.js';
import * as payOrder from './api/pay-order.js';
import * as payRefund from './api/pay-refund.js';
import * as productBrand from './api/product-brand.js';
import * as productCategory from './api/product-category.js';
import * as productProperty from './api/product-property.js';
import * as productSpu from './api/product-spu.js';
import * as demo03StudentErp from './api/demo03-student-erp.js';
import * as demo03StudentInner from './api/demo03-student-inner.js';
import * as demo03StudentNormal from './api/demo03-student-normal.js';
import * as dept from './api/dept.js';
import * as dict from './api/dict.js';
import * as druid from './api/druid.js';
import * as dictAdmin from './api/dict-admin.js';
import * as file from './api/file.js';
import * as fileConfig from './api/file-config.js';
import * as home from './api/home.js';
import * as job from './api/job.js';
import * as loginLog from './api/login-log.js';
import * as mail from './api/mail.js';
import * as menu from './api/menu.js';
import * as notice from './api/notice.js';
import * as notify from './api/notify.js';
import * as notifyAdmin from './api/notify-admin.js';
import * as oauth2 from './api/oauth2.js';
import * as operateLog from './api/operate-log.js';
import * as post from './api/post.js';
import * as profile from './api/profile.js';
import * as redis from './api/redis.js';
import * as role from './api/role.js';
import * as serverMonitor from './api/server-monitor.js';
import * as sms from './api/sms.js';
import * as social from './api/social.js';
import * as tenant from './api/tenant.js';
import * as memberUser from './api/member-user.js';
import * as tenantAdmin from './api/tenant-admin.js';
import * as tradeDelivery from './api/trade-delivery.js';
import * as tradeExpressOrder from './api/trade-express-order.js';
import * as tradeOrder from './api/trade-order.js';
import * as tenantPackage from './api/tenant-package.js';
import * as user from './api/user.js';
import * as websocket from './api/websocket.js';
import type { Endpoint } from './endpoint.js';

/**
 * Every module under `api/`, keyed by file name. ENDPOINTS is collected from these, so a new
 * endpoint needs no second entry; `endpoints.test.ts` fails when a file of `api/` is missing here.
 */
export const API_MODULES: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  'api-log': apiLog,
  'app-member': appMember,
  'app-pay': appPay,
  'app-trade-order': appTradeOrder,
  area,
  auth,
  'auth-register': authRegister,
  'auth-sms': authSms,
  'auth-social': authSocial,
  'bpm-form': bpmForm,
  'bpm-model': bpmModel,
  'bpm-oa-leave': bpmOaLeave,
  'bpm-process-instance': bpmProcessInstance,
  'bpm-task': bpmTask,
  'bpm-user-group': bpmUserGroup,
  captcha,
  codegen,
  config,
  'data-source': dataSource,
  'demo01-contact': demo01Contact,
  'demo02-category': demo02Category,
  'demo03-student-erp': demo03StudentErp,
  'demo03-student-inner': demo03StudentInner,
  'demo03-student-normal': demo03StudentNormal,
  dept,
  dict,
  'dict-admin': dictAdmin,
  druid,
  file,
  'file-config': fileConfig,
  home,
  job,
  'login-log': loginLog,
  mail,
  menu,
  notice,
  notify,
  'notify-admin': notifyAdmin,
  oauth2,
  'operate-log': operateLog,
  post,
  'pay-app': payApp,
  'pay-demo-order': payDemoOrder,
  'pay-notify': payNotify,
  'pay-order': payOrder,
  'pay-refund': payRefund,
  'product-brand': productBrand,
  'product-category': productCategory,
  'product-property': productProperty,
  'product-spu': productSpu,
  profile,
  redis,
  role,
  'server-monitor': serverMonitor,
  sms,
  social,
  tenant,
  'tenant-admin': tenantAdmin,
  'tenant-package': tenantPackage,
  'trade-delivery': tradeDelivery,
  'trade-express-order': tradeExpressOrder,
  'trade-order': tradeOrder,
  'member-user': memberUser,
  user,
  websocket,
};

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' &&
  value !== null &&
  'method' in value &&
  'path' in value &&
  'access' in value &&
  'data' in value;

/** Each endpoint once, even if a module re-exports another module's endpoint. */
const collect = (modules: typeof API_MODULES): readonly Endpoint[] => [
  ...new Set(Object.values(modules).flatMap((m) => Object.values(m).filter(isEndpoint))),
];

/**
 * Every endpoint of the admin API and of the member API (`api: 'app'`); the server registers exactly
 * these, each below its API's prefix.
 */
export const ENDPOINTS: readonly Endpoint[] = /* @__PURE__ */ collect(API_MODULES);
