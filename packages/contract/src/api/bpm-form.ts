import { z } from 'zod';
import { defineEndpoint, permission, SIGNED_IN } from '../endpoint.js';
import { epochMillis, pageParam, pageResult } from '../result.js';
import { commonStatus, idQuery, optionalText, textParam } from '../fields.js';

/**
 * A process form (流程表单). `conf` is a JSON object text (the form designer's schema without its
 * components); `fields` holds one JSON object text per top-level component, in display order.
 */
export const bpmForm = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.number().int(),
  remark: z.string().nullable(),
  conf: z.string(),
  fields: z.array(z.string()),
  createTime: epochMillis,
});
export type BpmForm = z.output<typeof bpmForm>;

export const bpmFormSimple = z.object({ id: z.number().int(), name: z.string() });
export type BpmFormSimple = z.output<typeof bpmFormSimple>;

export const bpmFormPageReq = pageParam.extend({ name: textParam });
export type BpmFormPageReq = z.input<typeof bpmFormPageReq>;

const isJsonObject = (text: string): boolean => {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
};

const bpmFormFields = {
  name: z
    .string({ error: '表单名称不能为空' })
    .trim()
    .min(1, '表单名称不能为空')
    .max(64, '表单名称长度不能超过 64 个字符'),
  status: commonStatus,
  remark: optionalText(z.string().trim().max(255, '备注长度不能超过 255 个字符')),
  conf: z.string({ error: '表单的配置不能为空' }).refine(isJsonObject, '表单的配置必须是 JSON 对象字符串'),
  fields: z
    .array(z.string({ error: '表单项必须是 JSON 字符串' }), { error: '表单项的数组不能为空' })
    .superRefine((fields, ctx) => {
      fields.forEach((field, i) => {
        if (!isJsonObject(field))
          ctx.addIssue({ code: 'custom', message: `第 ${i + 1} 个表单项不是 JSON 对象字符串`, path: [i] });
      });
    }),
};
export const bpmFormCreateReq = z.object(bpmFormFields);
export type BpmFormCreateReq = z.input<typeof bpmFormCreateReq>;
export const bpmFormUpdateReq = z.object({
  id: z.number({ error: '表单编号不能为空' }).int().positive('表单编号不能为空'),
  ...bpmFormFields,
});
export type BpmFormUpdateReq = z.input<typeof bpmFormUpdateReq>;

const TAG = '流程表单';

export const bpmFormCreate = defineEndpoint({
  method: 'POST',
  path: '/bpm/form/create',
  summary: '创建动态表单，返回编号（表单项的字段名不能重复）',
  tag: TAG,
  access: permission('bpm:form:create'),
  body: bpmFormCreateReq,
  data: z.number().int(),
});

export const bpmFormUpdate = defineEndpoint({
  method: 'PUT',
  path: '/bpm/form/update',
  summary: '更新动态表单',
  tag: TAG,
  access: permission('bpm:form:update'),
  body: bpmFormUpdateReq,
  data: z.boolean(),
});

export const bpmFormDelete = defineEndpoint({
  method: 'DELETE',
  path: '/bpm/form/delete',
  summary: '删除动态表单',
  tag: TAG,
  access: permission('bpm:form:delete'),
  query: idQuery,
  data: z.boolean(),
});

export const bpmFormGet = defineEndpoint({
  method: 'GET',
  path: '/bpm/form/get',
  summary: '获得动态表单（含配置与表单项）',
  tag: TAG,
  access: permission('bpm:form:query'),
  query: idQuery,
  data: bpmForm,
});

export const bpmFormListAllSimple = defineEndpoint({
  method: 'GET',
  path: '/bpm/form/list-all-simple',
  summary: '获得动态表单的精简列表（用于下拉选项）',
  tag: TAG,
  access: SIGNED_IN,
  data: z.array(bpmFormSimple),
});

export const bpmFormPage = defineEndpoint({
  method: 'GET',
  path: '/bpm/form/page',
  summary: '获得动态表单分页（名称模糊；按编号倒序）',
  tag: TAG,
  access: permission('bpm:form:query'),
  query: bpmFormPageReq,
  data: pageResult(bpmForm),
});
