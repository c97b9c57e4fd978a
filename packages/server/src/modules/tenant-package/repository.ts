import type { TenantPackageFilters } from '@app/contract';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { STATUS_ENABLED } from '../../context.js';
import type { Database, TenantPackageTable } from '../../db/schema.js';
import {
  type Page,
  type PageParams,
  contains,
  fetchPage,
  notDeleted,
  softDeleted,
} from '../../lib/crud/index.js';

export type TenantPackageRow = Selectable<TenantPackageTable>;

/** Tenant packages are global (the reference's tenant-ignored `system_tenant_package`). */
/** The columns this repository reads (every column of the table: its callers map whole rows). */
export const columns = {
  tenantPackage: [
    'id',
    'name',
    'status',
    'remark',
    'menuIds',
    'creator',
    'createTime',
    'updater',
    'updateTime',
    'deleted',
  ],
} as const;

export const tenantPackageRepository = (db: Kysely<Database>) => {
  const filtered = (filters: Partial<TenantPackageFilters>) => {
    let q = db.selectFrom('systemTenantPackage').where(notDeleted());
    if (filters.name) q = q.where(contains('name', filters.name));
    if (filters.remark) q = q.where(contains('remark', filters.remark));
    if (filters.status !== undefined) q = q.where('status', '=', filters.status);
    const [from, to] = filters.createTime ?? [null, null];
    if (from !== null) q = q.where('createTime', '>=', from);
    if (to !== null) q = q.where('createTime', '<=', to);
    return q;
  };

  return {
    async page(filters: TenantPackageFilters, page: PageParams): Promise<Page<TenantPackageRow>> {
      return fetchPage(filtered(filters), page, (rows) =>
        rows.select(columns.tenantPackage).orderBy('id', 'desc'),
      );
    },

    listEnabled: (): Promise<{ id: number; name: string }[]> =>
      filtered({ status: STATUS_ENABLED }).select(['id', 'name']).orderBy('id').execute(),

    findById: (id: number): Promise<TenantPackageRow | undefined> =>
      filtered({}).select(columns.tenantPackage).where('id', '=', id).executeTakeFirst(),

    /** Another package with this name (uniqueness check). */
    findOtherByName: (name: string, exceptId: number): Promise<{ id: number } | undefined> =>
      filtered({}).select('id').where('name', '=', name).where('id', '<>', exceptId).executeTakeFirst(),

    /** Tenants (not deleted) on the package. */
    async tenantIdsOn(packageId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('systemTenant')
        .select('id')
        .where('packageId', '=', packageId)
        .where(notDeleted())
        .execute();
      return rows.map((r) => Number(r.id));
    },

    async insert(row: Insertable<TenantPackageTable>): Promise<number> {
      const { id } = await db
        .insertInto('systemTenantPackage')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    /** Runs in the caller's transaction: a package's menus change together with its tenants' roles. */
    update: async (
      tx: Kysely<Database>,
      id: number,
      changes: Updateable<TenantPackageTable>,
    ): Promise<void> => {
      await tx
        .updateTable('systemTenantPackage')
        .set(changes)
        .where('id', '=', id)
        .where(notDeleted())
        .execute();
    },

    async softDelete(id: number, at: number, updater: string): Promise<void> {
      await db
        .updateTable('systemTenantPackage')
        .set(softDeleted(at, updater))
        .where('id', '=', id)
        .execute();
    },
  };
};
