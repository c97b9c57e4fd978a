import { z } from 'zod';
import { defineEndpoint, permission } from '../endpoint.js';
import { commonStatus } from '../fields.js';
import { idParam, optionalNumberParam, readTimeRange, stringOrList } from '../query.js';
import { epochMillis, pageParam, pageResult } from '../result.js';
import { adminFormFields } from './dict-admin.js';
import { MOBILE_PATTERN } from './profile.js';

/*
 * 会员中心 › 会员管理 (/member/user): the shop's buyers, apart from staff users. They register and
 * sign in through the member API (/app-api/member/auth/*); the console lists, edits, levels and
 * enables or disables them, and reads their addresses and wallet.
 */

const { idQuery, textFilter, statusFilter, bodyId } = adminFormFields;

/** mbr_user_level: 1 普通会员, 2 白银会员, 3 黄金会员. */
export const MEMBER_LEVELS = [1, 2, 3] as const;

export const memberUser = z.object({
  id: z.number().int(),
  mobile: z.string(),
  nickname: z.string(),
  avatar: z.string().nullable(),
  name: z.string().nullable(),
  /** system_user_sex: 1 男, 2 女; null 未知. */
  sex: z.number().int().nullable(),
  birthday: epochMillis.nullable(),
  areaId: z.number().int().nullable(),
  /** '广东省 深圳市 南山区', from areaId. */
  areaName: z.string().nullable(),
  mark: z.string().nullable(),
  /** mbr_user_level. */
  levelId: z.number().int(),
  /** common_status: 0 开启, 1 禁用. */
  status: z.number().int(),
  registerIp: z.string().nullable(),
  /** terminal: 10 微信小程序, 11 微信公众号, 20 H5 网页, 31 苹果 App, 32 安卓 App. */
  registerTerminal: z.number().int().nullable(),
  loginIp: z.string().nullable(),
  loginDate: epochMillis.nullable(),
  createTime: epochMillis,
});
export type MemberUser = z.output<typeof memberUser>;

const memberFilter = {
  nickname: textFilter('用户昵称', 30),
  mobile: textFilter('手机号', 11),
  levelId: optionalNumberParam('会员等级', { int: true }),
  status: statusFilter,
  loginDate: stringOrList.optional(),
  'loginDate[0]': z.string().optional(),
  'loginDate[1]': z.string().optional(),
  createTime: stringOrList.optional(),
  'createTime[0]': z.string().optional(),
  'createTime[1]': z.string().optional(),
};
const readMemberFilter = (raw: z.output<z.ZodObject<typeof memberFilter>>, ctx: z.RefinementCtx) => ({
  nickname: raw.nickname,
  mobile: raw.mobile,
  levelId: raw.levelId,
  status: raw.status,
  loginDate: readTimeRange(raw, 'loginDate', '最近登录时间', ctx),
  createTime: readTimeRange(raw, 'createTime', '注册时间', ctx),
});
export type MemberUserFilter = ReturnType<typeof readMemberFilter>;

export const memberUserPageReq = pageParam
  .extend(memberFilter)
  .transform((raw, ctx) => ({ pageNo: raw.pageNo, pageSize: raw.pageSize, ...readMemberFilter(raw, ctx) }));
export type MemberUserPageReq = z.input<typeof memberUserPageReq>;

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label}必须是文本` })
    .max(max, `${label}长度不能超过${max}个字符`)
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null));

export const memberUserUpdateReq = z.object({
  id: bodyId('会员编号'),
  mobile: z.string({ error: '手机号不能为空' }).trim().regex(MOBILE_PATTERN, '手机号格式不正确'),
  nickname: z
    .string({ error: '用户昵称不能为空' })
    .trim()
    .min(1, '用户昵称不能为空')
    .max(30, '用户昵称长度不能超过30个字符'),
  avatar: optionalText('头像', 512),
  name: optionalText('真实名字', 30),
  sex: z
    .union([z.literal(1), z.literal(2)], { error: '用户性别只能是 1（男）或 2（女）' })
    .nullish()
    .transform((v) => v ?? null),
  birthday: epochMillis.nullish().transform((v) => v ?? null),
  areaId: z
    .number({ error: '所在地必须是地区编号' })
    .int('所在地格式不正确')
    .positive('所在地格式不正确')
    .nullish()
    .transform((v) => v ?? null),
  mark: optionalText('会员备注', 255),
});
export type MemberUserUpdateReq = z.input<typeof memberUserUpdateReq>;

export const memberUserUpdateLevelReq = z.object({
  id: bodyId('会员编号'),
  levelId: z
    .number({ error: '会员等级不能为空' })
    .refine((v) => (MEMBER_LEVELS as readonly number[]).includes(v), '会员等级只能是 1、2 或 3'),
  reason: z
    .string({ error: '修改原因不能为空' })
    .trim()
    .min(1, '修改原因不能为空')
    .max(255, '修改原因长度不能超过255个字符'),
});
export type MemberUserUpdateLevelReq = z.input<typeof memberUserUpdateLevelReq>;

export const memberUserUpdateStatusReq = z.object({ id: bodyId('会员编号'), status: commonStatus });
export type MemberUserUpdateStatusReq = z.input<typeof memberUserUpdateStatusReq>;

export const memberAddress = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  name: z.string(),
  mobile: z.string(),
  areaId: z.number().int(),
  areaName: z.string(),
  detailAddress: z.string(),
  defaultStatus: z.boolean(),
  createTime: epochMillis,
});
export type MemberAddress = z.output<typeof memberAddress>;

/** A member's wallet in the pay module (a member who never paid by wallet has an empty one). */
export const memberWallet = z.object({
  id: z.number().int().nullable(),
  userId: z.number().int(),
  /** Fen. */
  balance: z.number().int(),
  totalExpense: z.number().int(),
  totalRecharge: z.number().int(),
});
export type MemberWallet = z.output<typeof memberWallet>;

const TAG = '会员用户';

export const memberUserPage = defineEndpoint({
  method: 'GET',
  path: '/member/user/page',
  summary: '获得会员用户分页（昵称、手机号模糊，等级、状态、登录与注册时间过滤；新注册在前）',
  tag: TAG,
  access: permission('member:user:query'),
  query: memberUserPageReq,
  data: pageResult(memberUser),
});

export const memberUserGet = defineEndpoint({
  method: 'GET',
  path: '/member/user/get',
  summary: '获得会员用户',
  tag: TAG,
  access: permission('member:user:query'),
  query: idQuery('会员编号'),
  data: memberUser,
});

export const memberUserUpdate = defineEndpoint({
  method: 'PUT',
  path: '/member/user/update',
  summary: '修改会员用户（手机号不能与其他会员重复）',
  tag: TAG,
  access: permission('member:user:update'),
  body: memberUserUpdateReq,
  data: z.boolean(),
});

export const memberUserUpdateLevel = defineEndpoint({
  method: 'PUT',
  path: '/member/user/update-level',
  summary: '修改会员等级（写明原因）',
  tag: TAG,
  access: permission('member:user:update-level'),
  body: memberUserUpdateLevelReq,
  data: z.boolean(),
});

export const memberUserUpdateStatus = defineEndpoint({
  method: 'PUT',
  path: '/member/user/update-status',
  summary: '启用或禁用会员（禁用后其令牌立即失效，且不能再登录）',
  tag: TAG,
  access: permission('member:user:update'),
  body: memberUserUpdateStatusReq,
  data: z.boolean(),
});

export const memberAddressList = defineEndpoint({
  method: 'GET',
  path: '/member/address/list',
  summary: '获得会员的收件地址列表（默认地址在前）',
  tag: TAG,
  access: permission('member:user:query'),
  query: z.object({ userId: idParam('会员编号') }),
  data: z.array(memberAddress),
});

export const memberWalletGet = defineEndpoint({
  method: 'GET',
  path: '/pay/wallet/get',
  summary: '获得会员的钱包（余额、累计支出与充值，单位：分）',
  tag: TAG,
  access: permission('member:user:query'),
  query: z.object({ userId: idParam('会员编号') }),
  data: memberWallet,
});
