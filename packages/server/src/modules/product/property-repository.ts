import type { TimeRange } from '@app/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ProductPropertyTable, ProductPropertyValueTable } from '../../db/product-schema.js';
import {
  contains,
  createdStamp,
  fetchPage,
  notDeleted,
  softDeleted,
  updatedStamp,
  type PageParams,
} from '../../lib/crud/index.js';

export type PropertyRow = Selectable<ProductPropertyTable>;
export type PropertyValueRow = Selectable<ProductPropertyValueTable>;
export interface PropertyFilter {
  name?: string;
  createTime?: TimeRange;
  ids?: number[];
}
export interface PropertyValueFilter {
  propertyId?: number;
  name?: string;
  createTime?: TimeRange;
}

export const columns = {
  property: ['id', 'name', 'remark', 'createTime'],
  value: ['id', 'propertyId', 'name', 'remark', 'createTime'],
} as const;

type Table = 'productProperty' | 'productPropertyValue';

export const propertyRepository = (db: Kysely<Database>) => {
  const properties = (tenantId: number, filter: PropertyFilter) => {
    let query = db.selectFrom('productProperty').where('tenantId', '=', tenantId).where(notDeleted());
    if (filter.name !== undefined) query = query.where(contains('name', filter.name));
    if (filter.ids !== undefined) query = query.where('id', 'in', filter.ids.length > 0 ? filter.ids : [0]);
    const [from, to] = filter.createTime ?? [null, null];
    if (from !== null) query = query.where('createTime', '>=', from);
    if (to !== null) query = query.where('createTime', '<=', to);
    return query;
  };
  const values = (tenantId: number, filter: PropertyValueFilter) => {
    let query = db.selectFrom('productPropertyValue').where('tenantId', '=', tenantId).where(notDeleted());
    if (filter.propertyId !== undefined) query = query.where('propertyId', '=', filter.propertyId);
    if (filter.name !== undefined) query = query.where(contains('name', filter.name));
    const [from, to] = filter.createTime ?? [null, null];
    if (from !== null) query = query.where('createTime', '>=', from);
    if (to !== null) query = query.where('createTime', '<=', to);
    return query;
  };

  // Properties and values share these columns (a property's changes carry no propertyId), hence one
  // update and one delete typed by the value table.
  const update = async (
    table: Table,
    tenantId: number,
    id: number,
    changes: Partial<Pick<PropertyValueRow, 'propertyId' | 'name' | 'remark'>>,
    at: number,
    by: number,
  ): Promise<void> => {
    await db
      .updateTable(table as 'productPropertyValue')
      .set({ ...changes, ...updatedStamp(at, by) })
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .execute();
  };

  const softDelete = async (
    table: Table,
    tenantId: number,
    id: number,
    at: number,
    by: number,
  ): Promise<void> => {
    await db
      .updateTable(table as 'productPropertyValue')
      .set(softDeleted(at, by))
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .execute();
  };

  return {
    page: (tenantId: number, filter: PropertyFilter, page: PageParams) =>
      fetchPage(properties(tenantId, filter), page, (rows) =>
        rows.select(columns.property).orderBy('id', 'desc'),
      ),

    list: (tenantId: number, filter: PropertyFilter) =>
      properties(tenantId, filter).select(columns.property).orderBy('id').execute(),

    findById: (tenantId: number, id: number) =>
      properties(tenantId, {}).select(columns.property).where('id', '=', id).executeTakeFirst(),

    findByName: (tenantId: number, name: string) =>
      properties(tenantId, {}).select('id').where('name', '=', name).executeTakeFirst(),

    valuePage: (tenantId: number, filter: PropertyValueFilter, page: PageParams) =>
      fetchPage(values(tenantId, filter), page, (rows) => rows.select(columns.value).orderBy('id', 'desc')),

    valuesOf: (tenantId: number, propertyIds: number[]) =>
      propertyIds.length === 0
        ? Promise.resolve([])
        : values(tenantId, {})
            .select(columns.value)
            .where('propertyId', 'in', propertyIds)
            .orderBy('id')
            .execute(),

    valuesByIds: (tenantId: number, ids: number[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : values(tenantId, {}).select(columns.value).where('id', 'in', ids).execute(),

    findValueById: (tenantId: number, id: number) =>
      values(tenantId, {}).select(columns.value).where('id', '=', id).executeTakeFirst(),

    findValueByName: (tenantId: number, propertyId: number, name: string) =>
      values(tenantId, { propertyId }).select('id').where('name', '=', name).executeTakeFirst(),

    async hasValues(tenantId: number, propertyId: number): Promise<boolean> {
      return (await values(tenantId, { propertyId }).select('id').limit(1).executeTakeFirst()) !== undefined;
    },

    async insertProperty(
      tenantId: number,
      row: Pick<PropertyRow, 'name' | 'remark'>,
      at: number,
      by: number,
    ) {
      const { id } = await db
        .insertInto('productProperty')
        .values({ ...row, tenantId, ...createdStamp(at, by) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },
    async insertValue(
      tenantId: number,
      row: Pick<PropertyValueRow, 'propertyId' | 'name' | 'remark'>,
      at: number,
      by: number,
    ) {
      const { id } = await db
        .insertInto('productPropertyValue')
        .values({ ...row, tenantId, ...createdStamp(at, by) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },
    updateProperty: (
      tenantId: number,
      id: number,
      changes: Pick<PropertyRow, 'name' | 'remark'>,
      at: number,
      by: number,
    ) => update('productProperty', tenantId, id, changes, at, by),
    updateValue: (
      tenantId: number,
      id: number,
      changes: Pick<PropertyValueRow, 'propertyId' | 'name' | 'remark'>,
      at: number,
      by: number,
    ) => update('productPropertyValue', tenantId, id, changes, at, by),
    deleteProperty: (tenantId: number, id: number, at: number, by: number) =>
      softDelete('productProperty', tenantId, id, at, by),
    deleteValue: (tenantId: number, id: number, at: number, by: number) =>
      softDelete('productPropertyValue', tenantId, id, at, by),
  };
};

export type PropertyRepository = ReturnType<typeof propertyRepository>;
