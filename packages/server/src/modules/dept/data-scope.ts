import { SUPER_ADMIN_ROLE } from '@app/contract';
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import { sql } from 'kysely';
import { STATUS_ENABLED, type LoginUser } from '../../context.js';
import type { Database } from '../../db/schema.js';

/** `system_role.data_scope`. */
export const DATA_SCOPE = {
  ALL: 1,
  DEPT_CUSTOM: 2,
  DEPT_ONLY: 3,
  DEPT_AND_CHILD: 4,
  SELF: 5,
} as const;

/**
 * What rows of users and departments a caller may see, the union over their enabled roles:
 * everything, or the departments in `deptIds` plus (for users) the caller's own record when `self`.
 */
export interface DataScope {
  all: boolean;
  deptIds: number[];
  self: boolean;
  userId: number;
}

const parseIds = (json: string): number[] => {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.map(Number).filter((v) => Number.isSafeInteger(v) && v > 0) : [];
  } catch {
    return [];
  }
};

/** `rootId` and every department below it. */
export const deptAndDescendants = (
  depts: readonly { id: number; parentId: number }[],
  rootId: number,
): number[] => {
  const result = [rootId];
  for (let i = 0; i < result.length; i++) {
    for (const d of depts) if (d.parentId === result[i] && !result.includes(d.id)) result.push(d.id);
  }
  return result;
};

/** Turns the caller into its data scope (the reference's DeptDataPermissionRule). */
export const dataScopeOf = async (db: Kysely<Database>, user: LoginUser): Promise<DataScope> => {
  const roles = await db
    .selectFrom('systemUserRole as ur')
    .innerJoin('systemRole as r', 'r.id', 'ur.roleId')
    .select(['r.code', 'r.dataScope', 'r.dataScopeDeptIds'])
    .where('ur.tenantId', '=', user.tenantId)
    .where('ur.userId', '=', user.id)
    .where('ur.deleted', '=', 0)
    .where('r.deleted', '=', 0)
    .where('r.status', '=', STATUS_ENABLED)
    .execute();
  const scope: DataScope = { all: false, deptIds: [], self: false, userId: user.id };
  if (roles.some((r) => r.code === SUPER_ADMIN_ROLE || r.dataScope === DATA_SCOPE.ALL)) {
    return { ...scope, all: true };
  }
  const me = await db
    .selectFrom('systemUsers')
    .select('deptId')
    .where('tenantId', '=', user.tenantId)
    .where('id', '=', user.id)
    .executeTakeFirst();
  const myDeptId = me?.deptId ?? null;
  const ids = new Set<number>();
  let tree: { id: number; parentId: number }[] | null = null;
  for (const role of roles) {
    if (role.dataScope === DATA_SCOPE.DEPT_CUSTOM) {
      parseIds(role.dataScopeDeptIds).forEach((id) => ids.add(id));
      // As the reference does: custom departments always include the caller's own.
      if (myDeptId !== null) ids.add(myDeptId);
    } else if (role.dataScope === DATA_SCOPE.DEPT_ONLY) {
      if (myDeptId !== null) ids.add(myDeptId);
    } else if (role.dataScope === DATA_SCOPE.DEPT_AND_CHILD) {
      if (myDeptId === null) continue;
      tree ??= await db
        .selectFrom('systemDept')
        .select(['id', 'parentId'])
        .where('tenantId', '=', user.tenantId)
        .where('deleted', '=', 0)
        .execute();
      deptAndDescendants(tree, myDeptId).forEach((id) => ids.add(id));
    } else if (role.dataScope === DATA_SCOPE.SELF) {
      scope.self = true;
    }
  }
  return { ...scope, deptIds: [...ids] };
};

const NOTHING = sql<SqlBool>`1 = 0`;
const EVERYTHING = sql<SqlBool>`1 = 1`;

/** The scope as a condition on `system_users` (alias `u`): in a visible department, or the caller. */
export const userScopeCondition = (
  eb: ExpressionBuilder<{ u: Database['systemUsers'] }, 'u'>,
  scope: DataScope,
): Expression<SqlBool> => {
  if (scope.all) return EVERYTHING;
  const parts: Expression<SqlBool>[] = [];
  if (scope.deptIds.length > 0) parts.push(eb('u.deptId', 'in', scope.deptIds));
  if (scope.self) parts.push(eb('u.id', '=', scope.userId));
  return parts.length === 0 ? NOTHING : eb.or(parts);
};

/** The scope as a condition on `system_dept` (alias `d`); "self only" sees no departments. */
export const deptScopeCondition = (
  eb: ExpressionBuilder<{ d: Database['systemDept'] }, 'd'>,
  scope: DataScope,
): Expression<SqlBool> => {
  if (scope.all) return EVERYTHING;
  return scope.deptIds.length === 0 ? NOTHING : eb('d.id', 'in', scope.deptIds);
};
