import { z } from 'zod';
import { defineEndpoint, SIGNED_IN } from '../endpoint.js';

export const dictDataSimple = z.object({
  dictType: z.string(),
  value: z.string(),
  label: z.string(),
  colorType: z.string(),
  cssClass: z.string(),
});
export type DictDataSimple = z.output<typeof dictDataSimple>;

export const dictDataListAllSimple = defineEndpoint({
  method: 'GET',
  path: '/system/dict-data/list-all-simple',
  summary: '获得全部字典数据列表',
  tag: '字典数据',
  access: SIGNED_IN,
  data: z.array(dictDataSimple),
});
