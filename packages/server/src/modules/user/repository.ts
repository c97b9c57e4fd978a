import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.js';
import { notDeleted, updatedStamp } from '../../lib/crud/index.js';
import { columns } from '../../db/columns.js';

export const userRepository = (db: Kysely<Database>) => ({
  findByUsername: (tenantId: number, username: string): Promise<UserRow | undefined> =>
    db
      .selectFrom('systemUsers')
      .select(columns.user)
      .where('tenantId', '=', tenantId)
      .where('username', '=', username)
      .where(notDeleted())
      .executeTakeFirst(),

  findById: (tenantId: number, id: number): Promise<UserRow | undefined> =>
    db
      .selectFrom('systemUsers')
      .select(columns.user)
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .where(notDeleted())
      .executeTakeFirst(),

  /** Another user of the tenant holding `column` = `value` (uniqueness checks). */
  findOtherBy: (
    tenantId: number,
    column: 'mobile' | 'email',
    value: string,
    exceptId: number,
  ): Promise<{ id: number } | undefined> =>
    db
      .selectFrom('systemUsers')
      .select('id')
      .where('tenantId', '=', tenantId)
      .where(column, '=', value)
      .where('id', '<>', exceptId)
      .where(notDeleted())
      .executeTakeFirst(),

  async update(
    tenantId: number,
    id: number,
    changes: Partial<Pick<UserRow, 'nickname' | 'email' | 'mobile' | 'sex' | 'avatar' | 'password'>>,
    at: number,
    updater: number,
  ): Promise<void> {
    await db
      .updateTable('systemUsers')
      .set({ ...changes, ...updatedStamp(at, updater) })
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .execute();
  },

  /** Roles held by the user (whatever their status), by sort. */
  rolesOf: (tenantId: number, userId: number): Promise<{ id: number; name: string }[]> =>
    db
      .selectFrom('systemUserRole as ur')
      .innerJoin('systemRole as r', 'r.id', 'ur.roleId')
      .select(['r.id', 'r.name'])
      .where('ur.tenantId', '=', tenantId)
      .where('ur.userId', '=', userId)
      .where(notDeleted('ur'))
      .where(notDeleted('r'))
      .orderBy('r.sort')
      .orderBy('r.id')
      .execute(),

  postsOf: (tenantId: number, userId: number): Promise<{ id: number; name: string }[]> =>
    db
      .selectFrom('systemUserPost as up')
      .innerJoin('systemPost as p', 'p.id', 'up.postId')
      .select(['p.id', 'p.name'])
      .where('up.tenantId', '=', tenantId)
      .where('up.userId', '=', userId)
      .where(notDeleted('up'))
      .where(notDeleted('p'))
      .orderBy('p.sort')
      .orderBy('p.id')
      .execute(),

  findDept: (tenantId: number, id: number): Promise<{ id: number; name: string } | undefined> =>
    db
      .selectFrom('systemDept')
      .select(['id', 'name'])
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .where(notDeleted())
      .executeTakeFirst(),

  async recordLogin(id: number, ip: string, at: number): Promise<void> {
    await db
      .updateTable('systemUsers')
      .set({ loginIp: ip, loginDate: at, updateTime: at })
      .where('id', '=', id)
      .execute();
  },
});
