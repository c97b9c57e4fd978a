import { z } from 'zod';

/** The yudao envelope: `code` 0 is success; errors travel with HTTP 200 and their own code. */
export const commonResult = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string(), data });

export interface CommonResult<T> {
  code: number;
  msg: string;
  data: T;
}

export const SUCCESS_CODE = 0;

export const pageParam = z.object({
  pageNo: z.coerce.number().int().min(1, '页码最小值为 1').default(1),
  pageSize: z.coerce.number().int().min(1, '每页条数最小值为 1').max(100, '每页条数最大值为 100').default(10),
});

export const pageResult = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int() });

export interface PageResult<T> {
  list: T[];
  total: number;
}

/** Dates on the wire are epoch milliseconds. */
export const epochMillis = z.number().int();
