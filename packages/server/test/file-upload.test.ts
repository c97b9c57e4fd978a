import { createHash, randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { FileRecord, PageResult } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const LIMIT = 64 * 1024;
const BOUNDARY = '----file-upload-test-4e1f';

interface Part {
  name: string;
  filename?: string;
  type?: string;
  content: Buffer | string;
}

const multipart = (parts: Part[]) => {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    chunks.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`,
      ),
      Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
};

describe.each(DIALECTS)('file upload on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'file-upload-data-'));
    t = await createTestApp(dialect, { env: { DATA_DIR: dataDir, FILE_MAX_BYTES: String(LIMIT) } });
    admin = (await t.login()).accessToken;
    operator = (await t.login('operator', 'operator123')).accessToken;
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const upload = async (parts: Part[], token: string | null = admin) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin-api/infra/file/upload',
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        'tenant-id': '1',
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      },
      payload: multipart(parts),
    });
    return res.json() as { code: number; msg: string; data: string };
  };
  const uploadFile = (content: Buffer | string, filename = 'a.bin', path?: string) =>
    upload([
      ...(path !== undefined ? [{ name: 'path', content: path }] : []),
      { name: 'file', filename, type: 'application/octet-stream', content },
    ]);
  const page = async (query: Record<string, string> = {}, token = admin) =>
    t.api({ path: '/infra/file/page', token, query: { pageSize: '100', ...query } });
  const fetch = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const useMaster = async (id: number) =>
    t.api({
      method: 'PUT',
      path: '/infra/file-config/update-master',
      token: admin,
      query: { id: String(id) },
    });

  describe('POST /infra/file/upload', () => {
    it('stores in the master config, names the path by content and answers the URL', async () => {
      const res = await uploadFile(PNG, 'photo.png');
      expect(res.code, res.msg).toBe(0);
      const sha = createHash('sha256').update(PNG).digest('hex');
      expect(res.data).toBe(`/admin-api/infra/file/4/get/${sha}.png`);
      const file = await fetch(res.data);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['content-length']).toBe(String(PNG.length));
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(file.headers['accept-ranges']).toBe('bytes');
      expect(file.rawPayload.equals(PNG)).toBe(true);
      const list = (await page({ path: sha })).data as PageResult<FileRecord>;
      expect(list.list[0]).toMatchObject({
        configId: 4,
        name: 'photo.png',
        path: `${sha}.png`,
        url: res.data,
        type: 'image/png',
        size: PNG.length,
      });
    });

    it('takes the same bytes uploaded several times at once: one path, every upload answered', async () => {
      const bytes = randomBytes(3_000);
      const answers = await Promise.all([0, 1, 2, 3].map((i) => uploadFile(bytes, `same-${i}.bin`)));
      expect(answers.map((a) => a.code)).toEqual([0, 0, 0, 0]);
      expect(new Set(answers.map((a) => a.data)).size).toBe(1);
      expect((await fetch(answers[0]!.data)).rawPayload.equals(bytes)).toBe(true);
    });

    it('takes the type from the bytes, not the name or the declared type', async () => {
      const disguised = await upload([
        { name: 'file', filename: 'page.html', type: 'text/html', content: PNG },
      ]);
      expect(disguised.data).toMatch(/\.png$/);
      expect((await fetch(disguised.data)).headers['content-type']).toBe('image/png');

      const html = await upload([
        { name: 'file', filename: 'x.png', type: 'image/png', content: '<html><script>alert(1)</script>' },
      ]);
      const served = await fetch(html.data);
      expect(served.headers['content-type']).toBe('application/octet-stream');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-security-policy']).toContain('sandbox');
    });

    it('stores at a given relative path, and refuses traversal, absolute paths and control characters', async () => {
      const ok = await uploadFile('hello', 'a.txt', 'docs/报告 1.txt');
      expect(ok.code, ok.msg).toBe(0);
      expect(ok.data).toBe(`/admin-api/infra/file/4/get/${encodeURIComponent('docs/报告 1.txt')}`);
      const file = await fetch(ok.data);
      expect(file.body).toBe('hello');
      expect(file.headers['cache-control']).toBe('public, max-age=0, must-revalidate');

      for (const path of [
        '../evil.txt',
        'a/../../b.txt',
        '/etc/passwd',
        'a\\b.txt',
        'C:/x.txt',
        'a/\u0000b',
        'a//b',
        './a',
        'x'.repeat(513),
      ]) {
        const res = await uploadFile('x', 'x.txt', path);
        expect(res.code, path).toBe(400);
        expect(res.msg).toContain('文件路径不合法');
      }
    });

    it('keeps only the last segment of a file name, without control characters', async () => {
      const res = await uploadFile('name test', '../../etc/pa\u0007sswd');
      expect(res.code).toBe(0);
      const list = (await page({})).data as PageResult<FileRecord>;
      expect(list.list.find((f) => f.url === res.data)?.name).toBe('passwd');
    });

    it('refuses files over the configured limit, empty files and requests without a file', async () => {
      expect(await uploadFile(Buffer.alloc(LIMIT + 1), 'big.bin')).toMatchObject({
        code: 1_001_003_004,
        msg: '文件大小超过限制，允许上传的最大文件大小为 0.06MB',
      });
      expect((await uploadFile(Buffer.alloc(LIMIT), 'exact.bin')).code).toBe(0);
      expect(await uploadFile(Buffer.alloc(0), 'empty.bin')).toMatchObject({ code: 1_001_003_002 });
      expect(await upload([{ name: 'other', filename: 'a.png', content: PNG }])).toMatchObject({
        code: 400,
        msg: '请求参数缺失:file',
      });
      expect(
        await t.api({ method: 'POST', path: '/infra/file/upload', token: admin, body: {} }),
      ).toMatchObject({
        code: 400,
      });
    });

    it('answers 401 without a token; any signed-in user may upload', async () => {
      expect((await uploadFile(PNG, 'a.png', undefined)).code).toBe(0);
      expect((await upload([{ name: 'file', filename: 'a.png', content: PNG }], null)).code).toBe(401);
      expect((await upload([{ name: 'file', filename: 'a.png', content: PNG }], operator)).code).toBe(0);
    });
  });

  describe('GET /infra/file/{configId}/get/{path}', () => {
    const body = randomBytes(10_000);

    it('answers single ranges, suffix ranges and 416 outside the file, on the database and local disk', async () => {
      const local = await t.api({
        method: 'POST',
        path: '/infra/file-config/create',
        token: admin,
        body: { name: '本地', storage: 10, config: {} },
      });
      for (const master of [4, local.data as number]) {
        await useMaster(master);
        const { data: url } = await uploadFile(body, `range-${master}.bin`);
        expect(url).toContain(`/infra/file/${master}/get/`);
        const part = await fetch(url, { range: 'bytes=100-199' });
        expect(part.statusCode).toBe(206);
        expect(part.headers['content-range']).toBe('bytes 100-199/10000');
        expect(part.headers['content-length']).toBe('100');
        expect(part.rawPayload.equals(body.subarray(100, 200))).toBe(true);
        const tail = await fetch(url, { range: 'bytes=9990-' });
        expect(tail.rawPayload.equals(body.subarray(9990))).toBe(true);
        const suffix = await fetch(url, { range: 'bytes=-5' });
        expect(suffix.headers['content-range']).toBe('bytes 9995-9999/10000');
        expect(suffix.rawPayload.equals(body.subarray(9995))).toBe(true);
        const past = await fetch(url, { range: 'bytes=10000-' });
        expect(past.statusCode).toBe(416);
        expect(past.headers['content-range']).toBe('bytes */10000');
        const whole = await fetch(url, { range: 'bytes=0-1,5-6' });
        expect(whole.statusCode).toBe(200);
        expect(whole.rawPayload.equals(body)).toBe(true);
        const etag = String(whole.headers.etag);
        expect((await fetch(url, { 'if-none-match': etag })).statusCode).toBe(304);
      }
      await useMaster(4);
    });

    it('keeps database files in 1 MiB chunks and reads ranges across them', async () => {
      const big = await createTestApp(dialect, { env: { DATA_DIR: dataDir } });
      try {
        const token = (await big.login()).accessToken;
        const bigUpload = (parts: Part[]) =>
          big.app.inject({
            method: 'POST',
            url: '/admin-api/infra/file/upload',
            headers: {
              authorization: `Bearer ${token}`,
              'tenant-id': '1',
              'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
            },
            payload: multipart(parts),
          });
        const content = randomBytes(2.5 * 1024 * 1024);
        const res = await bigUpload([{ name: 'file', filename: 'big.bin', content }]);
        const url = (res.json() as { data: string }).data;
        const path = decodeURIComponent(url.slice(url.lastIndexOf('/') + 1));
        const rows = await big.db.kysely
          .selectFrom('infraFileContent')
          .select('chunkNo')
          .where('path', '=', path)
          .orderBy('chunkNo')
          .execute();
        expect(rows.map((r) => r.chunkNo)).toEqual([0, 1, 2]);
        const whole = await big.app.inject({ method: 'GET', url });
        expect(whole.headers['content-length']).toBe(String(content.length));
        expect(whole.rawPayload.equals(content)).toBe(true);
        const across = await big.app.inject({
          method: 'GET',
          url,
          headers: { range: 'bytes=1048570-2097160' },
        });
        expect(across.statusCode).toBe(206);
        expect(across.rawPayload.equals(content.subarray(1048570, 2097161))).toBe(true);
        // Stored again at that path, shorter: none of the old chunks stays behind.
        const shorter = randomBytes(1_000);
        const again = await bigUpload([
          { name: 'path', content: path },
          { name: 'file', filename: 'big.bin', content: shorter },
        ]);
        expect((again.json() as { data: string }).data).toBe(url);
        expect((await big.app.inject({ method: 'GET', url })).rawPayload.equals(shorter)).toBe(true);
      } finally {
        await big.close();
      }
    });

    it('never serves a path outside its storage', async () => {
      const local = await t.api({
        method: 'POST',
        path: '/infra/file-config/create',
        token: admin,
        body: { name: '本地逃逸', storage: 10, config: { basePath: 'inner' } },
      });
      const id = local.data as number;
      await useMaster(id);
      await uploadFile('inside', 'in.txt', 'in.txt');
      await useMaster(4);
      expect((await fetch(`/admin-api/infra/file/${id}/get/in.txt`)).body).toBe('inside');
      for (const path of [
        '..%2Fsecret.txt',
        '..%2F..%2F..%2Fetc%2Fpasswd',
        '%2Fetc%2Fpasswd',
        'a%5C..%5C..%5Cb',
        '%2E%2E%2Fx',
      ]) {
        const res = await fetch(`/admin-api/infra/file/${id}/get/${path}`);
        expect(res.statusCode, path).toBe(404);
      }
      expect((await fetch('/admin-api/infra/file/999/get/a.png')).statusCode).toBe(404);
    });
  });

  describe('GET /infra/file/page and DELETE /infra/file/delete', () => {
    it('filters by path, type and upload time', async () => {
      const { data: url } = await uploadFile(PNG, 'filter.png', 'filter/only.png');
      const found = (await page({ path: 'FILTER/only', type: 'image/png' })).data as PageResult<FileRecord>;
      expect(found.list.map((f) => f.url)).toEqual([url]);
      const none = (await page({ path: 'filter/only', type: 'text' })).data as PageResult<FileRecord>;
      expect(none.total).toBe(0);
      const future = (await page({ 'createTime[0]': '2999-01-01 00:00:00' })).data as PageResult<FileRecord>;
      expect(future.total).toBe(0);
      expect((await page({ 'createTime[0]': 'yesterday' })).code).toBe(400);
      expect((await page({ pageSize: '101' })).code).toBe(400);
    });

    it('deletes the record and the stored bytes, and answers 1001003001 for unknown files', async () => {
      const { data: url } = await uploadFile('to delete', 'd.txt', 'delete/me.txt');
      const list = (await page({ path: 'delete/me' })).data as PageResult<FileRecord>;
      const id = list.list[0]!.id;
      expect(
        await t.api({
          method: 'DELETE',
          path: '/infra/file/delete',
          token: admin,
          query: { id: String(id) },
        }),
      ).toMatchObject({ code: 0, data: true });
      expect((await fetch(url)).statusCode).toBe(404);
      expect(((await page({ path: 'delete/me' })).data as PageResult<FileRecord>).total).toBe(0);
      expect(
        await t.api({
          method: 'DELETE',
          path: '/infra/file/delete',
          token: admin,
          query: { id: String(id) },
        }),
      ).toMatchObject({ code: 1_001_003_001, msg: '文件不存在' });
    });

    it('answers 401 without a token and 403 without the permission', async () => {
      for (const [method, path, query] of [
        ['GET', '/infra/file/page', {}],
        ['DELETE', '/infra/file/delete', { id: '1' }],
      ] as const) {
        expect((await t.api({ method, path, query, token: null })).code).toBe(401);
        expect((await t.api({ method, path, query, token: operator })).code).toBe(403);
      }
    });
  });
});

describe('a 200 MB upload', () => {
  const SIZE = 200 * 1024 * 1024;
  let t: TestApp;
  let dataDir: string;
  let port: number;
  let admin: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'file-upload-big-'));
    t = await createTestApp('sqlite', { env: { DATA_DIR: dataDir, FILE_MAX_BYTES: String(SIZE + 1024) } });
    admin = (await t.login()).accessToken;
    const local = await t.api({
      method: 'POST',
      path: '/infra/file-config/create',
      token: admin,
      body: { name: '大文件本地', storage: 10, config: {} },
    });
    await t.api({
      method: 'PUT',
      path: '/infra/file-config/update-master',
      token: admin,
      query: { id: String(local.data) },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('streams to storage with flat memory', async () => {
    const hash = createHash('sha256');
    const chunk = randomBytes(64 * 1024);
    async function* body() {
      yield Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      );
      for (let sent = 0; sent < SIZE; sent += chunk.length) {
        // Each chunk differs, so nothing could be deduplicated along the way.
        chunk.writeUInt32BE(sent / chunk.length, 0);
        hash.update(chunk);
        yield Buffer.from(chunk);
      }
      yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
    }
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const answer = await new Promise<{ code: number; data: string }>((done, failed) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/admin-api/infra/file/upload',
          headers: {
            authorization: `Bearer ${admin}`,
            'tenant-id': '1',
            'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          },
        },
        (res) => {
          const parts: Buffer[] = [];
          res.on('data', (c: Buffer) => parts.push(c));
          res.on('end', () =>
            done(JSON.parse(Buffer.concat(parts).toString()) as { code: number; data: string }),
          );
        },
      );
      req.on('error', failed);
      Readable.from(body()).pipe(req);
    });
    clearInterval(sampler);
    const growth = peak - before;
    console.info(
      `200 MB upload: rss before ${(before / 2 ** 20).toFixed(1)} MB, peak growth ${(growth / 2 ** 20).toFixed(1)} MB`,
    );
    expect(answer.code).toBe(0);
    const sha = hash.digest('hex');
    expect(answer.data).toMatch(new RegExp(`/get/${sha}\\.bin$`));
    const stored = join(dataDir, 'files', answer.data.split('/')[4]!, `${sha}.bin`);
    expect(statSync(stored).size).toBe(SIZE);
    expect(growth).toBeLessThan(SIZE / 4);
  }, 120_000);
});
