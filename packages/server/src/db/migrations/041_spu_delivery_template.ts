import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then */

/** A product names the freight template that prices its delivery (null: shipped free). */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema.alterTable('product_spu').addColumn('delivery_template_id', 'bigint').execute();
  await db.schema
    .createIndex('idx_product_spu_delivery_template')
    .on('product_spu')
    .columns(['tenant_id', 'delivery_template_id'])
    .execute();
};
