import type { ProductCategory } from '@app/contract';
import {
  ProductError,
  type productCategoryCreateReq,
  type productCategoryListReq,
  type productCategoryUpdateReq,
} from '@app/contract';
import type { z } from 'zod';
import type { AppContext, LoginUser } from '../../context.js';
import { STATUS_ENABLED } from '../../context.js';
import { fail } from '../../lib/errors.js';
import { type CategoryChanges, type CategoryRow, categoryRepository } from './category-repository.js';
import type { SpuRepository } from './spu-repository.js';

const toCategory = (row: CategoryRow): ProductCategory => ({ ...row });

/** 商品分类 of the caller's tenant: a two-level tree whose second level holds the products. */
export const categoryService = (ctx: AppContext, spus: SpuRepository) => {
  const repo = categoryRepository(ctx.db.kysely);

  const existing = async (user: LoginUser, id: number): Promise<CategoryRow> => {
    const row = await repo.findById(user.tenantId, id);
    if (!row) throw fail(ProductError.CATEGORY_NOT_EXISTS);
    return row;
  };

  /** The parent is a top-level category other than the row; the tree keeps its two levels. */
  const validate = async (user: LoginUser, id: number | null, changes: CategoryChanges) => {
    if (changes.parentId === 0) {
      if (id !== null && (await spus.anyWith(user.tenantId, 'categoryId', id)))
        throw fail(ProductError.CATEGORY_SPU_CANNOT_MOVE_TOP);
      return;
    }
    if (changes.parentId === id) throw fail(ProductError.CATEGORY_PARENT_NOT_FIRST_LEVEL);
    const parent = await repo.findById(user.tenantId, changes.parentId);
    if (!parent) throw fail(ProductError.CATEGORY_PARENT_NOT_EXISTS);
    if (parent.parentId !== 0) throw fail(ProductError.CATEGORY_PARENT_NOT_FIRST_LEVEL);
    if (id !== null && (await repo.hasChildren(user.tenantId, id)))
      throw fail(ProductError.CATEGORY_CHILDREN_CANNOT_MOVE);
  };

  return {
    async list(user: LoginUser, filter: z.output<typeof productCategoryListReq>): Promise<ProductCategory[]> {
      return (await repo.list(user.tenantId, filter)).map(toCategory);
    },

    get: async (user: LoginUser, id: number): Promise<ProductCategory> =>
      toCategory(await existing(user, id)),

    async create(user: LoginUser, body: z.output<typeof productCategoryCreateReq>): Promise<number> {
      await validate(user, null, body);
      return repo.insert(user.tenantId, body, ctx.now(), user.id);
    },

    async update(user: LoginUser, body: z.output<typeof productCategoryUpdateReq>): Promise<boolean> {
      const { id, ...changes } = body;
      await existing(user, id);
      await validate(user, id, changes);
      await repo.update(user.tenantId, id, changes, ctx.now(), user.id);
      return true;
    },

    async delete(user: LoginUser, id: number): Promise<boolean> {
      await existing(user, id);
      if (await repo.hasChildren(user.tenantId, id)) throw fail(ProductError.CATEGORY_EXISTS_CHILDREN);
      if (await spus.anyWith(user.tenantId, 'categoryId', id))
        throw fail(ProductError.CATEGORY_HAVE_BIND_SPU);
      await repo.softDelete(user.tenantId, id, ctx.now(), user.id);
      return true;
    },

    /** The category an SPU is saved into: second level and enabled, its parent enabled too. */
    async validateForSpu(user: LoginUser, id: number): Promise<void> {
      const category = await existing(user, id);
      if (category.parentId === 0) throw fail(ProductError.SPU_SAVE_FAIL_CATEGORY_LEVEL_ERROR);
      const parent = await repo.findById(user.tenantId, category.parentId);
      for (const c of [category, parent])
        if (c && c.status !== STATUS_ENABLED) throw fail(ProductError.CATEGORY_DISABLED, c.name);
    },
  };
};

export type CategoryService = ReturnType<typeof categoryService>;
