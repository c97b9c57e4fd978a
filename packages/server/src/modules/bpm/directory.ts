import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { parseIdList } from './json.js';

/**
 * The organisation as the workflow sees it: users, roles, departments, posts and user groups of one
 * tenant, read by id (rule validation) and by membership (candidate resolution). Deleted rows are
 * never returned; statuses are, for the callers to judge.
 */
export const bpmDirectory = (db: Kysely<Database>) => {
  return {
    async users(tenantId: number, ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .selectFrom('systemUsers')
        .select(['id', 'nickname as name', 'status'])
        .where('tenantId', '=', tenantId)
        .where('id', 'in', ids)
        .where('deleted', '=', 0)
        .execute();
    },

    async roles(tenantId: number, ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .selectFrom('systemRole')
        .select(['id', 'name', 'status'])
        .where('tenantId', '=', tenantId)
        .where('id', 'in', ids)
        .where('deleted', '=', 0)
        .execute();
    },

    async depts(tenantId: number, ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .selectFrom('systemDept')
        .select(['id', 'name', 'status', 'parentId', 'leaderUserId'])
        .where('tenantId', '=', tenantId)
        .where('id', 'in', ids)
        .where('deleted', '=', 0)
        .execute();
    },

    async posts(tenantId: number, ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .selectFrom('systemPost')
        .select(['id', 'name', 'status'])
        .where('tenantId', '=', tenantId)
        .where('id', 'in', ids)
        .where('deleted', '=', 0)
        .execute();
    },

    async groups(tenantId: number, ids: number[]) {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('bpmUserGroup')
        .select(['id', 'name', 'status', 'memberUserIds'])
        .where('tenantId', '=', tenantId)
        .where('id', 'in', ids)
        .where('deleted', '=', 0)
        .execute();
      return rows.map((g) => ({ ...g, memberUserIds: parseIdList(g.memberUserIds) }));
    },

    /** The department of a user (undefined when the user or department is gone). */
    async deptOfUser(tenantId: number, userId: number) {
      return db
        .selectFrom('systemUsers as u')
        .innerJoin('systemDept as d', 'd.id', 'u.deptId')
        .select(['d.id', 'd.parentId', 'd.leaderUserId'])
        .where('u.tenantId', '=', tenantId)
        .where('u.id', '=', userId)
        .where('u.deleted', '=', 0)
        .where('d.tenantId', '=', tenantId)
        .where('d.deleted', '=', 0)
        .executeTakeFirst();
    },

    /** Users holding any of the roles. */
    async userIdsOfRoles(tenantId: number, roleIds: number[]): Promise<number[]> {
      if (roleIds.length === 0) return [];
      const rows = await db
        .selectFrom('systemUserRole')
        .select('userId')
        .where('tenantId', '=', tenantId)
        .where('roleId', 'in', roleIds)
        .where('deleted', '=', 0)
        .execute();
      return rows.map((r) => r.userId);
    },

    /** Users holding any of the posts. */
    async userIdsOfPosts(tenantId: number, postIds: number[]): Promise<number[]> {
      if (postIds.length === 0) return [];
      const rows = await db
        .selectFrom('systemUserPost')
        .select('userId')
        .where('tenantId', '=', tenantId)
        .where('postId', 'in', postIds)
        .where('deleted', '=', 0)
        .execute();
      return rows.map((r) => r.userId);
    },

    /** Users whose department is one of `deptIds`. */
    async userIdsInDepts(tenantId: number, deptIds: number[]): Promise<number[]> {
      if (deptIds.length === 0) return [];
      const rows = await db
        .selectFrom('systemUsers')
        .select('id')
        .where('tenantId', '=', tenantId)
        .where('deptId', 'in', deptIds)
        .where('deleted', '=', 0)
        .execute();
      return rows.map((r) => r.id);
    },
  };
};

export type BpmDirectory = ReturnType<typeof bpmDirectory>;
