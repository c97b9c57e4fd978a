import type { BpmUserGroup, BpmUserGroupSimple, PageResult } from '@app/contract';
import {
  BpmError,
  UserError,
  type bpmUserGroupCreateReq,
  type bpmUserGroupPageReq,
  type bpmUserGroupUpdateReq,
} from '@app/contract';
import type { z } from 'zod';
import type { AppContext, LoginUser } from '../../../context.js';
import { fail } from '../../../lib/errors.js';
import { bpmDirectory } from '../directory.js';
import { parseIdList } from '../json.js';
import { type BpmUserGroupChanges, type BpmUserGroupRow, bpmUserGroupRepository } from './repository.js';

const toBpmUserGroup = (row: BpmUserGroupRow): BpmUserGroup => ({
  id: row.id,
  name: row.name,
  description: row.description,
  memberUserIds: parseIdList(row.memberUserIds),
  status: row.status,
  createTime: row.createTime,
});

/** User groups (用户组) of the caller's tenant, used by assignment rules of type 40. */
export const bpmUserGroupService = (ctx: AppContext) => {
  const repo = bpmUserGroupRepository(ctx.db.kysely);
  const directory = bpmDirectory(ctx.db.kysely);

  const existing = async (user: LoginUser, id: number): Promise<BpmUserGroupRow> => {
    const row = await repo.findById(user.tenantId, id);
    if (!row) throw fail(BpmError.USER_GROUP_NOT_EXISTS);
    return row;
  };

  /** Members must be (undeleted) users of the tenant. */
  const changesOf = async (
    user: LoginUser,
    body: z.output<typeof bpmUserGroupCreateReq>,
  ): Promise<BpmUserGroupChanges> => {
    const found = await directory.users(user.tenantId, body.memberUserIds);
    if (found.length !== body.memberUserIds.length) throw fail(UserError.USER_NOT_EXISTS);
    return {
      name: body.name,
      description: body.description,
      memberUserIds: JSON.stringify(body.memberUserIds),
      status: body.status,
    };
  };

  return {
    async page(
      user: LoginUser,
      query: z.output<typeof bpmUserGroupPageReq>,
    ): Promise<PageResult<BpmUserGroup>> {
      const { pageNo, pageSize, ...filter } = query;
      const { list, total } = await repo.page(user.tenantId, filter, { pageNo, pageSize });
      return { list: list.map(toBpmUserGroup), total };
    },

    simpleList: (user: LoginUser): Promise<BpmUserGroupSimple[]> => repo.listEnabledSimple(user.tenantId),

    get: async (user: LoginUser, id: number): Promise<BpmUserGroup> =>
      toBpmUserGroup(await existing(user, id)),

    async create(user: LoginUser, body: z.output<typeof bpmUserGroupCreateReq>): Promise<number> {
      return repo.insert(user.tenantId, await changesOf(user, body), ctx.now(), user.id);
    },

    async update(user: LoginUser, body: z.output<typeof bpmUserGroupUpdateReq>): Promise<boolean> {
      const { id, ...fields } = body;
      await existing(user, id);
      await repo.update(user.tenantId, id, await changesOf(user, fields), ctx.now(), user.id);
      return true;
    },

    async delete(user: LoginUser, id: number): Promise<boolean> {
      await existing(user, id);
      await repo.softDelete(user.tenantId, id, ctx.now(), user.id);
      return true;
    },
  };
};

export type BpmUserGroupService = ReturnType<typeof bpmUserGroupService>;
