import {
  fileConfigCreate,
  fileConfigDelete,
  fileConfigGet,
  fileConfigPage,
  fileConfigTest,
  fileConfigUpdate,
  fileConfigUpdateMaster,
  infraFileDelete,
  infraFileGet,
  infraFilePage,
  infraFileUpload,
} from '@app/contract';
import type { RouteRegistrar } from '../../plugins/routes.js';
import type { FileService } from './service.js';
import { spoolUpload } from './spool.js';

/**
 * Public file bytes with ranges; content-hash paths are cached for a year, others revalidate by
 * ETag. Unknown files, and paths that would leave their storage, are HTTP 404.
 */
const registerRead = (route: RouteRegistrar, files: FileService): void => {
  route.raw(infraFileGet, async (req, reply) => {
    const { configId, path } = req.raw.params as { configId: string; path: string };
    const served = await files.read(configId, path, req.raw.headers.range);
    if (!served) return reply.code(404).type('text/plain; charset=utf-8').send('文件不存在');
    reply.header('accept-ranges', 'bytes');
    if ('unsatisfiable' in served)
      return reply.code(416).header('content-range', `bytes */${served.unsatisfiable}`).send();
    const { bytes } = served;
    reply.header(
      'cache-control',
      served.immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
    );
    reply.header('etag', served.etag);
    if (served.lastModified !== null)
      reply.header('last-modified', new Date(served.lastModified).toUTCString());
    reply.header('x-content-type-options', 'nosniff');
    reply.header('content-security-policy', "default-src 'none'; sandbox");
    if (served.name)
      reply.header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(served.name)}`);
    if (req.raw.headers['if-none-match'] === served.etag) {
      bytes.stream.destroy();
      return reply.code(304).send();
    }
    reply.type(served.type);
    if (bytes.range) {
      reply.code(206);
      reply.header('content-range', `bytes ${bytes.range.start}-${bytes.range.end}/${bytes.size}`);
      reply.header('content-length', bytes.range.end - bytes.range.start + 1);
    } else {
      reply.header('content-length', bytes.size);
    }
    return reply.send(bytes.stream);
  });
};

export const fileRoutes = (route: RouteRegistrar, files: FileService, maxBytes: number): void => {
  registerRead(route, files);
  route(infraFilePage, ({ query }) => files.page(query));
  route(infraFileDelete, ({ user, query }) => files.delete(user, query.id));
  route.raw(infraFileUpload, async (req, reply) => {
    const user = req.user;
    const { spooled, path } = await spoolUpload(req.raw, maxBytes);
    const url = await files.upload(user, spooled, path);
    return reply
      .type('application/json; charset=utf-8')
      .send(JSON.stringify({ code: 0, msg: '', data: url }));
  });

  const configs = files.configs;
  route(fileConfigPage, ({ query }) => configs.page(query));
  route(fileConfigGet, ({ query }) => configs.get(query.id));
  route(fileConfigCreate, ({ user, body }) => configs.create(user, body));
  route(fileConfigUpdate, ({ user, body }) => configs.update(user, body));
  route(fileConfigUpdateMaster, ({ user, query }) => configs.updateMaster(user, query.id));
  route(fileConfigDelete, ({ user, query }) => configs.delete(user, query.id));
  route(fileConfigTest, ({ query }) => configs.test(query.id));
};
