import { posix } from 'node:path';
import SftpClient from 'ssh2-sftp-client';
import type { FileClient } from './client.js';
import { remotePathOf } from './remote-path.js';

export interface SftpConfig {
  host: string;
  port: number;
  username: string;
  password: string;
  basePath: string;
}

const TIMEOUT_MS = 15_000;

/** An SFTP server (ssh2-sftp-client over ssh2); one connection per operation. */
export const sftpFileClient = (config: SftpConfig): FileClient => {
  const connect = async (): Promise<SftpClient> => {
    const client = new SftpClient();
    await client.connect({
      host: config.host,
      port: config.port,
      username: config.username,
      password: config.password,
      readyTimeout: TIMEOUT_MS,
    });
    return client;
  };
  const using = async <T>(work: (client: SftpClient) => Promise<T>): Promise<T> => {
    const client = await connect();
    try {
      return await work(client);
    } finally {
      await client.end().catch(() => {});
    }
  };
  const full = (path: string) => remotePathOf(config.basePath, path);

  return {
    upload: (path, source) =>
      using(async (client) => {
        await client.mkdir(posix.dirname(full(path)), true);
        await client.fastPut(source.file, full(path));
      }),
    delete: (path) =>
      using(async (client) => {
        await client.delete(full(path), true);
      }),
    async read(path, pick) {
      const client = await connect();
      try {
        const info = await client.stat(full(path)).catch(() => undefined);
        if (!info?.isFile) {
          await client.end();
          return undefined;
        }
        const range = pick(info.size);
        const stream = client.createReadStream(
          full(path),
          range ? { start: range.start, end: range.end } : {},
        );
        stream.once('close', () => void client.end().catch(() => {}));
        return { size: info.size, range, stream };
      } catch (error) {
        await client.end().catch(() => {});
        throw error;
      }
    },
  };
};
