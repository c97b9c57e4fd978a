import type { AppMemberProfile, MemberUser, PageResult } from '@app/contract';
import {
  MemberError,
  type appMemberUserUpdateReq,
  type memberUserPageReq,
  type memberUserUpdateLevelReq,
  type memberUserUpdateReq,
  type memberUserUpdateStatusReq,
} from '@app/contract';
import type { z } from 'zod';
import { MEMBER_USER_TYPE, STATUS_DISABLED, type AppContext, type LoginUser } from '../../context.js';
import { findArea, formatArea } from '../../lib/area.js';
import { badRequest, fail, isUniqueViolation } from '../../lib/errors.js';
import type { TokenService } from '../auth/token-service.js';
import { memberUserRepository, type MemberRow, type ProfileChanges } from './user-repository.js';

const toMember = (row: MemberRow): MemberUser => ({
  ...row,
  areaName: row.areaId === null ? null : formatArea(row.areaId),
});

/**
 * 会员管理 (the console, within the caller's tenant) and a member's own profile. A mobile names one
 * member of a tenant; a disabled member's tokens are revoked at once.
 */
export const memberUserService = (ctx: AppContext, tokens: TokenService) => {
  const repo = memberUserRepository(ctx.db.kysely);

  const existing = async (tenantId: number, id: number): Promise<MemberRow> => {
    const row = await repo.findById(tenantId, id);
    if (!row) throw fail(MemberError.USER_NOT_EXISTS);
    return row;
  };

  return {
    async page(user: LoginUser, query: z.output<typeof memberUserPageReq>): Promise<PageResult<MemberUser>> {
      const { pageNo, pageSize, ...filter } = query;
      const page = await repo.page(user.tenantId, filter, { pageNo, pageSize });
      return { list: page.list.map(toMember), total: page.total };
    },

    get: async (user: LoginUser, id: number): Promise<MemberUser> =>
      toMember(await existing(user.tenantId, id)),

    /** Throws 用户不存在 unless `id` is a member of the tenant (会员管理's other pages ask it). */
    async check(user: LoginUser, id: number): Promise<void> {
      await existing(user.tenantId, id);
    },

    async update(user: LoginUser, body: z.output<typeof memberUserUpdateReq>): Promise<boolean> {
      const { id, ...changes } = body;
      await existing(user.tenantId, id);
      if (changes.areaId !== null && !findArea(changes.areaId))
        throw badRequest(`所在地(${changes.areaId})不存在`);
      const same = await repo.findByMobile(user.tenantId, changes.mobile);
      if (same && same.id !== id) throw fail(MemberError.USER_MOBILE_USED, changes.mobile);
      try {
        await repo.update(user.tenantId, id, changes, ctx.now(), user.id);
      } catch (error) {
        // Another member took the mobile meanwhile.
        if (isUniqueViolation(error)) throw fail(MemberError.USER_MOBILE_USED, changes.mobile);
        throw error;
      }
      return true;
    },

    /** The reason is asked for, as the reference's dialog does; there is no level history to keep it in. */
    async updateLevel(user: LoginUser, body: z.output<typeof memberUserUpdateLevelReq>): Promise<boolean> {
      await existing(user.tenantId, body.id);
      await repo.update(user.tenantId, body.id, { levelId: body.levelId }, ctx.now(), user.id);
      return true;
    },

    async updateStatus(user: LoginUser, body: z.output<typeof memberUserUpdateStatusReq>): Promise<boolean> {
      await existing(user.tenantId, body.id);
      await repo.update(user.tenantId, body.id, { status: body.status }, ctx.now(), user.id);
      if (body.status === STATUS_DISABLED)
        await tokens.revokeUserTokens(user.tenantId, MEMBER_USER_TYPE, body.id);
      return true;
    },

    async profile(member: LoginUser): Promise<AppMemberProfile> {
      const row = await existing(member.tenantId, member.id);
      return {
        id: row.id,
        nickname: row.nickname,
        avatar: row.avatar,
        mobile: row.mobile,
        sex: row.sex,
        levelId: row.levelId,
      };
    },

    async updateProfile(member: LoginUser, body: z.output<typeof appMemberUserUpdateReq>): Promise<boolean> {
      await existing(member.tenantId, member.id);
      const changes: ProfileChanges = {};
      if (body.nickname !== undefined) changes.nickname = body.nickname;
      if (body.avatar !== undefined) changes.avatar = body.avatar;
      if (body.sex !== undefined) changes.sex = body.sex;
      if (Object.keys(changes).length > 0)
        await repo.update(member.tenantId, member.id, changes, ctx.now(), member.id);
      return true;
    },
  };
};

export type MemberUserService = ReturnType<typeof memberUserService>;
