import { useMemo } from 'react';
import { useSessionStore } from '../session/session-store';
import { checkPermission, checkRole } from './check';

type Required = string | readonly string[];

export interface AccessApi {
  /** Any of the permissions (the reference `hasPermi`). */
  hasPermi: (permissions: Required) => boolean;
  hasPermiOr: (permissions: Required) => boolean;
  hasPermiAnd: (permissions: Required) => boolean;
  /** Any of the roles (the reference `hasRole`). */
  hasRole: (roles: Required) => boolean;
  hasRoleOr: (roles: Required) => boolean;
  hasRoleAnd: (roles: Required) => boolean;
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
