export { Access } from './access';
export type { AccessProps } from './access';
export { useAccess } from './use-access';
export type { AccessApi } from './use-access';
export { checkPermission, checkRole, EMPTY_PERMISSION_ERROR, EMPTY_ROLE_ERROR } from './check';
export type { AccessMode } from './check';
