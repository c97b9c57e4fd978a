import { fileTypeFromBuffer } from 'file-type';
import { FileError, type FileRecord, type filePageReq, type PageResult } from '@app/contract';
import type { z } from 'zod';
import type { AppContext, LoginUser } from '../../context.js';
import { fail } from '../../lib/errors.js';
import type { ImageType } from '../../lib/image-type.js';
import { fileConfigService } from './config-service.js';
import { extensionOf, fileNameOf, requireStoragePath, storagePathOf } from './file-path.js';
import { fileRepository, type FileRow } from './repository.js';
import { spoolBuffer, type Spooled } from './spool.js';
import type { ByteRange, StoredBytes } from './storage/client.js';

/** The config the avatar uploads used before storage configs existed (seeded as the master). */
export const DATABASE_FILE_CONFIG_ID = 4;

/** A content-addressed path (SHA-256 and an extension): its bytes never change. */
const HASHED_PATH = /^(?:.*\/)?[0-9a-f]{64}(?:\.[a-z0-9]{1,10})?$/;

const OCTET_STREAM = 'application/octet-stream';

/** What the public read answers. */
export interface ServedFile {
  bytes: StoredBytes;
  type: string;
  name: string | null;
  etag: string;
  lastModified: number | null;
  immutable: boolean;
}

/** Parses one `bytes=` range against `size`; null for none or several (the whole file is sent). */
export const parseRange = (header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' => {
  const m = header === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
};

const toRecord = (row: FileRow): FileRecord => ({
  id: row.id,
  configId: row.configId,
  name: row.name,
  path: row.path,
  url: row.url,
  type: row.type,
  size: row.size,
  createTime: row.createTime,
});

/**
 * Files: uploads go to the master config's storage and are recorded in `infra_file`; the public
 * read serves any config's stored path. Types come from the bytes (file-type), never from names.
 */
export const fileService = (ctx: AppContext) => {
  const repo = fileRepository(ctx.db.kysely);
  const configs = fileConfigService(ctx);

  const sniff = async (head: Buffer): Promise<{ mime: string; ext: string } | undefined> =>
    fileTypeFromBuffer(head).catch(() => undefined);

  /** Stores a spooled file in the master storage and records it; answers the URL. */
  const store = async (
    spooled: Spooled,
    requestedPath: string | undefined,
    creator: number,
  ): Promise<string> => {
    const name = fileNameOf(spooled.filename);
    const detected = await sniff(spooled.head);
    const type = detected?.mime ?? OCTET_STREAM;
    const ext = detected?.ext ?? extensionOf(name);
    const path = requestedPath
      ? requireStoragePath(requestedPath)
      : `${spooled.sha256}${ext ? `.${ext}` : ''}`;
    const master = await configs.master();
    try {
      await master.client.upload(path, { file: spooled.file, size: spooled.size }, type);
    } catch (error) {
      throw configs.storageFailed(error);
    }
    const url = master.urlOf(path);
    await repo.insert({
      configId: master.id,
      name,
      path,
      url,
      type,
      size: spooled.size,
      creator: String(creator),
      at: ctx.now(),
    });
    return url;
  };

  return {
    configs,

    /** An upload already spooled by the route; the temporary file is removed either way. */
    async upload(user: LoginUser, spooled: Spooled, path: string | undefined): Promise<string> {
      try {
        if (spooled.size === 0) throw fail(FileError.FILE_IS_EMPTY);
        return await store(spooled, path, user.id);
      } finally {
        await spooled.discard();
      }
    },

    /** Stores an image already checked by the caller (avatars); returns its public URL. */
    async storeImage(content: Buffer, _type: ImageType, name: string, creator: number): Promise<string> {
      const spooled = await spoolBuffer(content, name);
      try {
        return await store(spooled, undefined, creator);
      } finally {
        await spooled.discard();
      }
    },

    async page(query: z.output<typeof filePageReq>): Promise<PageResult<FileRecord>> {
      const { pageNo, pageSize, ...filter } = query;
      const { list, total } = await repo.page(filter, { pageNo, pageSize });
      return { list: list.map(toRecord), total };
    },

    /** Deletes the record, and the stored bytes when no other record names them. */
    async delete(user: LoginUser, id: number): Promise<boolean> {
      const row = await repo.find(id);
      if (!row) throw fail(FileError.FILE_NOT_EXISTS);
      const others = await repo.delete(row, ctx.now(), user.id);
      if (others === 0) {
        const resolved = await configs.client(row.configId);
        try {
          await resolved?.client.delete(row.path);
        } catch (error) {
          throw configs.storageFailed(error);
        }
      }
      return true;
    },

    /**
     * A stored file for the public read; undefined for unknown configs, malformed or escaping paths
     * and missing files. `range` is the request's Range header.
     */
    async read(
      configId: string,
      rawPath: string,
      range: string | undefined,
    ): Promise<ServedFile | { unsatisfiable: number } | undefined> {
      const path = storagePathOf(rawPath);
      if (!/^\d{1,18}$/.test(configId) || path === null) return undefined;
      const resolved = await configs.client(Number(configId));
      if (!resolved) return undefined;
      const record = await repo.findByPath(resolved.id, path);
      let type = record?.type;
      let unsatisfiable = false;
      const read = (pick: (size: number) => ByteRange | null) =>
        resolved.client.read(path, pick).catch((error: unknown) => {
          throw configs.storageFailed(error);
        });
      if (type === undefined) {
        // Stored without a record (the 测试 sample): the type is read from the first bytes.
        const head = await read((size) => (size > 0 ? { start: 0, end: Math.min(size, 4100) - 1 } : null));
        if (!head) return undefined;
        const chunks: Buffer[] = [];
        for await (const chunk of head.stream) chunks.push(chunk as Buffer);
        type = (await sniff(Buffer.concat(chunks)))?.mime ?? OCTET_STREAM;
      }
      const bytes = await read((size) => {
        const r = parseRange(range, size);
        unsatisfiable = r === 'unsatisfiable';
        return r === 'unsatisfiable' ? null : r;
      });
      if (!bytes) return undefined;
      if (unsatisfiable) {
        bytes.stream.destroy();
        return { unsatisfiable: bytes.size };
      }
      const immutable = HASHED_PATH.test(path);
      const base = path.slice(path.lastIndexOf('/') + 1);
      return {
        bytes,
        type,
        name: record?.name ?? null,
        etag: immutable
          ? `"${base.slice(0, 64)}"`
          : `"${bytes.size}-${record?.id ?? 0}-${record?.createTime ?? 0}"`,
        lastModified: record?.createTime ?? null,
        immutable,
      };
    },
  };
};
export type FileService = ReturnType<typeof fileService>;
