import type {
  PageResult,
  Tenant,
  tenantCreateReq,
  TenantFilters,
  tenantPageReq,
  tenantUpdateReq,
} from '@app/contract';
import {
  DICT_TYPE,
  TENANT_PACKAGE_ID_SYSTEM,
  TenantError,
  TenantPackageError,
  UserError,
} from '@app/contract';
import type { z } from 'zod';
import { STATUS_DISABLED, type AppContext, type LoginUser } from '../../context.js';
import type { TenantRow } from '../../db/schema.js';
import { withoutTenantScope } from '../../db/tenant-scope.js';
import type { Cached } from '../../lib/cache.js';
import { hashPassword } from '../../lib/crypto.js';
import { fail } from '../../lib/errors.js';
import { formatDateTime, loadDictLabels, toXlsx } from '../../lib/crud/index.js';
import { tenantPackageRepository } from '../tenant-package/repository.js';
import { parseMenuIds } from '../tenant-package/tenant-menus.js';
import { type TenantChanges, tenantRepository } from './repository.js';
import { requireSystemTenant } from '../../lib/system-tenant.js';

type Out<S extends z.ZodType> = z.output<S>;

/** How long a tenant's validity is trusted before it is read again (the reference caches it for a minute). */
const VALIDITY_TTL_MS = 60_000;

const toTenant = (row: TenantRow): Tenant => ({
  id: row.id,
  name: row.name,
  contactName: row.contactName,
  contactMobile: row.contactMobile,
  status: row.status,
  domain: row.domain,
  packageId: row.packageId,
  expireTime: row.expireTime,
  accountCount: row.accountCount,
  createTime: row.createTime,
});

const changesOf = (body: Out<typeof tenantUpdateReq> | Out<typeof tenantCreateReq>): TenantChanges => ({
  name: body.name,
  contactName: body.contactName,
  contactMobile: body.contactMobile,
  status: body.status,
  domain: body.domain,
  packageId: body.packageId,
  expireTime: body.expireTime,
  accountCount: body.accountCount,
});

/**
 * Tenants (租户): the validity check of every request, and their management by the system tenant.
 * Creating a tenant creates its administrator; a tenant's package bounds the menus of its roles.
 */
export const tenantService = (ctx: AppContext) => {
  const db = ctx.db.kysely;
  const repo = tenantRepository(db);
  const packages = tenantPackageRepository(db);
  const validUntil = new Map<number, number>();

  const mustExist = async (id: number): Promise<TenantRow> => {
    const row = await repo.findById(id);
    if (!row) throw fail(TenantError.TENANT_NOT_EXISTS);
    return row;
  };

  /** The system tenant is neither changed nor deleted through the API. */
  const mustBeChangeable = async (id: number): Promise<TenantRow> => {
    const row = await mustExist(id);
    if (row.packageId === TENANT_PACKAGE_ID_SYSTEM) throw fail(TenantError.TENANT_CAN_NOT_UPDATE_SYSTEM);
    return row;
  };

  const mustBeUnique = async (name: string, exceptId = 0) => {
    if (await repo.findOtherByName(name, exceptId)) throw fail(TenantError.TENANT_NAME_DUPLICATE, name);
  };

  /** The package a tenant is put on: it must exist and be enabled (package 0 is the system tenant's alone). */
  const usablePackageMenus = async (packageId: number): Promise<number[]> => {
    const row = await packages.findById(packageId);
    if (!row) throw fail(TenantPackageError.TENANT_PACKAGE_NOT_EXISTS);
    if (row.status === STATUS_DISABLED) throw fail(TenantPackageError.TENANT_PACKAGE_DISABLE, row.name);
    return parseMenuIds(row.menuIds);
  };

  // A changed tenant is read again on its next request, here and (with Redis) in every other instance.
  ctx.bus.on('tenant', (key) => (key === undefined ? validUntil.clear() : validUntil.delete(Number(key))));
  const forgetValidity = (id: number) => ctx.bus.publish('tenant', String(id));
  const checkTenant = async (id: number): Promise<void> => {
    const now = ctx.now();
    const tenant = await repo.findById(id);
    if (!tenant) throw fail(TenantError.TENANT_NOT_EXISTS);
    if (tenant.status === STATUS_DISABLED) throw fail(TenantError.TENANT_DISABLE, tenant.name);
    if (tenant.expireTime < now) throw fail(TenantError.TENANT_EXPIRE, tenant.name);
    validUntil.set(id, now + VALIDITY_TTL_MS);
  };

  return {
    /** Throws unless the tenant exists, is enabled and has not expired (at once while known valid). */
    validTenant(id: number): Cached<void> {
      if ((validUntil.get(id) ?? 0) > ctx.now()) return;
      return checkTenant(id);
    },

    async getIdByName(name: string): Promise<number | null> {
      return (await repo.findByName(name))?.id ?? null;
    },

    async page(user: LoginUser, query: Out<typeof tenantPageReq>): Promise<PageResult<Tenant>> {
      await requireSystemTenant(db, user);
      const { pageNo, pageSize, ...filters } = query;
      const { list, total } = await repo.page(filters, { pageNo, pageSize });
      return { list: list.map(toTenant), total };
    },

    async get(user: LoginUser, id: number): Promise<Tenant> {
      await requireSystemTenant(db, user);
      return toTenant(await mustExist(id));
    },

    async create(user: LoginUser, body: Out<typeof tenantCreateReq>): Promise<number> {
      await requireSystemTenant(db, user);
      await mustBeUnique(body.name);
      const menuIds = await usablePackageMenus(body.packageId);
      // The administrator is the tenant's first account: a quota of 0 leaves no room for it.
      if (body.accountCount < 1) throw fail(UserError.USER_COUNT_MAX, body.accountCount);
      // A new tenant has no users yet, so the administrator's username and mobile are unique in it.
      const admin = {
        username: body.username,
        passwordHash: await hashPassword(body.password),
        nickname: body.contactName,
        mobile: body.contactMobile,
      };
      // The new tenant's role and administrator belong to it, not to the caller's tenant.
      return withoutTenantScope(() =>
        repo.createWithAdmin(changesOf(body), admin, menuIds, ctx.now(), String(user.id)),
      );
    },

    async update(user: LoginUser, body: Out<typeof tenantUpdateReq>): Promise<boolean> {
      await requireSystemTenant(db, user);
      const current = await mustBeChangeable(body.id);
      await mustBeUnique(body.name, body.id);
      const menuIds = await usablePackageMenus(body.packageId);
      const packageChanged = current.packageId !== body.packageId;
      // A new package changes the roles of the tenant being updated.
      await withoutTenantScope(() =>
        repo.update(body.id, changesOf(body), packageChanged ? menuIds : null, ctx.now(), String(user.id)),
      );
      await forgetValidity(body.id);
      if (packageChanged) await ctx.bus.publish('permission');
      return true;
    },

    async delete(user: LoginUser, id: number): Promise<boolean> {
      await requireSystemTenant(db, user);
      await mustBeChangeable(id);
      await repo.softDelete(id, ctx.now(), String(user.id));
      await forgetValidity(id);
      return true;
    },

    /** 租户 as .xlsx, with the reference's export columns; the status as its dictionary label. */
    async exportExcel(user: LoginUser, filters: TenantFilters): Promise<Buffer> {
      await requireSystemTenant(db, user);
      const [rows, { label }] = await Promise.all([
        repo.list(filters),
        loadDictLabels(db, [DICT_TYPE.COMMON_STATUS]),
      ]);
      return toXlsx<TenantRow>(
        '数据',
        [
          { header: '租户编号', width: 10, value: (r) => r.id },
          { header: '租户名', width: 20, value: (r) => r.name },
          { header: '联系人', width: 14, value: (r) => r.contactName },
          { header: '联系手机', width: 16, value: (r) => r.contactMobile ?? '' },
          { header: '状态', width: 10, value: (r) => label(DICT_TYPE.COMMON_STATUS, r.status) },
          { header: '创建时间', width: 20, value: (r) => formatDateTime(r.createTime) },
        ],
        rows,
      );
    },
  };
};
export type TenantService = ReturnType<typeof tenantService>;
