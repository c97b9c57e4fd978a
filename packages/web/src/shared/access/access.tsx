import type { PermissionCode } from '@app/contract';
import type { ReactNode } from 'react';
import type { AccessMode } from './check';
import { useAccess } from './use-access';

export interface AccessProps {
  /** Permission codes required (checked with `mode`). */
  permission?: readonly PermissionCode[];
  /** Role codes required (checked with `mode`). */
  role?: readonly string[];
  /** `any` (default) or `all`. */
  mode?: AccessMode;
  /** Rendered instead of the children when the check fails (default: nothing). */
  fallback?: ReactNode;
  children?: ReactNode;
}

/**
 * Renders its children only for users who pass the check. With both `permission` and `role`
 * given, both checks must pass. An empty list is a programming error and throws.
 */
export function Access({ permission, role, mode = 'any', fallback = null, children }: AccessProps) {
  const { hasPermiOr, hasPermiAnd, hasRoleOr, hasRoleAnd } = useAccess();
  if (permission === undefined && role === undefined) {
    throw new Error('请设置 Access 组件的 permission 或 role 属性');
  }
  const permitted =
    (permission === undefined || (mode === 'all' ? hasPermiAnd(permission) : hasPermiOr(permission))) &&
    (role === undefined || (mode === 'all' ? hasRoleAnd(role) : hasRoleOr(role)));
  return <>{permitted ? children : fallback}</>;
}
