import { z } from 'zod';
import { defineEndpoint, permission } from '../endpoint.js';
import { optionalNumberParam } from '../query.js';
import { epochMillis } from '../result.js';
import { adminFormFields } from './dict-admin.js';

/* 商品分类 (/product/category): a two-level tree; products sit in second-level categories. */

const { idQuery, textFilter, statusFilter, requiredText, statusField, bodyId } = adminFormFields;

export const productCategory = z.object({
  id: z.number().int(),
  /** 0 for a top-level category. */
  parentId: z.number().int(),
  name: z.string(),
  picUrl: z.string(),
  sort: z.number().int(),
  /** common_status: 0 开启, 1 关闭. */
  status: z.number().int(),
  description: z.string().nullable(),
  createTime: epochMillis,
});
export type ProductCategory = z.output<typeof productCategory>;

export const productCategoryListReq = z.object({
  name: textFilter('分类名称', 255),
  status: statusFilter,
  parentId: optionalNumberParam('父分类编号', { int: true }),
});
export type ProductCategoryListReq = z.input<typeof productCategoryListReq>;

const bodyFields = {
  parentId: z
    .number({ error: '父分类编号不能为空' })
    .int('父分类编号格式不正确')
    .min(0, '父分类编号格式不正确'),
  name: requiredText('分类名称不能为空', 255, '分类名称长度不能超过255个字符'),
  picUrl: requiredText('分类图片不能为空', 1024, '分类图片地址长度不能超过1024个字符'),
  sort: z.number({ error: '分类排序不能为空' }).int('分类排序必须是整数').min(0, '分类排序不能小于 0'),
  status: statusField,
  description: z
    .string({ error: '分类描述必须是文本' })
    .max(1024, '分类描述长度不能超过1024个字符')
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null)),
};
export const productCategoryCreateReq = z.object(bodyFields);
export type ProductCategoryCreateReq = z.input<typeof productCategoryCreateReq>;
export const productCategoryUpdateReq = z.object({ id: bodyId('分类编号'), ...bodyFields });
export type ProductCategoryUpdateReq = z.input<typeof productCategoryUpdateReq>;

const TAG = '商品分类';

export const productCategoryList = defineEndpoint({
  method: 'GET',
  path: '/product/category/list',
  summary: '获得商品分类列表（全部匹配的分类，前端组成树；按排序）',
  tag: TAG,
  // The SPU list and editor pick categories too.
  access: permission(
    'product:category:query',
    'product:spu:query',
    'product:spu:create',
    'product:spu:update',
  ),
  query: productCategoryListReq,
  data: z.array(productCategory),
});

export const productCategoryGet = defineEndpoint({
  method: 'GET',
  path: '/product/category/get',
  summary: '获得商品分类',
  tag: TAG,
  access: permission('product:category:query'),
  query: idQuery('分类编号'),
  data: productCategory,
});

export const productCategoryCreate = defineEndpoint({
  method: 'POST',
  path: '/product/category/create',
  summary: '创建商品分类，返回编号（父分类须为一级分类）',
  tag: TAG,
  access: permission('product:category:create'),
  body: productCategoryCreateReq,
  data: z.number().int(),
});

export const productCategoryUpdate = defineEndpoint({
  method: 'PUT',
  path: '/product/category/update',
  summary: '修改商品分类',
  tag: TAG,
  access: permission('product:category:update'),
  body: productCategoryUpdateReq,
  data: z.boolean(),
});

export const productCategoryDelete = defineEndpoint({
  method: 'DELETE',
  path: '/product/category/delete',
  summary: '删除商品分类（没有子分类和商品时）',
  tag: TAG,
  access: permission('product:category:delete'),
  query: idQuery('分类编号'),
  data: z.boolean(),
});
