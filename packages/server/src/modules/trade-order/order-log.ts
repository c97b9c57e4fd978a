import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { createdStamp } from '../../lib/crud/index.js';

/** The scheduler's own actions (auto-cancel, auto-receive) are logged with user 0 of user type 0. */
export const SYSTEM_OPERATOR = { id: 0, userType: 0 } as const;

export interface OrderLogEntry {
  orderId: number;
  /** Who acted: a member, an operator, or SYSTEM_OPERATOR. */
  operator: { id: number; userType: number };
  /** TRADE_ORDER_OPERATE_TYPE. */
  operateType: number;
  beforeStatus: number | null;
  afterStatus: number;
  /** What happened, in the words the detail page shows (amounts in yuan). */
  content: string;
}

/** Writes one row of an order's operation log, in the transaction of the change it records. */
export const writeOrderLog = async (
  tx: Kysely<Database>,
  tenantId: number,
  at: number,
  entry: OrderLogEntry,
): Promise<void> => {
  await tx
    .insertInto('tradeOrderLog')
    .values({
      tenantId,
      ...createdStamp(at, entry.operator.id),
      orderId: entry.orderId,
      userId: entry.operator.id,
      userType: entry.operator.userType,
      operateType: entry.operateType,
      beforeStatus: entry.beforeStatus,
      afterStatus: entry.afterStatus,
      content: entry.content,
    })
    .execute();
};
