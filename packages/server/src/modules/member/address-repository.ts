import type { Kysely, Selectable } from 'kysely';
import type { MemberAddressTable } from '../../db/member-schema.js';
import type { Database } from '../../db/schema.js';
import { createdStamp, notDeleted, softDeleted, updatedStamp } from '../../lib/crud/index.js';

export const columns = {
  address: ['id', 'userId', 'name', 'mobile', 'areaId', 'detailAddress', 'defaultStatus', 'createTime'],
} as const;

export type AddressRow = Pick<Selectable<MemberAddressTable>, (typeof columns.address)[number]>;
export type AddressChanges = Pick<
  AddressRow,
  'name' | 'mobile' | 'areaId' | 'detailAddress' | 'defaultStatus'
>;

/** One member's delivery addresses (member_address): the default first, then the newest. */
export const addressRepository = (db: Kysely<Database>) => {
  const owned = (tenantId: number, userId: number) =>
    db
      .selectFrom('memberAddress')
      .where('tenantId', '=', tenantId)
      .where('userId', '=', userId)
      .where(notDeleted());
  const change = (tenantId: number, userId: number) =>
    db
      .updateTable('memberAddress')
      .where('tenantId', '=', tenantId)
      .where('userId', '=', userId)
      .where(notDeleted());

  return {
    list: (tenantId: number, userId: number): Promise<AddressRow[]> =>
      owned(tenantId, userId)
        .select(columns.address)
        .orderBy('defaultStatus', 'desc')
        .orderBy('id', 'desc')
        .execute(),

    findById: (tenantId: number, userId: number, id: number): Promise<AddressRow | undefined> =>
      owned(tenantId, userId).select(columns.address).where('id', '=', id).executeTakeFirst(),

    findDefault: (tenantId: number, userId: number): Promise<AddressRow | undefined> =>
      owned(tenantId, userId).select(columns.address).where('defaultStatus', '=', 1).executeTakeFirst(),

    async hasAny(tenantId: number, userId: number): Promise<boolean> {
      return (await owned(tenantId, userId).select('id').limit(1).executeTakeFirst()) !== undefined;
    },

    /** Makes every address of the member but `exceptId` not the default. */
    async clearDefault(tenantId: number, userId: number, exceptId: number | null, at: number): Promise<void> {
      let query = change(tenantId, userId)
        .set({ defaultStatus: 0, ...updatedStamp(at, userId) })
        .where('defaultStatus', '=', 1);
      if (exceptId !== null) query = query.where('id', '!=', exceptId);
      await query.execute();
    },

    async insert(tenantId: number, userId: number, values: AddressChanges, at: number): Promise<number> {
      const { id } = await db
        .insertInto('memberAddress')
        .values({ ...values, tenantId, userId, ...createdStamp(at, userId) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    async update(
      tenantId: number,
      userId: number,
      id: number,
      values: AddressChanges,
      at: number,
    ): Promise<void> {
      await change(tenantId, userId)
        .set({ ...values, ...updatedStamp(at, userId) })
        .where('id', '=', id)
        .execute();
    },

    async softDelete(tenantId: number, userId: number, id: number, at: number): Promise<void> {
      await change(tenantId, userId).set(softDeleted(at, userId)).where('id', '=', id).execute();
    },
  };
};
