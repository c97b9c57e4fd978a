import type { TradeOrderSummary } from '@app/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';
import { insertOrderRow, orderPage } from './trade-fixture.js';

/*
 * What 订单列表 keeps instead of counting and reading every order (migrations 045 and 046): the
 * counts per status, type, terminal and pay channel, and the 1- and 2-character pieces of each
 * receiver's name. Both are kept by triggers, so they are checked after arbitrary writes straight to
 * trade_order (inserts, updates of every counted column, soft and hard deletes, renames) against
 * what the orders themselves say, and the page, its total and the summary against a filter in JS.
 */

interface Order {
  id: number;
  tenantId: number;
  status: number;
  type: number;
  terminal: number;
  payChannelCode: string | null;
  payed: number;
  payPrice: number;
  deleted: number;
  receiverName: string;
}

const STATUSES = [0, 10, 20, 30, 40];
const TYPES = [0, 1, 2, 3];
const TERMINALS = [10, 11, 20, 31];
const CHANNELS = [null, 'wx_lite', 'alipay_app', 'mock'];
/** Names from few characters, so that searches match often: Chinese, both ASCII cases, LIKE's own. */
const NAME_CHARACTERS = ['张', '丽', '王', '伟', 'a', 'B', '%', '_', ' ', '7'];

const orderFields = fc.record({
  tenantId: fc.constantFrom(1, 2),
  status: fc.constantFrom(...STATUSES),
  type: fc.constantFrom(...TYPES),
  terminal: fc.constantFrom(...TERMINALS),
  payChannelCode: fc.constantFrom(...CHANNELS),
  payed: fc.constantFrom(0, 1),
  payPrice: fc.integer({ min: 0, max: 100_000 }),
  deleted: fc.constantFrom(0, 0, 0, 1),
  receiverName: fc
    .array(fc.constantFrom(...NAME_CHARACTERS), { minLength: 1, maxLength: 6 })
    .map((cs) => cs.join('')),
});

/** One write: a new order, a change of some of an order's columns, or its row deleted. */
const write = fc.oneof(
  { arbitrary: orderFields.map((fields) => ({ kind: 'insert' as const, fields })), weight: 3 },
  {
    arbitrary: fc.record({
      kind: fc.constant('update' as const),
      pick: fc.nat(),
      fields: orderFields.chain((f) =>
        fc
          .subarray(Object.keys(f) as (keyof typeof f)[], { minLength: 1 })
          .map((keys) => Object.fromEntries(keys.filter((k) => k !== 'tenantId').map((k) => [k, f[k]]))),
      ),
    }),
    weight: 3,
  },
  { arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }), weight: 1 },
);

type Write = typeof write extends fc.Arbitrary<infer W> ? W : never;

/** lower() as both databases apply it to these characters (ASCII only here). */
const piecesOf = (name: string) => {
  const cs = [...name.toLowerCase()];
  return new Set([...cs, ...cs.slice(1).map((c, i) => cs[i]! + c)]);
};

describe.each(DIALECTS)('订单列表 kept totals and name pieces on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  const orders = new Map<number, Order>();

  const insert = async (fields: Omit<Order, 'id'>) => {
    const id = await insertOrderRow(t, { ...fields, userId: 1, createTime: Date.now() });
    orders.set(id, { ...fields, id });
  };

  const apply = async (w: Write) => {
    if (w.kind === 'insert') return insert(w.fields);
    const ids = [...orders.keys()];
    if (ids.length === 0) return;
    const id = ids[w.pick % ids.length]!;
    if (w.kind === 'delete') {
      await t.db.kysely.deleteFrom('tradeOrder').where('id', '=', id).execute();
      orders.delete(id);
      return;
    }
    if (Object.keys(w.fields).length === 0) return;
    await t.db.kysely.updateTable('tradeOrder').set(w.fields).where('id', '=', id).execute();
    orders.set(id, { ...orders.get(id)!, ...w.fields });
  };

  /** The kept counts, summed over their slots, beside the same figures from the orders. */
  const keptAndActual = async () => {
    const kept = await t.db.kysely
      .selectFrom('tradeOrderCount')
      .select(['tenantId', 'status', 'type', 'terminal', 'payChannelCode', 'orderCount', 'paidPrice'])
      .execute();
    const key = (o: { tenantId: number; status: number; type: number; terminal: number }, channel: string) =>
      `${o.tenantId}/${o.status}/${o.type}/${o.terminal}/${channel}`;
    const sum = (into: Map<string, [number, number]>, k: string, count: number, paid: number) => {
      const [c, p] = into.get(k) ?? [0, 0];
      into.set(k, [c + count, p + paid]);
    };
    const fromKept = new Map<string, [number, number]>();
    for (const row of kept)
      sum(fromKept, key(row, row.payChannelCode), Number(row.orderCount), Number(row.paidPrice));
    const fromOrders = new Map<string, [number, number]>();
    for (const o of orders.values())
      if (o.deleted === 0) sum(fromOrders, key(o, o.payChannelCode ?? ''), 1, o.payed === 1 ? o.payPrice : 0);
    const nonZero = (m: Map<string, [number, number]>) =>
      Object.fromEntries([...m].filter(([, [c, p]]) => c !== 0 || p !== 0).sort());
    return { kept: nonZero(fromKept), actual: nonZero(fromOrders) };
  };

  const keptPieces = async () => {
    const rows = await t.db.kysely
      .selectFrom('tradeOrderReceiverNameGram')
      .select(['tenantId', 'gram', 'rowId'])
      .execute();
    return rows.map((r) => `${r.tenantId}/${Number(r.rowId)}/${r.gram}`).sort();
  };
  const actualPieces = () =>
    [...orders.values()]
      .flatMap((o) => [...piecesOf(o.receiverName)].map((g) => `${o.tenantId}/${o.id}/${g}`))
      .sort();

  const page = (query: Record<string, string>) => orderPage(t, admin, query);
  const summary = async (query: Record<string, string>) => {
    const res = await t.api({ path: '/trade/order/summary', query, token: admin });
    expect(res.code, res.msg).toBe(0);
    const { orderCount, orderPayPrice } = res.data as TradeOrderSummary;
    return { orderCount, orderPayPrice };
  };
  /** Tenant 1's live orders that `keep`, newest first, as the page and the summary must answer. */
  const expected = (keep: (o: Order) => boolean) => {
    const live = [...orders.values()].filter((o) => o.tenantId === 1 && o.deleted === 0 && keep(o));
    const ids = live.map((o) => o.id).sort((a, b) => b - a);
    return {
      page: { ids: ids.slice(0, 100), total: ids.length },
      summary: {
        orderCount: live.length,
        orderPayPrice: live.reduce((s, o) => s + (o.payed === 1 ? o.payPrice : 0), 0),
      },
    };
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = (await t.login()).accessToken;
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps the counts and the name pieces exact through any writes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 12 }), async (writes) => {
        for (const w of writes) await apply(w);
        const { kept, actual } = await keptAndActual();
        expect(kept).toEqual(actual);
        expect(await keptPieces()).toEqual(actualPieces());
      }),
      { numRuns: 40, seed: 19 },
    );
    expect(orders.size).toBeGreaterThan(50);
  });

  it('answers the tabs and equality filters from the kept counts as the orders do', async () => {
    const cases: [Record<string, string>, (o: Order) => boolean][] = [
      [{}, () => true],
      ...STATUSES.map((s): [Record<string, string>, (o: Order) => boolean] => [
        { status: String(s) },
        (o) => o.status === s,
      ]),
      [{ type: '2', terminal: '20' }, (o) => o.type === 2 && o.terminal === 20],
      [{ payChannelCode: 'wx_lite', status: '30' }, (o) => o.payChannelCode === 'wx_lite' && o.status === 30],
    ];
    for (const [query, keep] of cases) {
      const want = expected(keep);
      expect(await page(query), JSON.stringify(query)).toEqual(want.page);
      expect(await summary(query), JSON.stringify(query)).toEqual(want.summary);
    }
  });

  it('finds receivers by any part of their name as a substring search does', async () => {
    const names = [...orders.values()].map((o) => o.receiverName);
    const texts = new Set([
      '张丽',
      '丽张',
      'b',
      'A',
      '%',
      '_',
      '%_',
      'ab7',
      '无此人',
      '张 王',
      ...names.slice(0, 15),
    ]);
    for (const name of names.slice(0, 15)) texts.add([...name].slice(1, 3).join(''));
    for (const text of texts) {
      if (text.trim() === '') continue;
      const needle = text.trim().toLowerCase();
      const keep = (o: Order) => o.receiverName.toLowerCase().includes(needle);
      const want = expected(keep);
      expect(await page({ receiverName: text }), text).toEqual(want.page);
      expect(await summary({ receiverName: text }), text).toEqual(want.summary);
    }
  });
});
