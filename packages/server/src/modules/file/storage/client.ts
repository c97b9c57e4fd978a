import type { Readable } from 'node:stream';

/** A file waiting to be stored: spooled to a local temporary file, its size known. */
export interface SpooledFile {
  file: string;
  size: number;
}

/** The part of a stored file asked for: bytes `start` to `end`, both included. */
export interface ByteRange {
  start: number;
  end: number;
}

/** What `read` found: the whole size and a stream of the bytes asked for. */
export interface StoredBytes {
  size: number;
  range: ByteRange | null;
  stream: Readable;
}

/**
 * One storage (the reference's FileClient): database, local disk, FTP, SFTP or S3. Paths are
 * already checked by `storagePathOf`; each client also keeps them below its own base.
 */
export interface FileClient {
  upload(path: string, source: SpooledFile, type: string): Promise<void>;
  delete(path: string): Promise<void>;
  /**
   * The stored bytes, or undefined when nothing is stored there. `pick` chooses the range from the
   * size (null for all); a range it returns is inside the file.
   */
  read(path: string, pick: (size: number) => ByteRange | null): Promise<StoredBytes | undefined>;
  /** Drops pooled connections (clients whose config changed or was deleted). */
  close?(): Promise<void>;
}

/** A stream that stops after `length` bytes of `source` (FTP reads from an offset to the end). */
export const limitBytes = async function* (source: AsyncIterable<Buffer>, length: number) {
  let left = length;
  for await (const chunk of source) {
    if (left <= 0) break;
    const part = chunk.length > left ? chunk.subarray(0, left) : chunk;
    left -= part.length;
    yield part;
  }
};
