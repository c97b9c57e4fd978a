import type { InfraConfig, PageResult } from '@app/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';

const readSheet = async (bytes: Buffer): Promise<string[][]> => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? '')));
  });
  return rows;
};

describe.each(DIALECTS)('configuration parameters on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let configId: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = (await t.login()).accessToken;
    operator = (await t.login('operator', 'operator123')).accessToken;
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, extra: object = {}, token = admin) =>
    t.api({ method, path, token, ...extra });
  const download = (path: string, query: Record<string, string> = {}, token = admin) =>
    t.app.inject({
      method: 'GET',
      url: `/admin-api${path}`,
      query,
      headers: { authorization: `Bearer ${token}`, 'tenant-id': '1' },
    });
  const input = {
    category: 'biz',
    name: '测试参数',
    key: 'test.config.key',
    value: 'v1',
    visible: true,
    remark: '说明',
  };

  it('seeds the reference’s built-in initial password, invisible', async () => {
    const res = await call('GET', '/infra/config/page', { query: { key: 'sys.user.init-password' } });
    const page = res.data as PageResult<InfraConfig>;
    expect(page.total).toBe(1);
    expect(Object.keys(page.list[0]!).sort()).toEqual(
      ['category', 'createTime', 'id', 'key', 'name', 'remark', 'type', 'value', 'visible'].sort(),
    );
    expect(page.list[0]).toMatchObject({
      type: 1,
      visible: false,
      value: '123456',
      name: '用户管理-账号初始密码',
    });
  });

  it('creates a custom parameter and reads it by id and by key', async () => {
    const res = await call('POST', '/infra/config/create', { body: input });
    expect(res.code).toBe(0);
    configId = res.data as number;
    const got = (await call('GET', '/infra/config/get', { query: { id: String(configId) } }))
      .data as InfraConfig;
    expect(got).toMatchObject({ ...input, type: 2 });
    expect(
      await call('GET', '/infra/config/get-value-by-key', { query: { key: 'test.config.key' } }, operator),
    ).toMatchObject({
      code: 0,
      data: 'v1',
    });
    expect(
      await call('GET', '/infra/config/get-value-by-key', { query: { key: 'no.such.key' } }),
    ).toMatchObject({
      code: 0,
      data: null,
    });
  });

  it('refuses invisible keys, duplicate keys and bad input', async () => {
    expect(
      await call('GET', '/infra/config/get-value-by-key', { query: { key: 'sys.user.init-password' } }),
    ).toMatchObject({ code: 1_001_000_004, msg: '获取参数配置失败，原因：不允许获取不可见配置' });
    expect(await call('POST', '/infra/config/create', { body: input })).toMatchObject({
      code: 1_001_000_002,
      msg: '参数配置 key 重复',
    });
    const bad = await call('POST', '/infra/config/create', {
      body: { ...input, key: 'other.key', name: '' },
    });
    expect(bad.code).toBe(400);
    expect(bad.msg).toBe('请求参数不正确:参数名称不能为空');
    const missing = await call('GET', '/infra/config/get-value-by-key');
    expect(missing).toMatchObject({ code: 400, msg: '请求参数不正确:参数键名不能为空' });
    expect(
      (
        (await call('GET', '/infra/config/page', { query: { key: 'other.key' } }))
          .data as PageResult<InfraConfig>
      ).total,
    ).toBe(0);
  });

  it('pages with filters on name, key, type and creation time', async () => {
    const custom = (await call('GET', '/infra/config/page', { query: { type: '2', name: '测试' } }))
      .data as PageResult<InfraConfig>;
    expect(custom.list.map((c) => c.id)).toEqual([configId]);
    const builtIn = (await call('GET', '/infra/config/page', { query: { type: '1' } }))
      .data as PageResult<InfraConfig>;
    expect(builtIn.list.every((c) => c.type === 1)).toBe(true);
    const future = await call('GET', '/infra/config/page', {
      query: { 'createTime[0]': '2099-01-01 00:00:00', 'createTime[1]': '2099-12-31 23:59:59' },
    });
    expect((future.data as PageResult<InfraConfig>).total).toBe(0);
    expect((await call('GET', '/infra/config/page', { query: { type: '7' } })).code).toBe(400);
  });

  it('updates everything but the key', async () => {
    const res = await call('PUT', '/infra/config/update', {
      body: { ...input, id: configId, key: 'changed.key', value: 'v2', visible: false },
    });
    expect(res).toMatchObject({ code: 0, data: true });
    const got = (await call('GET', '/infra/config/get', { query: { id: String(configId) } }))
      .data as InfraConfig;
    expect(got).toMatchObject({ key: 'test.config.key', value: 'v2', visible: false });
    expect(
      (await call('GET', '/infra/config/get-value-by-key', { query: { key: 'test.config.key' } })).code,
    ).toBe(1_001_000_004);
    expect(await call('PUT', '/infra/config/update', { body: { ...input, id: 999_999 } })).toMatchObject({
      code: 1_001_000_001,
      msg: '参数配置不存在',
    });
  });

  it('exports .xlsx with Chinese headers and dictionary labels', async () => {
    const res = await download('/infra/config/export', { key: 'sys.user.init-password' });
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('参数配置.xlsx'));
    const rows = await readSheet(res.rawPayload);
    expect(rows[0]).toEqual([
      '参数配置序号',
      '参数键名',
      '参数分组',
      '参数名称',
      '参数键值',
      '参数类型',
      '是否可见',
      '备注',
      '创建时间',
    ]);
    expect(rows[1]!.slice(1, 7)).toEqual([
      'sys.user.init-password',
      'biz',
      '用户管理-账号初始密码',
      '123456',
      '系统内置',
      '否',
    ]);
    const alias = await readSheet((await download('/infra/config/export-excel', { type: '2' })).rawPayload);
    expect(alias.slice(1).map((r) => r[1])).toEqual(['test.config.key']);
  });

  it('protects built-in parameters from deletion and deletes custom ones', async () => {
    const builtIn = (
      (await call('GET', '/infra/config/page', { query: { type: '1' } })).data as PageResult<InfraConfig>
    ).list[0]!;
    expect(await call('DELETE', '/infra/config/delete', { query: { id: String(builtIn.id) } })).toMatchObject(
      {
        code: 1_001_000_003,
        msg: '不能删除类型为系统内置的参数配置',
      },
    );
    expect(await call('DELETE', '/infra/config/delete', { query: { id: String(configId) } })).toMatchObject({
      code: 0,
      data: true,
    });
    expect((await call('GET', '/infra/config/get', { query: { id: String(configId) } })).data).toBeNull();
    expect(await call('DELETE', '/infra/config/delete', { query: { id: String(configId) } })).toMatchObject({
      code: 1_001_000_001,
    });
    // the key is free again
    expect((await call('POST', '/infra/config/create', { body: input })).code).toBe(0);
  });

  it('answers 401 without a token, 403 to the operator and to another tenant', async () => {
    expect((await t.api({ path: '/infra/config/page' })).code).toBe(401);
    expect((await t.api({ path: '/infra/config/get-value-by-key', query: { key: 'x' } })).code).toBe(401);
    const refused = await Promise.all([
      call('GET', '/infra/config/page', {}, operator),
      call('GET', '/infra/config/get', { query: { id: '1' } }, operator),
      call('POST', '/infra/config/create', { body: { ...input, key: 'op.key' } }, operator),
      call('PUT', '/infra/config/update', { body: { ...input, id: 1 } }, operator),
      call('DELETE', '/infra/config/delete', { query: { id: '1' } }, operator),
      download('/infra/config/export', {}, operator).then((r) => r.json()),
    ]);
    for (const res of refused) expect(res).toMatchObject({ code: 403, msg: '没有该操作权限' });
    expect(await t.api({ path: '/infra/config/page', token: admin, tenant: 2 })).toMatchObject({
      code: 403,
      msg: '您无权访问该租户的数据',
    });
  });
});
