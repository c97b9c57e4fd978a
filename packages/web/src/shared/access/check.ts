import { ADMIN_ROLE, ALL_PERMISSION } from '@app/contract';

/** `any`: one of the required values suffices; `all`: every one is needed. */
export type AccessMode = 'any' | 'all';

export const EMPTY_PERMISSION_ERROR = '请设置操作权限标签值';
export const EMPTY_ROLE_ERROR = '请设置角色权限标签值';

const toList = (value: string | readonly string[]): readonly string[] =>
  typeof value === 'string' ? [value] : value;

/**
 * Permission check: passes for the wildcard '*:*:*' or a held permission.
 * Throws when the required list is empty (a programming error, as in the reference client).
 */
export function checkPermission(
  required: string | readonly string[],
  owned: readonly string[],
  mode: AccessMode = 'any',
): boolean {
  const list = toList(required).filter(Boolean);
  if (list.length === 0) throw new Error(EMPTY_PERMISSION_ERROR);
  if (owned.includes(ALL_PERMISSION)) return true;
  return mode === 'all' ? list.every((p) => owned.includes(p)) : list.some((p) => owned.includes(p));
}

/** Role check: passes for the 'admin' role or a held role. Throws when the required list is empty. */
export function checkRole(
  required: string | readonly string[],
  owned: readonly string[],
  mode: AccessMode = 'any',
): boolean {
  const list = toList(required).filter(Boolean);
  if (list.length === 0) throw new Error(EMPTY_ROLE_ERROR);
  if (owned.includes(ADMIN_ROLE)) return true;
  return mode === 'all' ? list.every((r) => owned.includes(r)) : list.some((r) => owned.includes(r));
}
