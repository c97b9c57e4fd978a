import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

/** The template SMS sign-in sends its codes with (scene 21 of the reference). */
export const SMS_LOGIN_TEMPLATE_SEED = {
  code: 'admin-sms-login',
  name: '后台用户短信登录',
  content: '您的验证码是{code}',
  params: ['code'],
} as const;

/**
 * A debug channel that only records what it would send, the sign-in template on it, and the
 * TENCENT entry our channel dictionary adds to the reference's.
 */
export const seedSms = async (tx: Kysely<Database>, now: number): Promise<void> => {
  const audit = { creator: '1', updater: '1', createTime: now, updateTime: now };
  const channel = await tx
    .insertInto('systemSmsChannel')
    .values({
      ...audit,
      signature: '后台管理系统',
      code: 'DEBUG_DING_TALK',
      status: 0,
      remark: '调试渠道：只记录短信日志，不实际发送',
      apiKey: 'debug',
      apiSecret: null,
      callbackUrl: null,
      apiUrl: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tx
    .insertInto('systemSmsTemplate')
    .values({
      ...audit,
      type: 1,
      status: 0,
      code: SMS_LOGIN_TEMPLATE_SEED.code,
      name: SMS_LOGIN_TEMPLATE_SEED.name,
      content: SMS_LOGIN_TEMPLATE_SEED.content,
      params: JSON.stringify(SMS_LOGIN_TEMPLATE_SEED.params),
      remark: null,
      apiTemplateId: '4372216',
      channelId: Number(channel.id),
      channelCode: 'DEBUG_DING_TALK',
    })
    .execute();
  await tx
    .insertInto('systemDictData')
    .values({
      ...audit,
      sort: 3,
      label: '腾讯云',
      value: 'TENCENT',
      dictType: 'system_sms_channel_code',
      status: 0,
      colorType: 'success',
      cssClass: '',
      remark: null,
    })
    .execute();
};
