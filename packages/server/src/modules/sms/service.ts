import type {
  PageResult,
  SmsChannel,
  SmsChannelSimple,
  SmsLog,
  SmsLogFilter,
  SmsTemplate,
  SmsTemplateFilter,
} from '@app/contract';
import {
  DICT_TYPE,
  SmsError,
  type smsChannelCreateReq,
  type smsChannelPageReq,
  type smsChannelUpdateReq,
  type smsLogPageReq,
  type smsTemplateCreateReq,
  type smsTemplatePageReq,
  type smsTemplateSendReq,
  type smsTemplateUpdateReq,
} from '@app/contract';
import type { z } from 'zod';
import { ADMIN_USER_TYPE, STATUS_DISABLED, type AppContext, type LoginUser } from '../../context.js';
import { fail } from '../../lib/errors.js';
import { formatDateTime, loadDictLabels, toXlsx } from '../../lib/crud/index.js';
import { templateParamNames } from '../../lib/template.js';
import { checkExportSize, EXPORT_MAX_ROWS } from '../../lib/export-limit.js';
import { smsLogRepository, type SmsLogRow } from './log-repository.js';
import { type SmsChannelRow, smsRepository, type SmsTemplateRow } from './repository.js';
import type { SmsSender } from './sender.js';

const parseJson = <T>(json: string, fallback: T): T => {
  try {
    return JSON.parse(json) as T;
  } catch {
    return fallback;
  }
};

const toChannel = (row: SmsChannelRow): SmsChannel => ({
  id: row.id,
  signature: row.signature,
  code: row.code,
  status: row.status,
  remark: row.remark,
  apiKey: row.apiKey,
  apiSecret: row.apiSecret,
  callbackUrl: row.callbackUrl,
  apiUrl: row.apiUrl,
  createTime: row.createTime,
});

const toTemplate = (row: SmsTemplateRow): SmsTemplate => ({
  id: row.id,
  type: row.type,
  status: row.status,
  code: row.code,
  name: row.name,
  content: row.content,
  params: parseJson<string[]>(row.params, []),
  remark: row.remark,
  apiTemplateId: row.apiTemplateId,
  channelId: row.channelId,
  channelCode: row.channelCode,
  createTime: row.createTime,
});

const toLog = (row: SmsLogRow): SmsLog => ({
  id: row.id,
  channelId: row.channelId,
  channelCode: row.channelCode,
  templateId: row.templateId,
  templateCode: row.templateCode,
  templateType: row.templateType,
  templateContent: row.templateContent,
  templateParams: parseJson<Record<string, unknown>>(row.templateParams, {}),
  apiTemplateId: row.apiTemplateId,
  mobile: row.mobile,
  userId: row.userId,
  userType: row.userType,
  sendStatus: row.sendStatus,
  sendTime: row.sendTime,
  sendCode: row.sendCode,
  sendMsg: row.sendMsg,
  apiSendCode: row.apiSendCode,
  apiSendMsg: row.apiSendMsg,
  apiRequestId: row.apiRequestId,
  apiSerialNo: row.apiSerialNo,
  receiveStatus: row.receiveStatus,
  receiveTime: row.receiveTime,
  apiReceiveCode: row.apiReceiveCode,
  apiReceiveMsg: row.apiReceiveMsg,
  createTime: row.createTime,
});

const timeCell = (ms: number | null) => (ms === null ? '' : formatDateTime(ms));

/** SMS channels, templates and the send log (global tables: every tenant's admins see the same). */
export const smsService = (ctx: AppContext, sender: SmsSender) => {
  const repo = smsRepository(ctx.db.kysely);
  const logs = smsLogRepository(ctx.db.kysely, ctx.db.dialect);

  const existingChannel = async (id: number): Promise<SmsChannelRow> => {
    const row = await repo.findChannel(id);
    if (!row) throw fail(SmsError.SMS_CHANNEL_NOT_EXISTS);
    return row;
  };

  const existingTemplate = async (id: number): Promise<SmsTemplateRow> => {
    const row = await repo.findTemplate(id);
    if (!row) throw fail(SmsError.SMS_TEMPLATE_NOT_EXISTS);
    return row;
  };

  /** The channel a template is put on must exist and be enabled. */
  const usableChannel = async (id: number): Promise<SmsChannelRow> => {
    const channel = await existingChannel(id);
    if (channel.status === STATUS_DISABLED) throw fail(SmsError.SMS_CHANNEL_DISABLE);
    return channel;
  };

  const validateTemplateCode = async (code: string, id: number | null) => {
    const same = await repo.findTemplateByCode(code);
    if (same && same.id !== id) throw fail(SmsError.SMS_TEMPLATE_CODE_DUPLICATE, code);
  };

  const templateChanges = (body: z.output<typeof smsTemplateCreateReq>, channel: SmsChannelRow) => ({
    type: body.type,
    status: body.status,
    code: body.code,
    name: body.name,
    content: body.content,
    params: JSON.stringify(templateParamNames(body.content)),
    remark: body.remark,
    apiTemplateId: body.apiTemplateId,
    channelId: channel.id,
    channelCode: channel.code,
  });

  return {
    async channelPage(query: z.output<typeof smsChannelPageReq>): Promise<PageResult<SmsChannel>> {
      const { pageNo, pageSize, ...filter } = query;
      const { list, total } = await repo.channelPage(filter, { pageNo, pageSize });
      return { list: list.map(toChannel), total };
    },

    async channelSimpleList(): Promise<SmsChannelSimple[]> {
      return (await repo.channelList()).map((c) => ({ id: c.id, signature: c.signature, code: c.code }));
    },

    getChannel: async (id: number): Promise<SmsChannel> => toChannel(await existingChannel(id)),

    createChannel: (user: LoginUser, body: z.output<typeof smsChannelCreateReq>): Promise<number> =>
      repo.insertChannel(body, ctx.now(), user.id),

    async updateChannel(user: LoginUser, body: z.output<typeof smsChannelUpdateReq>): Promise<boolean> {
      const { id, code, ...changes } = body;
      const current = await existingChannel(id);
      await repo.updateChannel(id, { ...changes, code: code ?? current.code }, ctx.now(), user.id);
      return true;
    },

    async deleteChannel(user: LoginUser, id: number): Promise<boolean> {
      await existingChannel(id);
      if ((await repo.countTemplatesOfChannel(id)) > 0) throw fail(SmsError.SMS_CHANNEL_HAS_CHILDREN);
      await repo.deleteChannel(id, ctx.now(), user.id);
      return true;
    },

    async templatePage(query: z.output<typeof smsTemplatePageReq>): Promise<PageResult<SmsTemplate>> {
      const { pageNo, pageSize, ...filter } = query;
      const { list, total } = await repo.templatePage(filter, { pageNo, pageSize });
      return { list: list.map(toTemplate), total };
    },

    getTemplate: async (id: number): Promise<SmsTemplate> => toTemplate(await existingTemplate(id)),

    async createTemplate(user: LoginUser, body: z.output<typeof smsTemplateCreateReq>): Promise<number> {
      const channel = await usableChannel(body.channelId);
      await validateTemplateCode(body.code, null);
      const id = await repo.insertTemplate(templateChanges(body, channel), ctx.now(), user.id);
      await ctx.bus.publish('sms-template');
      return id;
    },

    async updateTemplate(user: LoginUser, body: z.output<typeof smsTemplateUpdateReq>): Promise<boolean> {
      await existingTemplate(body.id);
      const channel = await usableChannel(body.channelId);
      await validateTemplateCode(body.code, body.id);
      await repo.updateTemplate(body.id, templateChanges(body, channel), ctx.now(), user.id);
      await ctx.bus.publish('sms-template');
      return true;
    },

    async deleteTemplate(user: LoginUser, id: number): Promise<boolean> {
      await existingTemplate(id);
      await repo.deleteTemplate(id, ctx.now(), user.id);
      await ctx.bus.publish('sms-template');
      return true;
    },

    /** A test SMS in the caller's name; returns the send log's id. */
    sendSms: (user: LoginUser, body: z.output<typeof smsTemplateSendReq>): Promise<number> =>
      sender.send(body.mobile, user.id, ADMIN_USER_TYPE, body.templateCode, body.templateParams ?? {}),

    /** 短信模板 as .xlsx, with dictionary labels for type, status and channel. */
    async exportTemplates(filter: SmsTemplateFilter): Promise<Buffer> {
      const types = [
        DICT_TYPE.SYSTEM_SMS_TEMPLATE_TYPE,
        DICT_TYPE.COMMON_STATUS,
        DICT_TYPE.SYSTEM_SMS_CHANNEL_CODE,
      ];
      const [rows, { label }] = await Promise.all([
        repo.templateList(filter),
        loadDictLabels(ctx.db.kysely, types),
      ]);
      return toXlsx<SmsTemplateRow>(
        '数据',
        [
          { header: '编号', width: 8, value: (r) => r.id },
          { header: '短信类型', width: 10, value: (r) => label(DICT_TYPE.SYSTEM_SMS_TEMPLATE_TYPE, r.type) },
          { header: '开启状态', width: 10, value: (r) => label(DICT_TYPE.COMMON_STATUS, r.status) },
          { header: '模板编码', width: 20, value: (r) => r.code },
          { header: '模板名称', width: 20, value: (r) => r.name },
          { header: '模板内容', width: 40, value: (r) => r.content },
          { header: '备注', width: 20, value: (r) => r.remark ?? '' },
          { header: '短信 API 的模板编号', width: 20, value: (r) => r.apiTemplateId },
          { header: '短信渠道编号', width: 12, value: (r) => r.channelId },
          {
            header: '短信渠道编码',
            width: 14,
            value: (r) => label(DICT_TYPE.SYSTEM_SMS_CHANNEL_CODE, r.channelCode),
          },
          { header: '创建时间', width: 20, value: (r) => formatDateTime(r.createTime) },
        ],
        rows,
      );
    },

    async logPage(query: z.output<typeof smsLogPageReq>): Promise<PageResult<SmsLog>> {
      const { pageNo, pageSize, ...filter } = query;
      const { list, total } = await logs.page(filter, { pageNo, pageSize });
      return { list: list.map(toLog), total };
    },

    /** 短信日志 as .xlsx, newest first, with dictionary labels. */
    async exportLogs(filter: SmsLogFilter): Promise<Buffer> {
      const types = [
        DICT_TYPE.SYSTEM_SMS_CHANNEL_CODE,
        DICT_TYPE.SYSTEM_SMS_TEMPLATE_TYPE,
        DICT_TYPE.USER_TYPE,
        DICT_TYPE.SYSTEM_SMS_SEND_STATUS,
        DICT_TYPE.SYSTEM_SMS_RECEIVE_STATUS,
      ];
      const [rows, { label }] = await Promise.all([
        logs.list(filter, EXPORT_MAX_ROWS + 1).then(checkExportSize),
        loadDictLabels(ctx.db.kysely, types),
      ]);
      return toXlsx<SmsLogRow>(
        '数据',
        [
          { header: '编号', width: 8, value: (r) => r.id },
          { header: '短信渠道编号', width: 12, value: (r) => r.channelId },
          {
            header: '短信渠道编码',
            width: 14,
            value: (r) => label(DICT_TYPE.SYSTEM_SMS_CHANNEL_CODE, r.channelCode),
          },
          { header: '模板编号', width: 10, value: (r) => r.templateId },
          { header: '模板编码', width: 20, value: (r) => r.templateCode },
          {
            header: '短信类型',
            width: 10,
            value: (r) => label(DICT_TYPE.SYSTEM_SMS_TEMPLATE_TYPE, r.templateType),
          },
          { header: '短信内容', width: 40, value: (r) => r.templateContent },
          { header: '短信参数', width: 30, value: (r) => r.templateParams },
          { header: '短信 API 的模板编号', width: 20, value: (r) => r.apiTemplateId },
          { header: '手机号', width: 14, value: (r) => r.mobile },
          { header: '用户编号', width: 10, value: (r) => r.userId ?? '' },
          {
            header: '用户类型',
            width: 10,
            value: (r) => (r.userType === null ? '' : label(DICT_TYPE.USER_TYPE, r.userType)),
          },
          {
            header: '发送状态',
            width: 10,
            value: (r) => label(DICT_TYPE.SYSTEM_SMS_SEND_STATUS, r.sendStatus),
          },
          { header: '发送时间', width: 20, value: (r) => timeCell(r.sendTime) },
          { header: '发送结果的编码', width: 14, value: (r) => r.sendCode ?? '' },
          { header: '发送结果的提示', width: 30, value: (r) => r.sendMsg ?? '' },
          { header: '短信 API 发送结果的编码', width: 20, value: (r) => r.apiSendCode ?? '' },
          { header: '短信 API 发送失败的提示', width: 30, value: (r) => r.apiSendMsg ?? '' },
          { header: '短信 API 发送返回的唯一请求 ID', width: 36, value: (r) => r.apiRequestId ?? '' },
          { header: '短信 API 发送返回的序号', width: 24, value: (r) => r.apiSerialNo ?? '' },
          {
            header: '接收状态',
            width: 10,
            value: (r) => label(DICT_TYPE.SYSTEM_SMS_RECEIVE_STATUS, r.receiveStatus),
          },
          { header: '接收时间', width: 20, value: (r) => timeCell(r.receiveTime) },
          { header: 'API 接收结果的编码', width: 16, value: (r) => r.apiReceiveCode ?? '' },
          { header: 'API 接收结果的说明', width: 24, value: (r) => r.apiReceiveMsg ?? '' },
          { header: '创建时间', width: 20, value: (r) => formatDateTime(r.createTime) },
        ],
        rows,
      );
    },
  };
};

export type SmsService = ReturnType<typeof smsService>;
