import type { TradeOrderFilter } from '@app/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { contains, gramCandidates, notDeleted } from '../../lib/crud/index.js';

/**
 * An order number as service.ts writes every one: 'o', yyyyMMddHHmmss and 6 digits, 21 characters,
 * lower case. A search text of that shape can only be contained in the number it equals.
 */
export const WHOLE_ORDER_NO = /^o\d{20}$/i;

/**
 * A whole mobile. Members' mobiles are at most 11 characters (varchar(11); every write checks
 * MOBILE_PATTERN), so 11 digits can only be contained in the mobile they equal.
 */
export const WHOLE_MOBILE = /^\d{11}$/;

/**
 * The orders of a tenant that 订单列表's filters select: one query builder for the page, its
 * summary and anything else that lists by the same filters.
 *
 * The substring searches (no, nickname, mobile, receiverName) match as `contains` does; a text that
 * is a whole order number or mobile matches the same rows by equality, on the unique indexes
 * (uk_trade_order_no, uk_member_user_mobile) instead of reading every order or member. Each
 * equality filter has an index of migration 044 that also holds `deleted`, so the count reads the
 * index alone.
 */
export const filteredOrders = async (db: Kysely<Database>, tenantId: number, filter: TradeOrderFilter) => {
  let filtered = db.selectFrom('tradeOrder').where('tenantId', '=', tenantId).where(notDeleted());
  if (filter.no !== undefined)
    filtered = WHOLE_ORDER_NO.test(filter.no)
      ? filtered.where('no', '=', filter.no.toLowerCase())
      : filtered.where(contains('no', filter.no));
  if (filter.userId !== undefined) filtered = filtered.where('userId', '=', filter.userId);
  if (filter.userNickname !== undefined || filter.userMobile !== undefined) {
    let members = db
      .selectFrom('memberUser')
      .select('id')
      .where('tenantId', '=', tenantId)
      .where(notDeleted());
    if (filter.userNickname !== undefined)
      members = members
        .where('id', 'in', await gramCandidates(db, 'memberUserNicknameGram', tenantId, filter.userNickname))
        .where(contains('nickname', filter.userNickname));
    const wholeMobile = filter.userMobile !== undefined && WHOLE_MOBILE.test(filter.userMobile);
    if (filter.userMobile !== undefined)
      members = wholeMobile
        ? members.where('mobile', '=', filter.userMobile)
        : members.where(contains('mobile', filter.userMobile));
    // A whole mobile names one live member at most (uk_member_user_mobile): the member's orders are
    // then one equality, which SQLite walks newest first on idx_trade_order_user even without
    // statistics; a list of members could be any size.
    filtered = wholeMobile ? filtered.where('userId', '=', members) : filtered.where('userId', 'in', members);
  }
  if (filter.receiverName !== undefined)
    filtered = filtered
      .where(
        'id',
        'in',
        await gramCandidates(db, 'tradeOrderReceiverNameGram', tenantId, filter.receiverName),
      )
      .where(contains('receiverName', filter.receiverName));
  if (filter.receiverMobile !== undefined)
    filtered = filtered.where('receiverMobile', '=', filter.receiverMobile);
  if (filter.type !== undefined) filtered = filtered.where('type', '=', filter.type);
  if (filter.status !== undefined) filtered = filtered.where('status', '=', filter.status);
  if (filter.terminal !== undefined) filtered = filtered.where('terminal', '=', filter.terminal);
  if (filter.payChannelCode !== undefined)
    filtered = filtered.where('payChannelCode', '=', filter.payChannelCode);
  const [from, to] = filter.createTime ?? [null, null];
  if (from !== null) filtered = filtered.where('createTime', '>=', from);
  if (to !== null) filtered = filtered.where('createTime', '<=', to);
  if (from !== null || to !== null) {
    let inTime = db.selectFrom('tradeOrder').where('tenantId', '=', tenantId).where(notDeleted());
    if (from !== null) inTime = inTime.where('createTime', '>=', from);
    if (to !== null) inTime = inTime.where('createTime', '<=', to);
    // The orders of the time range also lie between the smallest and the largest id among them: a
    // condition that changes no result but bounds the newest-first walk. PostgreSQL, supposing the
    // range's orders spread evenly over the ids, would otherwise walk the primary key down from the
    // newest order to a day months ago. `id + 0` keeps the min/max optimisation from turning each
    // bound into that same walk: both are read from idx_trade_order_create_time alone.
    const id = sql<number>`${sql.ref('id')} + 0`;
    filtered = filtered
      .where(
        'id',
        '>=',
        inTime.select((eb) => eb.fn.min(id).as('lowest')),
      )
      .where(
        'id',
        '<=',
        inTime.select((eb) => eb.fn.max(id).as('highest')),
      );
  }
  return filtered;
};

/**
 * The number of orders and their paid amount that `filter` selects, from migration 045's kept counts
 * when it filters only by what they are kept by (the tabs, type, terminal, pay channel): a few rows
 * summed instead of up to every order counted. Null for any other filter.
 */
export const keptTotals = async (
  db: Kysely<Database>,
  tenantId: number,
  filter: TradeOrderFilter,
): Promise<{ orderCount: number; paidPrice: number } | null> => {
  const { status, type, terminal, payChannelCode, ...others } = filter;
  if (Object.values(others).some((value) => value !== undefined)) return null;
  let counts = db.selectFrom('tradeOrderCount').where('tenantId', '=', tenantId);
  if (status !== undefined) counts = counts.where('status', '=', status);
  if (type !== undefined) counts = counts.where('type', '=', type);
  if (terminal !== undefined) counts = counts.where('terminal', '=', terminal);
  if (payChannelCode !== undefined) counts = counts.where('payChannelCode', '=', payChannelCode);
  const row = await counts
    .select((eb) => [
      eb.fn.sum<number | string | null>('orderCount').as('orderCount'),
      eb.fn.sum<number | string | null>('paidPrice').as('paidPrice'),
    ])
    .executeTakeFirstOrThrow();
  // PostgreSQL answers a sum of bigint as text; no rows sum to null.
  return { orderCount: Number(row.orderCount ?? 0), paidPrice: Number(row.paidPrice ?? 0) };
};

/** The number of orders and their paid amount that `filter` selects: kept where they are, else counted. */
export const orderTotals = async (
  db: Kysely<Database>,
  tenantId: number,
  filter: TradeOrderFilter,
): Promise<{ orderCount: number; paidPrice: number }> => {
  const kept = await keptTotals(db, tenantId, filter);
  if (kept) return kept;
  const row = await (
    await filteredOrders(db, tenantId, filter)
  )
    .select((eb) => [
      eb.fn.countAll<number | string>().as('orderCount'),
      eb.fn
        .sum<number | string | null>(eb.case().when('payed', '=', 1).then(eb.ref('payPrice')).else(0).end())
        .as('paidPrice'),
    ])
    .executeTakeFirstOrThrow();
  return { orderCount: Number(row.orderCount), paidPrice: Number(row.paidPrice ?? 0) };
};
