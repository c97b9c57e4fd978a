import { z } from 'zod';
import { defineEndpoint, SIGNED_IN } from '../endpoint.js';

/* Regions of China (/system/area): a static tree, global to all tenants, as in the reference. */

/** A region; `id` is its GB/T 2260 code (110000 北京市 → 110100 北京市 → 110101 东城区). */
export interface AreaNode {
  id: number;
  name: string;
  children?: AreaNode[];
}

export const areaNode: z.ZodType<AreaNode> = z
  .lazy(() => z.object({ id: z.number().int(), name: z.string(), children: z.array(areaNode).optional() }))
  .meta({ id: 'AreaNode' });

export const areaTree = defineEndpoint({
  method: 'GET',
  path: '/system/area/tree',
  summary: '获得地区树（省、市、区县；编号为国家行政区划代码）',
  tag: '地区',
  access: SIGNED_IN,
  data: z.array(areaNode),
});

export const areaGetByIp = defineEndpoint({
  method: 'GET',
  path: '/system/area/get-by-ip',
  summary: '获得 IP 对应的地区名（省到市或区县，空格分隔；未知时 data 为 null）',
  tag: '地区',
  access: SIGNED_IN,
  query: z.object({
    ip: z
      .string({ error: 'IP 地址不能为空' })
      .trim()
      .pipe(z.union([z.ipv4(), z.ipv6()], { error: 'IP 地址格式不正确' })),
  }),
  data: z.string().nullable(),
});
