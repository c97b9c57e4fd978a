import type { MemberUserFilter } from '@app/contract';
import type { Kysely, Selectable } from 'kysely';
import type { MemberUserTable } from '../../db/member-schema.js';
import type { Database } from '../../db/schema.js';
import {
  contains,
  createdStamp,
  fetchPage,
  gramCandidates,
  notDeleted,
  updatedStamp,
  type Page,
  type PageParams,
} from '../../lib/crud/index.js';

export const columns = {
  member: [
    'id',
    'mobile',
    'nickname',
    'avatar',
    'name',
    'sex',
    'birthday',
    'areaId',
    'mark',
    'levelId',
    'status',
    'registerIp',
    'registerTerminal',
    'loginIp',
    'loginDate',
    'createTime',
  ],
  /** What sign-in needs: the hash and the status. */
  credentials: ['id', 'tenantId', 'mobile', 'password', 'status'],
} as const;

export type MemberRow = Pick<Selectable<MemberUserTable>, (typeof columns.member)[number]>;
export type MemberCredentials = Pick<Selectable<MemberUserTable>, (typeof columns.credentials)[number]>;
/** What 会员管理 edits. */
export type MemberChanges = Pick<
  MemberRow,
  'mobile' | 'nickname' | 'avatar' | 'name' | 'sex' | 'birthday' | 'areaId' | 'mark'
>;
/** What a member edits of itself. */
export type ProfileChanges = Partial<Pick<MemberRow, 'nickname' | 'avatar' | 'sex'>>;
export interface NewMember {
  mobile: string;
  nickname: string;
  status: number;
  registerIp: string;
  registerTerminal: number;
}

/** A tenant's members (member_user), newest first. */
export const memberUserRepository = (db: Kysely<Database>) => {
  const live = (tenantId: number) =>
    db.selectFrom('memberUser').where('tenantId', '=', tenantId).where(notDeleted());
  const filtered = async (tenantId: number, filter: MemberUserFilter) => {
    let query = live(tenantId);
    if (filter.nickname !== undefined)
      query = query
        .where('id', 'in', await gramCandidates(db, 'memberUserNicknameGram', tenantId, filter.nickname))
        .where(contains('nickname', filter.nickname));
    if (filter.mobile !== undefined) query = query.where(contains('mobile', filter.mobile));
    if (filter.levelId !== undefined) query = query.where('levelId', '=', filter.levelId);
    if (filter.status !== undefined) query = query.where('status', '=', filter.status);
    const [loginFrom, loginTo] = filter.loginDate ?? [null, null];
    if (loginFrom !== null) query = query.where('loginDate', '>=', loginFrom);
    if (loginTo !== null) query = query.where('loginDate', '<=', loginTo);
    const [from, to] = filter.createTime ?? [null, null];
    if (from !== null) query = query.where('createTime', '>=', from);
    if (to !== null) query = query.where('createTime', '<=', to);
    return query;
  };
  const change = (tenantId: number, id: number) =>
    db.updateTable('memberUser').where('tenantId', '=', tenantId).where('id', '=', id).where(notDeleted());

  return {
    page: async (tenantId: number, filter: MemberUserFilter, page: PageParams): Promise<Page<MemberRow>> =>
      fetchPage(await filtered(tenantId, filter), page, (rows) =>
        rows.select(columns.member).orderBy('id', 'desc'),
      ),

    findById: (tenantId: number, id: number): Promise<MemberRow | undefined> =>
      live(tenantId).select(columns.member).where('id', '=', id).executeTakeFirst(),

    findByMobile: (tenantId: number, mobile: string): Promise<MemberCredentials | undefined> =>
      live(tenantId).select(columns.credentials).where('mobile', '=', mobile).executeTakeFirst(),

    /** Registers a member (a unique violation when the mobile has one already: a sign-up raced it). */
    async insert(tenantId: number, values: NewMember, at: number): Promise<number> {
      const { id } = await db
        .insertInto('memberUser')
        .values({
          ...values,
          tenantId,
          password: null,
          avatar: null,
          name: null,
          sex: null,
          birthday: null,
          areaId: null,
          mark: null,
          loginIp: null,
          loginDate: null,
          ...createdStamp(at, null),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    async update(
      tenantId: number,
      id: number,
      values: MemberChanges | ProfileChanges | Pick<MemberRow, 'levelId'> | Pick<MemberRow, 'status'>,
      at: number,
      by: number,
    ): Promise<void> {
      await change(tenantId, id)
        .set({ ...values, ...updatedStamp(at, by) })
        .execute();
    },

    async recordLogin(tenantId: number, id: number, ip: string, at: number): Promise<void> {
      await change(tenantId, id)
        .set({ loginIp: ip.slice(0, 50), loginDate: at, updateTime: at })
        .execute();
    },
  };
};

export type MemberUserRepository = ReturnType<typeof memberUserRepository>;
