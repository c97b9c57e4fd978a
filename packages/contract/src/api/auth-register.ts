import { z } from 'zod';
import { defineEndpoint, PUBLIC } from '../endpoint.js';
import { loginResp } from './auth.js';
import { tenantNameField } from './auth-social.js';

/* Self-registration (ours; v1.8.3 has none): POST /system/auth/register. */

/** Configuration key: 'true' opens self-registration (off by default; seeded by migration 018). */
export const REGISTER_ENABLED_KEY = 'system.user.register-enabled';
/** Configuration key: code of the role a registered user gets (default 'common'). */
export const REGISTER_ROLE_KEY = 'system.user.register-role-code';

/** The rule of a registered user's password, as the form states it. */
export const REGISTER_PASSWORD_RULE = '密码长度为 8-16 位，须同时包含字母和数字';

export const authRegisterReq = z.object({
  /** With multi-tenancy: the tenant to register in by name; otherwise the tenant-id header's. */
  tenantName: tenantNameField,
  username: z
    .string({ error: '用户账号不能为空' })
    .trim()
    .min(1, '用户账号不能为空')
    .regex(/^[A-Za-z0-9]{4,16}$/, '用户账号由 4-16 位数字、字母组成'),
  nickname: z
    .string({ error: '用户昵称不能为空' })
    .trim()
    .min(1, '用户昵称不能为空')
    .max(30, '用户昵称长度不能超过 30 个字符'),
  password: z
    .string({ error: '密码不能为空' })
    .min(1, '密码不能为空')
    .min(8, REGISTER_PASSWORD_RULE)
    .max(16, REGISTER_PASSWORD_RULE)
    .refine((v) => /[A-Za-z]/.test(v) && /\d/.test(v), REGISTER_PASSWORD_RULE),
  captchaVerification: z.string().optional(),
});
export type AuthRegisterReq = z.input<typeof authRegisterReq>;

export const authRegister = defineEndpoint({
  method: 'POST',
  path: '/system/auth/register',
  summary: '注册账号并登录（我们的补充；须在参数配置中开启 system.user.register-enabled）',
  tag: '认证',
  access: PUBLIC,
  tenant: 'ignore',
  body: authRegisterReq,
  data: loginResp,
});
