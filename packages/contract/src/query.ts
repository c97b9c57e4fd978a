import { z } from 'zod';

/**
 * Query-string helpers. Query values arrive as strings; a repeated key (`ids=1&ids=2`) arrives as an
 * array, and a bracketed key (`createTime[0]=…`, as the reference client sends ranges) arrives under
 * its literal name.
 */

/** `true`/`false` (also `1`/`0`) as a boolean; callers may pass a boolean, which travels as its text. */
export const booleanParam = (message: string) =>
  z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { error: message })
    .transform((v) => v === true || v === 'true' || v === '1');

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * Epoch milliseconds of 'yyyy-MM-dd HH:mm:ss' (or 'yyyy-MM-dd', read as the start of the day) in the
 * server's local time, as the reference reads its LocalDateTime parameters; also accepts epoch
 * milliseconds. Null when the text is none of these.
 */
export const parseDateTimeParam = (text: string): number | null => {
  const value = text.trim();
  if (/^\d{10,13}$/.test(value)) return Number(value.length === 10 ? `${value}000` : value);
  const m = DATE_TIME.exec(value);
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  // Reject overflowing parts such as month 13 or 25:00, which Date would silently roll over.
  if (
    date.getFullYear() !== Number(y) ||
    date.getMonth() !== Number(mo) - 1 ||
    date.getDate() !== Number(d) ||
    date.getHours() !== Number(h) ||
    date.getMinutes() !== Number(mi) ||
    date.getSeconds() !== Number(s)
  )
    return null;
  return date.getTime();
};

/** A query value sent once or repeated. */
export const stringOrList = z.union([z.string(), z.array(z.string())]);

/** [from, to] in epoch ms (either may be null = open), or undefined when no bound was sent. */
export type TimeRange = [number | null, number | null];

/**
 * Reads a time range sent as `name[0]` / `name[1]` (the reference client) or as `name` repeated
 * twice (this console's serializer); declare all three keys in the query object. Reports an issue
 * for a value that is not a date-time; reports an issue for a value that is not a date-time.
 * Empty strings count as "not sent".
 */
export const readTimeRange = (
  raw: Record<string, unknown>,
  name: string,
  label: string,
  ctx: z.RefinementCtx,
): TimeRange | undefined => {
  const list = raw[name];
  const pair: unknown[] =
    list !== undefined ? (Array.isArray(list) ? list : [list]) : [raw[`${name}[0]`], raw[`${name}[1]`]];
  if (pair.length > 2) {
    ctx.addIssue({ code: 'custom', message: `${label}最多包含开始和结束两个时间`, path: [name] });
    return undefined;
  }
  const bounds = [pair[0], pair[1]].map((v) => {
    if (typeof v !== 'string' || v.trim() === '') return null;
    const ms = parseDateTimeParam(v);
    if (ms === null)
      ctx.addIssue({ code: 'custom', message: `${label}格式不正确，应为 yyyy-MM-dd HH:mm:ss`, path: [name] });
    return ms;
  }) as TimeRange;
  return bounds[0] === null && bounds[1] === null ? undefined : bounds;
};

const idText = z.union([z.string(), z.number()]);

/** Ids as a repeated parameter (`ids=1&ids=2`) or comma-separated (`ids=1,2`), distinct and positive. */
export const idListParam = (label: string) =>
  z
    .union([idText, z.array(idText)])
    .optional()
    .transform((value, ctx): number[] => {
      const parts = (value === undefined ? [] : Array.isArray(value) ? value : [value])
        .flatMap((v) => String(v).split(','))
        .map((v) => v.trim())
        .filter((v) => v !== '');
      if (parts.length === 0) {
        ctx.addIssue({ code: 'custom', message: `${label}不能为空` });
        return z.NEVER;
      }
      const ids = parts.map(Number);
      if (ids.some((id) => !Number.isSafeInteger(id) || id <= 0)) {
        ctx.addIssue({ code: 'custom', message: `${label}格式不正确` });
        return z.NEVER;
      }
      return [...new Set(ids)];
    });

/** An optional positive whole number in a query string, up to `max` (its column's); blank counts as not sent. */
export const optionalPositiveInt = (label: string, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return undefined;
      const n = Number(v);
      if (!Number.isSafeInteger(n) || n <= 0) {
        ctx.addIssue({ code: 'custom', message: `${label}必须是正整数` });
        return z.NEVER;
      }
      if (n > max) {
        ctx.addIssue({ code: 'custom', message: `${label}超出范围` });
        return z.NEVER;
      }
      return n;
    });

/** The values a smallint and an integer column hold: a filter beyond them cannot be compared on PostgreSQL. */
export const SMALLINT_RANGE = { min: -32_768, max: 32_767 } as const;
export const INTEGER_RANGE = { min: -2_147_483_648, max: 2_147_483_647 } as const;

/**
 * An optional number in a query string (a whole one when `int`, within `min`..`max` when given: its
 * column's range); blank counts as not sent.
 */
export const optionalNumberParam = (
  label: string,
  { int, min, max }: { int: boolean; min?: number; max?: number },
) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return undefined;
      const n = Number(v);
      if (!Number.isFinite(n) || (int && !Number.isSafeInteger(n))) {
        ctx.addIssue({ code: 'custom', message: int ? `${label}必须是整数` : `${label}必须是数字` });
        return z.NEVER;
      }
      if ((min !== undefined && n < min) || (max !== undefined && n > max)) {
        ctx.addIssue({ code: 'custom', message: `${label}超出范围` });
        return z.NEVER;
      }
      return n;
    });

/** A required positive id in a query string (`?id=3`, `?studentId=3`). */
export const idParam = (label: string) =>
  z.union([z.string(), z.number()], { error: `${label}不能为空` }).transform((v, ctx) => {
    const id = Number(v);
    if (String(v).trim() === '' || !Number.isSafeInteger(id) || id <= 0) {
      ctx.addIssue({ code: 'custom', message: `${label}格式不正确` });
      return z.NEVER;
    }
    return id;
  });
