import { createReadStream } from 'node:fs';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { posix } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { Client, type FTPContext, type FTPResponse } from 'basic-ftp';
import { limitBytes, type FileClient } from './client.js';
import { remotePathOf } from './remote-path.js';

export interface FtpConfig {
  host: string;
  port: number;
  username: string;
  password: string;
  basePath: string;
  mode: 'Active' | 'Passive';
}

const TIMEOUT_MS = 15_000;

/**
 * Active mode (basic-ftp only speaks passive): listen on the control connection's local address,
 * announce it with PORT, and hand the server's connection to the transfer as its data socket.
 */
const enterActiveMode = async (ftp: FTPContext): Promise<FTPResponse> => {
  const server = createServer();
  const local = ftp.socket.localAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1';
  await new Promise<void>((done, failed) => {
    server.once('error', failed);
    server.listen(0, local, done);
  });
  const { port } = server.address() as AddressInfo;
  const accepted = new Promise<Socket>((done, failed) => {
    const timer = setTimeout(() => failed(new Error('FTP 服务器未连接主动模式的数据端口')), TIMEOUT_MS);
    server.once('connection', (socket) => {
      clearTimeout(timer);
      done(socket);
    });
  }).finally(() => server.close());
  accepted.catch(() => {});
  const res = await ftp.request(`PORT ${local.split('.').join(',')},${port >> 8},${port & 255}`);
  // Servers connect once the transfer command arrives, some already on PORT: both reach this socket.
  void accepted.then((socket) => {
    ftp.dataSocket = socket;
  });
  if (!ftp.dataSocket) {
    // The transfer looks at the data socket when the server answers 150; wait briefly for it.
    await Promise.race([accepted, new Promise((r) => setTimeout(r, 50))]).catch(() => {});
  }
  return res;
};

/** An FTP server (basic-ftp); one connection per operation, as basic-ftp runs one command at a time. */
export const ftpFileClient = (config: FtpConfig): FileClient => {
  const connect = async (): Promise<Client> => {
    const client = new Client(TIMEOUT_MS);
    try {
      await client.access({
        host: config.host,
        port: config.port,
        user: config.username,
        password: config.password,
      });
      if (config.mode === 'Active') client.prepareTransfer = enterActiveMode;
      return client;
    } catch (error) {
      client.close();
      throw error;
    }
  };
  const using = async <T>(work: (client: Client) => Promise<T>): Promise<T> => {
    const client = await connect();
    try {
      return await work(client);
    } finally {
      client.close();
    }
  };
  const full = (path: string) => remotePathOf(config.basePath, path);

  return {
    upload: (path, source) =>
      using(async (client) => {
        await client.ensureDir(posix.dirname(full(path)));
        await client.uploadFrom(createReadStream(source.file), full(path));
      }),
    delete: (path) =>
      using(async (client) => {
        await client.remove(full(path), true);
      }),
    async read(path, pick) {
      const client = await connect();
      let size: number;
      try {
        size = await client.size(full(path));
      } catch {
        client.close();
        return undefined;
      }
      const range = pick(size);
      const start = range?.start ?? 0;
      const length = range ? range.end - range.start + 1 : size;
      const pass = new PassThrough();
      client
        .downloadTo(pass, full(path), start)
        .catch((error: unknown) => pass.destroy(error as Error))
        .finally(() => client.close());
      const stream = Readable.from(limitBytes(pass, length));
      // A range ends before the file does, and a reader may leave: either way the download stops.
      stream.once('close', () => client.close());
      return { size, range, stream };
    },
  };
};
