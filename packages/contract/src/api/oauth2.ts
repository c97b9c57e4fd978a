import { z } from 'zod';
import { defineEndpoint, oauth2Scope, permission, PUBLIC, SIGNED_IN } from '../endpoint.js';
import { booleanParam } from '../query.js';
import { epochMillis, pageParam, pageResult } from '../result.js';
import { adminFormFields } from './dict-admin.js';
import { userProfileUpdateReq } from './profile.js';

/*
 * The OAuth2 authorization server: clients (/system/oauth2-client), issued tokens
 * (/system/oauth2-token), the authorize and token endpoints (/system/oauth2) and the user info a
 * client's token may read (/system/oauth2/user). The open endpoints answer in snake_case inside the
 * usual envelope, as the reference does.
 */

const { idQuery, textFilter, statusFilter, requiredText, statusField, bodyId } = adminFormFields;

/** Dictionary system_oauth2_grant_type. */
export const OAUTH2_GRANT_TYPES = [
  'password',
  'authorization_code',
  'implicit',
  'client_credentials',
  'refresh_token',
] as const;
export type OAuth2GrantType = (typeof OAUTH2_GRANT_TYPES)[number];

/** The client the console itself signs in with. */
export const OAUTH2_DEFAULT_CLIENT_ID = 'default';

/** Scopes a client's token needs for /system/oauth2/user/get and /update. */
export const OAUTH2_SCOPE = { USER_READ: 'user.read', USER_WRITE: 'user.write' } as const;

// ---------- 应用管理 ----------

export const oauth2Client = z.object({
  id: z.number().int(),
  clientId: z.string(),
  /** Kept encrypted; given back so the edit dialog can show it, as the reference does. */
  secret: z.string(),
  name: z.string(),
  logo: z.string(),
  description: z.string().nullable(),
  /** common_status: 0 开启, 1 关闭. */
  status: z.number().int(),
  accessTokenValiditySeconds: z.number().int(),
  refreshTokenValiditySeconds: z.number().int(),
  redirectUris: z.array(z.string()),
  authorizedGrantTypes: z.array(z.string()),
  scopes: z.array(z.string()),
  autoApproveScopes: z.array(z.string()),
  authorities: z.array(z.string()),
  resourceIds: z.array(z.string()),
  additionalInformation: z.string().nullable(),
  /** Ours: authorization-code requests must carry an S256 code_challenge. */
  pkceRequired: z.boolean(),
  createTime: epochMillis,
});
export type OAuth2Client = z.output<typeof oauth2Client>;

export const oauth2ClientPageReq = pageParam.extend({
  name: textFilter('应用名', 255),
  status: statusFilter,
});
export type OAuth2ClientPageReq = z.input<typeof oauth2ClientPageReq>;

const HTTP_URL = /^https?:\/\/[^\s/?#]+[^\s#]*$/i;
/** Absolute http(s) addresses only: the /sso page sends the browser there. */
export const isRedirectUri = (value: string): boolean => HTTP_URL.test(value);

const distinct = (values: string[]) => [...new Set(values)];

const isJson = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** A list of words (scopes, authorities, resources); blanks dropped, each kept once. */
const wordList = (label: string) =>
  z
    .array(z.string({ error: `${label}必须是文本` }).max(255, `${label}长度不能超过 255 个字符`), {
      error: `${label}必须是数组`,
    })
    .nullish()
    .transform((v, ctx) => {
      const words = distinct((v ?? []).map((w) => w.trim()).filter((w) => w !== ''));
      if (words.some((w) => /\s/.test(w))) {
        ctx.addIssue({ code: 'custom', message: `${label}不能包含空格` });
        return z.NEVER;
      }
      return words;
    });

const validitySeconds = (label: string) =>
  z
    .number({ error: `${label}不能为空` })
    .int(`${label}必须是正整数`)
    .positive(`${label}必须是正整数`)
    .max(10 * 365 * 24 * 3600, `${label}不能超过十年`);

const clientFields = z.object({
  clientId: requiredText('客户端编号不能为空', 255, '客户端编号长度不能超过 255 个字符').regex(
    /^[A-Za-z0-9._~-]+$/,
    '客户端编号只能包含字母、数字和 . _ ~ -',
  ),
  secret: requiredText('客户端密钥不能为空', 255, '客户端密钥长度不能超过 255 个字符'),
  name: requiredText('应用名不能为空', 255, '应用名长度不能超过 255 个字符'),
  logo: z
    .string({ error: '应用图标必须是文本' })
    .trim()
    .max(255, '应用图标的地址长度不能超过 255 个字符')
    .nullish()
    .transform((v) => v ?? '')
    .refine((v) => v === '' || isRedirectUri(v), '应用图标的地址不正确'),
  description: z
    .string({ error: '应用描述必须是文本' })
    .max(255, '应用描述长度不能超过 255 个字符')
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null)),
  status: statusField,
  accessTokenValiditySeconds: validitySeconds('访问令牌的有效期'),
  refreshTokenValiditySeconds: validitySeconds('刷新令牌的有效期'),
  redirectUris: z
    .array(
      z
        .string({ error: '重定向的 URI 不能为空' })
        .trim()
        .min(1, '重定向的 URI 不能为空')
        .max(255, '重定向的 URI 长度不能超过 255 个字符')
        .refine(isRedirectUri, '重定向的 URI 格式不正确，须为 http(s) 地址且不含 #'),
      { error: '可重定向的 URI 地址不能为空' },
    )
    .transform(distinct),
  authorizedGrantTypes: z
    .array(z.enum(OAUTH2_GRANT_TYPES, { error: '授权类型只能是 system_oauth2_grant_type 字典中的值' }), {
      error: '授权类型不能为空',
    })
    .min(1, '授权类型不能为空')
    .transform(distinct),
  scopes: wordList('授权范围'),
  autoApproveScopes: wordList('自动授权范围'),
  authorities: wordList('权限'),
  resourceIds: wordList('资源'),
  additionalInformation: z
    .string({ error: '附加信息必须是文本' })
    .max(4096, '附加信息长度不能超过 4096 个字符')
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null))
    .refine((v) => v === null || isJson(v), '附加信息必须是 JSON 格式'),
  pkceRequired: z
    .boolean({ error: '是否强制 PKCE 必须是布尔值' })
    .nullish()
    .transform((v) => v ?? false),
});

const autoApproveWithinScopes = (
  value: { scopes: string[]; autoApproveScopes: string[] },
  ctx: z.RefinementCtx,
) => {
  if (value.autoApproveScopes.some((s) => !value.scopes.includes(s)))
    ctx.addIssue({ code: 'custom', message: '自动授权范围必须在授权范围之内', path: ['autoApproveScopes'] });
};

export const oauth2ClientCreateReq = clientFields.superRefine(autoApproveWithinScopes);
export type OAuth2ClientCreateReq = z.input<typeof oauth2ClientCreateReq>;

export const oauth2ClientUpdateReq = clientFields
  .extend({ id: bodyId('客户端编号') })
  .superRefine(autoApproveWithinScopes);
export type OAuth2ClientUpdateReq = z.input<typeof oauth2ClientUpdateReq>;

const CLIENT_TAG = 'OAuth2 客户端';

export const oauth2ClientCreate = defineEndpoint({
  method: 'POST',
  path: '/system/oauth2-client/create',
  summary: '创建 OAuth2 客户端（密钥加密保存）',
  tag: CLIENT_TAG,
  access: permission('system:oauth2-client:create'),
  body: oauth2ClientCreateReq,
  data: z.number().int(),
});

export const oauth2ClientUpdate = defineEndpoint({
  method: 'PUT',
  path: '/system/oauth2-client/update',
  summary: '更新 OAuth2 客户端',
  tag: CLIENT_TAG,
  access: permission('system:oauth2-client:update'),
  body: oauth2ClientUpdateReq,
  data: z.boolean(),
});

export const oauth2ClientDelete = defineEndpoint({
  method: 'DELETE',
  path: '/system/oauth2-client/delete',
  summary: '删除 OAuth2 客户端',
  tag: CLIENT_TAG,
  access: permission('system:oauth2-client:delete'),
  query: idQuery('客户端编号'),
  data: z.boolean(),
});

export const oauth2ClientGet = defineEndpoint({
  method: 'GET',
  path: '/system/oauth2-client/get',
  summary: '获得 OAuth2 客户端（不存在时为 null）',
  tag: CLIENT_TAG,
  access: permission('system:oauth2-client:query'),
  query: idQuery('客户端编号'),
  data: oauth2Client.nullable(),
});

export const oauth2ClientPage = defineEndpoint({
  method: 'GET',
  path: '/system/oauth2-client/page',
  summary: '获得 OAuth2 客户端分页（应用名模糊）',
  tag: CLIENT_TAG,
  access: permission('system:oauth2-client:query'),
  query: oauth2ClientPageReq,
  data: pageResult(oauth2Client),
});

// ---------- 令牌管理 ----------

/** Only digests are stored: `accessToken` and `refreshToken` are the SHA-256 digests, not the tokens. */
export const oauth2AccessToken = z.object({
  id: z.number().int(),
  accessToken: z.string(),
  refreshToken: z.string(),
  userId: z.number().int(),
  /** Dictionary user_type: 1 会员, 2 管理员. */
  userType: z.number().int(),
  clientId: z.string(),
  createTime: epochMillis,
  expiresTime: epochMillis,
});
export type OAuth2AccessToken = z.output<typeof oauth2AccessToken>;

/** An optional whole-number filter in a query string up to `max` (its column's range); blank counts as not sent. */
const numberFilter = (label: string, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return undefined;
      const n = Number(v);
      if (!Number.isSafeInteger(n) || n < 0 || n > max) {
        ctx.addIssue({ code: 'custom', message: `${label}格式不正确` });
        return z.NEVER;
      }
      return n;
    });

export const oauth2TokenPageReq = pageParam.extend({
  userId: numberFilter('用户编号'),
  userType: numberFilter('用户类型', 32_767),
  clientId: textFilter('客户端编号', 255),
});
export type OAuth2TokenPageReq = z.input<typeof oauth2TokenPageReq>;

const TOKEN_TAG = 'OAuth2 令牌';

export const oauth2TokenPage = defineEndpoint({
  method: 'GET',
  path: '/system/oauth2-token/page',
  summary: '获得访问令牌分页（只返回有效期内的；令牌以摘要显示）',
  tag: TOKEN_TAG,
  access: permission('system:oauth2-token:page'),
  query: oauth2TokenPageReq,
  data: pageResult(oauth2AccessToken),
});

export const oauth2TokenDelete = defineEndpoint({
  method: 'DELETE',
  path: '/system/oauth2-token/delete',
  summary: '删除访问令牌（强退；accessToken 为分页返回的摘要）',
  tag: TOKEN_TAG,
  access: permission('system:oauth2-token:delete'),
  query: z.object({
    accessToken: z.string({ error: '访问令牌不能为空' }).trim().min(1, '访问令牌不能为空').max(128),
  }),
  data: z.boolean(),
});

// ---------- 授权（/sso 页面） ----------

export const oauth2AuthorizeInfo = z.object({
  client: z.object({ name: z.string(), logo: z.string() }),
  /** Every scope of the client; `value` is whether the user approved it before. */
  scopes: z.array(z.object({ key: z.string(), value: z.boolean() })),
});
export type OAuth2AuthorizeInfo = z.output<typeof oauth2AuthorizeInfo>;

const formText = (name: string) =>
  z
    .string({ error: `${name} 不能为空` })
    .trim()
    .min(1, `${name} 不能为空`)
    .max(1024, `${name} 过长`);
const optionalFormText = (name: string) =>
  z
    .string({ error: `${name} 必须是文本` })
    .max(1024, `${name} 过长`)
    .optional();

/** `scope` travels as a JSON string `{"user.read": true, …}`; blank means none. */
const scopeMap = z
  .string({ error: 'scope 必须是文本' })
  .max(4096, 'scope 过长')
  .optional()
  .transform((text, ctx): Record<string, boolean> => {
    if (!text?.trim()) return {};
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
    const ok =
      typeof parsed === 'object' &&
      parsed !== null &&
      !Array.isArray(parsed) &&
      Object.values(parsed).every((v) => typeof v === 'boolean');
    if (!ok) {
      ctx.addIssue({ code: 'custom', message: 'scope 必须是 {"授权范围": true/false} 格式的 JSON' });
      return z.NEVER;
    }
    return parsed as Record<string, boolean>;
  });

/** Form fields (application/x-www-form-urlencoded) or query parameters, as the reference reads them. */
export const oauth2AuthorizeReq = z.object({
  response_type: formText('response_type'),
  client_id: formText('client_id'),
  redirect_uri: formText('redirect_uri'),
  auto_approve: booleanParam('auto_approve 只能是 true 或 false'),
  scope: scopeMap,
  state: optionalFormText('state'),
  code_challenge: optionalFormText('code_challenge'),
  code_challenge_method: optionalFormText('code_challenge_method'),
});
export type OAuth2AuthorizeReq = z.input<typeof oauth2AuthorizeReq>;

const AUTHORIZE_TAG = 'OAuth2 授权';

export const oauth2AuthorizeGet = defineEndpoint({
  method: 'GET',
  path: '/system/oauth2/authorize',
  summary: '获得授权信息（/sso 页面展示应用与授权范围）',
  tag: AUTHORIZE_TAG,
  access: SIGNED_IN,
  query: z.object({ clientId: formText('clientId') }),
  data: oauth2AuthorizeInfo,
});

export const oauth2AuthorizeApprove = defineEndpoint({
  method: 'POST',
  path: '/system/oauth2/authorize',
  summary: '申请授权（返回重定向地址；自动授权未通过时为 null）',
  tag: AUTHORIZE_TAG,
  access: SIGNED_IN,
  body: oauth2AuthorizeReq,
  data: z.string().nullable(),
});

// ---------- 令牌端点（第三方应用调用） ----------

/** Client authentication: HTTP Basic, or these two form fields. */
const clientCredentialFields = {
  client_id: optionalFormText('client_id'),
  client_secret: optionalFormText('client_secret'),
};

export const oauth2TokenReq = z.object({
  grant_type: formText('grant_type'),
  code: optionalFormText('code'),
  redirect_uri: optionalFormText('redirect_uri'),
  state: optionalFormText('state'),
  code_verifier: optionalFormText('code_verifier'),
  username: optionalFormText('username'),
  password: optionalFormText('password'),
  /** Space-separated. */
  scope: optionalFormText('scope'),
  refresh_token: optionalFormText('refresh_token'),
  ...clientCredentialFields,
});
export type OAuth2TokenReq = z.input<typeof oauth2TokenReq>;

export const oauth2AccessTokenResp = z.object({
  access_token: z.string(),
  /** Absent for client_credentials. */
  refresh_token: z.string().optional(),
  token_type: z.literal('bearer'),
  /** Seconds left. */
  expires_in: z.number().int(),
  /** Space-separated. */
  scope: z.string(),
});
export type OAuth2AccessTokenResp = z.output<typeof oauth2AccessTokenResp>;

const tokenParam = z.object({ token: formText('token'), ...clientCredentialFields });

export const oauth2CheckTokenResp = z.object({
  /** Null for a client_credentials token, which has no user. */
  user_id: z.number().int().nullable(),
  user_type: z.number().int(),
  tenant_id: z.number().int(),
  client_id: z.string(),
  scopes: z.array(z.string()),
  access_token: z.string(),
  /** Expiry in epoch seconds. */
  exp: z.number().int(),
});
export type OAuth2CheckTokenResp = z.output<typeof oauth2CheckTokenResp>;

export const oauth2Token = defineEndpoint({
  method: 'POST',
  path: '/system/oauth2/token',
  summary: '获得访问令牌（authorization_code、refresh_token、password、client_credentials）',
  tag: AUTHORIZE_TAG,
  access: PUBLIC,
  tenant: 'ignore',
  body: oauth2TokenReq,
  data: oauth2AccessTokenResp,
});

export const oauth2RevokeToken = defineEndpoint({
  method: 'DELETE',
  path: '/system/oauth2/token',
  summary: '删除访问令牌（只能删除本客户端的令牌）',
  tag: AUTHORIZE_TAG,
  access: PUBLIC,
  tenant: 'ignore',
  body: tokenParam,
  data: z.boolean(),
});

export const oauth2CheckToken = defineEndpoint({
  method: 'POST',
  path: '/system/oauth2/check-token',
  summary: '校验访问令牌',
  tag: AUTHORIZE_TAG,
  access: PUBLIC,
  tenant: 'ignore',
  body: tokenParam,
  data: oauth2CheckTokenResp,
});

// ---------- 用户信息（令牌需 user.read / user.write 授权范围） ----------

const idName = z.object({ id: z.number().int(), name: z.string() });

export const oauth2UserInfo = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  sex: z.number().int().nullable(),
  avatar: z.string().nullable(),
  dept: idName.nullable(),
  posts: z.array(idName),
});
export type OAuth2UserInfo = z.output<typeof oauth2UserInfo>;

const USER_TAG = 'OAuth2 用户';

export const oauth2UserGet = defineEndpoint({
  method: 'GET',
  path: '/system/oauth2/user/get',
  summary: '获得用户基本信息（令牌需 user.read 授权范围）',
  tag: USER_TAG,
  access: oauth2Scope(OAUTH2_SCOPE.USER_READ),
  data: oauth2UserInfo,
});

export const oauth2UserUpdate = defineEndpoint({
  method: 'PUT',
  path: '/system/oauth2/user/update',
  summary: '更新用户基本信息（令牌需 user.write 授权范围）',
  tag: USER_TAG,
  access: oauth2Scope(OAUTH2_SCOPE.USER_WRITE),
  body: userProfileUpdateReq,
  data: z.boolean(),
});
