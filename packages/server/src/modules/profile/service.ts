import type { UserProfile } from '@app/contract';
import { FileError, GlobalError, UserError, type UserProfileUpdateReq } from '@app/contract';
import type { AppContext, LoginUser } from '../../context.js';
import { hashPassword, verifyPassword } from '../../lib/crypto.js';
import { fail } from '../../lib/errors.js';
import { sniffImageType } from '../../lib/image-type.js';
import type { FileService } from '../file/service.js';
import { socialRepository } from '../social/repository.js';
import { userRepository } from '../user/repository.js';

/** The profile update as the contract's schema hands it over ('' already turned into null). */
export interface ProfileChanges {
  nickname: string;
  email: string | null;
  mobile: string | null;
  sex?: UserProfileUpdateReq['sex'];
}

/**
 * The personal centre: the caller's own record, its editable fields, password and avatar. Changes
 * that the navbar shows (nickname, avatar) publish 'permission' so cached permission info is dropped.
 */
export const profileService = (ctx: AppContext, files: FileService) => {
  const users = userRepository(ctx.db.kysely);
  const social = socialRepository(ctx.db.kysely);

  const existing = async (user: LoginUser) => {
    const row = await users.findById(user.tenantId, user.id);
    // The token outlived its user: treat as signed out, as get-permission-info does.
    if (!row) throw fail(GlobalError.UNAUTHORIZED);
    return row;
  };

  const permissionChanged = () => ctx.bus.publish('permission', undefined);

  return {
    async get(user: LoginUser): Promise<UserProfile> {
      const row = await existing(user);
      const [roles, posts, dept, socialUsers] = await Promise.all([
        users.rolesOf(user.tenantId, user.id),
        users.postsOf(user.tenantId, user.id),
        row.deptId === null ? Promise.resolve(undefined) : users.findDept(user.tenantId, row.deptId),
        social.boundAccounts(user.tenantId, user.id, user.userType),
      ]);
      return {
        id: row.id,
        username: row.username,
        nickname: row.nickname,
        remark: row.remark,
        deptId: row.deptId,
        postIds: posts.map((p) => p.id),
        email: row.email,
        mobile: row.mobile,
        sex: row.sex,
        avatar: row.avatar,
        status: row.status,
        loginIp: row.loginIp,
        loginDate: row.loginDate,
        createTime: row.createTime,
        dept: dept ?? null,
        roles,
        posts,
        socialUsers,
      };
    },

    /** Email and mobile must be unused by the tenant's other users (1_002_003_002 / 1_002_003_001). */
    async update(user: LoginUser, changes: ProfileChanges): Promise<true> {
      await existing(user);
      if (changes.email && (await users.findOtherBy(user.tenantId, 'email', changes.email, user.id)))
        throw fail(UserError.USER_EMAIL_EXISTS);
      if (changes.mobile && (await users.findOtherBy(user.tenantId, 'mobile', changes.mobile, user.id)))
        throw fail(UserError.USER_MOBILE_EXISTS);
      await users.update(
        user.tenantId,
        user.id,
        {
          nickname: changes.nickname,
          email: changes.email,
          mobile: changes.mobile,
          ...(changes.sex !== undefined ? { sex: changes.sex } : {}),
        },
        ctx.now(),
        user.id,
      );
      await permissionChanged();
      return true;
    },

    /** The old password must match (1_002_003_005 用户密码校验失败). */
    async updatePassword(user: LoginUser, oldPassword: string, newPassword: string): Promise<true> {
      const row = await existing(user);
      if (!(await verifyPassword(oldPassword, row.password))) throw fail(UserError.USER_PASSWORD_FAILED);
      await users.update(
        user.tenantId,
        user.id,
        { password: await hashPassword(newPassword) },
        ctx.now(),
        user.id,
      );
      return true;
    },

    /**
     * Stores an uploaded avatar after checking its bytes are a PNG, JPEG, WEBP or GIF image (the
     * declared type is not trusted) and makes it the user's avatar; returns its URL.
     */
    async updateAvatar(user: LoginUser, content: Buffer, fileName: string): Promise<string> {
      await existing(user);
      if (content.length === 0) throw fail(FileError.FILE_IS_EMPTY);
      const type = sniffImageType(content);
      if (!type) throw fail(FileError.FILE_TYPE_NOT_ALLOWED);
      const url = await files.storeImage(content, type, fileName, user.id);
      await users.update(user.tenantId, user.id, { avatar: url }, ctx.now(), user.id);
      await permissionChanged();
      return url;
    },
  };
};
export type ProfileService = ReturnType<typeof profileService>;
