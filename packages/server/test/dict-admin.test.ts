import type {
  DictDataRecord,
  DictDataSimple,
  DictTypeRecord,
  DictTypeSimple,
  PageResult,
} from '@app/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';

/** The rows of the first sheet of an .xlsx answer, as text. */
const readSheet = async (bytes: Buffer): Promise<string[][]> => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? '')));
  });
  return rows;
};

describe.each(DIALECTS)('dictionary administration on %s', (dialect) => {
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

  /** An export download: the raw answer (the helper's api() expects JSON). */
  const download = (path: string, query: Record<string, string> = {}, token = admin) =>
    t.app.inject({
      method: 'GET',
      url: `/admin-api${path}`,
      query,
      headers: { authorization: `Bearer ${token}`, 'tenant-id': '1' },
    });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, extra: object = {}, token = admin) =>
    t.api({ method, path, token, ...extra });

  describe('dictionary types', () => {
    let typeId: number;

    it('creates a type and reads it back with the reference fields', async () => {
      const created = await call('POST', '/system/dict-type/create', {
        body: { name: '测试字典', type: 'test_dict_kind', status: 0, remark: '测试用' },
      });
      expect(created.code).toBe(0);
      typeId = created.data as number;
      const got = await call('GET', '/system/dict-type/get', { query: { id: String(typeId) } });
      const type = got.data as DictTypeRecord;
      expect(Object.keys(type).sort()).toEqual(['createTime', 'id', 'name', 'remark', 'status', 'type']);
      expect(type).toMatchObject({ name: '测试字典', type: 'test_dict_kind', status: 0, remark: '测试用' });
      expect(typeof type.createTime).toBe('number');
    });

    it('pages with filters on name, type, status and creation time', async () => {
      const res = await call('GET', '/system/dict-type/page', {
        query: { name: '测试', type: 'test_dict', status: '0', pageNo: '1', pageSize: '10' },
      });
      const page = res.data as PageResult<DictTypeRecord>;
      expect(page.total).toBe(1);
      expect(page.list[0]!.id).toBe(typeId);
      const none = await call('GET', '/system/dict-type/page', { query: { name: '测试', status: '1' } });
      expect((none.data as PageResult<DictTypeRecord>).total).toBe(0);
      const future = await call('GET', '/system/dict-type/page', {
        query: { 'createTime[0]': '2099-01-01 00:00:00', 'createTime[1]': '2099-12-31 23:59:59' },
      });
      expect((future.data as PageResult<DictTypeRecord>).total).toBe(0);
    });

    it('refuses duplicate names and types with the reference codes', async () => {
      expect(
        await call('POST', '/system/dict-type/create', {
          body: { name: '测试字典', type: 'other_kind', status: 0 },
        }),
      ).toMatchObject({ code: 1_002_006_003, msg: '已经存在该名字的字典类型' });
      expect(
        await call('POST', '/system/dict-type/create', {
          body: { name: '另一个', type: 'test_dict_kind', status: 0 },
        }),
      ).toMatchObject({ code: 1_002_006_004, msg: '已经存在该类型的字典类型' });
    });

    it('answers 400 in Chinese for bad input and changes nothing', async () => {
      const before = await call('GET', '/system/dict-type/page', { query: { pageSize: '100' } });
      const bad = await call('POST', '/system/dict-type/create', {
        body: { name: ' ', type: 'x', status: 5 },
      });
      expect(bad.code).toBe(400);
      expect(bad.msg).toContain('请求参数不正确');
      expect(bad.msg).toContain('字典名称不能为空');
      const noId = await call('GET', '/system/dict-type/get');
      expect(noId).toMatchObject({ code: 400 });
      expect(noId.msg).toContain('字典类型编号不能为空');
      const badStatus = await call('GET', '/system/dict-type/page', { query: { status: '9' } });
      expect(badStatus.code).toBe(400);
      const after = await call('GET', '/system/dict-type/page', { query: { pageSize: '100' } });
      expect((after.data as PageResult<DictTypeRecord>).total).toBe(
        (before.data as PageResult<DictTypeRecord>).total,
      );
    });

    it('updates name, status and remark but never the type itself', async () => {
      const res = await call('PUT', '/system/dict-type/update', {
        body: { id: typeId, name: '测试字典（改）', type: 'changed_kind', status: 1, remark: null },
      });
      expect(res).toMatchObject({ code: 0, data: true });
      const got = (await call('GET', '/system/dict-type/get', { query: { id: String(typeId) } }))
        .data as DictTypeRecord;
      expect(got).toMatchObject({ name: '测试字典（改）', type: 'test_dict_kind', status: 1, remark: null });
      expect(
        await call('PUT', '/system/dict-type/update', { body: { id: 999_999, name: '没有', status: 0 } }),
      ).toMatchObject({ code: 1_002_006_001, msg: '当前字典类型不存在' });
    });

    it('lists every type, enabled or not, for the selects', async () => {
      const res = await call('GET', '/system/dict-type/list-all-simple', {}, operator);
      const list = res.data as DictTypeSimple[];
      expect(Object.keys(list[0]!).sort()).toEqual(['id', 'name', 'type']);
      expect(list.find((d) => d.id === typeId)).toEqual({
        id: typeId,
        name: '测试字典（改）',
        type: 'test_dict_kind',
      });
    });

    it('exports the filtered types as .xlsx with Chinese headers and status labels', async () => {
      const res = await download('/system/dict-type/export', { type: 'common_status' });
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(res.headers['content-disposition']).toContain(encodeURIComponent('字典类型.xlsx'));
      const rows = await readSheet(res.rawPayload);
      expect(rows[0]).toEqual(['字典主键', '字典名称', '字典类型', '状态', '备注', '创建时间']);
      expect(rows).toHaveLength(2);
      expect(rows[1]!.slice(2, 4)).toEqual(['common_status', '开启']);
      const alias = await download('/system/dict-type/export-excel', { type: 'test_dict_kind' });
      expect((await readSheet(alias.rawPayload))[1]!.slice(2, 4)).toEqual(['test_dict_kind', '关闭']);
    });
  });

  describe('dictionary data', () => {
    let dataId: number;
    const item = {
      sort: 3,
      label: '测试项',
      value: 't1',
      dictType: 'common_status',
      status: 0,
      colorType: 'success',
      cssClass: 'demo',
      remark: '备注',
    };

    it('creates an item and publishes the change so list-all-simple is fresh', async () => {
      // warm the cache first
      await call('GET', '/system/dict-data/list-all-simple');
      const res = await call('POST', '/system/dict-data/create', { body: item });
      expect(res.code).toBe(0);
      dataId = res.data as number;
      const all = (await call('GET', '/system/dict-data/list-all-simple')).data as DictDataSimple[];
      expect(all).toContainEqual({
        dictType: 'common_status',
        value: 't1',
        label: '测试项',
        colorType: 'success',
        cssClass: 'demo',
      });
      const got = (await call('GET', '/system/dict-data/get', { query: { id: String(dataId) } }))
        .data as DictDataRecord;
      expect(Object.keys(got).sort()).toEqual(
        [
          'colorType',
          'createTime',
          'cssClass',
          'dictType',
          'id',
          'label',
          'remark',
          'sort',
          'status',
          'value',
        ].sort(),
      );
      expect(got).toMatchObject(item);
    });

    it('pages by type, label and status, in sort order', async () => {
      const res = await call(
        'GET',
        '/system/dict-data/page',
        { query: { dictType: 'common_status' } },
        operator,
      );
      const page = res.data as PageResult<DictDataRecord>;
      expect(page.total).toBe(3);
      expect(page.list.map((d) => d.value)).toEqual(['0', '1', 't1']);
      const byLabel = await call('GET', '/system/dict-data/page', { query: { label: '测试', status: '0' } });
      expect((byLabel.data as PageResult<DictDataRecord>).list.map((d) => d.id)).toEqual([dataId]);
    });

    it('lists the enabled items of one type', async () => {
      const res = await call('GET', '/system/dict-data/type/common_status', {}, operator);
      expect((res.data as DictDataSimple[]).map((d) => d.label)).toEqual(['开启', '关闭', '测试项']);
      expect((await call('GET', '/system/dict-data/type/no_such_type')).data).toEqual([]);
    });

    it('refuses a duplicate value, an unknown or disabled type, and bad input', async () => {
      expect(
        await call('POST', '/system/dict-data/create', { body: { ...item, label: '重复' } }),
      ).toMatchObject({
        code: 1_002_007_003,
        msg: '已经存在该值的字典数据',
      });
      expect(
        await call('POST', '/system/dict-data/create', { body: { ...item, dictType: 'no_such_type' } }),
      ).toMatchObject({ code: 1_002_006_001, msg: '当前字典类型不存在' });
      // test_dict_kind was disabled above
      expect(
        await call('POST', '/system/dict-data/create', { body: { ...item, dictType: 'test_dict_kind' } }),
      ).toMatchObject({ code: 1_002_006_002, msg: '字典类型不处于开启状态，不允许选择' });
      const bad = await call('POST', '/system/dict-data/create', { body: { ...item, value: '' } });
      expect(bad.code).toBe(400);
      expect(bad.msg).toContain('字典键值不能为空');
    });

    it('updates an item and refuses an unknown id', async () => {
      const res = await call('PUT', '/system/dict-data/update', {
        body: { ...item, id: dataId, label: '测试项二', status: 1 },
      });
      expect(res).toMatchObject({ code: 0, data: true });
      const all = (await call('GET', '/system/dict-data/list-all-simple')).data as DictDataSimple[];
      expect(all.find((d) => d.value === 't1')).toBeUndefined();
      expect(await call('PUT', '/system/dict-data/update', { body: { ...item, id: 999_999 } })).toMatchObject(
        {
          code: 1_002_007_001,
          msg: '当前字典数据不存在',
        },
      );
    });

    it('exports the filtered items as .xlsx with status labels', async () => {
      const rows = await readSheet(
        (await download('/system/dict-data/export', { dictType: 'common_status' })).rawPayload,
      );
      expect(rows[0]).toEqual(['字典编码', '字典排序', '字典标签', '字典键值', '字典类型', '状态']);
      expect(rows.slice(1).map((r) => [r[2], r[5]])).toEqual([
        ['开启', '开启'],
        ['关闭', '开启'],
        ['测试项二', '关闭'],
      ]);
    });

    it('keeps a type that still holds data, deletes it once empty', async () => {
      const { data: kindId } = await call('POST', '/system/dict-type/create', {
        body: { name: '可删字典', type: 'deletable_kind', status: 0 },
      });
      const { data: itemId } = await call('POST', '/system/dict-data/create', {
        body: { ...item, dictType: 'deletable_kind' },
      });
      expect(
        await call('DELETE', '/system/dict-type/delete', { query: { id: String(kindId) } }),
      ).toMatchObject({
        code: 1_002_006_005,
        msg: '无法删除，该字典类型还有字典数据',
      });
      expect(
        await call('DELETE', '/system/dict-data/delete', { query: { id: String(itemId) } }),
      ).toMatchObject({
        code: 0,
        data: true,
      });
      expect((await call('GET', '/system/dict-data/get', { query: { id: String(itemId) } })).data).toBeNull();
      expect(
        await call('DELETE', '/system/dict-type/delete', { query: { id: String(kindId) } }),
      ).toMatchObject({
        code: 0,
        data: true,
      });
      expect((await call('GET', '/system/dict-type/get', { query: { id: String(kindId) } })).data).toBeNull();
      // the type is free again
      expect(
        (
          await call('POST', '/system/dict-type/create', {
            body: { name: '可删字典', type: 'deletable_kind', status: 0 },
          })
        ).code,
      ).toBe(0);
      expect(await call('DELETE', '/system/dict-data/delete', { query: { id: '999999' } })).toMatchObject({
        code: 1_002_007_001,
      });
    });
  });

  describe('access', () => {
    it('answers 401 without a token', async () => {
      for (const path of [
        '/system/dict-type/page',
        '/system/dict-data/page',
        '/system/dict-data/type/common_status',
      ])
        expect((await t.api({ path })).code).toBe(401);
    });

    it('lets the read-only operator query but not change or export', async () => {
      expect((await call('GET', '/system/dict-type/page', {}, operator)).code).toBe(0);
      const writes = [
        call(
          'POST',
          '/system/dict-type/create',
          { body: { name: '运营', type: 'op_kind', status: 0 } },
          operator,
        ),
        call('PUT', '/system/dict-type/update', { body: { id: 1, name: '运营', status: 0 } }, operator),
        call('DELETE', '/system/dict-type/delete', { query: { id: '1' } }, operator),
        download('/system/dict-type/export', {}, operator).then((r) => r.json()),
        call(
          'POST',
          '/system/dict-data/create',
          { body: { sort: 1, label: 'a', value: 'a', dictType: 'common_status', status: 0 } },
          operator,
        ),
        call('DELETE', '/system/dict-data/delete', { query: { id: '1' } }, operator),
        download('/system/dict-data/export', {}, operator).then((r) => r.json()),
      ];
      for (const res of await Promise.all(writes))
        expect(res).toMatchObject({ code: 403, msg: '没有该操作权限' });
      expect((await call('GET', '/system/dict-type/get', { query: { id: '1' } })).data).not.toBeNull();
    });

    it('refuses a tenant other than the token’s', async () => {
      const res = await t.api({ path: '/system/dict-type/page', token: admin, tenant: 2 });
      expect(res).toMatchObject({ code: 403, msg: '您无权访问该租户的数据' });
    });
  });
});
