import { infraFileGet } from '@app/contract';
import type { RouteRegistrar } from '../../plugins/routes.js';
import type { FileService } from './service.js';

/** Public file bytes: content-addressed, so cached for a year; unknown files are HTTP 404. */
export const fileRoutes = (route: RouteRegistrar, files: FileService): void => {
  route.raw(infraFileGet, async (req, reply) => {
    const { configId, path } = req.raw.params as { configId: string; path: string };
    const file = await files.read(configId, path);
    if (!file) return reply.code(404).type('text/plain; charset=utf-8').send('文件不存在');
    reply.header('cache-control', 'public, max-age=31536000, immutable');
    reply.header('etag', file.etag);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('content-security-policy', "default-src 'none'; sandbox");
    if (req.raw.headers['if-none-match'] === file.etag) return reply.code(304).send();
    return reply.type(file.type).send(file.content);
  });
};
