import { DATA_SCOPE, ROLE_TYPE, TENANT_ADMIN_ROLE, type TenantFilters } from '@app/contract';
import type { Kysely } from 'kysely';
import { STATUS_ENABLED } from '../../context.js';
import type { Database, TenantRow } from '../../db/schema.js';
import { applyPackageMenus } from '../tenant-package/tenant-menus.js';
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

export type TenantChanges = Pick<
  TenantRow,
  'name' | 'contactName' | 'contactMobile' | 'status' | 'domain' | 'packageId' | 'expireTime' | 'accountCount'
>;

/** The administrator account made with a tenant; the password is already hashed. */
export interface TenantAdmin {
  username: string;
  passwordHash: string;
  nickname: string;
  mobile: string | null;
}

/** The columns this repository reads (every column: its callers map whole rows). */
export const columns = {
  tenant: [
    'id',
    'name',
    'contactUserId',
    'contactName',
    'contactMobile',
    'status',
    'domain',
    'packageId',
    'expireTime',
    'accountCount',
    'creator',
    'createTime',
    'updater',
    'updateTime',
    'deleted',
  ],
} as const;

/** Tenants are global rows (the reference's tenant-ignored `system_tenant`). */
export const tenantRepository = (db: Kysely<Database>) => {
  const filtered = (filters: Partial<TenantFilters>) => {
    let q = db.selectFrom('systemTenant').where(notDeleted());
    if (filters.name) q = q.where(contains('name', filters.name));
    if (filters.contactName) q = q.where(contains('contactName', filters.contactName));
    if (filters.contactMobile) q = q.where(contains('contactMobile', filters.contactMobile));
    if (filters.status !== undefined) q = q.where('status', '=', filters.status);
    const [from, to] = filters.createTime ?? [null, null];
    if (from !== null) q = q.where('createTime', '>=', from);
    if (to !== null) q = q.where('createTime', '<=', to);
    return q;
  };

  return {
    async page(filters: TenantFilters, page: PageParams): Promise<Page<TenantRow>> {
      return fetchPage(filtered(filters), page, (rows) => rows.select(columns.tenant).orderBy('id', 'desc'));
    },

    list: (filters: TenantFilters): Promise<TenantRow[]> =>
      filtered(filters).select(columns.tenant).orderBy('id', 'desc').execute(),

    findById: (id: number): Promise<TenantRow | undefined> =>
      filtered({}).select(columns.tenant).where('id', '=', id).executeTakeFirst(),

    findByName: (name: string): Promise<TenantRow | undefined> =>
      filtered({}).select(columns.tenant).where('name', '=', name).executeTakeFirst(),

    /** Another tenant with this name (names identify tenants at sign-in). */
    findOtherByName: (name: string, exceptId: number): Promise<{ id: number } | undefined> =>
      filtered({}).select('id').where('name', '=', name).where('id', '<>', exceptId).executeTakeFirst(),

    /**
     * In one transaction: the tenant, its built-in `tenant_admin` role holding the package's menus,
     * and the administrator holding that role, who becomes the tenant's contact user.
     */
    createWithAdmin: (
      values: TenantChanges,
      admin: TenantAdmin,
      packageMenuIds: readonly number[],
      at: number,
      by: string,
    ): Promise<number> =>
      db.transaction().execute(async (tx) => {
        const audit = createdStamp(at, by);
        const tenantId = Number(
          (
            await tx
              .insertInto('systemTenant')
              .values({ ...values, ...audit, contactUserId: null })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        );
        const roleId = Number(
          (
            await tx
              .insertInto('systemRole')
              .values({
                ...audit,
                tenantId,
                name: '租户管理员',
                code: TENANT_ADMIN_ROLE,
                sort: 0,
                dataScope: DATA_SCOPE.ALL,
                dataScopeDeptIds: '[]',
                status: STATUS_ENABLED,
                type: ROLE_TYPE.SYSTEM,
                remark: '系统自动生成',
              })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        );
        await applyPackageMenus(tx, [tenantId], packageMenuIds, at, by);
        const userId = Number(
          (
            await tx
              .insertInto('systemUsers')
              .values({
                ...audit,
                tenantId,
                username: admin.username,
                password: admin.passwordHash,
                nickname: admin.nickname,
                mobile: admin.mobile,
                remark: null,
                deptId: null,
                email: null,
                sex: null,
                avatar: null,
                status: STATUS_ENABLED,
                loginIp: null,
                loginDate: null,
              })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        );
        await tx
          .insertInto('systemUserRole')
          .values({ ...audit, tenantId, userId, roleId })
          .execute();
        await tx
          .updateTable('systemTenant')
          .set({ contactUserId: userId })
          .where('id', '=', tenantId)
          .execute();
        return tenantId;
      }),

    /** Updates the tenant; with `packageMenuIds` (a new package) its roles move onto that package's menus. */
    update: (
      id: number,
      values: TenantChanges,
      packageMenuIds: readonly number[] | null,
      at: number,
      by: string,
    ): Promise<void> =>
      db.transaction().execute(async (tx) => {
        await tx
          .updateTable('systemTenant')
          .set({ ...values, ...updatedStamp(at, by) })
          .where('id', '=', id)
          .where(notDeleted())
          .execute();
        if (packageMenuIds) await applyPackageMenus(tx, [id], packageMenuIds, at, by);
      }),

    async softDelete(id: number, at: number, by: string): Promise<void> {
      await db.updateTable('systemTenant').set(softDeleted(at, by)).where('id', '=', id).execute();
    },
  };
};
