import { z } from 'zod';
import { defineEndpoint, permission, SIGNED_IN } from '../endpoint.js';
import { epochMillis, pageParam, pageResult } from '../result.js';
import { commonStatus, idQuery, optionalText, statusParam, textParam } from '../fields.js';

export const post = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  sort: z.number().int(),
  status: z.number().int(),
  remark: z.string().nullable(),
  createTime: epochMillis,
});
export type Post = z.output<typeof post>;

export const postSimple = z.object({ id: z.number().int(), name: z.string() });
export type PostSimple = z.output<typeof postSimple>;

const postFilter = { code: textParam, name: textParam, status: statusParam };
export const postPageReq = pageParam.extend(postFilter);
export type PostPageReq = z.input<typeof postPageReq>;
export const postExportReq = z.object(postFilter);
export type PostExportReq = z.input<typeof postExportReq>;

const postFields = {
  name: z
    .string({ error: '岗位名称不能为空' })
    .trim()
    .min(1, '岗位名称不能为空')
    .max(50, '岗位名称长度不能超过 50 个字符'),
  code: z
    .string({ error: '岗位编码不能为空' })
    .trim()
    .min(1, '岗位编码不能为空')
    .max(64, '岗位编码长度不能超过 64 个字符'),
  sort: z.number({ error: '显示顺序不能为空' }).int('显示顺序必须是整数').min(0, '显示顺序不能小于 0'),
  status: commonStatus,
  remark: optionalText(z.string().trim().max(500, '备注长度不能超过 500 个字符')),
};
export const postCreateReq = z.object(postFields);
export type PostCreateReq = z.input<typeof postCreateReq>;
export const postUpdateReq = z.object({
  id: z.number({ error: '岗位编号不能为空' }).int().positive('岗位编号不能为空'),
  ...postFields,
});
export type PostUpdateReq = z.input<typeof postUpdateReq>;

const TAG = '岗位';

export const postPage = defineEndpoint({
  method: 'GET',
  path: '/system/post/page',
  summary: '获得岗位分页（岗位编码、名称模糊，状态过滤；按排序）',
  tag: TAG,
  access: permission('system:post:query'),
  query: postPageReq,
  data: pageResult(post),
});

const simpleListSummary = '获取岗位精简信息列表（只包含开启的岗位，用于下拉选项）';

export const postListAllSimple = defineEndpoint({
  method: 'GET',
  path: '/system/post/list-all-simple',
  summary: simpleListSummary,
  tag: TAG,
  access: SIGNED_IN,
  data: z.array(postSimple),
});

/** The same list under the name newer clients use. */
export const postSimpleList = defineEndpoint({
  method: 'GET',
  path: '/system/post/simple-list',
  summary: simpleListSummary,
  tag: TAG,
  access: SIGNED_IN,
  data: z.array(postSimple),
});

export const postGet = defineEndpoint({
  method: 'GET',
  path: '/system/post/get',
  summary: '获得岗位信息',
  tag: TAG,
  access: permission('system:post:query'),
  query: idQuery,
  data: post,
});

export const postCreate = defineEndpoint({
  method: 'POST',
  path: '/system/post/create',
  summary: '创建岗位，返回编号（名称、编码不能重复）',
  tag: TAG,
  access: permission('system:post:create'),
  body: postCreateReq,
  data: z.number().int(),
});

export const postUpdate = defineEndpoint({
  method: 'PUT',
  path: '/system/post/update',
  summary: '修改岗位',
  tag: TAG,
  access: permission('system:post:update'),
  body: postUpdateReq,
  data: z.boolean(),
});

export const postDelete = defineEndpoint({
  method: 'DELETE',
  path: '/system/post/delete',
  summary: '删除岗位',
  tag: TAG,
  access: permission('system:post:delete'),
  query: idQuery,
  data: z.boolean(),
});

const exportSummary = '导出岗位 Excel（.xlsx，条件同分页，不分页）';

export const postExport = defineEndpoint({
  method: 'GET',
  path: '/system/post/export',
  summary: exportSummary,
  tag: TAG,
  access: permission('system:post:export'),
  query: postExportReq,
  response: 'binary',
  data: z.unknown(),
});

/** The same export under the name newer clients use. */
export const postExportExcel = defineEndpoint({
  method: 'GET',
  path: '/system/post/export-excel',
  summary: exportSummary,
  tag: TAG,
  access: permission('system:post:export'),
  query: postExportReq,
  response: 'binary',
  data: z.unknown(),
});
