import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WHOLE_MOBILE, WHOLE_ORDER_NO } from '../src/modules/trade-order/order-list.js';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';
import { addMember } from './member-fixture.js';
import { expectSelectiveQueryPlans, QUERY_PLAN_CHECK, statementRecorder } from './query-plans.js';
import { insertOrderRow, openShop, orderPage } from './trade-fixture.js';

/*
 * 订单列表's fast paths (order-list.ts): a whole order number and a whole mobile are searched by
 * equality, a time range is bounded by its own smallest and largest id. Each must find exactly what
 * the general search finds: the substring match of lib/crud's `contains`, the range alone. Orders
 * are written directly (every column the list reads), checked against the same filters in JS.
 */

const DAY = 86_400_000;
/** Noon, 1 March 2026 (server local time). */
const BASE = new Date(2026, 2, 1, 12, 0, 0).getTime();
const pad = (n: number, width: number) => String(n).padStart(width, '0');
/** An order number as service.ts writes them, for a moment and a 6-digit tail. */
const orderNo = (at: number, tail: number) => {
  const d = new Date(at);
  return `o${d.getFullYear()}${pad(d.getMonth() + 1, 2)}${pad(d.getDate(), 2)}${pad(d.getHours(), 2)}${pad(d.getMinutes(), 2)}${pad(d.getSeconds(), 2)}${pad(tail, 6)}`;
};

interface Row {
  id: number;
  tenantId: number;
  no: string;
  userId: number;
  status: number;
  createTime: number;
  deleted: number;
}

interface MemberRow {
  id: number;
  tenantId: number;
  mobile: string;
  nickname: string;
  deleted: number;
}

/** `contains` in JS: `text` anywhere in `value`, ignoring case. */
const contains = (value: string, text: string) => value.toLowerCase().includes(text.toLowerCase());

describe.each(DIALECTS)('订单列表 fast paths on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  const recorder = statementRecorder();
  /** Every statement run while set (SQLite). */
  let captured: string[] | null = null;
  const orders: Row[] = [];
  const members: MemberRow[] = [];

  const member = async (tenantId: number, mobile: string, nickname: string, deleted = 0) => {
    const id = await addMember(t, { tenantId, mobile, nickname });
    if (deleted) await t.db.kysely.updateTable('memberUser').set({ deleted }).where('id', '=', id).execute();
    members.push({ id, tenantId, mobile, nickname, deleted });
    return id;
  };

  const order = async (o: Omit<Row, 'id'>) => {
    orders.push({ ...o, id: await insertOrderRow(t, o) });
  };

  /** Every order id of the console's page (newest first) and its total. */
  const page = (query: Record<string, string>) => orderPage(t, admin, query);

  /** What the page must answer: tenant 1's live orders that `keep`, newest first. */
  const expected = (keep: (o: Row) => boolean) => {
    const ids = orders
      .filter((o) => o.tenantId === 1 && o.deleted === 0 && keep(o))
      .map((o) => o.id)
      .sort((a, b) => b - a);
    return { ids, total: ids.length };
  };

  /** tenant 1's live members whose mobile contains `text`. */
  const byMobile = (text: string) =>
    new Set(
      members.filter((m) => m.tenantId === 1 && m.deleted === 0 && contains(m.mobile, text)).map((m) => m.id),
    );

  beforeAll(async () => {
    const onStatement = (statement: string) => {
      recorder.record(statement);
      captured?.push(statement);
    };
    t = await createTestApp(dialect, dialect === 'sqlite' ? { onStatement } : {});
    admin = (await t.login()).accessToken;
    // Two members whose mobiles share a tail, a deleted member with the first one's mobile (the
    // unique index holds live members only), and the same mobile in tenant 2.
    const gone = await member(1, '13800000001', '旧账号', 1);
    const first = await member(1, '13800000001', '小明');
    const second = await member(1, '13900000001', '小明明');
    const elsewhere = await member(2, '13800000001', '别家');
    // Ids and times apart: order k is placed on day SHUFFLE[k], so the newest is not the last written.
    const SHUFFLE = [5, 1, 9, 3, 7, 0, 8, 2, 6, 4, 11, 10];
    for (const [k, day] of SHUFFLE.entries()) {
      const createTime = BASE + day * DAY + k * 1000;
      await order({
        tenantId: 1,
        no: orderNo(createTime, k),
        userId: [first, second, gone][k % 3]!,
        status: [0, 10, 20, 30, 40][k % 5]!,
        createTime,
        deleted: k === 7 ? 1 : 0,
      });
    }
    // Tenant 2 has an order with tenant 1's first number.
    const { id: _id, ...copied } = orders[0]!;
    await order({ ...copied, tenantId: 2, userId: elsewhere });
  });
  afterAll(async () => {
    await t.close();
  });

  it('numbers every order it creates as a whole order number', async () => {
    const shop = await openShop(t, admin);
    const { id } = await shop.order(await shop.member());
    const { no, userId } = await t.db.kysely
      .selectFrom('tradeOrder')
      .select(['no', 'userId'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(no).toMatch(WHOLE_ORDER_NO);
    expect(no).toBe(no.toLowerCase());
    // Found by its whole number (equality) and by a part of it (substring), alike.
    expect((await page({ no })).ids).toEqual([id]);
    expect((await page({ no: no.toUpperCase() })).ids).toEqual([id]);
    expect((await page({ no: no.slice(3) })).ids).toEqual([id]);
    const { mobile } = await t.db.kysely
      .selectFrom('memberUser')
      .select('mobile')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(mobile).toMatch(WHOLE_MOBILE);
    await t.db.kysely.deleteFrom('tradeOrder').where('id', '=', id).execute();
  });

  it('finds a whole order number by equality exactly as the substring search finds it', async () => {
    for (const o of orders) {
      for (const text of [o.no, o.no.toUpperCase(), ` ${o.no} `]) {
        expect(WHOLE_ORDER_NO.test(text.trim())).toBe(true);
        const whole = await page({ no: text });
        expect(whole).toEqual(expected((x) => contains(x.no, text.trim())));
        // The same order through the substring path: the number without its leading 'o'.
        expect(whole).toEqual(await page({ no: text.trim().slice(1) }));
      }
    }
    // A number of the right shape that no order has; a deleted order's; tenant 2 sees its own.
    expect(await page({ no: orderNo(BASE + 400 * DAY, 1) })).toEqual({ ids: [], total: 0 });
    expect((await page({ no: orders[7]!.no })).total).toBe(0);
    // Other shapes keep the substring search: a prefix of one day's numbers finds that day's orders.
    const day = orders[0]!.no.slice(0, 9);
    expect(await page({ no: day })).toEqual(expected((x) => contains(x.no, day)));
  });

  it('finds the orders of a whole mobile by equality exactly as the substring search finds them', async () => {
    for (const text of ['13800000001', '13900000001', '13800000002', '3800000001', '00000001', '0001']) {
      const found = await page({ userMobile: text });
      const live = byMobile(text);
      expect(found, text).toEqual(expected((o) => live.has(o.userId)));
      if (WHOLE_MOBILE.test(text)) {
        // The substring path for the same members: the mobile without its first digit.
        expect([...byMobile(text.slice(1))]).toEqual([...live]);
        expect(await page({ userMobile: text.slice(1) })).toEqual(found);
      }
    }
    // With a nickname too: both must hold.
    const both = await page({ userMobile: '13800000001', userNickname: '小明' });
    expect(both).toEqual(expected((o) => byMobile('13800000001').has(o.userId)));
    expect(await page({ userMobile: '13800000001', userNickname: '小明明' })).toEqual({ ids: [], total: 0 });
    // A deleted member's orders stay out; tenant 2's member is not tenant 1's.
    const deleted = members.find((m) => m.deleted === 1)!;
    expect((await page({ userMobile: deleted.mobile })).ids).not.toContain(
      orders.find((o) => o.userId === deleted.id)!.id,
    );
  });

  it('lists a time range with its id bounds exactly as the range alone', async () => {
    const format = (ms: number) => {
      const d = new Date(ms);
      return `${d.getFullYear()}-${pad(d.getMonth() + 1, 2)}-${pad(d.getDate(), 2)} ${pad(d.getHours(), 2)}:${pad(d.getMinutes(), 2)}:${pad(d.getSeconds(), 2)}`;
    };
    const ranges: [number | null, number | null][] = [
      [BASE, BASE + DAY - 1],
      [BASE + 2 * DAY, BASE + 6 * DAY],
      [BASE + 3 * DAY, null],
      [null, BASE + 4 * DAY],
      [BASE + 100 * DAY, BASE + 101 * DAY],
      [BASE - 10 * DAY, BASE + 20 * DAY],
    ];
    for (const [from, to] of ranges) {
      const query: Record<string, string> = {};
      if (from !== null) query['createTime[0]'] = format(from);
      if (to !== null) query['createTime[1]'] = format(to);
      const inRange = (o: Row) =>
        (from === null || o.createTime >= Math.floor(from / 1000) * 1000) &&
        (to === null || o.createTime <= Math.floor(to / 1000) * 1000);
      expect(await page(query), JSON.stringify(query)).toEqual(expected(inRange));
      for (const status of [0, 30])
        expect(await page({ ...query, status: String(status) })).toEqual(
          expected((o) => inRange(o) && o.status === status),
        );
    }
  });

  // SQLite's plans without statistics (as the server runs): each equality the list offers reads its
  // own index, never every order of the tenant.
  if (dialect === 'sqlite') {
    it('reads an index of the filter, not every order of the tenant, for each equality', async () => {
      const { id: someone } = members[0]!;
      const queries: Record<string, string>[] = [
        { status: '30' },
        { type: '0' },
        { terminal: '10' },
        { payChannelCode: 'wx_lite' },
        { receiverMobile: '13800138000' },
        { userId: String(someone) },
        { userMobile: '13800000001' },
        { no: orders[3]!.no },
        { 'createTime[0]': '2026-03-02 00:00:00', 'createTime[1]': '2026-03-02 23:59:59' },
      ];
      const plans = [];
      for (const query of queries) {
        captured = [];
        await page(query);
        const statements = captured.filter((s) => /from "trade_order"/.test(s));
        captured = null;
        for (const statement of statements) {
          const plan = await sql<{ detail: string }>`explain query plan ${sql.raw(statement)}`.execute(
            t.db.kysely,
          );
          const tenantWide = plan.rows.filter(({ detail }) =>
            /^(SCAN trade_order\b|SEARCH trade_order USING (COVERING )?INDEX \w+ \(tenant_id=\?( AND deleted=\?)?\))/.test(
              detail,
            ),
          );
          plans.push({
            query,
            statement: statement.slice(0, 200),
            tenantWide: tenantWide.map((r) => r.detail),
          });
        }
      }
      // Each reads its page; those that are not tabs or kept equalities count too.
      for (const query of queries) expect(plans.some((p) => p.query === query)).toBe(true);
      expect(plans.length).toBeGreaterThan(queries.length);
      expect(plans.filter((p) => p.tenantWide.length > 0)).toEqual([]);
    });
    it(QUERY_PLAN_CHECK, () => expectSelectiveQueryPlans(t.db, recorder, 5));
  }
});
