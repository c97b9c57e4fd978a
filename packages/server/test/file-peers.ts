import { closeSync, fstatSync, mkdirSync, openSync, readSync, rmSync, statSync, writeSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo, Server as NetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { FtpSrv } from 'ftp-srv';
import S3rver from 's3rver';
import ssh2 from 'ssh2';

/* Real storage peers on 127.0.0.1 for the file storage tests: FTP, SFTP and S3, each on a temp folder. */

export interface Peer {
  port: number;
  /** The folder on this machine the peer keeps files in. */
  root: string;
  close(): Promise<void>;
}

export const PEER_USER = 'files';
export const PEER_PASSWORD = 'peer-secret';

const tempRoot = (name: string) => mkdtemp(join(tmpdir(), `${name}-`));

/** A port free now, where the passive range starts: ftp-srv checks each port of it again before use. */
const freePort = async (): Promise<number> => {
  const { createServer } = await import('node:net');
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
};

/** An FTP server (ftp-srv) with one account, passive ports from the OS and active mode allowed. */
export const startFtpPeer = async (): Promise<Peer> => {
  const root = await tempRoot('ftp-peer');
  const pasv = await freePort();
  const server = new FtpSrv({
    url: 'ftp://127.0.0.1:0',
    pasv_url: '127.0.0.1',
    pasv_min: pasv,
    pasv_max: pasv + 20,
    anonymous: false,
    greeting: 'test peer',
    log: {
      trace() {},
      debug() {},
      info() {},
      warn() {},
      error() {},
      child() {
        return this;
      },
    } as never,
  });
  server.on('login', ({ username, password }, resolve, reject) => {
    if (username === PEER_USER && password === PEER_PASSWORD) resolve({ root, cwd: '/' });
    else reject(new Error('bad login'));
  });
  await server.listen();
  // Port 0 lets the OS choose the control port, so no other process can take it first; ftp-srv keeps
  // its net.Server as `server` without declaring it.
  const { port } = (server as unknown as { server: NetServer }).server.address() as AddressInfo;
  return {
    port,
    root,
    async close() {
      await server.close();
      await rm(root, { recursive: true, force: true });
    },
  };
};

/** An S3-compatible server (s3rver, credentials S3RVER/S3RVER) with one bucket, `files`. */
export const startS3Peer = async (): Promise<
  Peer & { bucket: string; accessKey: string; secret: string }
> => {
  const root = await tempRoot('s3-peer');
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: root,
    configureBuckets: [{ name: 'files' }],
  });
  const { port } = await server.run();
  return {
    port,
    root,
    bucket: 'files',
    accessKey: 'S3RVER',
    secret: 'S3RVER',
    async close() {
      await server.close();
      await rm(root, { recursive: true, force: true });
    },
  };
};

const { Server, utils } = ssh2;
const { STATUS_CODE } = utils.sftp;

/**
 * An SSH server (ssh2) with an SFTP subsystem over a temp folder: open, read, write, stat, mkdir,
 * remove, realpath and close, all a file store needs. Paths are kept inside the folder.
 */
export const startSftpPeer = async (): Promise<Peer> => {
  const root = await tempRoot('sftp-peer');
  const hostKey = utils.generateKeyPairSync('ed25519').private;
  const local = (path: string) => join(root, posix.normalize(`/${path}`));
  const server = new Server({ hostKeys: [hostKey] }, (client) => {
    client.on('authentication', (ctx) => {
      if (ctx.method === 'password' && ctx.username === PEER_USER && ctx.password === PEER_PASSWORD)
        ctx.accept();
      else ctx.reject(['password']);
    });
    client.on('error', () => {});
    client.on('ready', () => {
      client.on('session', (acceptSession) => {
        const session = acceptSession();
        session.on('sftp', (acceptSftp) => {
          const sftp = acceptSftp();
          const fds = new Map<number, number>();
          let next = 0;
          const handleOf = (fd: number) => {
            const h = Buffer.alloc(4);
            h.writeUInt32BE(++next);
            fds.set(next, fd);
            return h;
          };
          const fdOf = (handle: Buffer) => fds.get(handle.readUInt32BE(0));
          const attrsOf = (s: { mode: number; size: number; atimeMs: number; mtimeMs: number }) => ({
            mode: s.mode,
            uid: 0,
            gid: 0,
            size: s.size,
            atime: Math.floor(s.atimeMs / 1000),
            mtime: Math.floor(s.mtimeMs / 1000),
          });
          const attempt = (reqid: number, work: () => void) => {
            try {
              work();
            } catch (error) {
              const code = (error as { code?: string }).code;
              sftp.status(reqid, code === 'ENOENT' ? STATUS_CODE.NO_SUCH_FILE : STATUS_CODE.FAILURE);
            }
          };
          sftp.on('REALPATH', (reqid, path) => {
            const name = posix.normalize(`/${path}`);
            sftp.name(reqid, [{ filename: name, longname: name, attrs: {} as never }]);
          });
          const stat = (reqid: number, path: string) =>
            attempt(reqid, () => sftp.attrs(reqid, attrsOf(statSync(local(path)))));
          sftp.on('STAT', stat);
          sftp.on('LSTAT', stat);
          sftp.on('FSTAT', (reqid, handle) =>
            attempt(reqid, () => sftp.attrs(reqid, attrsOf(fstatSync(fdOf(handle) ?? -1)))),
          );
          sftp.on('SETSTAT', (reqid) => sftp.status(reqid, STATUS_CODE.OK));
          sftp.on('FSETSTAT', (reqid) => sftp.status(reqid, STATUS_CODE.OK));
          sftp.on('MKDIR', (reqid, path) =>
            attempt(reqid, () => {
              mkdirSync(local(path));
              sftp.status(reqid, STATUS_CODE.OK);
            }),
          );
          sftp.on('REMOVE', (reqid, path) =>
            attempt(reqid, () => {
              rmSync(local(path));
              sftp.status(reqid, STATUS_CODE.OK);
            }),
          );
          sftp.on('OPEN', (reqid, filename, flags) =>
            attempt(reqid, () => {
              const mode = utils.sftp.flagsToString(flags) ?? 'r';
              sftp.handle(reqid, handleOf(openSync(local(filename), mode)));
            }),
          );
          sftp.on('WRITE', (reqid, handle, offset, data) =>
            attempt(reqid, () => {
              writeSync(fdOf(handle) ?? -1, data, 0, data.length, offset);
              sftp.status(reqid, STATUS_CODE.OK);
            }),
          );
          sftp.on('READ', (reqid, handle, offset, length) =>
            attempt(reqid, () => {
              const buf = Buffer.alloc(length);
              const n = readSync(fdOf(handle) ?? -1, buf, 0, length, offset);
              if (n === 0) sftp.status(reqid, STATUS_CODE.EOF);
              else sftp.data(reqid, buf.subarray(0, n));
            }),
          );
          sftp.on('CLOSE', (reqid, handle) =>
            attempt(reqid, () => {
              const key = handle.readUInt32BE(0);
              const fd = fds.get(key);
              fds.delete(key);
              if (fd !== undefined) closeSync(fd);
              sftp.status(reqid, STATUS_CODE.OK);
            }),
          );
        });
      });
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    root,
    async close() {
      await new Promise((done) => server.close(done));
      await rm(root, { recursive: true, force: true });
    },
  };
};
