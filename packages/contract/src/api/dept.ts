import { z } from 'zod';
import { defineEndpoint, permission, SIGNED_IN } from '../endpoint.js';
import { commonStatus, emailText, idQuery, optionalText, statusParam, textParam } from '../fields.js';
import { epochMillis } from '../result.js';

/* Departments */

export const dept = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 0 = top level. */
  parentId: z.number().int(),
  sort: z.number().int(),
  leaderUserId: z.number().int().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  status: z.number().int(),
  createTime: epochMillis,
});
export type Dept = z.output<typeof dept>;

export const deptSimple = z.object({ id: z.number().int(), name: z.string(), parentId: z.number().int() });
export type DeptSimple = z.output<typeof deptSimple>;

export const deptListReq = z.object({ name: textParam, status: statusParam });
export type DeptListReq = z.input<typeof deptListReq>;

const deptFields = {
  name: z
    .string({ error: '部门名称不能为空' })
    .trim()
    .min(1, '部门名称不能为空')
    .max(30, '部门名称长度不能超过 30 个字符'),
  parentId: z
    .number({ error: '上级部门必须是数字' })
    .int('上级部门必须是整数')
    .min(0, '上级部门不正确')
    .nullable()
    .optional()
    .transform((v) => v ?? 0),
  sort: z.number({ error: '显示排序不能为空' }).int('显示排序必须是整数').min(0, '显示排序不能小于 0'),
  leaderUserId: z
    .number({ error: '负责人必须是数字' })
    .int('负责人必须是整数')
    .positive('负责人不正确')
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  phone: optionalText(z.string().trim().max(11, '联系电话长度不能超过 11 个字符')),
  email: optionalText(emailText),
  status: commonStatus,
};

export const deptCreateReq = z.object(deptFields);
export type DeptCreateReq = z.input<typeof deptCreateReq>;
export const deptUpdateReq = z.object({
  id: z.number({ error: '部门编号不能为空' }).int().positive('部门编号不能为空'),
  ...deptFields,
});
export type DeptUpdateReq = z.input<typeof deptUpdateReq>;

const TAG = '部门';

export const deptList = defineEndpoint({
  method: 'GET',
  path: '/system/dept/list',
  summary: '获取部门列表（按名称模糊、状态过滤；按数据权限过滤；按排序）',
  tag: TAG,
  access: permission('system:dept:query'),
  query: deptListReq,
  data: z.array(dept),
});

const simpleListSummary = '获取部门精简信息列表（只包含开启的部门，按数据权限过滤，用于下拉选项）';

export const deptListAllSimple = defineEndpoint({
  method: 'GET',
  path: '/system/dept/list-all-simple',
  summary: simpleListSummary,
  tag: TAG,
  access: SIGNED_IN,
  data: z.array(deptSimple),
});

/** The same list under the name newer clients use. */
export const deptSimpleList = defineEndpoint({
  method: 'GET',
  path: '/system/dept/simple-list',
  summary: simpleListSummary,
  tag: TAG,
  access: SIGNED_IN,
  data: z.array(deptSimple),
});

export const deptGet = defineEndpoint({
  method: 'GET',
  path: '/system/dept/get',
  summary: '获得部门信息',
  tag: TAG,
  access: permission('system:dept:query'),
  query: idQuery,
  data: dept,
});

export const deptCreate = defineEndpoint({
  method: 'POST',
  path: '/system/dept/create',
  summary: '创建部门，返回编号',
  tag: TAG,
  access: permission('system:dept:create'),
  body: deptCreateReq,
  data: z.number().int(),
});

export const deptUpdate = defineEndpoint({
  method: 'PUT',
  path: '/system/dept/update',
  summary: '更新部门（上级部门不能是自己或自己的下级）',
  tag: TAG,
  access: permission('system:dept:update'),
  body: deptUpdateReq,
  data: z.boolean(),
});

export const deptDelete = defineEndpoint({
  method: 'DELETE',
  path: '/system/dept/delete',
  summary: '删除部门（存在子部门或员工时不能删除）',
  tag: TAG,
  access: permission('system:dept:delete'),
  query: idQuery,
  data: z.boolean(),
});
