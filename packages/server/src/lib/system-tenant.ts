import { GlobalError, TENANT_PACKAGE_ID_SYSTEM } from '@app/contract';
import type { Kysely } from 'kysely';
import type { LoginUser } from '../context.js';
import type { Database } from '../db/schema.js';
import { fail } from './errors.js';

/**
 * Tenants and packages act across tenants, so only users of the system tenant (package 0) may manage
 * them: anyone else is refused even when a role grants the permission.
 */
export const requireSystemTenant = async (db: Kysely<Database>, user: LoginUser): Promise<void> => {
  const row = await db
    .selectFrom('systemTenant')
    .select('packageId')
    .where('id', '=', user.tenantId)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  if (row?.packageId !== TENANT_PACKAGE_ID_SYSTEM) throw fail(GlobalError.FORBIDDEN);
};
