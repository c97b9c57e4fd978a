import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

/** The template SMS sign-in sends its codes with (scene 21 of the reference). */
export const SMS_LOGIN_TEMPLATE_SEED = {
  code: 'admin-sms-login',
  name: '后台用户短信登录',
  content: '您的验证码是{code}',
  params: ['code'],
} as const;

/** The template a member's SMS sign-in sends its codes with (scene 1; migration 040 adds it too). */
export const MEMBER_SMS_LOGIN_TEMPLATE_SEED = {
  code: 'user-sms-login',
  name: '前台用户短信登录',
  content: '您的验证码是{code}',
  params: ['code'],
} as const;

/**
 * A debug channel that only records what it would send, the sign-in templates on it (the console's
 * and the members'), and the TENCENT entry our channel dictionary adds to the reference's.
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
  // The members' first, so that the console's own comes first in the newest-first list.
  for (const template of [MEMBER_SMS_LOGIN_TEMPLATE_SEED, SMS_LOGIN_TEMPLATE_SEED])
    await tx
      .insertInto('systemSmsTemplate')
      .values({
        ...audit,
        type: 1,
        status: 0,
        code: template.code,
        name: template.name,
        content: template.content,
        params: JSON.stringify(template.params),
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
