import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { FileClient } from './client.js';

export interface S3Config {
  endpoint: string;
  bucket: string;
  accessKey: string;
  accessSecret: string;
  enablePathStyleAccess: boolean;
}

const notFound = (error: unknown): boolean => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
};

/** An S3-compatible object store (@aws-sdk/client-s3): AWS, MinIO, OSS, COS, … */
export const s3FileClient = (config: S3Config): FileClient => {
  const s3 = new S3Client({
    endpoint: config.endpoint,
    // Most S3-compatible stores ignore the region; the SDK needs one.
    region: 'us-east-1',
    forcePathStyle: config.enablePathStyleAccess,
    credentials: { accessKeyId: config.accessKey, secretAccessKey: config.accessSecret },
    // Checksums only where the API needs them: many compatible stores refuse the newer trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  return {
    async upload(path, source, type) {
      await s3.send(
        new PutObjectCommand({
          Bucket,
          Key: path,
          Body: createReadStream(source.file),
          ContentLength: source.size,
          ContentType: type,
        }),
      );
    },
    async delete(path) {
      await s3.send(new DeleteObjectCommand({ Bucket, Key: path }));
    },
    async read(path, pick) {
      let size: number;
      try {
        const head = await s3.send(new HeadObjectCommand({ Bucket, Key: path }));
        size = head.ContentLength ?? 0;
      } catch (error) {
        if (notFound(error)) return undefined;
        throw error;
      }
      const range = pick(size);
      const got = await s3.send(
        new GetObjectCommand({
          Bucket,
          Key: path,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return { size, range, stream: got.Body as Readable };
    },
    async close() {
      s3.destroy();
    },
  };
};
