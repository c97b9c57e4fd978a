// Pay bench (issue 18): demo orders created and paid with the mock channel by 20 concurrent clients,
// then every merchant notification delivered to a local merchant, on SQLite and (when it is
// reachable) PostgreSQL, timed at the server. Writes the "pay" section of docs/benchmarks.md; run
// alone with `npm run bench -- pay`.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Db } from '../packages/server/dist/db/database.js';
import { migrateToLatest } from '../packages/server/dist/db/migrate.js';
import { seedIfEmpty } from '../packages/server/dist/db/seed.js';
import { percentile, signedInApp } from './in-process.js';
import { machine, onEachDialect, writeSection } from './server.js';

const CLIENTS = 20;
const ORDERS = Number(process.env.BENCH_PAY_ORDERS ?? 2000);
const SUBMIT_TARGET_MS = 50;
const ORDERS_TARGET_PER_S = 200;

/** A merchant answering every notification with success; counts them. */
const startMerchant = async () => {
  let received = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received += 1;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"code":0,"data":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/notify`,
    received: () => received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
};

const run = async (label: string, db: Db, merchantUrl: string, received: () => number) => {
  await migrateToLatest(db);
  await seedIfEmpty(db);
  const { call, close } = await signedInApp(db);
  const appId = await call<number>('POST', '/pay/app/create', {
    name: '压测应用',
    status: 0,
    orderNotifyUrl: merchantUrl,
    refundNotifyUrl: merchantUrl,
  });
  await call('POST', '/pay/channel/create', { appId, code: 'mock', status: 0, feeRate: 0, config: '{}' });

  const before = received();
  const submits: number[] = [];
  let next = 0;
  const started = performance.now();
  // Each client makes a demo order (which creates its pay order) and pays it, until ORDERS are paid.
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < ORDERS) {
        next += 1;
        const demoId = await call<number>('POST', '/pay/demo-order/create', { spuId: 3, appId });
        const { payOrderId } = await call<{ payOrderId: number }>('GET', `/pay/demo-order/get?id=${demoId}`);
        const t0 = performance.now();
        await call('POST', '/pay/order/submit', { id: payOrderId, channelCode: 'mock' });
        submits.push(performance.now() - t0);
      }
    }),
  );
  const paidSeconds = (performance.now() - started) / 1000;
  // The notifier polls every second and drains full batches: wait for the last notification.
  while (received() - before < submits.length) await new Promise((resolve) => setTimeout(resolve, 50));
  const notifiedSeconds = (performance.now() - started) / 1000;
  await close();
  submits.sort((a, b) => a - b);
  const result = {
    label,
    orders: submits.length,
    perSecond: submits.length / paidSeconds,
    p50: percentile(submits, 0.5),
    p95: percentile(submits, 0.95),
    notifiedPerSecond: submits.length / notifiedSeconds,
  };
  console.info(
    `${label}: ${result.orders} orders paid at ${result.perSecond.toFixed(0)}/s, submit p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms; all notified at ${result.notifiedPerSecond.toFixed(0)}/s`,
  );
  return result;
};

export const payBench = async () => {
  const merchant = await startMerchant();
  process.env.PAY_NOTIFY_ALLOWED_HOSTS = '127.0.0.1';
  const runs = await onEachDialect('pay', (label, db) => run(label, db, merchant.url, merchant.received));
  await merchant.close();

  const mark = (ok: boolean) => (ok ? '✅' : '❌');
  const section = [
    '<!-- pay:start -->',
    '## Payments (issue 18)',
    '',
    `${machine()}. Measured at the server (in-process requests through Fastify), signed in as admin: ${CLIENTS} concurrent clients each create a demo order (which creates its pay order), read it and pay it with the mock channel, until ${ORDERS.toLocaleString('en')} orders are paid; every payment is one transaction (attempt, order, demo order, notification task). The notifier then posts each result to a local merchant answering \`{code: 0}\`. Targets: ≥ ${ORDERS_TARGET_PER_S} orders/s, submit p95 ≤ ${SUBMIT_TARGET_MS} ms.`,
    '',
    `| Measure | ${runs.map((r) => r.label).join(' | ')} |`,
    `| --- | ${runs.map(() => '---').join(' | ')} |`,
    `| Orders created and paid per second | ${runs.map((r) => `${r.perSecond.toFixed(0)} ${mark(r.perSecond >= ORDERS_TARGET_PER_S)}`).join(' | ')} |`,
    `| Submit p50 / p95 | ${runs.map((r) => `${r.p50.toFixed(1)} / ${r.p95.toFixed(1)} ms ${mark(r.p95 <= SUBMIT_TARGET_MS)}`).join(' | ')} |`,
    `| Orders paid and their merchants notified, per second | ${runs.map((r) => r.notifiedPerSecond.toFixed(0)).join(' | ')} |`,
    '<!-- pay:end -->',
  ].join('\n');
  console.info(section);
  writeSection('pay', section);
};
