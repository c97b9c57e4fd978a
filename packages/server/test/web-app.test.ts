import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { apiOf, ENDPOINTS } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_CONTENT_SECURITY_POLICY } from '../src/plugins/security-headers.js';
import { createTestApp, type TestApp } from './helper.js';

describe.each(['/', '/console/'])('the web app under base path %s', (basePath) => {
  let t: TestApp;
  const js = 'console.log("app");'.repeat(50);
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), js);
    writeFileSync(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(js));
    writeFileSync(join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(js));
    writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
    t = await createTestApp('sqlite', { env: { WEB_DIST: dist, BASE_PATH: basePath } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves hashed assets immutable and precompressed by Accept-Encoding', async () => {
    const url = `${basePath}assets/index-abc123.js`;
    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(js);
    const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it('falls back to index.html for history routes, revalidated', async () => {
    for (const path of ['', 'index', 'system/user', 'login?redirect=%2Findex']) {
      const res = await t.app.inject({ url: `${basePath}${path}` });
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('answers 404 for a missing asset rather than HTML', async () => {
    const res = await t.app.inject({ url: `${basePath}assets/gone-123.js` });
    expect(res.statusCode).toBe(404);
  });

  it('keeps the API envelope for unknown API paths', async () => {
    const res = await t.app.inject({ url: `${basePath}admin-api/no/such/thing` });
    expect(res.json()).toEqual({ code: 404, msg: '请求未找到', data: null });
  });

  it('sends the app page under a policy without inline script, and locks down every other answer', async () => {
    const page = await t.app.inject({ url: `${basePath}system/user` });
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toBe(APP_CONTENT_SECURITY_POLICY);
    expect(policy).toMatch(/script-src 'self'(;|$)/);
    expect(policy).toContain("frame-ancestors 'self'");
    for (const url of [
      `${basePath}assets/index-abc123.js`,
      `${basePath}favicon.svg`,
      `${basePath}assets/gone-123.js`,
      `${basePath}admin-api/system/tenant/get-id-by-name?name=默认租户`,
      `${basePath}admin-api/no/such/thing`,
      `${basePath}admin-api/system/user/page`,
      // Refused by the router before any hook runs.
      `${basePath}admin-api/system/dict-data/type/%FF`,
    ]) {
      const res = await t.app.inject({ url });
      expect(res.headers['content-security-policy'], url).toBe(
        "default-src 'none'; frame-ancestors 'self'; sandbox",
      );
    }
    for (const res of [page, await t.app.inject({ url: `${basePath}admin-api/no/such/thing` })]) {
      expect(res.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'x-frame-options': 'SAMEORIGIN',
      });
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    // Behind a TLS-terminating proxy the browser is told to stay on HTTPS.
    const overTls = await t.app.inject({ url: basePath, headers: { 'x-forwarded-proto': 'https' } });
    expect(overTls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('serves the API under the base path too', async () => {
    const res = await t.app.inject({
      url: `${basePath}admin-api/system/tenant/get-id-by-name?name=默认租户`,
    });
    expect(res.json()).toMatchObject({ code: 0, data: 1 });
  });

  it('keeps the API envelope for unknown paths of the member API', async () => {
    const res = await t.app.inject({ url: `${basePath}app-api/no/such/thing` });
    expect(res.json()).toEqual({ code: 404, msg: '请求未找到', data: null });
  });

  it('publishes an OpenAPI document naming every endpoint, the member API’s below /app-api', async () => {
    const doc = (await t.app.inject({ url: `${basePath}admin-api/openapi.json` })).json() as {
      servers: { url: string }[];
      paths: Record<string, Record<string, { servers?: { url: string }[] }>>;
    };
    expect(doc.servers).toEqual([{ url: `${basePath}admin-api` }]);
    // Relative to the base path, which the member API's operations name as their server.
    const root = basePath === '/' ? '/' : basePath.slice(0, -1);
    for (const e of ENDPOINTS) {
      const path = apiOf(e) === 'app' ? `/app-api${e.path}` : e.path;
      const operation = doc.paths[path]?.[e.method.toLowerCase()];
      expect(operation, path).toBeDefined();
      expect(operation?.servers, path).toEqual(apiOf(e) === 'app' ? [{ url: root }] : undefined);
    }
    expect(doc.paths['/app-api/member/auth/login']?.post).toMatchObject({ tags: ['用户 APP - 认证'] });
  });

  it('resolves every schema reference of the OpenAPI document (the viewer of 系统接口 follows them)', async () => {
    const text = (await t.app.inject({ url: `${basePath}admin-api/openapi.json` })).body;
    const named = Object.keys(
      (JSON.parse(text) as { components?: { schemas?: object } }).components?.schemas ?? {},
    );
    const refs = [...new Set(text.match(/#\/components\/schemas\/[\w.-]+/g) ?? [])].map((r) =>
      r.split('/').pop(),
    );
    expect(refs.length).toBeGreaterThan(0);
    expect(refs.filter((r) => !named.includes(r!))).toEqual([]);
  });
});
