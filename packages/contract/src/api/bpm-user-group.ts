import { z } from 'zod';
import { defineEndpoint, permission, SIGNED_IN } from '../endpoint.js';
import { readTimeRange, stringOrList } from '../query.js';
import { epochMillis, pageParam, pageResult } from '../result.js';
import { commonStatus, idListTooLong, idQuery, MAX_ID_LIST, statusParam, textParam } from '../fields.js';

/** A user group (用户组) of the workflow's assignment rules (type 40). */
export const bpmUserGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  memberUserIds: z.array(z.number().int()),
  status: z.number().int(),
  createTime: epochMillis,
});
export type BpmUserGroup = z.output<typeof bpmUserGroup>;

export const bpmUserGroupSimple = z.object({ id: z.number().int(), name: z.string() });
export type BpmUserGroupSimple = z.output<typeof bpmUserGroupSimple>;

export const bpmUserGroupPageReq = pageParam
  .extend({
    name: textParam,
    status: statusParam,
    createTime: stringOrList.optional(),
    'createTime[0]': z.string().optional(),
    'createTime[1]': z.string().optional(),
  })
  .transform((raw, ctx) => ({
    pageNo: raw.pageNo,
    pageSize: raw.pageSize,
    name: raw.name,
    status: raw.status,
    createTime: readTimeRange(raw, 'createTime', '创建时间', ctx),
  }));
export type BpmUserGroupPageReq = z.input<typeof bpmUserGroupPageReq>;

const bpmUserGroupFields = {
  name: z
    .string({ error: '组名不能为空' })
    .trim()
    .min(1, '组名不能为空')
    .max(30, '组名长度不能超过 30 个字符'),
  description: z.string({ error: '描述不能为空' }).trim().max(255, '描述长度不能超过 255 个字符'),
  memberUserIds: z
    .array(z.number({ error: '成员编号必须是数字' }).int('成员编号必须是整数').positive('成员编号不正确'), {
      error: '成员编号数组不能为空',
    })
    .max(MAX_ID_LIST, idListTooLong('成员编号'))
    .transform((ids) => [...new Set(ids)]),
  status: commonStatus,
};
export const bpmUserGroupCreateReq = z.object(bpmUserGroupFields);
export type BpmUserGroupCreateReq = z.input<typeof bpmUserGroupCreateReq>;
export const bpmUserGroupUpdateReq = z.object({
  id: z.number({ error: '用户组编号不能为空' }).int().positive('用户组编号不能为空'),
  ...bpmUserGroupFields,
});
export type BpmUserGroupUpdateReq = z.input<typeof bpmUserGroupUpdateReq>;

const TAG = '用户组';

export const bpmUserGroupCreate = defineEndpoint({
  method: 'POST',
  path: '/bpm/user-group/create',
  summary: '创建用户组，返回编号（成员须是本租户的用户）',
  tag: TAG,
  access: permission('bpm:user-group:create'),
  body: bpmUserGroupCreateReq,
  data: z.number().int(),
});

export const bpmUserGroupUpdate = defineEndpoint({
  method: 'PUT',
  path: '/bpm/user-group/update',
  summary: '更新用户组',
  tag: TAG,
  access: permission('bpm:user-group:update'),
  body: bpmUserGroupUpdateReq,
  data: z.boolean(),
});

export const bpmUserGroupDelete = defineEndpoint({
  method: 'DELETE',
  path: '/bpm/user-group/delete',
  summary: '删除用户组',
  tag: TAG,
  access: permission('bpm:user-group:delete'),
  query: idQuery,
  data: z.boolean(),
});

export const bpmUserGroupGet = defineEndpoint({
  method: 'GET',
  path: '/bpm/user-group/get',
  summary: '获得用户组',
  tag: TAG,
  access: permission('bpm:user-group:query'),
  query: idQuery,
  data: bpmUserGroup,
});

export const bpmUserGroupPage = defineEndpoint({
  method: 'GET',
  path: '/bpm/user-group/page',
  summary: '获得用户组分页（组名模糊，状态、创建时间过滤；按编号倒序）',
  tag: TAG,
  access: permission('bpm:user-group:query'),
  query: bpmUserGroupPageReq,
  data: pageResult(bpmUserGroup),
});

const simpleListSummary = '获取用户组精简信息列表（只包含开启的用户组，用于下拉选项）';

export const bpmUserGroupListAllSimple = defineEndpoint({
  method: 'GET',
  path: '/bpm/user-group/list-all-simple',
  summary: simpleListSummary,
  tag: TAG,
  access: SIGNED_IN,
  data: z.array(bpmUserGroupSimple),
});

/** The same list under the name newer clients use. */
export const bpmUserGroupSimpleList = defineEndpoint({
  method: 'GET',
  path: '/bpm/user-group/simple-list',
  summary: simpleListSummary,
  tag: TAG,
  access: SIGNED_IN,
  data: z.array(bpmUserGroupSimple),
});
