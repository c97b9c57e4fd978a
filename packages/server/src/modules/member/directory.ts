import type { AppContext } from '../../context.js';
import { memberUserRepository } from './user-repository.js';

/**
 * What other modules may ask of the members: app.ts builds it and hands it to every module
 * (ModuleDeps.members), so the modules that keep things of members (the wallet) read no member file.
 */
export interface MemberDirectory {
  /** Whether `userId` is a member of the tenant (not deleted). */
  exists(tenantId: number, userId: number): Promise<boolean>;
}

export const memberDirectory = (ctx: AppContext): MemberDirectory => {
  const repo = memberUserRepository(ctx.db.kysely);
  return {
    exists: async (tenantId, userId) => (await repo.findById(tenantId, userId)) !== undefined,
  };
};
