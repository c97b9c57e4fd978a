import { z } from 'zod';
import { defineEndpoint, permission, PUBLIC, SIGNED_IN } from '../endpoint.js';
import { readTimeRange, stringOrList } from '../query.js';
import { epochMillis, pageParam, pageResult } from '../result.js';
import { adminFormFields } from './dict-admin.js';

/**
 * A stored file's bytes, public and outside any tenant (the reference's `/infra/file/{configId}/get/**`).
 * Answers ranges (`Range: bytes=…`); content-hash paths are cached for a year, other paths revalidate
 * by ETag; unknown files and paths outside the storage answer HTTP 404.
 */
export const infraFileGet = defineEndpoint({
  method: 'GET',
  path: '/infra/file/{configId}/get/{path}',
  summary: '下载文件（公开访问，支持 Range 请求；内容摘要路径可长期缓存）',
  tag: '文件存储',
  access: PUBLIC,
  tenant: 'ignore',
  params: z.object({ configId: z.string(), path: z.string() }),
  response: 'binary',
  data: z.unknown(),
});

/* The file list (/infra/file) and uploads, global to all tenants as in the reference. */

export const fileRecord = z.object({
  id: z.number().int(),
  configId: z.number().int(),
  name: z.string(),
  path: z.string(),
  url: z.string(),
  /** MIME type read from the bytes, not the name. */
  type: z.string(),
  size: z.number().int(),
  createTime: epochMillis,
});
export type FileRecord = z.output<typeof fileRecord>;

const fileFilterFields = {
  path: adminFormFields.textFilter('文件路径', 512),
  type: adminFormFields.textFilter('文件类型', 128),
  createTime: stringOrList.optional(),
  'createTime[0]': z.string().optional(),
  'createTime[1]': z.string().optional(),
};

export const filePageReq = pageParam.extend(fileFilterFields).transform((raw, ctx) => ({
  pageNo: raw.pageNo,
  pageSize: raw.pageSize,
  path: raw.path,
  type: raw.type,
  createTime: readTimeRange(raw, 'createTime', '上传时间', ctx),
}));
export type FilePageReq = z.input<typeof filePageReq>;

const FILE_TAG = '文件管理';

export const infraFilePage = defineEndpoint({
  method: 'GET',
  path: '/infra/file/page',
  summary: '获得文件分页（path、type 模糊；createTime[0]、createTime[1] 为上传时间范围；最新在前）',
  tag: FILE_TAG,
  access: permission('infra:file:query'),
  query: filePageReq,
  data: pageResult(fileRecord),
});

export const infraFileDelete = defineEndpoint({
  method: 'DELETE',
  path: '/infra/file/delete',
  summary: '删除文件（记录与存储中的内容）',
  tag: FILE_TAG,
  access: permission('infra:file:delete'),
  query: adminFormFields.idQuery('文件编号'),
  data: z.boolean(),
});

/** The multipart field names of an upload. */
export const FILE_UPLOAD_FIELD = 'file';
export const FILE_UPLOAD_PATH_FIELD = 'path';

export const infraFileUpload = defineEndpoint({
  method: 'POST',
  path: '/infra/file/upload',
  summary:
    '上传文件（multipart/form-data，文件字段 file，可选 path 为存储路径；存到主配置，类型按内容识别；返回访问地址）',
  tag: FILE_TAG,
  access: SIGNED_IN,
  files: [FILE_UPLOAD_FIELD],
  data: z.string(),
});
