import type { PermissionInfo, UserProfile } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

interface Part {
  name: string;
  filename?: string;
  type?: string;
  content: Buffer | string;
}

/** A multipart/form-data body as a browser sends it. */
const multipart = (parts: Part[]) => {
  const boundary = '----formdata-test-7d1b2c';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`,
      ),
      Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
};

describe.each(DIALECTS)('personal centre on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = (await t.login()).accessToken;
    operator = (await t.login('operator', 'operator123')).accessToken;
  });
  afterAll(async () => {
    await t.close();
  });

  const profile = async (token = admin) =>
    (await t.api({ path: '/system/user/profile/get', token })).data as UserProfile;
  const update = (body: unknown, token = admin) =>
    t.api({ method: 'PUT', path: '/system/user/profile/update', token, body });
  const uploadAvatar = (parts: Part[], token: string | null = admin, tenant = '1') => {
    const { payload, contentType } = multipart(parts);
    return t.app.inject({
      method: 'PUT',
      url: '/admin-api/system/user/profile/update-avatar',
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        'tenant-id': tenant,
        'content-type': contentType,
      },
      payload,
    });
  };

  describe('GET /system/user/profile/get', () => {
    it('answers the caller’s record with department, roles and posts', async () => {
      const res = await t.api({ path: '/system/user/profile/get', token: admin });
      expect(res.code).toBe(0);
      expect(res.data).toMatchObject({
        id: 1,
        username: 'admin',
        nickname: '系统管理员',
        mobile: '13800000000',
        email: null,
        sex: 1,
        avatar: null,
        status: 0,
        loginIp: '127.0.0.1',
        dept: { id: 101, name: '研发部' },
        roles: [{ id: 1, name: '超级管理员' }],
        posts: [{ id: 1, name: '董事长' }],
        postIds: [1],
        socialUsers: [],
      });
      const data = res.data as UserProfile;
      expect(typeof data.createTime).toBe('number');
      expect(typeof data.loginDate).toBe('number');
      expect((await profile(operator)).dept).toEqual({ id: 102, name: '运营部' });
    });

    it('answers 401 without a token and 403 for another tenant', async () => {
      expect((await t.api({ path: '/system/user/profile/get' })).code).toBe(401);
      expect((await t.api({ path: '/system/user/profile/get', token: admin, tenant: 3 })).code).toBe(403);
    });
  });

  describe('PUT /system/user/profile/update', () => {
    it('saves nickname, email, mobile and sex, and get-permission-info shows the new nickname at once', async () => {
      // Fill the permission-info cache first.
      expect(
        ((await t.api({ path: '/system/auth/get-permission-info', token: admin })).data as PermissionInfo)
          .user.nickname,
      ).toBe('系统管理员');
      const res = await update({
        nickname: ' 管理员小王 ',
        email: 'wang@example.com',
        mobile: '13912345678',
        sex: 2,
      });
      expect(res).toMatchObject({ code: 0, data: true });
      expect(await profile()).toMatchObject({
        nickname: '管理员小王',
        email: 'wang@example.com',
        mobile: '13912345678',
        sex: 2,
      });
      const info = (await t.api({ path: '/system/auth/get-permission-info', token: admin }))
        .data as PermissionInfo;
      expect(info.user.nickname).toBe('管理员小王');
    });

    it('clears email and mobile sent empty', async () => {
      expect((await update({ nickname: '管理员小王', email: '', mobile: '' })).code).toBe(0);
      expect(await profile()).toMatchObject({ email: null, mobile: null, sex: 2 });
    });

    it('validates the fields', async () => {
      expect(await update({ nickname: '  ' })).toMatchObject({
        code: 400,
        msg: '请求参数不正确:用户昵称不能为空',
      });
      expect(await update({ nickname: 'x'.repeat(31) })).toMatchObject({
        code: 400,
        msg: '请求参数不正确:用户昵称长度不能超过 30 个字符',
      });
      expect(await update({ nickname: 'a', email: 'not-an-email' })).toMatchObject({
        code: 400,
        msg: '请求参数不正确:邮箱格式不正确',
      });
      expect(await update({ nickname: 'a', mobile: '1380000000' })).toMatchObject({
        code: 400,
        msg: '请求参数不正确:手机号长度必须 11 位',
      });
      expect(await update({ nickname: 'a', mobile: '12345678901' })).toMatchObject({
        code: 400,
        msg: '请求参数不正确:手机号格式不正确',
      });
      expect((await update({ nickname: 'a', sex: 3 })).code).toBe(400);
    });

    it('refuses a mobile or email another user of the tenant holds', async () => {
      expect(
        (await update({ nickname: '运营专员', email: 'ops@example.com', mobile: '13800000001' }, operator))
          .code,
      ).toBe(0);
      expect(await update({ nickname: '管理员小王', mobile: '13800000001' })).toMatchObject({
        code: 1_002_003_001,
        msg: '手机号已经存在',
      });
      expect(await update({ nickname: '管理员小王', email: 'ops@example.com' })).toMatchObject({
        code: 1_002_003_002,
        msg: '邮箱已经存在',
      });
      // Keeping one's own values is fine.
      expect(
        (await update({ nickname: '运营专员', email: 'ops@example.com', mobile: '13800000001' }, operator))
          .code,
      ).toBe(0);
      // A user of another tenant may hold the same mobile.
      await t.db.kysely.updateTable('systemUsers').set({ tenantId: 99 }).where('id', '=', 2).execute();
      expect((await update({ nickname: '管理员小王', mobile: '13800000001' })).code).toBe(0);
      await t.db.kysely
        .updateTable('systemUsers')
        .set({ tenantId: 1, mobile: '13800000002' })
        .where('id', '=', 2)
        .execute();
      expect((await update({ nickname: '系统管理员', mobile: '13800000000' })).code).toBe(0);
    });

    it('answers 401 without a token', async () => {
      expect((await update({ nickname: 'x' }, '')).code).toBe(401);
    });
  });

  describe('PUT /system/user/profile/update-password', () => {
    const change = (body: unknown, token = operator) =>
      t.api({ method: 'PUT', path: '/system/user/profile/update-password', token, body });

    it('checks the old password and the new one’s length', async () => {
      expect(await change({ oldPassword: 'wrong-one', newPassword: 'newpass123' })).toMatchObject({
        code: 1_002_003_005,
        msg: '用户密码校验失败',
      });
      expect(await change({ oldPassword: 'operator123', newPassword: 'abc' })).toMatchObject({
        code: 400,
        msg: '请求参数不正确:密码长度为 4-16 位',
      });
      expect(await change({ oldPassword: 'operator123', newPassword: 'x'.repeat(17) })).toMatchObject({
        code: 400,
      });
      expect(await change({ newPassword: 'abcd1234' })).toMatchObject({
        code: 400,
        msg: '请求参数不正确:旧密码不能为空',
      });
    });

    it('changes the password: the new one signs in, the old one no longer does', async () => {
      expect(await change({ oldPassword: 'operator123', newPassword: 'newpass123' })).toMatchObject({
        code: 0,
        data: true,
      });
      expect((await t.login('operator', 'newpass123')).accessToken).toMatch(/^[0-9a-f]{32}$/);
      const old = await t.api({
        method: 'POST',
        path: '/system/auth/login',
        body: { username: 'operator', password: 'operator123' },
      });
      expect(old.code).toBe(1_002_000_000);
    });
  });

  describe('PUT /system/user/profile/update-avatar', () => {
    it('stores an image, serves it publicly and makes it the avatar everywhere', async () => {
      const res = await uploadAvatar([
        { name: 'avatarFile', filename: 'me.png', type: 'image/png', content: PNG },
      ]);
      const body = res.json() as { code: number; data: string };
      expect(body.code).toBe(0);
      expect(body.data).toMatch(/^\/admin-api\/infra\/file\/4\/get\/[0-9a-f]{64}\.png$/);
      expect((await profile()).avatar).toBe(body.data);
      const info = (await t.api({ path: '/system/auth/get-permission-info', token: admin }))
        .data as PermissionInfo;
      expect(info.user.avatar).toBe(body.data);

      // Public, without a token or tenant, with long-lived caching.
      const file = await t.app.inject({ method: 'GET', url: body.data });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.rawPayload.equals(PNG)).toBe(true);
      const again = await t.app.inject({
        method: 'GET',
        url: body.data,
        headers: { 'if-none-match': String(file.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
    });

    it('trusts the bytes, not the declared type or name', async () => {
      const res = await uploadAvatar([
        { name: 'avatarFile', filename: 'photo.txt', type: 'text/plain', content: GIF },
      ]);
      const body = res.json() as { code: number; data: string };
      expect(body.code).toBe(0);
      expect(body.data).toMatch(/\.gif$/);
      const file = await t.app.inject({ method: 'GET', url: body.data });
      expect(file.headers['content-type']).toBe('image/gif');

      const html = await uploadAvatar([
        {
          name: 'avatarFile',
          filename: 'x.png',
          type: 'image/png',
          content: '<svg onload="alert(1)"></svg>',
        },
      ]);
      expect(html.json()).toMatchObject({ code: 1_001_003_003, msg: '不允许上传该文件类型' });
    });

    it('refuses files over 2 MB, empty files and requests without the avatarFile field', async () => {
      const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
      expect(
        (
          await uploadAvatar([{ name: 'avatarFile', filename: 'big.png', type: 'image/png', content: big }])
        ).json(),
      ).toMatchObject({ code: 1_001_003_004, msg: '文件大小超过限制，允许上传的最大文件大小为 2MB' });
      expect(
        (
          await uploadAvatar([
            { name: 'avatarFile', filename: 'e.png', type: 'image/png', content: Buffer.alloc(0) },
          ])
        ).json(),
      ).toMatchObject({ code: 1_001_003_002, msg: '文件为空' });
      expect(
        (await uploadAvatar([{ name: 'file', filename: 'me.png', type: 'image/png', content: PNG }])).json(),
      ).toMatchObject({ code: 400, msg: '请求参数缺失:avatarFile' });
      const json = await t.api({
        method: 'PUT',
        path: '/system/user/profile/update-avatar',
        token: admin,
        body: {},
      });
      expect(json).toMatchObject({ code: 400, msg: '请求参数缺失:avatarFile' });
    });

    it('answers 401 without a token and 403 for another tenant', async () => {
      const part = [{ name: 'avatarFile', filename: 'me.png', type: 'image/png', content: PNG }];
      expect((await uploadAvatar(part, null)).json()).toMatchObject({ code: 401 });
      expect((await uploadAvatar(part, admin, '5')).json()).toMatchObject({ code: 403 });
    });
  });

  describe('GET /infra/file/{configId}/get/{path}', () => {
    it('answers 404 for unknown or malformed paths, and never leaves the store', async () => {
      for (const url of [
        `/admin-api/infra/file/4/get/${'0'.repeat(64)}.png`,
        '/admin-api/infra/file/4/get/..%2F..%2F..%2Fetc%2Fpasswd',
        '/admin-api/infra/file/4/get/%2E%2E%2Fpackage.json',
        '/admin-api/infra/file/x/get/a.png',
        '/admin-api/infra/file/4/get/../../../package.json',
      ]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode === 404 || res.json().code === 404, url).toBe(true);
        expect(res.body, url).not.toContain('"name"');
      }
    });
  });
});
