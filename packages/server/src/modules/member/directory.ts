import type { MemberAddress } from '@app/contract';
import type { AppContext } from '../../context.js';
import { formatArea } from '../../lib/area.js';
import { addressRepository } from './address-repository.js';
import { memberUserRepository } from './user-repository.js';

/**
 * What other modules may ask of the members: app.ts builds it and hands it to every module
 * (ModuleDeps.members), so the modules that keep things of members (the wallet, the orders) read no
 * member file.
 */
export interface MemberDirectory {
  /** Whether `userId` is a member of the tenant (not deleted). */
  exists(tenantId: number, userId: number): Promise<boolean>;
  /** One of the member's own delivery addresses (another member's is undefined). */
  address(tenantId: number, userId: number, addressId: number): Promise<MemberAddress | undefined>;
}

export const memberDirectory = (ctx: AppContext): MemberDirectory => {
  const repo = memberUserRepository(ctx.db.kysely);
  const addresses = addressRepository(ctx.db.kysely);
  return {
    exists: async (tenantId, userId) => (await repo.findById(tenantId, userId)) !== undefined,
    async address(tenantId, userId, addressId) {
      const row = await addresses.findById(tenantId, userId, addressId);
      return (
        row && { ...row, areaName: formatArea(row.areaId) ?? '', defaultStatus: row.defaultStatus === 1 }
      );
    },
  };
};
