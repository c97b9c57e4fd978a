import { z } from 'zod';
import { defineEndpoint, PUBLIC } from '../endpoint.js';

/**
 * A stored file's bytes, public and outside any tenant (the reference's `/infra/file/{configId}/get/**`).
 * Paths are content hashes, so answers are cached for a year; unknown files answer HTTP 404.
 */
export const infraFileGet = defineEndpoint({
  method: 'GET',
  path: '/infra/file/{configId}/get/{path}',
  summary: '下载文件（公开访问，文件路径为内容摘要，可长期缓存）',
  tag: '文件存储',
  access: PUBLIC,
  tenant: 'ignore',
  params: z.object({ configId: z.string(), path: z.string() }),
  response: 'binary',
  data: z.unknown(),
});
