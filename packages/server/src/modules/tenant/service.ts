import { TenantError } from '@app/contract';
import { STATUS_DISABLED, type AppContext } from '../../context.js';
import { fail } from '../../lib/errors.js';
import { tenantRepository } from './repository.js';

/** How long a tenant's validity is trusted before it is read again (the reference caches it for a minute). */
const VALIDITY_TTL_MS = 60_000;

export const tenantService = (ctx: AppContext) => {
  const repo = tenantRepository(ctx.db.kysely);
  const validUntil = new Map<number, number>();

  return {
    /** Throws unless the tenant exists, is enabled and has not expired. */
    async validTenant(id: number): Promise<void> {
      const now = ctx.now();
      if ((validUntil.get(id) ?? 0) > now) return;
      const tenant = await repo.findById(id);
      if (!tenant) throw fail(TenantError.TENANT_NOT_EXISTS);
      if (tenant.status === STATUS_DISABLED) throw fail(TenantError.TENANT_DISABLE, tenant.name);
      if (tenant.expireTime < now) throw fail(TenantError.TENANT_EXPIRE, tenant.name);
      validUntil.set(id, now + VALIDITY_TTL_MS);
    },

    async getIdByName(name: string): Promise<number | null> {
      return (await repo.findByName(name))?.id ?? null;
    },
  };
};
export type TenantService = ReturnType<typeof tenantService>;
