import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FILE_UPLOAD_FIELD, FILE_UPLOAD_PATH_FIELD, FileError, GlobalError } from '@app/contract';
import type { FastifyRequest } from 'fastify';
import { fail, ServiceError } from '../../lib/errors.js';

/** Enough leading bytes for file-type to tell every type it knows. */
const HEAD_BYTES = 4100;

/** An uploaded file on local disk, with what was learnt while it streamed by. */
export interface Spooled {
  file: string;
  size: number;
  sha256: string;
  head: Buffer;
  filename: string;
  /** Removes the temporary file. */
  discard(): Promise<void>;
}

/** Hashes, counts and keeps the head of what passes through, holding no more than one chunk. */
const observer = () => {
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      if (headLength < HEAD_BYTES) {
        const part = chunk.subarray(0, HEAD_BYTES - headLength);
        head.push(Buffer.from(part));
        headLength += part.length;
      }
      done(null, chunk);
    },
  });
  return { transform, result: () => ({ size, sha256: hash.digest('hex'), head: Buffer.concat(head) }) };
};

const missingFile = () => new ServiceError(GlobalError.BAD_REQUEST.code, `请求参数缺失:${FILE_UPLOAD_FIELD}`);

/** Writes a buffer to a temporary file the same way an upload is (avatars, tests). */
export const spoolBuffer = (content: Buffer, filename: string): Promise<Spooled> =>
  spoolStream(Readable.from([content]), filename);

const spoolStream = async (source: NodeJS.ReadableStream, filename: string): Promise<Spooled> => {
  const dir = await mkdtemp(join(tmpdir(), 'upload-'));
  const file = join(dir, randomUUID());
  const discard = () => rm(dir, { recursive: true, force: true });
  const seen = observer();
  try {
    await pipeline(source, seen.transform, createWriteStream(file));
  } catch (error) {
    await discard();
    throw error;
  }
  return { file, filename, discard, ...seen.result() };
};

/**
 * Reads an upload's multipart form: the `file` part is streamed to a temporary file (never held in
 * memory), refused past `maxBytes`; the optional `path` field may come before or after it.
 */
export const spoolUpload = async (
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ spooled: Spooled; path: string | undefined }> => {
  if (!request.isMultipart()) throw missingFile();
  let spooled: Spooled | undefined;
  let path: string | undefined;
  const tooLarge = () => fail(FileError.FILE_SIZE_EXCEED, Math.round((maxBytes / 1024 / 1024) * 100) / 100);
  try {
    for await (const part of request.parts({
      limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 4096 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== FILE_UPLOAD_FIELD || spooled) {
          part.file.resume();
          continue;
        }
        spooled = await spoolStream(part.file, part.filename);
        if (part.file.truncated) throw tooLarge();
      } else if (part.fieldname === FILE_UPLOAD_PATH_FIELD && typeof part.value === 'string') {
        path = part.value.trim() || undefined;
      }
    }
  } catch (error) {
    await spooled?.discard();
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT')
      throw new ServiceError(GlobalError.BAD_REQUEST.code, `${GlobalError.BAD_REQUEST.msg}:只能上传一个文件`);
    throw error;
  }
  if (!spooled) throw missingFile();
  return { spooled, path };
};
