import type { Kysely } from 'kysely';
import type { Database, TenantRow } from '../../db/schema.js';

export const tenantRepository = (db: Kysely<Database>) => ({
  findById: (id: number): Promise<TenantRow | undefined> =>
    db
      .selectFrom('systemTenant')
      .selectAll()
      .where('id', '=', id)
      .where('deleted', '=', 0)
      .executeTakeFirst(),

  findByName: (name: string): Promise<TenantRow | undefined> =>
    db
      .selectFrom('systemTenant')
      .selectAll()
      .where('name', '=', name)
      .where('deleted', '=', 0)
      .executeTakeFirst(),
});
