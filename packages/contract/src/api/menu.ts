import { z } from 'zod';
import { defineEndpoint, permission, SIGNED_IN } from '../endpoint.js';
import { epochMillis } from '../result.js';
import { commonStatus, idQuery, statusParam, textParam } from '../fields.js';

/** Dictionary `system_menu_type`. */
export const MENU_TYPE = { DIR: 1, MENU: 2, BUTTON: 3 } as const;

/** An address the shell opens in a new tab instead of routing to it. */
export const isExternalLink = (path: string): boolean => /^https?:\/\//.test(path);

export const menu = z.object({
  id: z.number().int(),
  name: z.string(),
  permission: z.string(),
  type: z.number().int(),
  sort: z.number().int(),
  /** 0 = top level. */
  parentId: z.number().int(),
  path: z.string(),
  icon: z.string(),
  component: z.string().nullable(),
  componentName: z.string().nullable(),
  status: z.number().int(),
  visible: z.boolean(),
  keepAlive: z.boolean(),
  alwaysShow: z.boolean(),
  createTime: epochMillis,
});
export type Menu = z.output<typeof menu>;

export const menuSimple = z.object({
  id: z.number().int(),
  name: z.string(),
  parentId: z.number().int(),
  type: z.number().int(),
});
export type MenuSimple = z.output<typeof menuSimple>;

export const menuListReq = z.object({ name: textParam, status: statusParam });
export type MenuListReq = z.input<typeof menuListReq>;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label}必须是文本` })
    .trim()
    .max(max, `${label}长度不能超过 ${max} 个字符`)
    .nullable()
    .optional()
    .transform((v) => v ?? '');
const flag = (label: string) => z.boolean({ error: `${label}必须是 true 或 false` }).default(true);

const menuFields = z.object({
  name: z
    .string({ error: '菜单名称不能为空' })
    .trim()
    .min(1, '菜单名称不能为空')
    .max(50, '菜单名称长度不能超过 50 个字符'),
  permission: text('权限标识', 100),
  type: z.union([z.literal(1), z.literal(2), z.literal(3)], {
    error: '菜单类型必须是 1（目录）、2（菜单）或 3（按钮）',
  }),
  sort: z.number({ error: '显示顺序不能为空' }).int('显示顺序必须是整数').min(0, '显示顺序不能小于 0'),
  parentId: z.number({ error: '父菜单编号不能为空' }).int('父菜单编号必须是整数').min(0, '父菜单编号不正确'),
  path: text('路由地址', 200),
  icon: text('菜单图标', 100),
  component: text('组件路径', 255),
  componentName: text('组件名字', 255),
  status: commonStatus,
  visible: flag('是否可见'),
  keepAlive: flag('是否缓存'),
  alwaysShow: flag('是否总是显示'),
});

/**
 * The rules of each type: buttons keep only their permission (the rest is cleared); directories and
 * menus need a path, a top-level one starting with `/` unless it is an external link.
 */
const checkMenu = <T extends z.output<typeof menuFields>>(menu: T, ctx: z.RefinementCtx) => {
  if (menu.type === MENU_TYPE.BUTTON) return;
  if (menu.path === '') ctx.addIssue({ code: 'custom', message: '路由地址不能为空', path: ['path'] });
  else if (menu.parentId === 0 && !isExternalLink(menu.path) && !menu.path.startsWith('/'))
    ctx.addIssue({ code: 'custom', message: '一级目录或菜单的路由地址必须以 / 开头', path: ['path'] });
  else if (menu.parentId !== 0 && menu.path.startsWith('/'))
    ctx.addIssue({ code: 'custom', message: '下级目录或菜单的路由地址不能以 / 开头', path: ['path'] });
};

export const menuCreateReq = menuFields.superRefine(checkMenu);
export type MenuCreateReq = z.input<typeof menuCreateReq>;
export const menuUpdateReq = menuFields
  .extend({ id: z.number({ error: '菜单编号不能为空' }).int().positive('菜单编号不能为空') })
  .superRefine(checkMenu);
export type MenuUpdateReq = z.input<typeof menuUpdateReq>;

const TAG = '菜单';

export const menuList = defineEndpoint({
  method: 'GET',
  path: '/system/menu/list',
  summary: '获取菜单列表（平铺，按名称模糊、状态过滤；按排序，前端组装成树）',
  tag: TAG,
  access: permission('system:menu:query'),
  query: menuListReq,
  data: z.array(menu),
});

const simpleListSummary = '获取菜单精简信息列表（只包含开启的菜单，用于角色分配菜单与上级菜单选择）';

export const menuListAllSimple = defineEndpoint({
  method: 'GET',
  path: '/system/menu/list-all-simple',
  summary: simpleListSummary,
  tag: TAG,
  access: SIGNED_IN,
  data: z.array(menuSimple),
});

/** The same list under the name newer clients use. */
export const menuSimpleList = defineEndpoint({
  method: 'GET',
  path: '/system/menu/simple-list',
  summary: simpleListSummary,
  tag: TAG,
  access: SIGNED_IN,
  data: z.array(menuSimple),
});

export const menuGet = defineEndpoint({
  method: 'GET',
  path: '/system/menu/get',
  summary: '获取菜单信息',
  tag: TAG,
  access: permission('system:menu:query'),
  query: idQuery,
  data: menu,
});

export const menuCreate = defineEndpoint({
  method: 'POST',
  path: '/system/menu/create',
  summary: '创建菜单，返回编号（父菜单必须是目录或菜单；同一父菜单下名称唯一）',
  tag: TAG,
  access: permission('system:menu:create'),
  body: menuCreateReq,
  data: z.number().int(),
});

export const menuUpdate = defineEndpoint({
  method: 'PUT',
  path: '/system/menu/update',
  summary: '修改菜单（父菜单不能是自己或自己的下级）',
  tag: TAG,
  access: permission('system:menu:update'),
  body: menuUpdateReq,
  data: z.boolean(),
});

export const menuDelete = defineEndpoint({
  method: 'DELETE',
  path: '/system/menu/delete',
  summary: '删除菜单（存在子菜单时不能删除；同时从各角色收回）',
  tag: TAG,
  access: permission('system:menu:delete'),
  query: idQuery,
  data: z.boolean(),
});
