import { z } from 'zod';
import { defineEndpoint, permission } from '../endpoint.js';
import { idParam, idListParam, optionalPositiveInt, readTimeRange, stringOrList } from '../query.js';
import { epochMillis, pageParam, pageResult } from '../result.js';
import { idListTooLong, MAX_ID_LIST } from '../fields.js';
import { adminFormFields } from './dict-admin.js';

/* 商品属性 (/product/property) and their values (/product/property/value), as the v1.6.6 client calls them. */

const { idQuery, textFilter, requiredText, remarkField, bodyId } = adminFormFields;

export const productProperty = z.object({
  id: z.number().int(),
  name: z.string(),
  remark: z.string().nullable(),
  createTime: epochMillis,
});
export type ProductProperty = z.output<typeof productProperty>;

export const productPropertyValue = z.object({
  id: z.number().int(),
  propertyId: z.number().int(),
  name: z.string(),
  remark: z.string().nullable(),
  createTime: epochMillis,
});
export type ProductPropertyValue = z.output<typeof productPropertyValue>;

/** A property with its values: what the SPU editor chooses SKU specifications from. */
export const productPropertyAndValues = z.object({
  id: z.number().int(),
  name: z.string(),
  values: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type ProductPropertyAndValues = z.output<typeof productPropertyAndValues>;

const timeFields = {
  createTime: stringOrList.optional(),
  'createTime[0]': z.string().optional(),
  'createTime[1]': z.string().optional(),
};

const propertyFilterFields = { name: textFilter('名称', 64), ...timeFields };
export const productPropertyPageReq = pageParam.extend(propertyFilterFields).transform((raw, ctx) => ({
  pageNo: raw.pageNo,
  pageSize: raw.pageSize,
  name: raw.name,
  createTime: readTimeRange(raw, 'createTime', '创建时间', ctx),
}));
export type ProductPropertyPageReq = z.input<typeof productPropertyPageReq>;
export const productPropertyListReq = z.object({ name: textFilter('名称', 64) });

const propertyFields = {
  name: requiredText('名称不能为空', 64, '名称长度不能超过64个字符'),
  remark: remarkField,
};
export const productPropertyCreateReq = z.object(propertyFields);
export type ProductPropertyCreateReq = z.input<typeof productPropertyCreateReq>;
export const productPropertyUpdateReq = z.object({ id: bodyId('属性项编号'), ...propertyFields });
export type ProductPropertyUpdateReq = z.input<typeof productPropertyUpdateReq>;

export const productPropertyValuePageReq = pageParam
  .extend({
    propertyId: optionalPositiveInt('属性项编号'),
    name: textFilter('名称', 64),
    ...timeFields,
  })
  .transform((raw, ctx) => ({
    pageNo: raw.pageNo,
    pageSize: raw.pageSize,
    propertyId: raw.propertyId,
    name: raw.name,
    createTime: readTimeRange(raw, 'createTime', '创建时间', ctx),
  }));
export type ProductPropertyValuePageReq = z.input<typeof productPropertyValuePageReq>;

const valueFields = {
  propertyId: bodyId('属性项编号'),
  name: requiredText('名称不能为空', 64, '名称长度不能超过64个字符'),
  remark: remarkField,
};
export const productPropertyValueCreateReq = z.object(valueFields);
export type ProductPropertyValueCreateReq = z.input<typeof productPropertyValueCreateReq>;
export const productPropertyValueUpdateReq = z.object({ id: bodyId('属性值编号'), ...valueFields });
export type ProductPropertyValueUpdateReq = z.input<typeof productPropertyValueUpdateReq>;

/** `?name=` (v1.6.6 GET) or `?propertyIds=1,2`: which properties to list with their values. */
export const productPropertyValueListQuery = z.object({
  name: textFilter('名称', 64),
  propertyIds: idListParam('属性项编号').optional(),
});
const propertyIdArray = z.array(idParam('属性项编号')).max(MAX_ID_LIST, idListTooLong('属性项编号'));
/** v1.8.3 POSTs the property ids, as a bare array or as `{propertyIds}`. */
export const productPropertyValueListBody = z
  .union([propertyIdArray, z.object({ propertyIds: propertyIdArray, name: z.string().optional() })], {
    error: '属性项编号列表格式不正确',
  })
  .transform((v) => (Array.isArray(v) ? { propertyIds: v } : v));

const TAG = '商品属性';
const PROPERTY_QUERY = permission('product:property:query');
/** The SPU editor reads properties and their values too. */
const PROPERTY_CHOICES = permission('product:property:query', 'product:spu:create', 'product:spu:update');

export const productPropertyPage = defineEndpoint({
  method: 'GET',
  path: '/product/property/page',
  summary: '获得属性项分页（名称模糊，创建时间过滤）',
  tag: TAG,
  access: PROPERTY_QUERY,
  query: productPropertyPageReq,
  data: pageResult(productProperty),
});

export const productPropertyList = defineEndpoint({
  method: 'GET',
  path: '/product/property/list',
  summary: '获得属性项列表（名称模糊；属性值页的属性项切换）',
  tag: TAG,
  access: PROPERTY_CHOICES,
  query: productPropertyListReq,
  data: z.array(productProperty),
});

export const productPropertyGet = defineEndpoint({
  method: 'GET',
  path: '/product/property/get',
  summary: '获得属性项',
  tag: TAG,
  access: PROPERTY_QUERY,
  query: idQuery('属性项编号'),
  data: productProperty,
});

export const productPropertyCreate = defineEndpoint({
  method: 'POST',
  path: '/product/property/create',
  summary: '创建属性项，返回编号（名称不能重复）',
  tag: TAG,
  access: permission('product:property:create'),
  body: productPropertyCreateReq,
  data: z.number().int(),
});

export const productPropertyUpdate = defineEndpoint({
  method: 'PUT',
  path: '/product/property/update',
  summary: '修改属性项',
  tag: TAG,
  access: permission('product:property:update'),
  body: productPropertyUpdateReq,
  data: z.boolean(),
});

export const productPropertyDelete = defineEndpoint({
  method: 'DELETE',
  path: '/product/property/delete',
  summary: '删除属性项（没有属性值时）',
  tag: TAG,
  access: permission('product:property:delete'),
  query: idQuery('属性项编号'),
  data: z.boolean(),
});

const valueListSummary = '获得属性项及其属性值列表（SPU 编辑的规格选择）';

export const productPropertyValueList = defineEndpoint({
  method: 'GET',
  path: '/product/property/get-value-list',
  summary: valueListSummary,
  tag: TAG,
  access: PROPERTY_CHOICES,
  query: productPropertyValueListQuery,
  data: z.array(productPropertyAndValues),
});

/** The same list as v1.8.3 asks for it: POST with the property ids. */
export const productPropertyValueListByIds = defineEndpoint({
  method: 'POST',
  path: '/product/property/get-value-list',
  summary: valueListSummary,
  tag: TAG,
  access: PROPERTY_CHOICES,
  body: productPropertyValueListBody,
  data: z.array(productPropertyAndValues),
});

const VALUE_TAG = '商品属性值';

export const productPropertyValuePage = defineEndpoint({
  method: 'GET',
  path: '/product/property/value/page',
  summary: '获得属性值分页（属性项过滤，名称模糊；按编号倒序）',
  tag: VALUE_TAG,
  access: PROPERTY_QUERY,
  query: productPropertyValuePageReq,
  data: pageResult(productPropertyValue),
});

export const productPropertyValueGet = defineEndpoint({
  method: 'GET',
  path: '/product/property/value/get',
  summary: '获得属性值',
  tag: VALUE_TAG,
  access: PROPERTY_QUERY,
  query: idQuery('属性值编号'),
  data: productPropertyValue,
});

export const productPropertyValueCreate = defineEndpoint({
  method: 'POST',
  path: '/product/property/value/create',
  summary: '创建属性值，返回编号（同一属性项下名称不能重复）',
  tag: VALUE_TAG,
  access: permission('product:property:create'),
  body: productPropertyValueCreateReq,
  data: z.number().int(),
});

export const productPropertyValueUpdate = defineEndpoint({
  method: 'PUT',
  path: '/product/property/value/update',
  summary: '修改属性值',
  tag: VALUE_TAG,
  access: permission('product:property:update'),
  body: productPropertyValueUpdateReq,
  data: z.boolean(),
});

export const productPropertyValueDelete = defineEndpoint({
  method: 'DELETE',
  path: '/product/property/value/delete',
  summary: '删除属性值（没有商品使用时）',
  tag: VALUE_TAG,
  access: permission('product:property:delete'),
  query: idQuery('属性值编号'),
  data: z.boolean(),
});
