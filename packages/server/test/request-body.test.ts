import { API_PREFIX, apiOf, ENDPOINTS } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.js';

/** `Content-Type: application/json` and nothing after it, as curl, Java clients and gateways send. */
const emptyJson = { 'content-type': 'application/json' };

describe('requests that say JSON and carry no body', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
  });

  it('sign out and refresh like requests without a content type', async () => {
    const { accessToken, refreshToken } = await t.login();
    const refreshed = await t.api({
      method: 'POST',
      path: '/system/auth/refresh-token',
      query: { refreshToken },
      headers: emptyJson,
    });
    expect(refreshed).toMatchObject({ code: 0, data: { accessToken: expect.any(String) } });
    const token = (refreshed.data as { accessToken: string }).accessToken;
    expect(
      await t.api({ method: 'POST', path: '/system/auth/logout', token, headers: emptyJson }),
    ).toMatchObject({
      code: 0,
    });
    expect((await t.api({ path: '/system/auth/get-permission-info', token })).code).toBe(401);
    expect(accessToken).not.toBe(token);
  });

  it('reach every endpoint without a body past the body parser', async () => {
    const bodiless = ENDPOINTS.filter((e) => e.method !== 'GET' && !e.body);
    expect(bodiless.length).toBeGreaterThan(10);
    for (const endpoint of bodiless) {
      const res = await t.app.inject({
        method: endpoint.method,
        url: `${API_PREFIX[apiOf(endpoint)]}${endpoint.path.replace(/\{\w+\}/g, '1')}`,
        headers: { ...emptyJson, 'tenant-id': '1' },
      });
      const msg = String(res.headers['content-type']).includes('json')
        ? ((res.json() as { msg?: string }).msg ?? '')
        : '';
      expect(msg, `${endpoint.method} ${endpoint.path}`).not.toMatch(/请求体/);
    }
  });

  it('say a required body is missing', async () => {
    const { accessToken } = await t.login();
    expect(
      await t.api({ method: 'POST', path: '/system/post/create', token: accessToken, headers: emptyJson }),
    ).toMatchObject({ code: 400, msg: '请求参数不正确:请求体不能为空' });
  });

  it('refuse a JSON body over 2 MB before reading it, and store nothing', async () => {
    const { accessToken } = await t.login();
    const remark = 'x'.repeat(2 * 1024 * 1024);
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin-api/system/post/create',
      headers: {
        authorization: `Bearer ${accessToken}`,
        'tenant-id': '1',
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ name: '超大岗位', code: 'huge', sort: 1, status: 0, remark }),
    });
    expect(res.json()).toEqual({ code: 400, msg: '请求参数不正确:请求体过大', data: null });
    const stored = await t.db.kysely
      .selectFrom('systemPost')
      .where('code', '=', 'huge')
      .select('id')
      .execute();
    expect(stored).toEqual([]);
  });

  it('read multipart bodies at the upload endpoints only', async () => {
    const { accessToken } = await t.login();
    const boundary = 'x-boundary';
    const form = (name: string, filename: string, content: string) =>
      [
        `--${boundary}`,
        `Content-Disposition: form-data; name="${name}"; filename="${filename}"`,
        'Content-Type: text/plain',
        '',
        content,
        `--${boundary}--`,
        '',
      ].join('\r\n');
    const post = (path: string, payload: string) =>
      t.app.inject({
        method: 'POST',
        url: `/admin-api${path}`,
        headers: {
          authorization: `Bearer ${accessToken}`,
          'tenant-id': '1',
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload,
      });
    const refused = await post('/system/post/create', form('file', 'a.txt', 'hello'));
    expect((refused.json() as { msg: string }).msg).toContain('不支持的请求内容类型');
    const uploaded = await post('/infra/file/upload', form('file', 'a.txt', 'hello'));
    expect(uploaded.json()).toMatchObject({ code: 0, data: expect.stringContaining('.txt') });
  });
});
