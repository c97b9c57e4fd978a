import type {
  PageResult,
  ProductProperty,
  ProductPropertyAndValues,
  ProductPropertyValue,
} from '@app/contract';
import {
  ProductError,
  type productPropertyCreateReq,
  type productPropertyPageReq,
  type productPropertyUpdateReq,
  type productPropertyValueCreateReq,
  type productPropertyValuePageReq,
  type productPropertyValueUpdateReq,
} from '@app/contract';
import type { z } from 'zod';
import type { AppContext, LoginUser } from '../../context.js';
import { fail } from '../../lib/errors.js';
import { type PropertyFilter, propertyRepository } from './property-repository.js';
import type { SpuRepository } from './spu-repository.js';

/** Names of the properties and values an SPU's SKUs hold. */
export interface PropertyNames {
  property: Map<number, string>;
  value: Map<number, { propertyId: number; name: string }>;
}

/** 商品属性 and their values, of the caller's tenant. */
export const propertyService = (ctx: AppContext, spus: SpuRepository) => {
  const repo = propertyRepository(ctx.db.kysely);

  const existing = async (user: LoginUser, id: number): Promise<ProductProperty> => {
    const row = await repo.findById(user.tenantId, id);
    if (!row) throw fail(ProductError.PROPERTY_NOT_EXISTS);
    return row;
  };
  const existingValue = async (user: LoginUser, id: number): Promise<ProductPropertyValue> => {
    const row = await repo.findValueById(user.tenantId, id);
    if (!row) throw fail(ProductError.PROPERTY_VALUE_NOT_EXISTS);
    return row;
  };
  const validateName = async (user: LoginUser, id: number | null, name: string) => {
    const same = await repo.findByName(user.tenantId, name);
    if (same && same.id !== id) throw fail(ProductError.PROPERTY_EXISTS);
  };
  const validateValueName = async (user: LoginUser, id: number | null, propertyId: number, name: string) => {
    const same = await repo.findValueByName(user.tenantId, propertyId, name);
    if (same && same.id !== id) throw fail(ProductError.PROPERTY_VALUE_EXISTS);
  };

  return {
    async page(
      user: LoginUser,
      query: z.output<typeof productPropertyPageReq>,
    ): Promise<PageResult<ProductProperty>> {
      const { pageNo, pageSize, ...filter } = query;
      return repo.page(user.tenantId, filter, { pageNo, pageSize });
    },

    list: (user: LoginUser, filter: PropertyFilter): Promise<ProductProperty[]> =>
      repo.list(user.tenantId, filter),

    get: existing,

    async create(user: LoginUser, body: z.output<typeof productPropertyCreateReq>): Promise<number> {
      await validateName(user, null, body.name);
      return repo.insertProperty(user.tenantId, body, ctx.now(), user.id);
    },

    async update(user: LoginUser, body: z.output<typeof productPropertyUpdateReq>): Promise<boolean> {
      const { id, ...changes } = body;
      await existing(user, id);
      await validateName(user, id, changes.name);
      await repo.updateProperty(user.tenantId, id, changes, ctx.now(), user.id);
      return true;
    },

    async delete(user: LoginUser, id: number): Promise<boolean> {
      await existing(user, id);
      if (await repo.hasValues(user.tenantId, id)) throw fail(ProductError.PROPERTY_DELETE_FAIL_VALUE_EXISTS);
      await repo.deleteProperty(user.tenantId, id, ctx.now(), user.id);
      return true;
    },

    /** The properties matching `filter`, each with its values: what the SPU editor chooses from. */
    async listWithValues(user: LoginUser, filter: PropertyFilter): Promise<ProductPropertyAndValues[]> {
      const properties = await repo.list(user.tenantId, filter);
      const values = await repo.valuesOf(
        user.tenantId,
        properties.map((p) => p.id),
      );
      return properties.map((p) => ({
        id: p.id,
        name: p.name,
        values: values.filter((v) => v.propertyId === p.id).map((v) => ({ id: v.id, name: v.name })),
      }));
    },

    async valuePage(
      user: LoginUser,
      query: z.output<typeof productPropertyValuePageReq>,
    ): Promise<PageResult<ProductPropertyValue>> {
      const { pageNo, pageSize, ...filter } = query;
      return repo.valuePage(user.tenantId, filter, { pageNo, pageSize });
    },

    getValue: existingValue,

    async createValue(
      user: LoginUser,
      body: z.output<typeof productPropertyValueCreateReq>,
    ): Promise<number> {
      await existing(user, body.propertyId);
      await validateValueName(user, null, body.propertyId, body.name);
      return repo.insertValue(user.tenantId, body, ctx.now(), user.id);
    },

    async updateValue(
      user: LoginUser,
      body: z.output<typeof productPropertyValueUpdateReq>,
    ): Promise<boolean> {
      const { id, ...changes } = body;
      const value = await existingValue(user, id);
      await existing(user, changes.propertyId);
      // A value in use stays with its property: its SKUs name the pair.
      if (
        changes.propertyId !== value.propertyId &&
        (await spus.valueInUse(user.tenantId, value.propertyId, id))
      )
        throw fail(ProductError.PROPERTY_VALUE_IN_USE);
      await validateValueName(user, id, changes.propertyId, changes.name);
      await repo.updateValue(user.tenantId, id, changes, ctx.now(), user.id);
      return true;
    },

    async deleteValue(user: LoginUser, id: number): Promise<boolean> {
      const value = await existingValue(user, id);
      if (await spus.valueInUse(user.tenantId, value.propertyId, id))
        throw fail(ProductError.PROPERTY_VALUE_IN_USE);
      await repo.deleteValue(user.tenantId, id, ctx.now(), user.id);
      return true;
    },

    /** The names of `pairs`; each value must exist and belong to its property. */
    async namesOf(
      tenantId: number,
      pairs: { propertyId: number; valueId: number }[],
    ): Promise<PropertyNames> {
      const propertyIds = [...new Set(pairs.map((p) => p.propertyId))];
      const valueIds = [...new Set(pairs.map((p) => p.valueId))];
      const [properties, values] = await Promise.all([
        propertyIds.length === 0 ? [] : repo.list(tenantId, { ids: propertyIds }),
        repo.valuesByIds(tenantId, valueIds),
      ]);
      return {
        property: new Map(properties.map((p) => [p.id, p.name])),
        value: new Map(values.map((v) => [v.id, { propertyId: v.propertyId, name: v.name }])),
      };
    },
  };
};

export type PropertyService = ReturnType<typeof propertyService>;
