import type {
  PageResult,
  TenantPackage,
  tenantPackageCreateReq,
  tenantPackagePageReq,
  TenantPackageSimple,
  tenantPackageUpdateReq,
} from '@app/contract';
import { MenuError, TenantPackageError } from '@app/contract';
import type { z } from 'zod';
import type { AppContext, LoginUser } from '../../context.js';
import { withoutTenantScope } from '../../db/tenant-scope.js';
import { fail } from '../../lib/errors.js';
import { requireSystemTenant } from '../../lib/system-tenant.js';
import { type TenantPackageRow, tenantPackageRepository } from './repository.js';
import { applyPackageMenus, existingMenuIds, parseMenuIds } from './tenant-menus.js';

type Out<S extends z.ZodType> = z.output<S>;

const toTenantPackage = (row: TenantPackageRow): TenantPackage => ({
  id: row.id,
  name: row.name,
  status: row.status,
  remark: row.remark,
  menuIds: parseMenuIds(row.menuIds),
  createTime: row.createTime,
});

const sameIds = (a: readonly number[], b: readonly number[]): boolean => {
  const set = new Set(a);
  return set.size === new Set(b).size && b.every((id) => set.has(id));
};

/**
 * Tenant packages (租户套餐): the menus their tenants' roles may hold. Managed by the system tenant
 * only; a change of menus reaches every role of the tenants on the package and publishes
 * 'permission', so their next requests and get-permission-info see it.
 */
export const tenantPackageService = (ctx: AppContext) => {
  const db = ctx.db.kysely;
  const repo = tenantPackageRepository(db);

  const mustExist = async (id: number): Promise<TenantPackageRow> => {
    const row = await repo.findById(id);
    if (!row) throw fail(TenantPackageError.TENANT_PACKAGE_NOT_EXISTS);
    return row;
  };

  const validate = async (name: string, menuIds: number[], exceptId = 0) => {
    if (await repo.findOtherByName(name, exceptId))
      throw fail(TenantPackageError.TENANT_PACKAGE_NAME_DUPLICATE);
    if ((await existingMenuIds(db, menuIds)).length !== menuIds.length) throw fail(MenuError.MENU_NOT_EXISTS);
  };

  return {
    async page(user: LoginUser, query: Out<typeof tenantPackagePageReq>): Promise<PageResult<TenantPackage>> {
      await requireSystemTenant(db, user);
      const { pageNo, pageSize, ...filters } = query;
      const { list, total } = await repo.page(filters, { pageNo, pageSize });
      return { list: list.map(toTenantPackage), total };
    },

    async get(user: LoginUser, id: number): Promise<TenantPackage> {
      await requireSystemTenant(db, user);
      return toTenantPackage(await mustExist(id));
    },

    async simpleList(user: LoginUser): Promise<TenantPackageSimple[]> {
      await requireSystemTenant(db, user);
      return repo.listEnabled();
    },

    async create(user: LoginUser, body: Out<typeof tenantPackageCreateReq>): Promise<number> {
      await requireSystemTenant(db, user);
      await validate(body.name, body.menuIds);
      const at = ctx.now();
      return repo.insert({
        name: body.name,
        status: body.status,
        remark: body.remark,
        menuIds: JSON.stringify(body.menuIds),
        creator: String(user.id),
        updater: String(user.id),
        createTime: at,
        updateTime: at,
      });
    },

    async update(user: LoginUser, body: Out<typeof tenantPackageUpdateReq>): Promise<boolean> {
      await requireSystemTenant(db, user);
      const current = await mustExist(body.id);
      await validate(body.name, body.menuIds, body.id);
      const menusChanged = !sameIds(parseMenuIds(current.menuIds), body.menuIds);
      const at = ctx.now();
      const by = String(user.id);
      const tenantIds = menusChanged ? await repo.tenantIdsOn(body.id) : [];
      // The package's tenants' roles: a change across tenants.
      await withoutTenantScope(() =>
        db.transaction().execute(async (tx) => {
          await repo.update(tx, body.id, {
            name: body.name,
            status: body.status,
            remark: body.remark,
            menuIds: JSON.stringify(body.menuIds),
            updater: by,
            updateTime: at,
          });
          await applyPackageMenus(tx, tenantIds, body.menuIds, at, by);
        }),
      );
      if (menusChanged) await ctx.bus.publish('permission');
      return true;
    },

    async delete(user: LoginUser, id: number): Promise<boolean> {
      await requireSystemTenant(db, user);
      await mustExist(id);
      if ((await repo.tenantIdsOn(id)).length > 0) throw fail(TenantPackageError.TENANT_PACKAGE_USED);
      await repo.softDelete(id, ctx.now(), String(user.id));
      return true;
    },
  };
};
export type TenantPackageService = ReturnType<typeof tenantPackageService>;
