import type { ProductSpuFilter } from '@app/contract';
import { SPU_STATUS } from '@app/contract';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ProductSkuTable, ProductSpuTable } from '../../db/product-schema.js';
import {
  contains,
  createdStamp,
  fetchPage,
  notDeleted,
  softDeleted,
  updatedStamp,
  type PageParams,
} from '../../lib/crud/index.js';

export const columns = {
  spu: [
    'id',
    'name',
    'code',
    'sellPoint',
    'description',
    'categoryId',
    'brandId',
    'deliveryTemplateId',
    'picUrls',
    'videoUrl',
    'sort',
    'status',
    'specType',
    'showStock',
    'marketPrice',
    'minPrice',
    'maxPrice',
    'totalStock',
    'alarmStock',
    'virtualSalesCount',
    'salesCount',
    'clickCount',
    'createTime',
  ],
  sku: [
    'id',
    'spuId',
    'name',
    'properties',
    'propertyKey',
    'picUrl',
    'price',
    'marketPrice',
    'costPrice',
    'barCode',
    'stock',
    'warnStock',
    'volume',
    'weight',
    'status',
    'salesCount',
  ],
} as const;

export type SpuRow = Pick<Selectable<ProductSpuTable>, (typeof columns.spu)[number]>;
export type SkuRow = Pick<Selectable<ProductSkuTable>, (typeof columns.sku)[number]>;
/** An SPU's own fields and its derived figures, as saved (sales and clicks are counted elsewhere). */
export type SpuValues = Omit<SpuRow, 'id' | 'createTime' | 'salesCount' | 'clickCount'>;
export type SkuValues = Omit<SkuRow, 'id' | 'spuId' | 'salesCount'>;

/** The columns a save writes to an SKU it keeps. */
const SKU_VALUE_COLUMNS = columns.sku.filter(
  (c): c is Exclude<(typeof columns.sku)[number], 'id' | 'spuId' | 'salesCount'> =>
    c !== 'id' && c !== 'spuId' && c !== 'salesCount',
);

const LISTED = [SPU_STATUS.ENABLE, SPU_STATUS.DISABLE];

export const spuRepository = (db: Kysely<Database>) => {
  const live = (tenantId: number) =>
    db.selectFrom('productSpu').where('tenantId', '=', tenantId).where(notDeleted());
  const liveSkus = (executor: Kysely<Database>, tenantId: number) =>
    executor.selectFrom('productSku').where('tenantId', '=', tenantId).where(notDeleted());

  const filtered = (tenantId: number, filter: Partial<ProductSpuFilter>) => {
    let query = live(tenantId);
    // The tab: v1.8.3's tabType, or v1.6.6's status and alarmStock; 全部 leaves the recycle bin out.
    const { tabType } = filter;
    const status =
      tabType === 0
        ? SPU_STATUS.ENABLE
        : tabType === 1
          ? SPU_STATUS.DISABLE
          : tabType === 4
            ? SPU_STATUS.RECYCLE
            : filter.status;
    query = status === undefined ? query.where('status', 'in', LISTED) : query.where('status', '=', status);
    if (filter.alarmStock === true || tabType === 3) query = query.where('alarmStock', '=', 1);
    if (filter.alarmStock === false) query = query.where('alarmStock', '=', 0);
    if (tabType === 2) query = query.where('totalStock', '=', 0);
    const { name, code } = filter;
    // A substring search matches in a subquery over the narrow (name, code) index, or on PostgreSQL its
    // trigram indexes, instead of reading whole rows with their descriptions (bench/product.ts).
    if (name !== undefined || code !== undefined)
      query = query.where('id', 'in', (eb) => {
        let matches = eb
          .selectFrom('productSpu as m')
          .select('m.id')
          .where('m.tenantId', '=', tenantId)
          .where(notDeleted('m'));
        if (name !== undefined) matches = matches.where(contains('m.name', name));
        if (code !== undefined) matches = matches.where(contains('m.code', code));
        return matches;
      });
    if (filter.brandId !== undefined) query = query.where('brandId', '=', filter.brandId);
    const { categoryId } = filter;
    // A top-level category stands for the categories below it.
    if (categoryId !== undefined)
      query = query.where((eb) =>
        eb.or([
          eb('categoryId', '=', categoryId),
          eb(
            'categoryId',
            'in',
            eb
              .selectFrom('productCategory')
              .select('id')
              .where('tenantId', '=', tenantId)
              .where('parentId', '=', categoryId)
              .where(notDeleted()),
          ),
        ]),
      );
    if (filter.salesCountMin !== undefined) query = query.where('salesCount', '>=', filter.salesCountMin);
    if (filter.salesCountMax !== undefined) query = query.where('salesCount', '<=', filter.salesCountMax);
    if (filter.marketPriceMin !== undefined) query = query.where('marketPrice', '>=', filter.marketPriceMin);
    if (filter.marketPriceMax !== undefined) query = query.where('marketPrice', '<=', filter.marketPriceMax);
    const [from, to] = filter.createTime ?? [null, null];
    if (from !== null) query = query.where('createTime', '>=', from);
    if (to !== null) query = query.where('createTime', '<=', to);
    return query;
  };

  const insertSkus = async (
    tx: Transaction<Database>,
    tenantId: number,
    spuId: number,
    skus: SkuValues[],
    at: number,
    by: number,
  ) => {
    if (skus.length > 0)
      await tx
        .insertInto('productSku')
        .values(skus.map((sku) => ({ ...sku, spuId, tenantId, ...createdStamp(at, by) })))
        .execute();
  };

  return {
    page: (tenantId: number, filter: ProductSpuFilter, page: PageParams) =>
      fetchPage(filtered(tenantId, filter), page, (rows) =>
        rows.select(columns.spu).orderBy('sort', 'desc').orderBy('id', 'desc'),
      ),

    list: (tenantId: number, filter: Partial<ProductSpuFilter>, limit: number) =>
      filtered(tenantId, filter)
        .select(columns.spu)
        .orderBy('sort', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),

    async count(tenantId: number, filter: Partial<ProductSpuFilter>): Promise<number> {
      const { total } = await filtered(tenantId, filter)
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .executeTakeFirstOrThrow();
      return Number(total);
    },

    findById: (tenantId: number, id: number) =>
      live(tenantId).select(columns.spu).where('id', '=', id).executeTakeFirst(),

    skusOf: (tenantId: number, spuId: number) =>
      liveSkus(db, tenantId).select(columns.sku).where('spuId', '=', spuId).orderBy('id').execute(),

    /** Enabled SKUs of listed SPUs, with their SPU's name. */
    skuOptions: (tenantId: number) =>
      db
        .selectFrom('productSku as k')
        .innerJoin('productSpu as s', 's.id', 'k.spuId')
        .select(['k.id', 'k.name', 'k.price', 'k.stock', 'k.spuId', 's.name as spuName'])
        .where('k.tenantId', '=', tenantId)
        .where(notDeleted('k'))
        .where('k.status', '=', 0)
        .where('s.tenantId', '=', tenantId)
        .where(notDeleted('s'))
        .where('s.status', 'in', LISTED)
        .orderBy('k.spuId', 'desc')
        .orderBy('k.id')
        .execute(),

    /** Whether a live SPU sits in the category or carries the brand. */
    /** Whether a live freight template of the tenant has this id (templates belong to 配送管理). */
    async deliveryTemplateExists(tenantId: number, id: number): Promise<boolean> {
      const row = await db
        .selectFrom('tradeDeliveryExpressTemplate')
        .select('id')
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .where(notDeleted())
        .executeTakeFirst();
      return row !== undefined;
    },

    async anyWith(tenantId: number, column: 'categoryId' | 'brandId', id: number): Promise<boolean> {
      return (
        (await live(tenantId).select('id').where(column, '=', id).limit(1).executeTakeFirst()) !== undefined
      );
    },

    /** Whether an SKU of a live SPU holds the value. */
    async valueInUse(tenantId: number, propertyId: number, valueId: number): Promise<boolean> {
      const row = await liveSkus(db, tenantId)
        .select('id')
        .where('propertyKey', 'like', `%,${propertyId}:${valueId},%`)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The SPU and its SKUs, in one transaction. */
    async insert(
      tenantId: number,
      spu: SpuValues,
      skus: SkuValues[],
      at: number,
      by: number,
    ): Promise<number> {
      return db.transaction().execute(async (tx) => {
        const { id } = await tx
          .insertInto('productSpu')
          .values({ ...spu, tenantId, ...createdStamp(at, by) })
          .returning('id')
          .executeTakeFirstOrThrow();
        await insertSkus(tx, tenantId, Number(id), skus, at, by);
        return Number(id);
      });
    },

    /**
     * Saves the SPU and its SKUs in one transaction: an SKU whose property combination stays keeps its
     * row (and id, which orders reference); new combinations are added, dropped ones deleted. Returns
     * false when the SPU is gone. The SPU's row is written first, so concurrent saves of one SPU queue
     * on its lock instead of both adding the same new SKUs.
     */
    async update(
      tenantId: number,
      id: number,
      spu: SpuValues,
      skus: SkuValues[],
      at: number,
      by: number,
    ): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        const { numUpdatedRows } = await tx
          .updateTable('productSpu')
          .set({ ...spu, ...updatedStamp(at, by) })
          .where('tenantId', '=', tenantId)
          .where('id', '=', id)
          .where(notDeleted())
          .executeTakeFirst();
        if (Number(numUpdatedRows) === 0) return false;
        const existing = new Map(
          (await liveSkus(tx, tenantId).select(['id', 'propertyKey']).where('spuId', '=', id).execute()).map(
            (r) => [r.propertyKey, r.id],
          ),
        );
        const added: SkuValues[] = [];
        const kept: (SkuValues & { id: number })[] = [];
        for (const sku of skus) {
          const skuId = existing.get(sku.propertyKey);
          if (skuId === undefined) added.push(sku);
          else {
            existing.delete(sku.propertyKey);
            kept.push({ ...sku, id: skuId });
          }
        }
        // One statement for the kept rows (an upsert on their ids): a row per SKU would cost a round trip each.
        if (kept.length > 0)
          await tx
            .insertInto('productSku')
            .values(kept.map((sku) => ({ ...sku, spuId: id, tenantId, ...createdStamp(at, by) })))
            .onConflict((oc) =>
              oc.column('id').doUpdateSet((eb) => ({
                ...Object.fromEntries(SKU_VALUE_COLUMNS.map((c) => [c, eb.ref(`excluded.${c}`)])),
                ...updatedStamp(at, by),
              })),
            )
            .execute();
        if (existing.size > 0)
          await tx
            .updateTable('productSku')
            .set(softDeleted(at, by))
            .where('id', 'in', [...existing.values()])
            .execute();
        await insertSkus(tx, tenantId, id, added, at, by);
        return true;
      });
    },

    async updateStatus(tenantId: number, id: number, status: number, at: number, by: number): Promise<void> {
      await db
        .updateTable('productSpu')
        .set({ status, ...updatedStamp(at, by) })
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .execute();
    },

    /** Deletes the SPU and its SKUs (kept as deleted rows, so orders still find them). */
    async softDelete(tenantId: number, id: number, at: number, by: number): Promise<void> {
      await db.transaction().execute(async (tx) => {
        const set = softDeleted(at, by);
        await tx
          .updateTable('productSpu')
          .set(set)
          .where('tenantId', '=', tenantId)
          .where('id', '=', id)
          .execute();
        await tx
          .updateTable('productSku')
          .set(set)
          .where('tenantId', '=', tenantId)
          .where('spuId', '=', id)
          .execute();
      });
    },
  };
};

export type SpuRepository = ReturnType<typeof spuRepository>;
