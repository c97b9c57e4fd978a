import { z } from 'zod';
import { defineEndpoint, SIGNED_IN } from '../endpoint.js';
import { epochMillis } from '../result.js';

const idName = z.object({ id: z.number().int(), name: z.string() });

/** The signed-in user's own record, as the personal centre shows it. */
export const userProfile = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  remark: z.string().nullable(),
  deptId: z.number().int().nullable(),
  postIds: z.array(z.number().int()),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  /** Dictionary `system_user_sex`: 1 男, 2 女. */
  sex: z.number().int().nullable(),
  avatar: z.string().nullable(),
  status: z.number().int(),
  loginIp: z.string().nullable(),
  loginDate: epochMillis.nullable(),
  createTime: epochMillis,
  dept: idName.nullable(),
  roles: z.array(idName),
  posts: z.array(idName),
  /** Bound social accounts: platform (system_social_type) and the account's openid. */
  socialUsers: z.array(z.object({ type: z.number().int(), openid: z.string() })),
});
export type UserProfile = z.output<typeof userProfile>;

/** Mainland mobile numbers: 11 digits starting with 1[3-9]. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;

/** '' and null clear the field; both become null. */
const optionalText = <T extends z.ZodType<string>>(schema: T) =>
  z
    .union([z.literal(''), z.null(), schema])
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : (v as string | null)));

export const userProfileUpdateReq = z.object({
  nickname: z
    .string({ error: '用户昵称不能为空' })
    .trim()
    .min(1, '用户昵称不能为空')
    .max(30, '用户昵称长度不能超过 30 个字符'),
  email: optionalText(
    z
      .string()
      .trim()
      .max(50, '邮箱长度不能超过 50 个字符')
      .pipe(z.email({ error: '邮箱格式不正确' })),
  ),
  mobile: optionalText(
    z.string().trim().length(11, '手机号长度必须 11 位').regex(MOBILE_PATTERN, '手机号格式不正确'),
  ),
  sex: z
    .union([z.literal(1), z.literal(2)], { error: '用户性别只能是 1（男）或 2（女）' })
    .nullable()
    .optional(),
});
export type UserProfileUpdateReq = z.input<typeof userProfileUpdateReq>;

const password = (label: string) =>
  z
    .string({ error: `${label}不能为空` })
    .min(1, `${label}不能为空`)
    .min(4, '密码长度为 4-16 位')
    .max(16, '密码长度为 4-16 位');

export const userProfileUpdatePasswordReq = z.object({
  oldPassword: password('旧密码'),
  newPassword: password('新密码'),
});
export type UserProfileUpdatePasswordReq = z.input<typeof userProfileUpdatePasswordReq>;

export const userProfileGet = defineEndpoint({
  method: 'GET',
  path: '/system/user/profile/get',
  summary: '获得登录用户信息',
  tag: '用户个人中心',
  access: SIGNED_IN,
  data: userProfile,
});

export const userProfileUpdate = defineEndpoint({
  method: 'PUT',
  path: '/system/user/profile/update',
  summary: '修改用户个人信息（邮箱、手机号在本租户内唯一）',
  tag: '用户个人中心',
  access: SIGNED_IN,
  body: userProfileUpdateReq,
  data: z.boolean(),
});

export const userProfileUpdatePassword = defineEndpoint({
  method: 'PUT',
  path: '/system/user/profile/update-password',
  summary: '修改用户个人密码（需校验旧密码）',
  tag: '用户个人中心',
  access: SIGNED_IN,
  body: userProfileUpdatePasswordReq,
  data: z.boolean(),
});

/** Avatar limits: the types the server accepts (sniffed from the content) and the size. */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

export const userProfileUpdateAvatar = defineEndpoint({
  method: 'PUT',
  path: '/system/user/profile/update-avatar',
  summary:
    '上传用户个人头像（multipart/form-data，文件字段 avatarFile；PNG、JPEG、WEBP、GIF，不超过 2MB；返回头像地址）',
  tag: '用户个人中心',
  access: SIGNED_IN,
  files: ['avatarFile'],
  data: z.string(),
});
