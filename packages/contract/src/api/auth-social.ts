import { z } from 'zod';
import { defineEndpoint, PUBLIC } from '../endpoint.js';

/* What the login page asks before anyone signs in: its options and a social platform's sign-in
   address. Kept small and apart (social.ts, auth-register.ts) for the login page's bundle. */

/**
 * Social platforms: the reference's SocialTypeEnum (GITEE 10, DINGTALK 20, WECHAT_ENTERPRISE 30) and
 * ours, 90: any OAuth 2.0 / OpenID Connect provider whose endpoints the client configures.
 */
export const SOCIAL_TYPE = { GITEE: 10, DINGTALK: 20, WECHAT_ENTERPRISE: 30, OAUTH2: 90 } as const;
export type SocialType = (typeof SOCIAL_TYPE)[keyof typeof SOCIAL_TYPE];
export const SOCIAL_TYPES: readonly SocialType[] = Object.values(SOCIAL_TYPE);
export const isSocialType = (value: unknown): value is SocialType =>
  SOCIAL_TYPES.includes(value as SocialType);

/** An absolute http(s) address (scheme, host, then anything without blanks). */
export const HTTP_URL_PATTERN = /^https?:\/\/[^\s/?#]+[^\s]*$/i;

/** A tenant named in a public request; blank counts as not sent. */
export const tenantNameField = z
  .string({ error: '租户名必须是文本' })
  .trim()
  .max(30, '租户名长度不能超过 30 个字符')
  .optional()
  .transform((v) => v || undefined);

export const authSocialAuthRedirectReq = z.object({
  type: z.coerce.number({ error: '社交平台的类型不能为空' }).refine(isSocialType, '社交平台的类型不正确'),
  redirectUri: z
    .string({ error: '回调地址不能为空' })
    .trim()
    .min(1, '回调地址不能为空')
    .max(1024, '回调地址过长')
    .regex(HTTP_URL_PATTERN, '回调地址必须是 http:// 或 https:// 开头的完整地址'),
});

export const loginOptions = z.object({
  /** Whether self-registration is open (the login page shows 立即注册). */
  registerEnabled: z.boolean(),
  /** The tenant's enabled social clients for admin users: their platform and name. */
  socialTypes: z.array(z.object({ type: z.number().int(), name: z.string() })),
});
export type LoginOptions = z.output<typeof loginOptions>;

const TAG = '认证';

export const authLoginOptions = defineEndpoint({
  method: 'GET',
  path: '/system/auth/login-options',
  summary:
    '登录页的可选项（我们的补充）：是否开放注册、租户已启用的社交登录；tenantName 指定租户，否则为 tenant-id 请求头的租户',
  tag: TAG,
  access: PUBLIC,
  tenant: 'ignore',
  query: z.object({ tenantName: tenantNameField }),
  data: loginOptions,
});

export const authSocialAuthRedirect = defineEndpoint({
  method: 'GET',
  path: '/system/auth/social-auth-redirect',
  summary: '社交授权的跳转：返回社交平台的授权地址（state 签名，10 分钟内有效，只能使用一次）',
  tag: TAG,
  access: PUBLIC,
  query: authSocialAuthRedirectReq,
  data: z.string(),
});
