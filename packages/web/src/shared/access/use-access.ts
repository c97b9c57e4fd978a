import type { PermissionCode } from '@app/contract';
import { useMemo } from 'react';
import { useSessionStore } from '../session/session-store';
import { checkPermission, checkRole } from './check';

/** Permission codes are the contract's, so a typo fails the typecheck. */
type Permissions = PermissionCode | readonly PermissionCode[];
/** Role codes are data (administrators create roles), so any string. */
type Roles = string | readonly string[];

export interface AccessApi {
  /** Any of the permissions (the reference `hasPermi`). */
  hasPermi: (permissions: Permissions) => boolean;
  hasPermiOr: (permissions: Permissions) => boolean;
  hasPermiAnd: (permissions: Permissions) => boolean;
  /** Any of the roles (the reference `hasRole`). */
  hasRole: (roles: Roles) => boolean;
  hasRoleOr: (roles: Roles) => boolean;
  hasRoleAnd: (roles: Roles) => boolean;
}

/** Role and permission checks against the signed-in user. */
export function useAccess(): AccessApi {
  const roles = useSessionStore((state) => state.roles);
  const permissions = useSessionStore((state) => state.permissions);
  return useMemo(
    () => ({
      hasPermi: (required) => checkPermission(required, permissions, 'any'),
      hasPermiOr: (required) => checkPermission(required, permissions, 'any'),
      hasPermiAnd: (required) => checkPermission(required, permissions, 'all'),
      hasRole: (required) => checkRole(required, roles, 'any'),
      hasRoleOr: (required) => checkRole(required, roles, 'any'),
      hasRoleAnd: (required) => checkRole(required, roles, 'all'),
    }),
    [roles, permissions],
  );
}
