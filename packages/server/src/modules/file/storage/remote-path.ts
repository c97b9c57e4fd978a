import { posix } from 'node:path';

/** A storage path below a remote base folder (FTP, SFTP); the path is already checked. */
export const remotePathOf = (basePath: string, path: string): string =>
  posix.join(basePath.replace(/\/+$/, '') || '/', path);
