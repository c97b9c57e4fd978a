import type { PageResult, ProductBrand } from '@app/contract';
import {
  ProductError,
  type productBrandCreateReq,
  type productBrandListReq,
  type productBrandPageReq,
  type productBrandUpdateReq,
} from '@app/contract';
import type { z } from 'zod';
import type { AppContext, LoginUser } from '../../context.js';
import { STATUS_ENABLED } from '../../context.js';
import { fail } from '../../lib/errors.js';
import { type BrandChanges, brandRepository } from './brand-repository.js';
import type { SpuRepository } from './spu-repository.js';

/** 商品品牌 of the caller's tenant; names are unique. */
export const brandService = (ctx: AppContext, spus: SpuRepository) => {
  const repo = brandRepository(ctx.db.kysely);

  const existing = async (user: LoginUser, id: number): Promise<ProductBrand> => {
    const row = await repo.findById(user.tenantId, id);
    if (!row) throw fail(ProductError.BRAND_NOT_EXISTS);
    return row;
  };

  const validateName = async (user: LoginUser, id: number | null, changes: BrandChanges) => {
    const same = await repo.findByName(user.tenantId, changes.name);
    if (same && same.id !== id) throw fail(ProductError.BRAND_NAME_EXISTS);
  };

  return {
    async page(
      user: LoginUser,
      query: z.output<typeof productBrandPageReq>,
    ): Promise<PageResult<ProductBrand>> {
      const { pageNo, pageSize, ...filter } = query;
      return repo.page(user.tenantId, filter, { pageNo, pageSize });
    },

    list: (user: LoginUser, query: z.output<typeof productBrandListReq>): Promise<ProductBrand[]> =>
      repo.list(user.tenantId, query),

    get: existing,

    async create(user: LoginUser, body: z.output<typeof productBrandCreateReq>): Promise<number> {
      await validateName(user, null, body);
      return repo.insert(user.tenantId, body, ctx.now(), user.id);
    },

    async update(user: LoginUser, body: z.output<typeof productBrandUpdateReq>): Promise<boolean> {
      const { id, ...changes } = body;
      await existing(user, id);
      await validateName(user, id, changes);
      await repo.update(user.tenantId, id, changes, ctx.now(), user.id);
      return true;
    },

    async delete(user: LoginUser, id: number): Promise<boolean> {
      await existing(user, id);
      if (await spus.anyWith(user.tenantId, 'brandId', id)) throw fail(ProductError.BRAND_HAVE_BIND_SPU);
      await repo.softDelete(user.tenantId, id, ctx.now(), user.id);
      return true;
    },

    /** The brand an SPU is saved with: it exists and is enabled. */
    async validateForSpu(user: LoginUser, id: number): Promise<void> {
      const brand = await existing(user, id);
      if (brand.status !== STATUS_ENABLED) throw fail(ProductError.BRAND_DISABLED);
    },
  };
};

export type BrandService = ReturnType<typeof brandService>;
