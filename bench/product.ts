// Product catalogue bench (issue 17): the SPU page and each of its tabs over 100,000 SPUs with
// 1,000,000 SKUs, and saving a product of 125 SKUs (5 × 5 × 5 specifications), on SQLite and (when it
// is reachable) PostgreSQL, timed at the server. Writes the "product" section of docs/benchmarks.md;
// run alone with `npm run bench -- product`.
import { mkdtempSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../packages/server/dist/db/database.js';
import { migrateToLatest } from '../packages/server/dist/db/migrate.js';
import { seedIfEmpty } from '../packages/server/dist/db/seed.js';
import { signedInApp, timed } from './in-process.js';
import { chromium } from '@playwright/test';
import { startServer, stop, onEachDialect, writeSection } from './server.js';

const SPUS = 100_000;
const SKUS_PER_SPU = 10;
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const SAVES = 50;
const PAGE_TARGET_MS = 20;
const SAVE_TARGET_MS = 100;
const KEYSTROKES = 60;
const KEYSTROKE_TARGET_MS = 50;

/** Writes a category, a brand and the SPUs with their SKUs in the database itself; in seconds. */
const fill = async (db: Db): Promise<{ seconds: number; categoryId: number; brandId: number }> => {
  const started = performance.now();
  const now = Date.now();
  const audit = `${now} - i * 1000, ${now} - i * 1000, 0, 1`;
  await sql
    .raw(
      `insert into product_category (parent_id, name, pic_url, sort, status, create_time, update_time, deleted, tenant_id)
       values (0, '压测', 'c.png', 0, 0, ${now}, ${now}, 0, 1)`,
    )
    .execute(db.kysely);
  const top = await db.kysely.selectFrom('productCategory').select('id').executeTakeFirstOrThrow();
  await sql
    .raw(
      `insert into product_category (parent_id, name, pic_url, sort, status, create_time, update_time, deleted, tenant_id)
       values (${top.id}, '压测子类', 'c.png', 0, 0, ${now}, ${now}, 0, 1)`,
    )
    .execute(db.kysely);
  await sql
    .raw(
      `insert into product_brand (name, pic_url, sort, status, create_time, update_time, deleted, tenant_id)
       values ('压测品牌', 'b.png', 0, 0, ${now}, ${now}, 0, 1)`,
    )
    .execute(db.kysely);
  const { id: categoryId } = await db.kysely
    .selectFrom('productCategory')
    .select('id')
    .where('parentId', '=', top.id)
    .executeTakeFirstOrThrow();
  const { id: brandId } = await db.kysely.selectFrom('productBrand').select('id').executeTakeFirstOrThrow();
  const series = (count: number) =>
    db.dialect === 'postgres'
      ? `generate_series(1::bigint, ${count}) as s(i)`
      : `(with recursive n(i) as (select 1 union all select i + 1 from n where i < ${count}) select i from n)`;
  // One in ten in the recycle bin, a third of the rest in the warehouse, one in fifty alarming.
  await sql
    .raw(
      `insert into product_spu (name, code, sell_point, description, category_id, brand_id, pic_urls, sort, status,
              spec_type, show_stock, market_price, min_price, max_price, total_stock, alarm_stock, virtual_sales_count,
              sales_count, click_count, create_time, update_time, deleted, tenant_id)
       select '压测商品' || i, 'SPU' || i, '卖点', '<p>描述</p>', ${categoryId}, ${brandId}, '["p.png"]', i % 100,
              case when i % 10 = 0 then -1 when i % 3 = 0 then 0 else 1 end, 2, 1, 2000 + i % 500, 1000 + i % 500,
              1500 + i % 500, 100, case when i % 50 = 1 then 1 else 0 end, 0, i % 1000, 0, ${audit}
       from ${series(SPUS)}`,
    )
    .execute(db.kysely);
  const { id: firstSpu } = await db.kysely
    .selectFrom('productSpu')
    .select((eb) => eb.fn.min('id').as('id'))
    .executeTakeFirstOrThrow();
  await sql
    .raw(
      `insert into product_sku (spu_id, name, properties, property_key, pic_url, price, market_price, cost_price,
              stock, warn_stock, status, sales_count, create_time, update_time, deleted, tenant_id)
       select ${firstSpu} + (i - 1) / ${SKUS_PER_SPU}, '规格' || i, '[]', ',' || i || ',', 's.png', 1000, 2000, 500,
              10, 2, 0, 0, ${audit}
       from ${series(SPUS * SKUS_PER_SPU)}`,
    )
    .execute(db.kysely);
  await sql.raw(db.dialect === 'postgres' ? 'vacuum analyze' : 'analyze').execute(db.kysely);
  return {
    seconds: (performance.now() - started) / 1000,
    categoryId: Number(categoryId),
    brandId: Number(brandId),
  };
};

const QUERIES = [
  { name: '商品分页：全部（第 1 页）', query: 'pageNo=1' },
  { name: '商品分页：全部（第 500 页）', query: 'pageNo=500' },
  { name: '销售中', query: 'pageNo=1&status=1' },
  { name: '仓库中', query: 'pageNo=1&status=0' },
  { name: '预警中', query: 'pageNo=1&alarmStock=true' },
  { name: '回收站', query: 'pageNo=1&status=-1' },
  { name: '搜索：名称包含 商品1234', query: 'pageNo=1&name=%E5%95%86%E5%93%811234' },
];

/** Five properties of five values each, through the API; the SKUs of their first three (125). */
type Call = <T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) => Promise<T>;

const bigProduct = async (call: Call, categoryId: number, brandId: number) => {
  const properties: { id: number; values: number[] }[] = [];
  for (const name of ['颜色', '尺码', '材质']) {
    const id = await call<number>('POST', '/product/property/create', { name });
    const values: number[] = [];
    for (let v = 1; v <= 5; v++)
      values.push(
        await call<number>('POST', '/product/property/value/create', { propertyId: id, name: `${name}${v}` }),
      );
    properties.push({ id, values });
  }
  const [a, b, c] = properties as [(typeof properties)[0], (typeof properties)[0], (typeof properties)[0]];
  const skus = (price: number) =>
    a.values.flatMap((x) =>
      b.values.flatMap((y) =>
        c.values.map((z) => ({
          picUrl: 's.png',
          price,
          marketPrice: 90000,
          costPrice: 500,
          status: 0,
          stock: 100,
          warnStock: 5,
          weight: 0.5,
          volume: 0.01,
          barCode: null,
          properties: [
            { propertyId: a.id, valueId: x },
            { propertyId: b.id, valueId: y },
            { propertyId: c.id, valueId: z },
          ],
        })),
      ),
    );
  const body = (price: number) => ({
    name: '一百二十五规格',
    description: '<p>描述</p>',
    categoryId,
    brandId,
    picUrls: ['p.png'],
    status: 1,
    specType: 2,
    showStock: true,
    virtualSalesCount: 0,
    skus: skus(price),
  });
  return body;
};

const run = async (label: string, db: Db) => {
  await migrateToLatest(db);
  await seedIfEmpty(db);
  const { seconds, categoryId, brandId } = await fill(db);
  console.info(`${label}: ${SPUS} SPUs and ${SPUS * SKUS_PER_SPU} SKUs written in ${seconds.toFixed(1)} s`);
  const { call, close } = await signedInApp(db);
  const pages = [];
  for (const q of QUERIES) {
    const m = await timed(RUNS, 20, () =>
      call<{ total: number }>('GET', `/product/spu/page?pageSize=10&${q.query}`),
    );
    console.info(
      `${label} ${q.name}: p50 ${m.p50.toFixed(1)} ms, p95 ${m.p95.toFixed(1)} ms (${m.last.total} rows)`,
    );
    pages.push(m);
  }
  const body = await bigProduct(call, categoryId, brandId);
  const create = await timed(SAVES, 0, () => call<number>('POST', '/product/spu/create', body(1000)));
  const id = create.last;
  // Each save changes every price, so every SKU row is written.
  const update = await timed(SAVES, 5, (i) => call('PUT', '/product/spu/update', { ...body(1000 + i), id }));
  console.info(
    `${label} 125-SKU save: create p95 ${create.p95.toFixed(1)} ms, update p95 ${update.p95.toFixed(1)} ms`,
  );
  await close();
  return { label, seconds, pages, create, update };
};

/** The API of a server over HTTP, signed in as admin, in the shape of `signedInApp`'s `call`. */
const httpApi = async (base: string): Promise<Call> => {
  const send = async <T>(method: string, path: string, body: unknown, token?: string): Promise<T> => {
    const res = await fetch(`${base}/admin-api${path}`, {
      method,
      headers: {
        'tenant-id': '1',
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const envelope = (await res.json()) as { code: number; msg: string; data: T };
    if (envelope.code !== 0) throw new Error(`${path}: ${envelope.code} ${envelope.msg}`);
    return envelope.data;
  };
  const { accessToken } = await send<{ accessToken: string }>('POST', '/system/auth/login', {
    username: 'admin',
    password: 'admin123',
  });
  return (method, path, body) => send(method, path, body, accessToken);
};

/**
 * Typing in the SPU editor's table of 125 SKUs, in Chromium: each keystroke timed from its keydown to the
 * frame after it (React's update, layout and paint), one keystroke at a time.
 */
const editorKeystrokes = async () => {
  const port = 28185;
  const base = `http://127.0.0.1:${port}`;
  const { child } = await startServer(mkdtempSync(join(tmpdir(), 'admin-bench-spu-editor-')), port);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const call = await httpApi(base);
    const picture = { picUrl: 'https://img.example.com/c.png', sort: 0, status: 0 };
    const top = await call<number>('POST', '/product/category/create', {
      ...picture,
      parentId: 0,
      name: '压测',
    });
    const categoryId = await call<number>('POST', '/product/category/create', {
      ...picture,
      parentId: top,
      name: '子类',
    });
    const brandId = await call<number>('POST', '/product/brand/create', { ...picture, name: '压测品牌' });
    const body = await bigProduct(call, categoryId, brandId);
    const id = await call<number>('POST', '/product/spu/create', body(1000));

    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${base}/login`);
    await page.getByRole('textbox', { name: '账号' }).fill('admin');
    await page.getByLabel('密码', { exact: true }).fill('admin123');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.getByRole('navigation', { name: '侧边菜单' }).waitFor();
    await page.goto(`${base}/spu/edit/${id}`);
    await page.getByRole('tab', { name: '价格库存' }).click();
    const cell = page.getByLabel('条码 颜色1,尺码3,材质3', { exact: true });
    await cell.click();
    await page.evaluate(() => {
      const times: number[] = [];
      (window as unknown as { keystrokes: number[] }).keystrokes = times;
      document.addEventListener(
        'keydown',
        () => {
          const start = performance.now();
          requestAnimationFrame(() => setTimeout(() => times.push(performance.now() - start)));
        },
        { capture: true },
      );
    });
    for (let i = 0; i < KEYSTROKES; i++) {
      await page.keyboard.press(String(i % 10));
      await page.waitForFunction(
        (n) => (window as unknown as { keystrokes: number[] }).keystrokes.length > n,
        i,
      );
    }
    const times = (
      await page.evaluate(() => (window as unknown as { keystrokes: number[] }).keystrokes)
    ).sort((a, b) => a - b);
    const typed = await cell.inputValue();
    if (typed.length !== KEYSTROKES) throw new Error(`typed ${typed.length} of ${KEYSTROKES} characters`);
    return { p50: times[Math.floor(times.length / 2)]!, p95: times[Math.floor(times.length * 0.95)]! };
  } finally {
    await browser.close();
    await stop(child);
  }
};

export const productBench = async () => {
  const runs = await onEachDialect('product', (label, db) => run(label, db));

  const keystrokes = await editorKeystrokes();
  console.info(
    `SPU editor keystroke: p50 ${keystrokes.p50.toFixed(1)} ms, p95 ${keystrokes.p95.toFixed(1)} ms`,
  );

  const mark = (ms: number, target: number) => (ms <= target ? '✅' : '❌');
  const cell = (m: { p50: number; p95: number }, target: number) =>
    `${m.p50.toFixed(1)} / ${m.p95.toFixed(1)} ms ${mark(m.p95, target)}`;
  const section = [
    '<!-- product:start -->',
    '## Product catalogue (issue 17)',
    '',
    `Measured at the server (in-process requests through Fastify), ${RUNS} requests per page query after 20 warm-up requests, signed in as admin, on ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}. ${SPUS.toLocaleString('en')} SPUs with ${(SPUS * SKUS_PER_SPU).toLocaleString('en')} SKUs in tenant 1: one in ten in the recycle bin, a third of the rest in the warehouse, one in fifty with an SKU at its warning stock. Pages of 10 rows with their total. The save is a product of 125 SKUs (3 properties × 5 values), created ${SAVES} times and updated ${SAVES} times with every price changed. Targets: page p95 ≤ ${PAGE_TARGET_MS} ms, save p95 ≤ ${SAVE_TARGET_MS} ms.`,
    '',
    `| Measure | ${runs.map((r) => `${r.label} p50 / p95`).join(' | ')} |`,
    `| --- | ${runs.map(() => '---').join(' | ')} |`,
    ...QUERIES.map(
      (q, i) => `| ${q.name} | ${runs.map((r) => cell(r.pages[i]!, PAGE_TARGET_MS)).join(' | ')} |`,
    ),
    `| 保存 125 个 SKU 的商品：新增 | ${runs.map((r) => cell(r.create, SAVE_TARGET_MS)).join(' | ')} |`,
    `| 保存 125 个 SKU 的商品：修改 | ${runs.map((r) => cell(r.update, SAVE_TARGET_MS)).join(' | ')} |`,
    `| Writing the rows | ${runs.map((r) => `${r.seconds.toFixed(1)} s`).join(' | ')} |`,
    '',
    `Typing in the SPU editor (Chromium, the table of 125 SKUs, ${KEYSTROKES} keystrokes one at a time into one SKU's 条码, each from keydown to the frame after it): p50 ${keystrokes.p50.toFixed(1)} ms, p95 ${keystrokes.p95.toFixed(1)} ms ${mark(keystrokes.p95, KEYSTROKE_TARGET_MS)} (target p95 ≤ ${KEYSTROKE_TARGET_MS} ms).`,
    '<!-- product:end -->',
  ].join('\n');
  console.info(section);
  writeSection('product', section);
};
