import { z } from 'zod';
import { defineEndpoint, PUBLIC } from '../endpoint.js';
import { loginResp } from './auth.js';
import { MOBILE_PATTERN } from './profile.js';
import { SMS_SCENE } from './sms.js';

/* Sign-in with a code sent by SMS (/system/auth/send-sms-code, /system/auth/sms-login). */

const mobileField = z
  .string({ error: '手机号不能为空' })
  .trim()
  .min(1, '手机号不能为空')
  .regex(MOBILE_PATTERN, '手机号格式不正确');

export const authSmsSendReq = z.object({
  mobile: mobileField,
  scene: z
    .number({ error: (issue) => (issue.input === undefined ? '发送场景不能为空' : '发送场景必须是数字') })
    // The console's sign-in is its only scene; the member API sends scene 1 (app-member.ts).
    .refine((v) => v === SMS_SCENE.ADMIN_MEMBER_LOGIN, '发送场景不正确'),
});
export type AuthSmsSendReq = z.input<typeof authSmsSendReq>;

/** The code may come as `code` or, as the reference's Vue 2 form names it, `mobileCode`. */
export const authSmsLoginReq = z
  .object({
    mobile: mobileField,
    code: z.string({ error: '验证码必须是文本' }).trim().optional(),
    mobileCode: z.string({ error: '验证码必须是文本' }).trim().optional(),
  })
  .transform((raw, ctx) => {
    const code = raw.code || raw.mobileCode;
    if (!code) {
      ctx.addIssue({ code: 'custom', message: '验证码不能为空', path: ['code'] });
      return z.NEVER;
    }
    return { mobile: raw.mobile, code };
  });
export type AuthSmsLoginReq = z.input<typeof authSmsLoginReq>;

export const authSendSmsCode = defineEndpoint({
  method: 'POST',
  path: '/system/auth/send-sms-code',
  summary:
    '发送手机验证码（scene 21 为后台登录；6 位，10 分钟内有效；同一手机号 60 秒内只能发送一次，每天最多 10 次）',
  tag: '认证',
  access: PUBLIC,
  body: authSmsSendReq,
  data: z.boolean(),
});

export const authSmsLogin = defineEndpoint({
  method: 'POST',
  path: '/system/auth/sms-login',
  summary: '使用短信验证码登录（验证码错误 5 次后作废）',
  tag: '认证',
  access: PUBLIC,
  body: authSmsLoginReq,
  data: loginResp,
});
