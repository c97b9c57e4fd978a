import { createHash } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { sniffImageType, type ImageType } from '../../lib/image-type.js';
import { fileRepository } from './repository.js';

/**
 * Files live in the database (the reference's database storage client). Their path is the SHA-256 of
 * the content plus the extension of the sniffed type, so a path never changes its bytes.
 */
export const DATABASE_FILE_CONFIG_ID = 4;

/** A stored path: 64 hex digits, a dot and a known extension; nothing else is ever looked up. */
const STORED_PATH = /^[0-9a-f]{64}\.(png|jpg|gif|webp)$/;

const TYPE_OF_EXT: Record<string, ImageType['mime']> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

export const fileService = (ctx: AppContext) => {
  const repo = fileRepository(ctx.db.kysely);
  const urlPrefix = `${ctx.config.basePath}admin-api/infra/file/${DATABASE_FILE_CONFIG_ID}/get/`;

  return {
    /** Stores an image already checked by the caller; returns its public URL (below the base path). */
    async storeImage(content: Buffer, type: ImageType, name: string, creator: number): Promise<string> {
      const path = `${createHash('sha256').update(content).digest('hex')}.${type.ext}`;
      const url = `${urlPrefix}${path}`;
      await repo.insert({
        configId: DATABASE_FILE_CONFIG_ID,
        name: name.slice(0, 256),
        path,
        url,
        type: type.mime,
        content,
        creator: String(creator),
        at: ctx.now(),
      });
      return url;
    },

    /** The bytes and type of a stored file; undefined for unknown or malformed addresses. */
    async read(
      configId: string,
      path: string,
    ): Promise<{ content: Buffer; type: string; etag: string } | undefined> {
      if (!/^\d{1,18}$/.test(configId) || !STORED_PATH.test(path)) return undefined;
      const content = await repo.content(Number(configId), path);
      if (!content) return undefined;
      // Stored bytes are checked again: only images are ever served, whatever the path says.
      const type = sniffImageType(content);
      if (!type || TYPE_OF_EXT[path.slice(path.lastIndexOf('.') + 1)] !== type.mime) return undefined;
      return { content, type: type.mime, etag: `"${path.slice(0, 64)}"` };
    },
  };
};
export type FileService = ReturnType<typeof fileService>;
