import {
  smsChannelCreate,
  smsChannelDelete,
  smsChannelGet,
  smsChannelListAllSimple,
  smsChannelPage,
  smsChannelUpdate,
  smsLogExportExcel,
  smsLogPage,
  smsTemplateCreate,
  smsTemplateDelete,
  smsTemplateExportExcel,
  smsTemplateGet,
  smsTemplatePage,
  smsTemplateSendSms,
  smsTemplateUpdate,
} from '@app/contract';
import type { RouteRegistrar } from '../../plugins/routes.js';
import { sendXlsx } from '../../lib/crud/index.js';
import type { SmsService } from './service.js';

export const smsRoutes = (route: RouteRegistrar, sms: SmsService): void => {
  route(smsChannelPage, ({ query }) => sms.channelPage(query));
  route(smsChannelListAllSimple, () => sms.channelSimpleList());
  route(smsChannelGet, ({ query }) => sms.getChannel(query.id));
  route(smsChannelCreate, ({ user, body }) => sms.createChannel(user, body));
  route(smsChannelUpdate, ({ user, body }) => sms.updateChannel(user, body));
  route(smsChannelDelete, ({ user, query }) => sms.deleteChannel(user, query.id));

  route(smsTemplatePage, ({ query }) => sms.templatePage(query));
  route(smsTemplateGet, ({ query }) => sms.getTemplate(query.id));
  route(smsTemplateCreate, ({ user, body }) => sms.createTemplate(user, body));
  route(smsTemplateUpdate, ({ user, body }) => sms.updateTemplate(user, body));
  route(smsTemplateDelete, ({ user, query }) => sms.deleteTemplate(user, query.id));
  route(smsTemplateSendSms, ({ user, body }) => sms.sendSms(user, body));
  route.raw(smsTemplateExportExcel, async ({ query }, reply) =>
    sendXlsx(reply, '短信模板.xlsx', await sms.exportTemplates(query)),
  );

  route(smsLogPage, ({ query }) => sms.logPage(query));
  route.raw(smsLogExportExcel, async ({ query }, reply) =>
    sendXlsx(reply, '短信日志.xlsx', await sms.exportLogs(query)),
  );
};
