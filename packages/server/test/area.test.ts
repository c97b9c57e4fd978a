import type { AreaNode } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaOfIp, areaPath, findArea, formatArea } from '../src/lib/area.js';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';

describe.each(DIALECTS)('regions and IP look-up on %s', (dialect) => {
  let t: TestApp;
  let operator: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    // No permission is needed: a plain signed-in user will do.
    operator = (await t.login('operator', 'operator123')).accessToken;
  });
  afterAll(async () => {
    await t.close();
  });

  const byIp = (ip: string, token: string | null = operator) =>
    t.api({ path: '/system/area/get-by-ip', query: { ip }, token });

  it('answers the provinces, each with cities and districts, ids the national codes', async () => {
    const res = await t.api({ path: '/system/area/tree', token: operator });
    expect(res.code).toBe(0);
    const provinces = res.data as AreaNode[];
    expect(provinces).toHaveLength(34);
    const beijing = provinces.find((p) => p.id === 110000);
    expect(beijing).toMatchObject({ name: '北京市', children: [{ id: 110100, name: '北京市' }] });
    expect(beijing!.children![0]!.children).toContainEqual({ id: 110101, name: '东城区' });
    const guangdong = provinces.find((p) => p.id === 440000)!;
    expect(guangdong.name).toBe('广东省');
    const shenzhen = guangdong.children!.find((c) => c.id === 440300)!;
    expect(shenzhen).toMatchObject({ name: '深圳市' });
    expect(shenzhen.children).toContainEqual({ id: 440305, name: '南山区' });
    // Counties a province administers directly are its cities; 重庆's 县 fold into 重庆市.
    expect(provinces.find((p) => p.id === 420000)!.children).toContainEqual({ id: 429004, name: '仙桃市' });
    const chongqing = provinces.find((p) => p.id === 500000)!;
    expect(chongqing.children!.map((c) => c.name)).toEqual(['重庆市']);
    expect(chongqing.children![0]!.children).toContainEqual({ id: 500229, name: '城口县' });
    expect(provinces.map((p) => p.id)).toEqual(expect.arrayContaining([710000, 810000, 820000]));
    // The answer is encoded once and reused.
    expect((await t.api({ path: '/system/area/tree', token: operator })).raw.body).toBe(res.raw.body);
  });

  it('finds the region of a Chinese IPv4 and IPv6 address', async () => {
    expect(await byIp('202.96.209.133')).toMatchObject({ code: 0, data: '上海市 上海市' });
    expect(await byIp(' 120.24.78.68 ')).toMatchObject({ code: 0, data: '广东省 深圳市' });
    expect(await byIp('240e:47d:c20:1627:30a3:ba0d:a5e6:ec19')).toMatchObject({
      code: 0,
      data: '广东省 广州市 番禺区',
    });
    expect(await byIp('::ffff:202.96.209.133')).toMatchObject({ code: 0, data: '上海市 上海市' });
  });

  it('answers null for private, foreign and unknown addresses', async () => {
    for (const ip of ['192.168.1.1', '127.0.0.1', '::1', 'fe80::1', '8.8.8.8', '2001:4860:4860::8888'])
      expect(await byIp(ip), ip).toMatchObject({ code: 0, data: null });
  });

  it('refuses a value that is not an IP address', async () => {
    for (const ip of ['', 'abc', '256.1.1.1', '1.2.3', '202.96.209.133/24'])
      expect(await byIp(ip), ip).toMatchObject({ code: 400, msg: expect.stringContaining('IP 地址') });
    expect(await byIp('abc')).toMatchObject({ msg: '请求参数不正确:IP 地址格式不正确' });
    const missing = await t.api({ path: '/system/area/get-by-ip', token: operator });
    expect(missing.code).toBe(400);
  });

  it('answers 401 without a token', async () => {
    expect((await t.api({ path: '/system/area/tree' })).code).toBe(401);
    expect((await byIp('202.96.209.133', null)).code).toBe(401);
  });
});

describe('lib/area look-ups', () => {
  it('finds a region, its path and its formatted name', () => {
    expect(findArea(440305)).toEqual({ id: 440305, name: '南山区' });
    expect(areaPath(440305).map((a) => a.id)).toEqual([440000, 440300, 440305]);
    expect(formatArea(110101)).toBe('北京市 北京市 东城区');
    expect(formatArea(440305, '/')).toBe('广东省/深圳市/南山区');
    expect(findArea(999999)).toBeUndefined();
    expect(areaPath(999999)).toEqual([]);
    expect(formatArea(999999)).toBeNull();
  });

  it('gives the deepest known region of an address as a node of the tree', () => {
    expect(areaOfIp('120.24.78.68')).toBe(findArea(440300));
    expect(areaOfIp('1.36.0.1')?.id).toBe(810000);
    expect(areaOfIp('not an ip')).toBeUndefined();
  });
});
