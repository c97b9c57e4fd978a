import type { MemberAddress } from '@app/contract';
import { MemberError, type appMemberAddressCreateReq, type appMemberAddressUpdateReq } from '@app/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AppContext, LoginUser } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { findArea, formatArea } from '../../lib/area.js';
import { badRequest, fail } from '../../lib/errors.js';
import { addressRepository, type AddressChanges, type AddressRow } from './address-repository.js';

type CreateReq = z.output<typeof appMemberAddressCreateReq>;
type UpdateReq = z.output<typeof appMemberAddressUpdateReq>;

const toAddress = (row: AddressRow): MemberAddress => ({
  ...row,
  areaName: formatArea(row.areaId) ?? '',
  defaultStatus: row.defaultStatus === 1,
});

const changesOf = (body: CreateReq | UpdateReq): AddressChanges => {
  if (!findArea(body.areaId)) throw badRequest(`地区(${body.areaId})不存在`);
  return {
    name: body.name,
    mobile: body.mobile,
    areaId: body.areaId,
    detailAddress: body.detailAddress,
    defaultStatus: body.defaultStatus ? 1 : 0,
  };
};

/**
 * Members' delivery addresses: a member reaches its own only (another's is 不存在). At most one is
 * the default (a partial unique index says so too): making one the default clears the others in the
 * same transaction, and a member's first address is the default whatever it asked.
 */
export const addressService = (ctx: AppContext) => {
  const repo = addressRepository(ctx.db.kysely);

  /**
   * Runs `fn` in a transaction holding the member's row, so that two writes of one member's
   * addresses (two first addresses, two new defaults) run one after the other. SQLite runs one
   * writing transaction at a time anyway.
   */
  const forMember = <T>(member: LoginUser, fn: (tx: Kysely<Database>) => Promise<T>): Promise<T> =>
    ctx.db.kysely.transaction().execute(async (tx) => {
      if (ctx.db.dialect === 'postgres')
        await tx
          .selectFrom('memberUser')
          .select('id')
          .where('tenantId', '=', member.tenantId)
          .where('id', '=', member.id)
          .forUpdate()
          .execute();
      return fn(tx);
    });

  const existing = async (member: LoginUser, id: number): Promise<AddressRow> => {
    const row = await repo.findById(member.tenantId, member.id, id);
    if (!row) throw fail(MemberError.ADDRESS_NOT_EXISTS);
    return row;
  };

  return {
    /** Any member's addresses, for 会员管理 (the caller's tenant). */
    listOf: async (tenantId: number, userId: number): Promise<MemberAddress[]> =>
      (await repo.list(tenantId, userId)).map(toAddress),

    list: async (member: LoginUser): Promise<MemberAddress[]> =>
      (await repo.list(member.tenantId, member.id)).map(toAddress),

    get: async (member: LoginUser, id: number): Promise<MemberAddress> =>
      toAddress(await existing(member, id)),

    async getDefault(member: LoginUser): Promise<MemberAddress | null> {
      const row = await repo.findDefault(member.tenantId, member.id);
      return row ? toAddress(row) : null;
    },

    async create(member: LoginUser, body: CreateReq): Promise<number> {
      const changes = changesOf(body);
      return forMember(member, async (tx) => {
        const rows = addressRepository(tx);
        const at = ctx.now();
        if (!(await rows.hasAny(member.tenantId, member.id))) changes.defaultStatus = 1;
        else if (changes.defaultStatus === 1) await rows.clearDefault(member.tenantId, member.id, null, at);
        return rows.insert(member.tenantId, member.id, changes, at);
      });
    },

    async update(member: LoginUser, body: UpdateReq): Promise<boolean> {
      const changes = changesOf(body);
      await existing(member, body.id);
      await forMember(member, async (tx) => {
        const rows = addressRepository(tx);
        const at = ctx.now();
        if (changes.defaultStatus === 1) await rows.clearDefault(member.tenantId, member.id, body.id, at);
        await rows.update(member.tenantId, member.id, body.id, changes, at);
      });
      return true;
    },

    async delete(member: LoginUser, id: number): Promise<boolean> {
      await existing(member, id);
      await repo.softDelete(member.tenantId, member.id, id, ctx.now());
      return true;
    },
  };
};

export type AddressService = ReturnType<typeof addressService>;
