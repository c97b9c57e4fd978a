// Code generation bench (issue 16): the preview of a 60-column table, timed at the server. A table of
// 60 columns of every kind (text, numbers, times, dictionary choices, uploads, rich text) is made in the
// server's SQLite file, imported and given settings that use every template branch; then the preview is
// asked for 30 times. Writes the "codegen" section of docs/benchmarks.md; run alone with
// `npm run bench -- codegen`.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { machine, startServer, stop, writeSection } from './server.js';

const COLUMNS = 60;
const RUNS = 30;
/** Previews before the timed ones: prettier's code gets fast only after some use in each worker. */
const WARM_UP = 10;
const TARGET_MS = 200;

const KINDS = [
  { type: 'varchar(100)', settings: { listOperation: true, listOperationCondition: 'LIKE' } },
  { type: 'integer', settings: { htmlType: 'radio', dictType: 'common_status', listOperation: true } },
  {
    type: 'bigint',
    settings: {
      javaType: 'LocalDateTime',
      htmlType: 'datetime',
      listOperation: true,
      listOperationCondition: 'BETWEEN',
    },
  },
  { type: 'varchar(512)', settings: { htmlType: 'imageUpload' } },
  { type: 'text', settings: { htmlType: 'editor' } },
  { type: 'double precision', settings: { listOperation: true, listOperationCondition: '>=' } },
] as const;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export const codegenBench = async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'admin-bench-codegen-'));
  const port = 28184;
  const { child } = await startServer(dataDir, port);
  const base = `http://127.0.0.1:${port}/admin-api`;
  try {
    const file = new SQLite(join(dataDir, 'admin.sqlite'));
    const columns = Array.from(
      { length: COLUMNS },
      (_, i) => `c${i} ${KINDS[i % KINDS.length]!.type}${i % 3 ? '' : ' not null'}`,
    );
    file.exec(`create table bench_wide (id integer primary key autoincrement, ${columns.join(', ')},
      creator varchar(64), create_time bigint not null default 0, updater varchar(64),
      update_time bigint not null default 0, deleted smallint not null default 0, tenant_id bigint not null default 0)`);
    file.close();

    const login = (await (
      await fetch(`${base}/system/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'tenant-id': '1' },
        body: JSON.stringify({ username: 'admin', password: 'admin123' }),
      })
    ).json()) as { data: { accessToken: string } };
    const headers = {
      authorization: `Bearer ${login.data.accessToken}`,
      'tenant-id': '1',
      'content-type': 'application/json',
    };
    const api = async (method: string, path: string, body?: unknown) => {
      const res = (await (
        await fetch(`${base}${path}`, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
        })
      ).json()) as { code: number; msg: string; data: never };
      if (res.code !== 0) throw new Error(`${path}: ${res.code} ${res.msg}`);
      return res.data;
    };
    const [tableId] = (await api('POST', '/infra/codegen/create-list', {
      dataSourceConfigId: 0,
      tableNames: ['bench_wide'],
    })) as number[];
    const detail = (await api('GET', `/infra/codegen/detail?tableId=${tableId}`)) as {
      table: Record<string, unknown>;
      columns: { columnName: string }[];
    };
    await api('PUT', '/infra/codegen/update', {
      table: { ...detail.table, parentMenuId: 2, className: 'BenchWide', classComment: '宽表' },
      columns: detail.columns.map((c) => {
        const i = /^c(\d+)$/.exec(c.columnName);
        return {
          ...c,
          columnComment: `字段${c.columnName}`,
          ...(i ? KINDS[Number(i[1]) % KINDS.length]!.settings : {}),
        };
      }),
    });

    const times: number[] = [];
    let files = 0;
    let bytes = 0;
    for (let i = 0; i < WARM_UP + RUNS; i++) {
      const started = performance.now();
      const preview = (await api('GET', `/infra/codegen/preview?tableId=${tableId}`)) as { code: string }[];
      times.push(performance.now() - started);
      files = preview.length;
      bytes = preview.reduce((total, f) => total + f.code.length, 0);
    }
    const [first] = times;
    const timed = times.slice(WARM_UP);
    const p50 = median(timed);
    const section = [
      '<!-- codegen:start -->',
      '## Code generation (issue 16)',
      '',
      `Machine: ${machine()}. A ${COLUMNS}-column table (text, numbers, times, dictionary choices, uploads, rich text) imported from the server's SQLite file; the preview (${files} files, ${(bytes / 1024).toFixed(0)} KB of code, formatted by prettier) asked for ${RUNS} times after ${WARM_UP} to warm up, each timed from request to response.`,
      '',
      '| Measure | Value | Target |',
      '|---|---|---|',
      `| Preview of a ${COLUMNS}-column table, median | ${p50.toFixed(0)} ms | ≤ ${TARGET_MS} ms ${p50 <= TARGET_MS ? '✅' : '❌'} |`,
      `| Preview, slowest of ${RUNS} | ${Math.max(...timed).toFixed(0)} ms | |`,
      `| First preview after the server started | ${first!.toFixed(0)} ms | |`,
      '<!-- codegen:end -->',
    ].join('\n');
    console.info(section);
    writeSection('codegen', section);
  } finally {
    await stop(child);
  }
};
