import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FileConfig, PageResult } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PEER_PASSWORD,
  PEER_USER,
  type Peer,
  startFtpPeer,
  startS3Peer,
  startSftpPeer,
} from './file-peers.js';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Every file under a folder, relative paths. */
const filesUnder = (dir: string, prefix = ''): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
  );

describe.each(DIALECTS)('file configs on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let dataDir: string;
  let ftp: Peer;
  let sftp: Peer;
  let s3: Awaited<ReturnType<typeof startS3Peer>>;

  beforeAll(async () => {
    [ftp, sftp, s3] = await Promise.all([startFtpPeer(), startSftpPeer(), startS3Peer()]);
    dataDir = await mkdtemp(join(tmpdir(), 'file-config-data-'));
    t = await createTestApp(dialect, { env: { DATA_DIR: dataDir } });
    admin = (await t.login()).accessToken;
    operator = (await t.login('operator', 'operator123')).accessToken;
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([ftp.close(), sftp.close(), s3.close()]);
    await rm(dataDir, { recursive: true, force: true });
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, extra: object = {}, token = admin) =>
    t.api({ method, path, token, ...extra });
  const create = async (body: object): Promise<number> => {
    const res = await call('POST', '/infra/file-config/create', { body });
    expect(res, JSON.stringify(res.data)).toMatchObject({ code: 0 });
    return res.data as number;
  };
  const get = async (id: number) =>
    (await call('GET', '/infra/file-config/get', { query: { id: String(id) } })).data as FileConfig | null;
  const test = (id: number) => call('GET', '/infra/file-config/test', { query: { id: String(id) } });
  /** Runs 测试 and fetches the answered URL through the public read. */
  const testAndFetch = async (id: number) => {
    const res = await test(id);
    expect(res, res.msg).toMatchObject({ code: 0 });
    const url = res.data as string;
    expect(url).toMatch(new RegExp(`^/admin-api/infra/file/${id}/get/test%2F[0-9a-f]{32}\\.png$`));
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    // Ranges come from every storage: the bytes 1–3 of a PNG spell PNG.
    const part = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=1-3' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1-3/${file.rawPayload.length}`);
    expect(part.body).toBe('PNG');
    return { url, name: decodeURIComponent(url.slice(url.lastIndexOf('/') + 1)) };
  };

  const ftpConfig = (over: object = {}) => ({
    name: 'FTP 存储',
    storage: 11,
    remark: '测试 FTP',
    config: {
      basePath: '/uploads',
      host: '127.0.0.1',
      port: ftp.port,
      username: PEER_USER,
      password: PEER_PASSWORD,
      mode: 'Passive',
      ...over,
    },
  });

  describe('GET /infra/file-config/page', () => {
    it('lists the seeded master database config', async () => {
      const res = await call('GET', '/infra/file-config/page', { query: { pageNo: '1', pageSize: '10' } });
      expect(res.code).toBe(0);
      const page = res.data as PageResult<FileConfig>;
      expect(page.list.find((c) => c.id === 4)).toMatchObject({ name: '数据库', storage: 1, master: true });
    });

    it('filters by name and storage, and refuses an unknown storage', async () => {
      const id = await create({ name: '分页过滤本地', storage: 10, config: {} });
      const res = await call('GET', '/infra/file-config/page', {
        query: { name: '过滤本地', storage: '10' },
      });
      expect((res.data as PageResult<FileConfig>).list.map((c) => c.id)).toEqual([id]);
      expect((await call('GET', '/infra/file-config/page', { query: { storage: '7' } })).code).toBe(400);
    });
  });

  describe('database and local disk', () => {
    it('tests the database config: the sample is stored in the database and served', async () => {
      await testAndFetch(4);
    });

    it('stores under DATA_DIR by default and under a relative basePath', async () => {
      const id = await create({ name: '本地磁盘', storage: 10, config: {} });
      const { name } = await testAndFetch(id);
      expect(existsSync(join(dataDir, 'files', String(id), name))).toBe(true);

      const other = await create({ name: '本地子目录', storage: 10, config: { basePath: 'mine' } });
      const second = await testAndFetch(other);
      expect(existsSync(join(dataDir, 'mine', second.name))).toBe(true);
    });
  });

  describe('FTP', () => {
    it('uploads the sample in passive and active mode and serves it back', async () => {
      const passive = await create(ftpConfig());
      const { name } = await testAndFetch(passive);
      expect(filesUnder(ftp.root)).toContain(`uploads/${name}`);

      const active = await create(ftpConfig({ mode: 'Active', basePath: '/active' }));
      const second = await testAndFetch(active);
      expect(filesUnder(ftp.root)).toContain(`active/${second.name}`);
    });

    it('keeps the password sealed at rest and never returns it', async () => {
      const id = await create(ftpConfig());
      const config = (await get(id))!.config as Record<string, unknown>;
      expect(config).toMatchObject({ host: '127.0.0.1', username: PEER_USER, mode: 'Passive' });
      expect(config).not.toHaveProperty('password');
      const row = await t.db.kysely
        .selectFrom('infraFileConfig')
        .select('config')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.config).not.toContain(PEER_PASSWORD);
      expect((JSON.parse(row.config) as { password: string }).password).toMatch(/^v1:/);
      const page = await call('GET', '/infra/file-config/page', { query: { pageSize: '100' } });
      expect(JSON.stringify(page.data)).not.toMatch(/v1:|peer-secret/);
    });

    it('keeps the saved password when an update leaves it blank; a wrong one fails the test', async () => {
      const id = await create(ftpConfig());
      const { password: _, ...rest } = ftpConfig().config;
      const update = await call('PUT', '/infra/file-config/update', {
        body: { id, ...ftpConfig(), config: { ...rest, password: '' } },
      });
      expect(update).toMatchObject({ code: 0, data: true });
      await testAndFetch(id);

      await call('PUT', '/infra/file-config/update', {
        body: { id, ...ftpConfig({ password: 'wrong' }) },
      });
      const failed = await test(id);
      expect(failed.code).toBe(1_001_006_002);
      expect(failed.msg).toMatch(/^文件存储失败：/);
    });
  });

  describe('SFTP', () => {
    it('uploads the sample over SFTP and serves it back', async () => {
      const id = await create({
        name: 'SFTP 存储',
        storage: 12,
        config: {
          basePath: '/sftp/files',
          host: '127.0.0.1',
          port: sftp.port,
          username: PEER_USER,
          password: PEER_PASSWORD,
        },
      });
      const { name } = await testAndFetch(id);
      expect(filesUnder(sftp.root)).toContain(`sftp/files/${name}`);
      expect((await get(id))!.config).not.toHaveProperty('password');
    });
  });

  describe('S3', () => {
    const s3Config = (over: object = {}) => ({
      name: 'S3 存储',
      storage: 20,
      config: {
        endpoint: `http://127.0.0.1:${s3.port}`,
        bucket: s3.bucket,
        accessKey: s3.accessKey,
        accessSecret: s3.secret,
        enablePathStyleAccess: true,
        ...over,
      },
    });

    it('uploads the sample to the bucket and serves it back through the API', async () => {
      const id = await create(s3Config());
      const { name } = await testAndFetch(id);
      expect(filesUnder(s3.root).some((f) => f.startsWith(`files/${name}`))).toBe(true);
      const config = (await get(id))!.config;
      expect(config).toMatchObject({ bucket: 'files', accessKey: 'S3RVER', enablePathStyleAccess: true });
      expect(config).not.toHaveProperty('accessSecret');
    });

    it('answers a CDN URL when a domain is set, and fails the test with unknown credentials', async () => {
      const withDomain = await create(s3Config({ domain: 'https://cdn.example.com/' }));
      const res = await test(withDomain);
      expect(res.data).toMatch(/^https:\/\/cdn\.example\.com\/test\/[0-9a-f]{32}\.png$/);

      const wrong = await create(s3Config({ accessKey: 'UNKNOWN', accessSecret: 'not-the-secret' }));
      expect((await test(wrong)).code).toBe(1_001_006_002);
    });
  });

  describe('validation', () => {
    it('refuses configs missing what their storage needs', async () => {
      const cases: [object, RegExp][] = [
        [{ ...ftpConfig({ host: '' }) }, /主机地址不能为空/],
        [{ ...ftpConfig({ mode: undefined }) }, /连接模式不能为空/],
        [{ ...ftpConfig({ password: undefined }) }, /密码不能为空/],
        [{ ...ftpConfig({ port: 70000 }) }, /主机端口必须在 1 到 65535 之间/],
        [
          { name: 'x', storage: 20, config: { bucket: 'b', accessKey: 'k', accessSecret: 's' } },
          /节点地址不能为空/,
        ],
        [
          {
            name: 'x',
            storage: 20,
            config: { endpoint: 'ftp://x', bucket: 'b', accessKey: 'k', accessSecret: 's' },
          },
          /节点地址必须是/,
        ],
        [{ name: 'x', storage: 99, config: {} }, /存储器只能是/],
        [{ name: '', storage: 1, config: {} }, /配置名不能为空/],
        [{ name: 'x', storage: 1 }, /存储配置不能为空/],
      ];
      for (const [body, msg] of cases) {
        const res = await call('POST', '/infra/file-config/create', { body });
        expect(res.code, JSON.stringify(body)).toBe(400);
        expect(res.msg).toMatch(msg);
      }
    });

    it('answers 1001006000 for unknown configs and null for get', async () => {
      expect(await get(999_999)).toBeNull();
      for (const [method, path] of [
        ['GET', '/infra/file-config/test'],
        ['PUT', '/infra/file-config/update-master'],
        ['DELETE', '/infra/file-config/delete'],
      ] as const) {
        expect(await call(method, path, { query: { id: '999999' } })).toMatchObject({
          code: 1_001_006_000,
          msg: '文件配置不存在',
        });
      }
      const update = await call('PUT', '/infra/file-config/update', {
        body: { id: 999_999, ...ftpConfig() },
      });
      expect(update.code).toBe(1_001_006_000);
      expect((await call('GET', '/infra/file-config/get', { query: { id: 'x' } })).code).toBe(400);
    });
  });

  describe('master', () => {
    it('switches the master, refuses deleting it, and deletes others', async () => {
      const id = await create({ name: '新主配置', storage: 10, config: { basePath: 'master' } });
      expect(
        await call('PUT', '/infra/file-config/update-master', { query: { id: String(id) } }),
      ).toMatchObject({
        code: 0,
        data: true,
      });
      expect((await get(id))!.master).toBe(true);
      expect((await get(4))!.master).toBe(false);
      expect(await call('DELETE', '/infra/file-config/delete', { query: { id: String(id) } })).toMatchObject({
        code: 1_001_006_001,
        msg: '该文件配置不允许删除，原因：它是主配置，删除会导致无法上传文件',
      });

      await call('PUT', '/infra/file-config/update-master', { query: { id: '4' } });
      expect(await call('DELETE', '/infra/file-config/delete', { query: { id: String(id) } })).toMatchObject({
        code: 0,
        data: true,
      });
      expect(await get(id)).toBeNull();
    });
  });

  describe('access', () => {
    const endpoints: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, extra: object][] = [
      ['GET', '/infra/file-config/page', {}],
      ['GET', '/infra/file-config/get', { query: { id: '4' } }],
      ['POST', '/infra/file-config/create', { body: { name: 'x', storage: 1, config: {} } }],
      ['PUT', '/infra/file-config/update', { body: { id: 4, name: 'x', storage: 1, config: {} } }],
      ['PUT', '/infra/file-config/update-master', { query: { id: '4' } }],
      ['DELETE', '/infra/file-config/delete', { query: { id: '4' } }],
      ['GET', '/infra/file-config/test', { query: { id: '4' } }],
    ];
    it('answers 401 without a token and 403 without the permission', async () => {
      for (const [method, path, extra] of endpoints) {
        expect((await t.api({ method, path, token: null, ...extra })).code, path).toBe(401);
        expect((await t.api({ method, path, token: operator, ...extra })).code, path).toBe(403);
      }
      expect((await get(4))!.name).toBe('数据库');
    });
  });

  it('reads a PNG the local disk holds, byte for byte', async () => {
    const id = await create({ name: '本地读取', storage: 10, config: {} });
    const { url, name } = await testAndFetch(id);
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.rawPayload.equals(readFileSync(join(dataDir, 'files', String(id), name)))).toBe(true);
  });
});
