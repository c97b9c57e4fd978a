import { z } from 'zod';
import { defineEndpoint, PUBLIC, SIGNED_IN } from '../endpoint.js';
import { epochMillis } from '../result.js';

export const loginReq = z.object({
  username: z
    .string({ error: '登录账号不能为空' })
    .trim()
    .min(1, '登录账号不能为空')
    .min(4, '账号长度为 4-16 位')
    .max(16, '账号长度为 4-16 位')
    .regex(/^[A-Za-z0-9]+$/, '账号格式为数字以及字母'),
  password: z
    .string({ error: '密码不能为空' })
    .min(1, '密码不能为空')
    .min(4, '密码长度为 4-16 位')
    .max(16, '密码长度为 4-16 位'),
  captchaVerification: z.string().optional(),
  socialType: z.number().int().optional(),
  socialCode: z.string().optional(),
  socialState: z.string().optional(),
});
export type LoginReq = z.input<typeof loginReq>;

export const loginResp = z.object({
  userId: z.number().int(),
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresTime: epochMillis,
});
export type LoginResp = z.output<typeof loginResp>;

/** A node of the menu tree sent to the web; buttons are never included. */
export interface MenuNode {
  id: number;
  parentId: number;
  name: string;
  path: string;
  component: string | null;
  componentName: string | null;
  icon: string;
  visible: boolean;
  keepAlive: boolean;
  alwaysShow: boolean;
  children?: MenuNode[];
}
export const menuNode: z.ZodType<MenuNode> = z
  .lazy(
    () =>
      z.object({
        id: z.number().int(),
        parentId: z.number().int(),
        name: z.string(),
        path: z.string(),
        component: z.string().nullable(),
        componentName: z.string().nullable(),
        icon: z.string(),
        visible: z.boolean(),
        keepAlive: z.boolean(),
        alwaysShow: z.boolean(),
        children: z.array(menuNode).optional(),
      }),
    // A named schema: the OpenAPI document refers to it by name where the tree nests.
  )
  .meta({ id: 'MenuNode' });

export const permissionInfo = z.object({
  user: z.object({
    id: z.number().int(),
    nickname: z.string(),
    avatar: z.string(),
    deptId: z.number().int().nullable(),
  }),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  menus: z.array(menuNode),
});
export type PermissionInfo = z.output<typeof permissionInfo>;

export const authLogin = defineEndpoint({
  method: 'POST',
  path: '/system/auth/login',
  summary: '使用账号密码登录',
  tag: '认证',
  access: PUBLIC,
  body: loginReq,
  data: loginResp,
});

export const authLogout = defineEndpoint({
  method: 'POST',
  path: '/system/auth/logout',
  summary: '登出系统',
  tag: '认证',
  access: PUBLIC,
  data: z.boolean(),
});

export const authRefreshToken = defineEndpoint({
  method: 'POST',
  path: '/system/auth/refresh-token',
  summary: '刷新令牌',
  tag: '认证',
  access: PUBLIC,
  query: z.object({ refreshToken: z.string({ error: '刷新令牌不能为空' }).min(1, '刷新令牌不能为空') }),
  data: loginResp,
});

export const authPermissionInfo = defineEndpoint({
  method: 'GET',
  path: '/system/auth/get-permission-info',
  summary: '获取登录用户的权限信息',
  tag: '认证',
  access: SIGNED_IN,
  data: permissionInfo,
});
