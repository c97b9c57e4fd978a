import { z } from 'zod';
import { defineEndpoint, permission } from '../endpoint.js';
import { readTimeRange, stringOrList } from '../query.js';
import { epochMillis, pageParam, pageResult } from '../result.js';
import { textParam } from '../fields.js';

/* OA leave (/bpm/oa/leave): the reference's example of a business form driven by the `oa_leave` process. */

/** The process every leave request starts (its latest active definition). */
export const OA_LEAVE_PROCESS_KEY = 'oa_leave';

export const oaLeave = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  /** `bpm_oa_leave_type`: 1 病假, 2 事假, 3 婚假. */
  type: z.number().int(),
  reason: z.string(),
  startTime: epochMillis,
  endTime: epochMillis,
  /** Whole days from start to end, as the process variable `day`. */
  day: z.number().int(),
  /** `bpm_process_instance_result` of the leave's process. */
  result: z.number().int(),
  processInstanceId: z.string().nullable(),
  createTime: epochMillis,
});
export type OaLeave = z.output<typeof oaLeave>;

export const oaLeaveCreateReq = z
  .object({
    startTime: z.number({ error: '开始时间不能为空' }).int('开始时间格式不正确'),
    endTime: z.number({ error: '结束时间不能为空' }).int('结束时间格式不正确'),
    type: z.number({ error: '请假类型不能为空' }).int().min(1, '请假类型不正确').max(99, '请假类型不正确'),
    reason: z
      .string({ error: '原因不能为空' })
      .trim()
      .min(1, '原因不能为空')
      .max(200, '原因不能超过 200 个字符'),
  })
  .refine((v) => v.endTime > v.startTime, { message: '结束时间需要大于开始时间', path: ['endTime'] });
export type OaLeaveCreateReq = z.input<typeof oaLeaveCreateReq>;

export const oaLeavePageReq = pageParam
  .extend({
    result: z
      .enum(['1', '2', '3', '4', ''], { error: '结果不正确' })
      .optional()
      .transform((v) => (v ? Number(v) : undefined)),
    type: z
      .string()
      .regex(/^\d{0,2}$/, '请假类型不正确')
      .optional()
      .transform((v) => (v ? Number(v) : undefined)),
    reason: textParam,
    createTime: stringOrList.optional(),
    'createTime[0]': z.string().optional(),
    'createTime[1]': z.string().optional(),
  })
  .transform((raw, ctx) => ({
    pageNo: raw.pageNo,
    pageSize: raw.pageSize,
    result: raw.result,
    type: raw.type,
    reason: raw.reason,
    createTime: readTimeRange(raw, 'createTime', '申请时间', ctx),
  }));
export type OaLeavePageReq = z.input<typeof oaLeavePageReq>;

const TAG = 'OA 请假申请';

export const oaLeaveCreate = defineEndpoint({
  method: 'POST',
  path: '/bpm/oa/leave/create',
  summary: '创建请假申请并发起最新的 oa_leave 流程（请假天数为变量 day），返回申请编号',
  tag: TAG,
  access: permission('bpm:oa-leave:create'),
  body: oaLeaveCreateReq,
  data: z.number().int(),
});

export const oaLeaveGet = defineEndpoint({
  method: 'GET',
  path: '/bpm/oa/leave/get',
  summary: '获得请假申请（申请人或其流程的处理人可查看）',
  tag: TAG,
  access: permission('bpm:oa-leave:query'),
  query: z.object({
    id: z.coerce.number({ error: '编号不能为空' }).int('编号必须是整数').positive('编号不能为空'),
  }),
  data: oaLeave,
});

export const oaLeavePage = defineEndpoint({
  method: 'GET',
  path: '/bpm/oa/leave/page',
  summary: '获得我的请假申请分页（结果、类型、原因模糊、申请时间过滤；新的在前）',
  tag: TAG,
  access: permission('bpm:oa-leave:query'),
  query: oaLeavePageReq,
  data: pageResult(oaLeave),
});
