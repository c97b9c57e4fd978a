import { z } from 'zod';
import { defineEndpoint, permission } from '../endpoint.js';
import { readTimeRange, stringOrList } from '../query.js';
import { epochMillis, pageParam, pageResult } from '../result.js';
import { adminFormFields } from './dict-admin.js';

/* 商品品牌 (/product/brand). */

const { idQuery, textFilter, statusFilter, requiredText, statusField, bodyId } = adminFormFields;

export const productBrand = z.object({
  id: z.number().int(),
  name: z.string(),
  picUrl: z.string(),
  sort: z.number().int(),
  description: z.string().nullable(),
  /** common_status: 0 开启, 1 关闭. */
  status: z.number().int(),
  createTime: epochMillis,
});
export type ProductBrand = z.output<typeof productBrand>;

const filterFields = {
  name: textFilter('品牌名称', 255),
  status: statusFilter,
  createTime: stringOrList.optional(),
  'createTime[0]': z.string().optional(),
  'createTime[1]': z.string().optional(),
};
const readFilter = (raw: z.output<z.ZodObject<typeof filterFields>>, ctx: z.RefinementCtx) => ({
  name: raw.name,
  status: raw.status,
  createTime: readTimeRange(raw, 'createTime', '创建时间', ctx),
});
export type ProductBrandFilter = ReturnType<typeof readFilter>;

export const productBrandPageReq = pageParam
  .extend(filterFields)
  .transform((raw, ctx) => ({ pageNo: raw.pageNo, pageSize: raw.pageSize, ...readFilter(raw, ctx) }));
export type ProductBrandPageReq = z.input<typeof productBrandPageReq>;
export const productBrandListReq = z.object({ name: textFilter('品牌名称', 255) });

const bodyFields = {
  name: requiredText('品牌名称不能为空', 255, '品牌名称长度不能超过255个字符'),
  picUrl: requiredText('品牌图片不能为空', 1024, '品牌图片地址长度不能超过1024个字符'),
  sort: z.number({ error: '品牌排序不能为空' }).int('品牌排序必须是整数').min(0, '品牌排序不能小于 0'),
  description: z
    .string({ error: '品牌描述必须是文本' })
    .max(1024, '品牌描述长度不能超过1024个字符')
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null)),
  status: statusField,
};
export const productBrandCreateReq = z.object(bodyFields);
export type ProductBrandCreateReq = z.input<typeof productBrandCreateReq>;
export const productBrandUpdateReq = z.object({ id: bodyId('品牌编号'), ...bodyFields });
export type ProductBrandUpdateReq = z.input<typeof productBrandUpdateReq>;

const TAG = '商品品牌';

export const productBrandPage = defineEndpoint({
  method: 'GET',
  path: '/product/brand/page',
  summary: '获得品牌分页（名称模糊，状态、创建时间过滤；按排序）',
  tag: TAG,
  access: permission('product:brand:query'),
  query: productBrandPageReq,
  data: pageResult(productBrand),
});

export const productBrandList = defineEndpoint({
  method: 'GET',
  path: '/product/brand/list',
  summary: '获得品牌列表（名称模糊；按排序）',
  tag: TAG,
  // The SPU list and editor pick brands too.
  access: permission('product:brand:query', 'product:spu:query', 'product:spu:create', 'product:spu:update'),
  query: productBrandListReq,
  data: z.array(productBrand),
});

export const productBrandGet = defineEndpoint({
  method: 'GET',
  path: '/product/brand/get',
  summary: '获得品牌',
  tag: TAG,
  access: permission('product:brand:query'),
  query: idQuery('品牌编号'),
  data: productBrand,
});

export const productBrandCreate = defineEndpoint({
  method: 'POST',
  path: '/product/brand/create',
  summary: '创建品牌，返回编号（名称不能重复）',
  tag: TAG,
  access: permission('product:brand:create'),
  body: productBrandCreateReq,
  data: z.number().int(),
});

export const productBrandUpdate = defineEndpoint({
  method: 'PUT',
  path: '/product/brand/update',
  summary: '修改品牌',
  tag: TAG,
  access: permission('product:brand:update'),
  body: productBrandUpdateReq,
  data: z.boolean(),
});

export const productBrandDelete = defineEndpoint({
  method: 'DELETE',
  path: '/product/brand/delete',
  summary: '删除品牌（没有商品时）',
  tag: TAG,
  access: permission('product:brand:delete'),
  query: idQuery('品牌编号'),
  data: z.boolean(),
});
