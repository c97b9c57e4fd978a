import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SocialClientTable, SocialUserTable } from '../../db/social-schema.js';
import {
  type Page,
  type PageParams,
  contains,
  fetchPage,
  notDeleted,
  createdStamp,
  updatedStamp,
  softDeleted,
} from '../../lib/crud/index.js';

export type SocialClientRow = Pick<Selectable<SocialClientTable>, (typeof columns.client)[number]>;
export type SocialUserRow = Selectable<SocialUserTable>;

export interface SocialClientFilter {
  name?: string;
  socialType?: number;
  userType?: number;
  clientId?: string;
  status?: number;
}

type ClientChanges = Omit<
  Insertable<SocialClientTable>,
  'tenantId' | 'creator' | 'updater' | 'createTime' | 'updateTime'
>;
type UserFields = Pick<
  Insertable<SocialUserTable>,
  'openid' | 'token' | 'rawTokenInfo' | 'nickname' | 'avatar' | 'rawUserInfo' | 'code' | 'state'
>;

/** The columns this repository reads: what its callers map into the API's shapes. */
export const columns = {
  client: [
    'id',
    'name',
    'socialType',
    'userType',
    'clientId',
    'clientSecret',
    'agentId',
    'status',
    'authorizeUrl',
    'tokenUrl',
    'userInfoUrl',
    'scope',
    'createTime',
  ],
  socialUser: [
    'id',
    'tenantId',
    'type',
    'openid',
    'token',
    'rawTokenInfo',
    'nickname',
    'avatar',
    'rawUserInfo',
    'code',
    'state',
    'creator',
    'createTime',
    'updater',
    'updateTime',
    'deleted',
  ],
} as const;

/** Social clients, accounts and bindings; every call is confined to one tenant. */
export const socialRepository = (db: Kysely<Database>) => {
  const clients = (tenantId: number) =>
    db.selectFrom('systemSocialClient').where('tenantId', '=', tenantId).where(notDeleted());

  return {
    async pageClients(
      tenantId: number,
      filter: SocialClientFilter,
      page: PageParams,
    ): Promise<Page<SocialClientRow>> {
      let query = clients(tenantId);
      if (filter.name) query = query.where(contains('name', filter.name));
      if (filter.clientId) query = query.where(contains('clientId', filter.clientId));
      if (filter.socialType !== undefined) query = query.where('socialType', '=', filter.socialType);
      if (filter.userType !== undefined) query = query.where('userType', '=', filter.userType);
      if (filter.status !== undefined) query = query.where('status', '=', filter.status);
      return fetchPage(query, page, (rows) => rows.select(columns.client).orderBy('id', 'desc'));
    },

    findClient: (tenantId: number, id: number): Promise<SocialClientRow | undefined> =>
      clients(tenantId).select(columns.client).where('id', '=', id).executeTakeFirst(),

    /** The tenant's client of a platform for a user type (at most one is kept). */
    findClientByType: (
      tenantId: number,
      socialType: number,
      userType: number,
    ): Promise<SocialClientRow | undefined> =>
      clients(tenantId)
        .select(columns.client)
        .where('socialType', '=', socialType)
        .where('userType', '=', userType)
        .executeTakeFirst(),

    listEnabledClients: (
      tenantId: number,
      userType: number,
    ): Promise<Pick<SocialClientRow, 'socialType' | 'name'>[]> =>
      clients(tenantId)
        .select(['socialType', 'name'])
        .where('userType', '=', userType)
        .where('status', '=', 0)
        .orderBy('socialType')
        .execute(),

    async insertClient(tenantId: number, row: ClientChanges, at: number, by: number): Promise<number> {
      const { id } = await db
        .insertInto('systemSocialClient')
        .values({
          ...row,
          tenantId,
          ...createdStamp(at, by),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    async updateClient(
      tenantId: number,
      id: number,
      changes: Updateable<SocialClientTable>,
      at: number,
      by: number,
    ): Promise<void> {
      await db
        .updateTable('systemSocialClient')
        .set({ ...changes, ...updatedStamp(at, by) })
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .where(notDeleted())
        .execute();
    },

    async deleteClient(tenantId: number, id: number, at: number, by: number): Promise<void> {
      await db
        .updateTable('systemSocialClient')
        .set(softDeleted(at, by))
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .execute();
    },

    findUserByCode: (
      tenantId: number,
      type: number,
      code: string,
      state: string,
    ): Promise<SocialUserRow | undefined> =>
      db
        .selectFrom('systemSocialUser')
        .select(columns.socialUser)
        .where('tenantId', '=', tenantId)
        .where('type', '=', type)
        .where('code', '=', code)
        .where('state', '=', state)
        .where(notDeleted())
        .executeTakeFirst(),

    findUserByOpenid: (tenantId: number, type: number, openid: string): Promise<SocialUserRow | undefined> =>
      db
        .selectFrom('systemSocialUser')
        .select(columns.socialUser)
        .where('tenantId', '=', tenantId)
        .where('type', '=', type)
        .where('openid', '=', openid)
        .where(notDeleted())
        .executeTakeFirst(),

    /** Records what the platform said of an account, keyed by (type, openid); returns its id. */
    async saveUser(tenantId: number, type: number, fields: UserFields, at: number): Promise<number> {
      const existing = await this.findUserByOpenid(tenantId, type, fields.openid);
      if (existing) {
        await db
          .updateTable('systemSocialUser')
          .set({ ...fields, ...updatedStamp(at, null) })
          .where('tenantId', '=', tenantId)
          .where('id', '=', existing.id)
          .execute();
        return existing.id;
      }
      const { id } = await db
        .insertInto('systemSocialUser')
        .values({ ...fields, tenantId, type, ...createdStamp(at, null) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    /** Forgets the account's last code: once it has signed in or bound, the code and state serve no more. */
    async consumeCode(tenantId: number, socialUserId: number, at: number): Promise<void> {
      await db
        .updateTable('systemSocialUser')
        .set({ code: '', updateTime: at })
        .where('tenantId', '=', tenantId)
        .where('id', '=', socialUserId)
        .execute();
    },

    async boundUserId(tenantId: number, socialUserId: number, userType: number): Promise<number | null> {
      const row = await db
        .selectFrom('systemSocialUserBind')
        .select('userId')
        .where('tenantId', '=', tenantId)
        .where('socialUserId', '=', socialUserId)
        .where('userType', '=', userType)
        .where(notDeleted())
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return row ? Number(row.userId) : null;
    },

    /**
     * Binds the account to the user: the account leaves any other user, and the user's earlier
     * account of the same platform is let go (one account per platform and user).
     */
    async bind(
      tenantId: number,
      bind: { userId: number; userType: number; socialType: number; socialUserId: number },
      at: number,
    ): Promise<void> {
      await db.transaction().execute(async (tx) => {
        const gone = softDeleted(at, bind.userId);
        await tx
          .updateTable('systemSocialUserBind')
          .set(gone)
          .where('tenantId', '=', tenantId)
          .where('userType', '=', bind.userType)
          .where(notDeleted())
          .where((eb) =>
            eb.or([
              eb('socialUserId', '=', bind.socialUserId),
              eb.and([eb('userId', '=', bind.userId), eb('socialType', '=', bind.socialType)]),
            ]),
          )
          .execute();
        await tx
          .insertInto('systemSocialUserBind')
          .values({
            ...bind,
            tenantId,
            ...createdStamp(at, bind.userId),
          })
          .execute();
      });
    },

    /** Removes the user's binding of the platform; false when there was none. */
    async unbind(
      tenantId: number,
      userId: number,
      userType: number,
      socialUserId: number,
      at: number,
    ): Promise<boolean> {
      const result = await db
        .updateTable('systemSocialUserBind')
        .set(softDeleted(at, userId))
        .where('tenantId', '=', tenantId)
        .where('userId', '=', userId)
        .where('userType', '=', userType)
        .where('socialUserId', '=', socialUserId)
        .where(notDeleted())
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The accounts bound to a user: platform and openid. */
    boundAccounts: (
      tenantId: number,
      userId: number,
      userType: number,
    ): Promise<{ type: number; openid: string }[]> =>
      db
        .selectFrom('systemSocialUserBind as b')
        .innerJoin('systemSocialUser as u', 'u.id', 'b.socialUserId')
        .select(['u.type', 'u.openid'])
        .where('b.tenantId', '=', tenantId)
        .where('b.userId', '=', userId)
        .where('b.userType', '=', userType)
        .where(notDeleted('b'))
        .where(notDeleted('u'))
        .orderBy('u.type')
        .execute(),
  };
};

export type SocialRepository = ReturnType<typeof socialRepository>;
