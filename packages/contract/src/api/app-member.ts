import { z } from 'zod';
import { defineEndpoint, MEMBER, PUBLIC } from '../endpoint.js';
import { idParam } from '../query.js';
import { loginResp } from './auth.js';
import { memberAddress } from './member-user.js';
import { MOBILE_PATTERN } from './profile.js';
import { SMS_SCENE } from './sms.js';

/*
 * The member API (below /app-api, yudao v1.8.3's app paths): a storefront's members sign in with a
 * password or an SMS code (the first SMS sign-in registers them), read and edit their profile, and
 * keep their delivery addresses. Only member tokens reach it; the tenant comes from `tenant-id`.
 */

const mobileField = z
  .string({ error: '手机号不能为空' })
  .trim()
  .min(1, '手机号不能为空')
  .regex(MOBILE_PATTERN, '手机号格式不正确');

export const appMemberLoginReq = z.object({
  mobile: mobileField,
  password: z
    .string({ error: '密码不能为空' })
    .min(1, '密码不能为空')
    .min(4, '密码长度为 4-16 位')
    .max(16, '密码长度为 4-16 位'),
});
export type AppMemberLoginReq = z.input<typeof appMemberLoginReq>;

export const appMemberSmsSendReq = z.object({
  mobile: mobileField,
  scene: z
    .number({ error: (issue) => (issue.input === undefined ? '发送场景不能为空' : '发送场景必须是数字') })
    .refine((v) => v === SMS_SCENE.MEMBER_LOGIN, '发送场景不正确'),
});
export type AppMemberSmsSendReq = z.input<typeof appMemberSmsSendReq>;

export const appMemberSmsLoginReq = z.object({
  mobile: mobileField,
  code: z
    .string({ error: '手机验证码不能为空' })
    .trim()
    .min(1, '手机验证码不能为空')
    .min(4, '手机验证码长度为 4-6 位')
    .max(6, '手机验证码长度为 4-6 位')
    .regex(/^\d+$/, '手机验证码必须都是数字'),
});
export type AppMemberSmsLoginReq = z.input<typeof appMemberSmsLoginReq>;

/** The signed-in member's own profile. */
export const appMemberProfile = z.object({
  id: z.number().int(),
  nickname: z.string(),
  avatar: z.string().nullable(),
  mobile: z.string(),
  /** system_user_sex: 1 男, 2 女; null 未知. */
  sex: z.number().int().nullable(),
  /** mbr_user_level. */
  levelId: z.number().int(),
});
export type AppMemberProfile = z.output<typeof appMemberProfile>;

/** Fields left out stay as they are; `null` (or a blank avatar) clears avatar and sex. */
export const appMemberUserUpdateReq = z.object({
  nickname: z
    .string({ error: '用户昵称必须是文本' })
    .trim()
    .min(1, '用户昵称不能为空')
    .max(30, '用户昵称长度不能超过30个字符')
    .optional(),
  avatar: z
    .string({ error: '头像必须是文本' })
    .trim()
    .max(512, '头像长度不能超过512个字符')
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null)),
  sex: z.union([z.literal(1), z.literal(2)], { error: '用户性别只能是 1（男）或 2（女）' }).nullish(),
});
export type AppMemberUserUpdateReq = z.input<typeof appMemberUserUpdateReq>;

const addressFields = {
  name: z
    .string({ error: '收件人名称不能为空' })
    .trim()
    .min(1, '收件人名称不能为空')
    .max(30, '收件人名称长度不能超过30个字符'),
  mobile: mobileField,
  areaId: z.number({ error: '地区编号不能为空' }).int('地区编号格式不正确').positive('地区编号格式不正确'),
  detailAddress: z
    .string({ error: '收件详细地址不能为空' })
    .trim()
    .min(1, '收件详细地址不能为空')
    .max(250, '收件详细地址长度不能超过250个字符'),
  defaultStatus: z.boolean({ error: '是否默认地址不能为空' }),
};

export const appMemberAddressCreateReq = z.object(addressFields);
export type AppMemberAddressCreateReq = z.input<typeof appMemberAddressCreateReq>;

export const appMemberAddressUpdateReq = z.object({
  id: z
    .number({ error: '收件地址编号不能为空' })
    .int('收件地址编号格式不正确')
    .positive('收件地址编号格式不正确'),
  ...addressFields,
});
export type AppMemberAddressUpdateReq = z.input<typeof appMemberAddressUpdateReq>;

const AUTH_TAG = '用户 APP - 认证';
const USER_TAG = '用户 APP - 用户个人中心';
const ADDRESS_TAG = '用户 APP - 用户收件地址';

export const appMemberAuthLogin = defineEndpoint({
  api: 'app',
  method: 'POST',
  path: '/member/auth/login',
  summary: '使用手机 + 密码登录（账号被禁用时拒绝）',
  tag: AUTH_TAG,
  access: PUBLIC,
  body: appMemberLoginReq,
  data: loginResp,
});

export const appMemberAuthSendSmsCode = defineEndpoint({
  api: 'app',
  method: 'POST',
  path: '/member/auth/send-sms-code',
  summary:
    '发送手机验证码（scene 1 为会员手机号登录；6 位，10 分钟内有效；同一手机号 60 秒内只能发送一次，每天最多 10 次）',
  tag: AUTH_TAG,
  access: PUBLIC,
  body: appMemberSmsSendReq,
  data: z.boolean(),
});

export const appMemberAuthSmsLogin = defineEndpoint({
  api: 'app',
  method: 'POST',
  path: '/member/auth/sms-login',
  summary:
    '使用手机 + 验证码登录（手机号未注册时自动注册，注册终端取请求头 terminal，默认 20 H5 网页；验证码错误 5 次后作废）',
  tag: AUTH_TAG,
  access: PUBLIC,
  body: appMemberSmsLoginReq,
  data: loginResp,
});

export const appMemberAuthLogout = defineEndpoint({
  api: 'app',
  method: 'POST',
  path: '/member/auth/logout',
  summary: '登出系统',
  tag: AUTH_TAG,
  access: PUBLIC,
  data: z.boolean(),
});

export const appMemberAuthRefreshToken = defineEndpoint({
  api: 'app',
  method: 'POST',
  path: '/member/auth/refresh-token',
  summary: '刷新令牌',
  tag: AUTH_TAG,
  access: PUBLIC,
  query: z.object({ refreshToken: z.string({ error: '刷新令牌不能为空' }).min(1, '刷新令牌不能为空') }),
  data: loginResp,
});

export const appMemberUserGet = defineEndpoint({
  api: 'app',
  method: 'GET',
  path: '/member/user/get',
  summary: '获得基本信息',
  tag: USER_TAG,
  access: MEMBER,
  data: appMemberProfile,
});

export const appMemberUserUpdate = defineEndpoint({
  api: 'app',
  method: 'PUT',
  path: '/member/user/update',
  summary: '修改基本信息（昵称、头像、性别；未传的字段不变）',
  tag: USER_TAG,
  access: MEMBER,
  body: appMemberUserUpdateReq,
  data: z.boolean(),
});

export const appMemberAddressList = defineEndpoint({
  api: 'app',
  method: 'GET',
  path: '/member/address/list',
  summary: '获得用户收件地址列表（默认地址在前）',
  tag: ADDRESS_TAG,
  access: MEMBER,
  data: z.array(memberAddress),
});

export const appMemberAddressGet = defineEndpoint({
  api: 'app',
  method: 'GET',
  path: '/member/address/get',
  summary: '获得用户收件地址',
  tag: ADDRESS_TAG,
  access: MEMBER,
  query: z.object({ id: idParam('收件地址编号') }),
  data: memberAddress,
});

export const appMemberAddressGetDefault = defineEndpoint({
  api: 'app',
  method: 'GET',
  path: '/member/address/get-default',
  summary: '获得默认的用户收件地址（没有时为 null）',
  tag: ADDRESS_TAG,
  access: MEMBER,
  data: memberAddress.nullable(),
});

export const appMemberAddressCreate = defineEndpoint({
  api: 'app',
  method: 'POST',
  path: '/member/address/create',
  summary: '创建用户收件地址（第一个地址即为默认地址；设为默认时取消其他地址的默认）',
  tag: ADDRESS_TAG,
  access: MEMBER,
  body: appMemberAddressCreateReq,
  data: z.number().int(),
});

export const appMemberAddressUpdate = defineEndpoint({
  api: 'app',
  method: 'PUT',
  path: '/member/address/update',
  summary: '更新用户收件地址（设为默认时取消其他地址的默认）',
  tag: ADDRESS_TAG,
  access: MEMBER,
  body: appMemberAddressUpdateReq,
  data: z.boolean(),
});

export const appMemberAddressDelete = defineEndpoint({
  api: 'app',
  method: 'DELETE',
  path: '/member/address/delete',
  summary: '删除用户收件地址',
  tag: ADDRESS_TAG,
  access: MEMBER,
  query: z.object({ id: idParam('收件地址编号') }),
  data: z.boolean(),
});
