import type { Dept, DeptSimple } from '@app/contract';
import {
  DeptError,
  UserError,
  type deptCreateReq,
  type deptListReq,
  type deptUpdateReq,
} from '@app/contract';
import type { z } from 'zod';
import { STATUS_ENABLED, type AppContext, type LoginUser } from '../../context.js';
import { fail } from '../../lib/errors.js';
import { userRepository } from '../user/repository.js';
import { dataScopeOf, deptAndDescendants } from './data-scope.js';
import { type DeptChanges, type DeptRow, deptRepository } from './repository.js';

const toDept = (row: DeptRow): Dept => ({
  id: row.id,
  name: row.name,
  parentId: row.parentId,
  sort: row.sort,
  leaderUserId: row.leaderUserId,
  phone: row.phone,
  email: row.email,
  status: row.status,
  createTime: row.createTime,
});

/** Departments of the caller's tenant, seen through the caller's data scope. */
export const deptService = (ctx: AppContext) => {
  const repo = deptRepository(ctx.db.kysely);
  const users = userRepository(ctx.db.kysely);

  /** A department the caller may see, else 1_002_004_002. */
  const visible = async (user: LoginUser, id: number): Promise<DeptRow> => {
    const scope = await dataScopeOf(ctx.db.kysely, user);
    const row = await repo.findById(user.tenantId, id);
    if (!row || !(scope.all || scope.deptIds.includes(id))) throw fail(DeptError.DEPT_NOT_FOUND);
    return row;
  };

  /** The reference's checks, in its order: parent, then a unique name among the siblings, then the leader. */
  const validate = async (user: LoginUser, id: number | null, changes: DeptChanges): Promise<void> => {
    const { tenantId } = user;
    if (changes.parentId !== 0) {
      if (changes.parentId === id) throw fail(DeptError.DEPT_PARENT_ERROR);
      const parent = await repo.findById(tenantId, changes.parentId);
      if (!parent) throw fail(DeptError.DEPT_PARENT_NOT_EXITS);
      if (id !== null && deptAndDescendants(await repo.tree(tenantId), id).includes(changes.parentId))
        throw fail(DeptError.DEPT_PARENT_IS_CHILD);
    }
    const sibling = await repo.findSibling(tenantId, changes.parentId, changes.name);
    if (sibling && sibling.id !== id) throw fail(DeptError.DEPT_NAME_DUPLICATE);
    if (changes.leaderUserId !== null && !(await users.findById(tenantId, changes.leaderUserId)))
      throw fail(UserError.USER_NOT_EXISTS);
  };

  return {
    async list(user: LoginUser, filter: z.output<typeof deptListReq>): Promise<Dept[]> {
      const scope = await dataScopeOf(ctx.db.kysely, user);
      return (await repo.list(user.tenantId, scope, filter)).map(toDept);
    },

    async simpleList(user: LoginUser): Promise<DeptSimple[]> {
      const scope = await dataScopeOf(ctx.db.kysely, user);
      const rows = await repo.list(user.tenantId, scope, { status: STATUS_ENABLED });
      return rows.map((r) => ({ id: r.id, name: r.name, parentId: r.parentId }));
    },

    get: async (user: LoginUser, id: number): Promise<Dept> => toDept(await visible(user, id)),

    async create(user: LoginUser, body: z.output<typeof deptCreateReq>): Promise<number> {
      await validate(user, null, body);
      return repo.insert(user.tenantId, body, ctx.now(), user.id);
    },

    async update(user: LoginUser, body: z.output<typeof deptUpdateReq>): Promise<boolean> {
      const { id, ...changes } = body;
      await visible(user, id);
      await validate(user, id, changes);
      await repo.update(user.tenantId, id, changes, ctx.now(), user.id);
      return true;
    },

    async delete(user: LoginUser, id: number): Promise<boolean> {
      await visible(user, id);
      if ((await repo.countChildren(user.tenantId, id)) > 0) throw fail(DeptError.DEPT_EXITS_CHILDREN);
      if ((await repo.countUsers(user.tenantId, id)) > 0) throw fail(DeptError.DEPT_EXISTS_USER);
      await repo.softDelete(user.tenantId, id, ctx.now(), user.id);
      return true;
    },
  };
};

export type DeptService = ReturnType<typeof deptService>;
