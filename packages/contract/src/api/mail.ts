import { z } from 'zod';
import { defineEndpoint, permission, SIGNED_IN } from '../endpoint.js';
import { readTimeRange, stringOrList } from '../query.js';
import { epochMillis, pageParam, pageResult } from '../result.js';
import { adminFormFields } from './dict-admin.js';

/* Mail accounts, templates and the send log (/system/mail-*), global to all tenants as in the reference. */

const { idQuery, textFilter, statusFilter, requiredText, statusField, remarkField, bodyId } = adminFormFields;

/** Dictionary system_mail_send_status. */
export const MAIL_SEND_STATUS = { INIT: 0, SUCCESS: 10, FAILURE: 20, IGNORE: 30 } as const;

/** An optional id filter in a query string; blank counts as not sent. */
const idFilter = (label: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return undefined;
      const id = Number(v);
      if (!Number.isSafeInteger(id) || id <= 0) {
        ctx.addIssue({ code: 'custom', message: `${label}格式不正确` });
        return z.NEVER;
      }
      return id;
    });

const mailAddress = (missing: string, invalid: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(255, '邮箱长度不能超过 255 个字符')
    .pipe(z.email({ error: invalid }));

// ---------- 邮箱账号 ----------

/** The password is never given out: it is kept encrypted and only the sender reads it back. */
export const mailAccount = z.object({
  id: z.number().int(),
  mail: z.string(),
  username: z.string(),
  host: z.string(),
  port: z.number().int(),
  sslEnable: z.boolean(),
  createTime: epochMillis,
});
export type MailAccount = z.output<typeof mailAccount>;

export const mailAccountSimple = z.object({ id: z.number().int(), mail: z.string() });
export type MailAccountSimple = z.output<typeof mailAccountSimple>;

export const mailAccountPageReq = pageParam.extend({
  mail: textFilter('邮箱', 255),
  username: textFilter('用户名', 255),
});
export type MailAccountPageReq = z.input<typeof mailAccountPageReq>;

const accountFields = {
  mail: mailAddress('邮箱不能为空', '必须是 Email 格式'),
  username: requiredText('用户名不能为空', 255, '用户名长度不能超过 255 个字符'),
  host: requiredText('SMTP 服务器域名不能为空', 255, 'SMTP 服务器域名长度不能超过 255 个字符'),
  port: z
    .number({ error: 'SMTP 服务器端口不能为空' })
    .int('SMTP 服务器端口必须是整数')
    .min(1, 'SMTP 服务器端口必须在 1 到 65535 之间')
    .max(65535, 'SMTP 服务器端口必须在 1 到 65535 之间'),
  sslEnable: z.boolean({ error: '是否开启 SSL 不能为空' }),
};

export const mailAccountCreateReq = z.object({
  ...accountFields,
  password: z
    .string({ error: '密码不能为空' })
    .min(1, '密码不能为空')
    .max(255, '密码长度不能超过 255 个字符'),
});
export type MailAccountCreateReq = z.input<typeof mailAccountCreateReq>;

/** A blank or missing password keeps the saved one. */
export const mailAccountUpdateReq = z.object({
  id: bodyId('邮箱账号编号'),
  ...accountFields,
  password: z
    .string({ error: '密码必须是文本' })
    .max(255, '密码长度不能超过 255 个字符')
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type MailAccountUpdateReq = z.input<typeof mailAccountUpdateReq>;

const ACCOUNT_TAG = '邮箱账号';

export const mailAccountPage = defineEndpoint({
  method: 'GET',
  path: '/system/mail-account/page',
  summary: '获得邮箱账号分页（邮箱、用户名模糊；不返回密码）',
  tag: ACCOUNT_TAG,
  access: permission('system:mail-account:query'),
  query: mailAccountPageReq,
  data: pageResult(mailAccount),
});

export const mailAccountGet = defineEndpoint({
  method: 'GET',
  path: '/system/mail-account/get',
  summary: '获得邮箱账号（不返回密码；不存在时为 null）',
  tag: ACCOUNT_TAG,
  access: permission('system:mail-account:query'),
  query: idQuery('邮箱账号编号'),
  data: mailAccount.nullable(),
});

export const mailAccountListAllSimple = defineEndpoint({
  method: 'GET',
  path: '/system/mail-account/list-all-simple',
  summary: '获得邮箱账号精简列表',
  tag: ACCOUNT_TAG,
  access: SIGNED_IN,
  data: z.array(mailAccountSimple),
});

export const mailAccountCreate = defineEndpoint({
  method: 'POST',
  path: '/system/mail-account/create',
  summary: '创建邮箱账号（密码加密保存）',
  tag: ACCOUNT_TAG,
  access: permission('system:mail-account:create'),
  body: mailAccountCreateReq,
  data: z.number().int(),
});

export const mailAccountUpdate = defineEndpoint({
  method: 'PUT',
  path: '/system/mail-account/update',
  summary: '修改邮箱账号（密码留空则不修改）',
  tag: ACCOUNT_TAG,
  access: permission('system:mail-account:update'),
  body: mailAccountUpdateReq,
  data: z.boolean(),
});

export const mailAccountDelete = defineEndpoint({
  method: 'DELETE',
  path: '/system/mail-account/delete',
  summary: '删除邮箱账号（仍有邮件模板使用时不能删除）',
  tag: ACCOUNT_TAG,
  access: permission('system:mail-account:delete'),
  query: idQuery('邮箱账号编号'),
  data: z.boolean(),
});

// ---------- 邮件模版 ----------

export const mailTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  accountId: z.number().int(),
  nickname: z.string().nullable(),
  title: z.string(),
  content: z.string(),
  /** The `{name}` placeholders of the title and content, each once. */
  params: z.array(z.string()),
  status: z.number().int(),
  remark: z.string().nullable(),
  createTime: epochMillis,
});
export type MailTemplate = z.output<typeof mailTemplate>;

export const mailTemplateSimple = z.object({ id: z.number().int(), name: z.string() });
export type MailTemplateSimple = z.output<typeof mailTemplateSimple>;

const templateFilterFields = {
  name: textFilter('模板名称'),
  code: textFilter('模板编码'),
  accountId: idFilter('邮箱账号'),
  status: statusFilter,
  createTime: stringOrList.optional(),
  'createTime[0]': z.string().optional(),
  'createTime[1]': z.string().optional(),
};

export const mailTemplatePageReq = pageParam.extend(templateFilterFields).transform((raw, ctx) => ({
  pageNo: raw.pageNo,
  pageSize: raw.pageSize,
  name: raw.name,
  code: raw.code,
  accountId: raw.accountId,
  status: raw.status,
  createTime: readTimeRange(raw, 'createTime', '创建时间', ctx),
}));
export type MailTemplatePageReq = z.input<typeof mailTemplatePageReq>;

const templateFields = {
  name: requiredText('模板名称不能为空', 63, '模板名称长度不能超过 63 个字符'),
  code: requiredText('模板编码不能为空', 63, '模板编码长度不能超过 63 个字符'),
  accountId: bodyId('邮箱账号'),
  nickname: z
    .string({ error: '发送人名称必须是文本' })
    .max(255, '发送人名称长度不能超过 255 个字符')
    .nullish()
    .transform((v) => v?.trim() || null),
  title: requiredText('模板标题不能为空', 255, '模板标题长度不能超过 255 个字符'),
  content: requiredText('模板内容不能为空', 10240, '模板内容长度不能超过 10240 个字符'),
  status: statusField,
  remark: remarkField,
};

export const mailTemplateCreateReq = z.object(templateFields);
export type MailTemplateCreateReq = z.input<typeof mailTemplateCreateReq>;
export const mailTemplateUpdateReq = z.object({ id: bodyId('邮件模板编号'), ...templateFields });
export type MailTemplateUpdateReq = z.input<typeof mailTemplateUpdateReq>;

export const mailTemplateSendReq = z.object({
  mail: mailAddress('接收邮箱不能为空', '接收邮箱格式不正确'),
  templateCode: requiredText('模板编码不能为空', 63, '模板编码长度不能超过 63 个字符'),
  templateParams: z.record(z.string(), z.unknown(), { error: '模板参数必须是对象' }).default({}),
});
export type MailTemplateSendReq = z.input<typeof mailTemplateSendReq>;

const TEMPLATE_TAG = '邮件模版';

export const mailTemplatePage = defineEndpoint({
  method: 'GET',
  path: '/system/mail-template/page',
  summary: '获得邮件模版分页（名称、编码模糊，邮箱账号、状态、创建时间过滤）',
  tag: TEMPLATE_TAG,
  access: permission('system:mail-template:query'),
  query: mailTemplatePageReq,
  data: pageResult(mailTemplate),
});

export const mailTemplateGet = defineEndpoint({
  method: 'GET',
  path: '/system/mail-template/get',
  summary: '获得邮件模版（不存在时为 null）',
  tag: TEMPLATE_TAG,
  access: permission('system:mail-template:query'),
  query: idQuery('邮件模板编号'),
  data: mailTemplate.nullable(),
});

export const mailTemplateListAllSimple = defineEndpoint({
  method: 'GET',
  path: '/system/mail-template/list-all-simple',
  summary: '获得邮件模版精简列表',
  tag: TEMPLATE_TAG,
  access: SIGNED_IN,
  data: z.array(mailTemplateSimple),
});

export const mailTemplateCreate = defineEndpoint({
  method: 'POST',
  path: '/system/mail-template/create',
  summary: '创建邮件模版（编码不能重复）',
  tag: TEMPLATE_TAG,
  access: permission('system:mail-template:create'),
  body: mailTemplateCreateReq,
  data: z.number().int(),
});

export const mailTemplateUpdate = defineEndpoint({
  method: 'PUT',
  path: '/system/mail-template/update',
  summary: '修改邮件模版',
  tag: TEMPLATE_TAG,
  access: permission('system:mail-template:update'),
  body: mailTemplateUpdateReq,
  data: z.boolean(),
});

export const mailTemplateDelete = defineEndpoint({
  method: 'DELETE',
  path: '/system/mail-template/delete',
  summary: '删除邮件模版',
  tag: TEMPLATE_TAG,
  access: permission('system:mail-template:delete'),
  query: idQuery('邮件模板编号'),
  data: z.boolean(),
});

export const mailTemplateSendMail = defineEndpoint({
  method: 'POST',
  path: '/system/mail-template/send-mail',
  summary: '发送邮件：按模板编码渲染并记入邮件日志，返回日志编号；由后台异步发送（模板关闭时记为不发送）',
  tag: TEMPLATE_TAG,
  access: permission('system:mail-template:send-mail'),
  body: mailTemplateSendReq,
  data: z.number().int(),
});

// ---------- 邮件日志 ----------

export const mailLog = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  /** Dictionary user_type. */
  userType: z.number().int().nullable(),
  toMail: z.string(),
  accountId: z.number().int(),
  fromMail: z.string(),
  templateId: z.number().int(),
  templateCode: z.string(),
  templateNickname: z.string().nullable(),
  templateTitle: z.string(),
  templateContent: z.string(),
  templateParams: z.record(z.string(), z.unknown()),
  /** Dictionary system_mail_send_status. */
  sendStatus: z.number().int(),
  sendTime: epochMillis.nullable(),
  sendMessageId: z.string().nullable(),
  sendException: z.string().nullable(),
  createTime: epochMillis,
});
export type MailLog = z.output<typeof mailLog>;

const logFilterFields = {
  userId: idFilter('用户编号'),
  userType: z
    .enum(['1', '2', ''], { error: '用户类型只能是 1（会员）或 2（管理员）' })
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : Number(v))),
  toMail: textFilter('接收邮箱', 255),
  accountId: idFilter('邮箱账号'),
  templateId: idFilter('模板编号'),
  sendStatus: z
    .enum(['0', '10', '20', '30', ''], { error: '发送状态只能是 0、10、20 或 30' })
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : Number(v))),
  sendTime: stringOrList.optional(),
  'sendTime[0]': z.string().optional(),
  'sendTime[1]': z.string().optional(),
};

export const mailLogPageReq = pageParam.extend(logFilterFields).transform((raw, ctx) => ({
  pageNo: raw.pageNo,
  pageSize: raw.pageSize,
  userId: raw.userId,
  userType: raw.userType,
  toMail: raw.toMail,
  accountId: raw.accountId,
  templateId: raw.templateId,
  sendStatus: raw.sendStatus,
  sendTime: readTimeRange(raw, 'sendTime', '发送时间', ctx),
}));
export type MailLogPageReq = z.input<typeof mailLogPageReq>;

const LOG_TAG = '邮件日志';

export const mailLogPage = defineEndpoint({
  method: 'GET',
  path: '/system/mail-log/page',
  summary: '获得邮件日志分页（新的在前）',
  tag: LOG_TAG,
  access: permission('system:mail-log:query'),
  query: mailLogPageReq,
  data: pageResult(mailLog),
});

export const mailLogGet = defineEndpoint({
  method: 'GET',
  path: '/system/mail-log/get',
  summary: '获得邮件日志（不存在时为 null）',
  tag: LOG_TAG,
  access: permission('system:mail-log:query'),
  query: idQuery('邮件日志编号'),
  data: mailLog.nullable(),
});
