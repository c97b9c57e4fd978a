import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { TradeOrderItemTable } from '../../db/trade-schema.js';
import { notDeleted } from '../../lib/crud/index.js';

export type OrderItemRow = Selectable<TradeOrderItemTable>;

/** The items of some orders of a tenant, by order, in the order they were written; one statement. */
export const orderItemsOf = async (
  db: Kysely<Database>,
  tenantId: number,
  orderIds: number[],
): Promise<Map<number, OrderItemRow[]>> => {
  const grouped = new Map<number, OrderItemRow[]>();
  if (orderIds.length === 0) return grouped;
  const rows = await db
    .selectFrom('tradeOrderItem')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('orderId', 'in', orderIds)
    .where(notDeleted())
    .orderBy('id')
    .execute();
  for (const row of rows) grouped.set(row.orderId, [...(grouped.get(row.orderId) ?? []), row]);
  return grouped;
};
