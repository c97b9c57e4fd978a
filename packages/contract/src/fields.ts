import { z } from 'zod';

/* Small field and query schemas shared by the management endpoints. */

/**
 * The most ids a list in a request body may hold (a role's menus, a user's posts, a group's members):
 * far above any real selection, and within what one SQL statement binds (SQLite at most 32,766
 * values), which a longer list passed to `in (…)` exceeded with 系统异常.
 */
export const MAX_ID_LIST = 10_000;

/** The refusal of an id list longer than MAX_ID_LIST. */
export const idListTooLong = (label: string): string => `${label}不能超过 ${MAX_ID_LIST} 个`;

/** `?id=` of get and delete. */
export const idQuery = z.object({
  id: z.coerce.number({ error: '编号不能为空' }).int('编号必须是整数').positive('编号不能为空'),
});

/** Dictionary `common_status`: 0 开启, 1 关闭. */
export const commonStatus = z.union([z.literal(0), z.literal(1)], {
  error: '状态必须是 0（开启）或 1（关闭）',
});

/** A status filter in a query string; '' counts as not sent. */
export const statusParam = z
  .union([z.literal(''), z.enum(['0', '1'])], { error: '状态必须是 0（开启）或 1（关闭）' })
  .optional()
  .transform((v) => (v === '' || v === undefined ? undefined : Number(v)));

/** Optional text: '' and null clear the field; both become null. */
export const optionalText = <T extends z.ZodType<string>>(schema: T) =>
  z
    .union([z.literal(''), z.null(), schema])
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : (v as string | null)));

/** A text filter in a query string; blank counts as not sent. */
export const textParam = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

export const emailText = z
  .string()
  .trim()
  .max(50, '邮箱长度不能超过 50 个字符')
  .pipe(z.email({ error: '邮箱格式不正确' }));
