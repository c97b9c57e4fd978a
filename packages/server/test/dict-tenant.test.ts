import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';

describe.each(DIALECTS)('dictionaries and tenants on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    token = (await t.login()).accessToken;
  });
  afterAll(async () => {
    await t.close();
  });

  describe('GET /system/dict-data/list-all-simple', () => {
    it('lists enabled items with their five fields, sorted by type then sort', async () => {
      const res = await t.api({ path: '/system/dict-data/list-all-simple', token });
      expect(res.code).toBe(0);
      const items = res.data as {
        dictType: string;
        value: string;
        label: string;
        colorType: string;
        cssClass: string;
      }[];
      expect(Object.keys(items[0]!).sort()).toEqual(['colorType', 'cssClass', 'dictType', 'label', 'value']);
      const status = items.filter((i) => i.dictType === 'common_status');
      expect(status).toEqual([
        { dictType: 'common_status', value: '0', label: '开启', colorType: 'primary', cssClass: '' },
        { dictType: 'common_status', value: '1', label: '关闭', colorType: 'info', cssClass: '' },
      ]);
      const types = items.map((i) => i.dictType);
      expect([...types].sort()).toEqual(types);
      // every dictionary type named in the spec is there
      for (const type of [
        'user_type',
        'exp_order_status',
        'exp_order_type',
        'exp_refund_flag',
        'mbr_user_level',
        'system_notify_template_type',
        'bpm_process_instance_result',
        'system_menu_type',
      ]) {
        expect(types, type).toContain(type);
      }
      // the disabled 女 item of system_user_sex is left out
      expect(items.filter((i) => i.dictType === 'system_user_sex').map((i) => i.label)).toEqual(['男']);
    });

    it('answers 401 without a token and 403 for another tenant', async () => {
      expect((await t.api({ path: '/system/dict-data/list-all-simple' })).code).toBe(401);
      expect((await t.api({ path: '/system/dict-data/list-all-simple', token, tenant: 7 })).code).toBe(403);
    });
  });

  describe('GET /system/tenant/get-id-by-name', () => {
    it('finds the tenant id by name without a tenant header, or null', async () => {
      expect(
        await t.api({ path: '/system/tenant/get-id-by-name', query: { name: '默认租户' }, tenant: null }),
      ).toMatchObject({ code: 0, data: 1 });
      expect(
        await t.api({ path: '/system/tenant/get-id-by-name', query: { name: '没有这个租户' }, tenant: null }),
      ).toMatchObject({ code: 0, data: null });
    });

    it('answers 400 without a name', async () => {
      expect(await t.api({ path: '/system/tenant/get-id-by-name', tenant: null })).toMatchObject({
        code: 400,
        msg: '请求参数不正确:租户名不能为空',
      });
      expect(
        await t.api({ path: '/system/tenant/get-id-by-name', query: { name: '  ' }, tenant: null }),
      ).toMatchObject({ code: 400, msg: '请求参数不正确:租户名不能为空' });
    });
  });
});
