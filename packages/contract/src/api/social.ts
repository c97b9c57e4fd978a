import { z } from 'zod';
import { defineEndpoint, permission, PUBLIC, SIGNED_IN } from '../endpoint.js';
import { epochMillis, pageParam, pageResult } from '../result.js';
import { adminFormFields } from './dict-admin.js';
import { loginResp } from './auth.js';
import { HTTP_URL_PATTERN, isSocialType, SOCIAL_TYPE } from './auth-social.js';

/* Social sign-in: the clients each tenant configures (/system/social-client), the signed-in user's
   bindings (/system/social-user) and the sign-in with a returned code (/system/auth/social-login).
   The platforms and what the login page asks are in auth-social.ts. */

const { idQuery, textFilter, statusFilter, requiredText, statusField, bodyId } = adminFormFields;

/** Dictionary of the social platforms (seeded by migration 018). */
export const SOCIAL_TYPE_DICT = 'system_social_type';

/** Dictionary `user_type`: 1 会员 (app-api), 2 管理员 (admin-api). */
export const USER_TYPE = { MEMBER: 1, ADMIN: 2 } as const;

/** A configured client; the secret is never given out (it is kept encrypted). */
export const socialClient = z.object({
  id: z.number().int(),
  name: z.string(),
  socialType: z.number().int(),
  userType: z.number().int(),
  clientId: z.string(),
  /** 企业微信 only: the application's AgentId. */
  agentId: z.string().nullable(),
  status: z.number().int(),
  /** Generic OAuth 2.0 (90) only; the other platforms use their documented endpoints. */
  authorizeUrl: z.string().nullable(),
  tokenUrl: z.string().nullable(),
  userInfoUrl: z.string().nullable(),
  scope: z.string().nullable(),
  createTime: epochMillis,
});
export type SocialClient = z.output<typeof socialClient>;

/**
 * An optional filter on a smallint column (a dictionary's value) in a query string; blank counts as not
 * sent. Beyond the column's range PostgreSQL would refuse the comparison itself.
 */
const intFilter = (label: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return undefined;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 0 || n > 32_767) {
        ctx.addIssue({ code: 'custom', message: `${label}格式不正确` });
        return z.NEVER;
      }
      return n;
    });

export const socialClientPageReq = pageParam.extend({
  name: textFilter('应用名', 255),
  socialType: intFilter('社交平台'),
  userType: intFilter('用户类型'),
  clientId: textFilter('客户端编号', 255),
  status: statusFilter,
});
export type SocialClientPageReq = z.input<typeof socialClientPageReq>;

const isHttpUrl = (value: string): boolean => HTTP_URL_PATTERN.test(value);

/** An optional http(s) address; '' and null leave it unset. */
const endpointUrl = (label: string) =>
  z
    .union([
      z.literal(''),
      z.null(),
      z
        .string({ error: `${label}必须是文本` })
        .trim()
        .max(512, `${label}长度不能超过 512 个字符`),
    ])
    .optional()
    .transform((v, ctx) => {
      if (!v) return null;
      if (!isHttpUrl(v)) {
        ctx.addIssue({ code: 'custom', message: `${label}必须是 http:// 或 https:// 开头的地址` });
        return z.NEVER;
      }
      return v;
    });

const optionalShortText = (label: string) =>
  z
    .union([
      z.literal(''),
      z.null(),
      z
        .string({ error: `${label}必须是文本` })
        .trim()
        .max(255, `${label}长度不能超过 255 个字符`),
    ])
    .optional()
    .transform((v) => v || null);

const clientFields = {
  name: requiredText('应用名不能为空', 255, '应用名长度不能超过 255 个字符'),
  socialType: z
    .number({
      error: (issue) => (issue.input === undefined ? '社交平台的类型不能为空' : '社交平台的类型必须是数字'),
    })
    .refine(isSocialType, '社交平台的类型不正确'),
  userType: z
    .number({ error: (issue) => (issue.input === undefined ? '用户类型不能为空' : '用户类型必须是数字') })
    .refine((v) => v === USER_TYPE.MEMBER || v === USER_TYPE.ADMIN, '用户类型不正确'),
  clientId: requiredText('客户端编号不能为空', 255, '客户端编号长度不能超过 255 个字符'),
  agentId: optionalShortText('agentId'),
  status: statusField,
  authorizeUrl: endpointUrl('授权地址'),
  tokenUrl: endpointUrl('令牌地址'),
  userInfoUrl: endpointUrl('用户信息地址'),
  scope: optionalShortText('授权范围'),
};

interface ClientFieldValues {
  socialType: number;
  agentId: string | null;
  authorizeUrl: string | null;
  tokenUrl: string | null;
  userInfoUrl: string | null;
  scope: string | null;
}

/**
 * 企业微信 needs its AgentId; the generic provider needs its three endpoints. The endpoints and the
 * scope of the fixed platforms are theirs, so what was sent for them is dropped.
 */
const byPlatform = <T extends ClientFieldValues>(value: T, ctx: z.RefinementCtx): T => {
  if (value.socialType === SOCIAL_TYPE.WECHAT_ENTERPRISE && !value.agentId)
    ctx.addIssue({ code: 'custom', message: 'agentId 不能为空', path: ['agentId'] });
  if (value.socialType !== SOCIAL_TYPE.OAUTH2)
    return { ...value, authorizeUrl: null, tokenUrl: null, userInfoUrl: null, scope: null };
  const required = [
    ['authorizeUrl', '授权地址不能为空'],
    ['tokenUrl', '令牌地址不能为空'],
    ['userInfoUrl', '用户信息地址不能为空'],
  ] as const;
  for (const [field, message] of required)
    if (!value[field]) ctx.addIssue({ code: 'custom', message, path: [field] });
  return value;
};

export const socialClientCreateReq = z
  .object({
    ...clientFields,
    clientSecret: requiredText('客户端密钥不能为空', 255, '客户端密钥长度不能超过 255 个字符'),
  })
  .transform(byPlatform);
export type SocialClientCreateReq = z.input<typeof socialClientCreateReq>;

/** A blank or missing secret keeps the saved one. */
export const socialClientUpdateReq = z
  .object({
    id: bodyId('社交客户端编号'),
    ...clientFields,
    clientSecret: z
      .string({ error: '客户端密钥必须是文本' })
      .trim()
      .max(255, '客户端密钥长度不能超过 255 个字符')
      .nullish()
      .transform((v) => v || null),
  })
  .transform(byPlatform);
export type SocialClientUpdateReq = z.input<typeof socialClientUpdateReq>;

const CLIENT_TAG = '社交客户端';

export const socialClientPage = defineEndpoint({
  method: 'GET',
  path: '/system/social-client/page',
  summary: '获得社交客户端分页（应用名、客户端编号模糊；不返回密钥）',
  tag: CLIENT_TAG,
  access: permission('system:social-client:query'),
  query: socialClientPageReq,
  data: pageResult(socialClient),
});

export const socialClientGet = defineEndpoint({
  method: 'GET',
  path: '/system/social-client/get',
  summary: '获得社交客户端（不返回密钥；不存在时为 null）',
  tag: CLIENT_TAG,
  access: permission('system:social-client:query'),
  query: idQuery('社交客户端编号'),
  data: socialClient.nullable(),
});

export const socialClientCreate = defineEndpoint({
  method: 'POST',
  path: '/system/social-client/create',
  summary: '创建社交客户端（同一租户内用户类型与社交平台唯一；密钥加密保存）',
  tag: CLIENT_TAG,
  access: permission('system:social-client:create'),
  body: socialClientCreateReq,
  data: z.number().int(),
});

export const socialClientUpdate = defineEndpoint({
  method: 'PUT',
  path: '/system/social-client/update',
  summary: '修改社交客户端（密钥留空则不修改）',
  tag: CLIENT_TAG,
  access: permission('system:social-client:update'),
  body: socialClientUpdateReq,
  data: z.boolean(),
});

export const socialClientDelete = defineEndpoint({
  method: 'DELETE',
  path: '/system/social-client/delete',
  summary: '删除社交客户端',
  tag: CLIENT_TAG,
  access: permission('system:social-client:delete'),
  query: idQuery('社交客户端编号'),
  data: z.boolean(),
});

// ---------- 社交用户（个人中心的绑定） ----------

const socialTypeField = z
  .number({
    error: (issue) => (issue.input === undefined ? '社交平台的类型不能为空' : '社交平台的类型必须是数字'),
  })
  .refine(isSocialType, '社交平台的类型不正确');

/** The code and state a platform sent back with the browser (social sign-in, binding). */
export const socialCodeReq = z.object({
  type: socialTypeField,
  code: z.string({ error: '授权码不能为空' }).trim().min(1, '授权码不能为空').max(512, '授权码过长'),
  state: z.string({ error: 'state 不能为空' }).trim().min(1, 'state 不能为空').max(1024, 'state 过长'),
});
export type SocialCodeReq = z.input<typeof socialCodeReq>;

export const socialUserUnbindReq = z.object({
  type: socialTypeField,
  openid: z.string({ error: '社交用户的 openid 不能为空' }).trim().min(1, '社交用户的 openid 不能为空'),
});
export type SocialUserUnbindReq = z.input<typeof socialUserUnbindReq>;

const USER_TAG = '社交用户';

export const socialUserBind = defineEndpoint({
  method: 'POST',
  path: '/system/social-user/bind',
  summary: '社交绑定，使用 code 授权码（绑定到当前登录用户；该社交账号原有的绑定会被替换）',
  tag: USER_TAG,
  access: SIGNED_IN,
  body: socialCodeReq,
  data: z.boolean(),
});

export const socialUserUnbind = defineEndpoint({
  method: 'DELETE',
  path: '/system/social-user/unbind',
  summary: '取消社交绑定',
  tag: USER_TAG,
  access: SIGNED_IN,
  body: socialUserUnbindReq,
  data: z.boolean(),
});

export const authSocialLogin = defineEndpoint({
  method: 'POST',
  path: '/system/auth/social-login',
  summary: '社交快捷登录，使用 code 授权码（未绑定账号时返回 1_002_000_005）',
  tag: '认证',
  access: PUBLIC,
  body: socialCodeReq,
  data: loginResp,
});
