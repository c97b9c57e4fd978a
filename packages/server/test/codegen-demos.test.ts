import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { CodegenDetail, CodegenPreviewFile } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PARENT_MENU_ID, DEMOS, type DemoSpec, type TableSpec } from './fixtures/codegen-demos.js';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';

/*
 * The committed demo modules are the generator's output, byte for byte: each demo's tables are imported
 * from the running database, given the settings of the fixture through the edit page's API, and the
 * preview compared with the files in the repository. `CODEGEN_DEMOS=write` rewrites them instead
 * (after a change to the generator).
 */

const ROOT = join(import.meta.dirname, '../../..');
const WRITE = process.env.CODEGEN_DEMOS === 'write';

describe.each(DIALECTS)('the committed demo modules on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = (await t.login()).accessToken;
  });
  afterAll(async () => {
    await t.close();
  });

  const detail = async (tableId: number) => {
    const d = (
      await t.api({ path: '/infra/codegen/detail', query: { tableId: String(tableId) }, token: admin })
    ).data as CodegenDetail;
    return {
      ...d,
      idOf: (name: string | undefined) => d.columns.find((c) => c.columnName === name)?.id ?? null,
    };
  };

  /** Saves the fixture's settings of a table as the edit page would, with `extra` table settings. */
  const save = async (tableId: number, spec: TableSpec, extra: Record<string, unknown> = {}) => {
    const { table, columns, idOf } = await detail(tableId);
    const saved = await t.api({
      method: 'PUT',
      path: '/infra/codegen/update',
      token: admin,
      body: {
        table: {
          ...table,
          ...spec.table,
          moduleName: 'infra',
          author: '代码生成',
          parentMenuId: DEMO_PARENT_MENU_ID,
          treeParentColumnId: idOf(spec.table.treeParentColumn),
          treeNameColumnId: idOf(spec.table.treeNameColumn),
          ...extra,
        },
        columns: columns.map((c) => ({ ...c, ...spec.columns[c.columnName] })),
      },
    });
    expect(saved.code, saved.msg).toBe(0);
  };

  /** Imports the demo's tables and saves the fixture's settings; the ids of the master and its subs. */
  const configure = async (demo: DemoSpec): Promise<number[]> => {
    const subs = demo.subs ?? [];
    const imported = await t.api({
      method: 'POST',
      path: '/infra/codegen/create-list',
      body: { dataSourceConfigId: 0, tableNames: [demo.tableName, ...subs.map((sub) => sub.tableName)] },
      token: admin,
    });
    expect(imported.code, imported.msg).toBe(0);
    const ids = imported.data as number[];
    await save(ids[0]!, demo);
    for (const [i, sub] of subs.entries()) {
      const { idOf } = await detail(ids[i + 1]!);
      await save(ids[i + 1]!, sub, {
        masterTableId: ids[0],
        subJoinColumnId: idOf(sub.joinColumn),
        subJoinMany: sub.many,
      });
    }
    return ids;
  };

  for (const demo of DEMOS)
    it(`generates ${demo.table.className} as committed`, async () => {
      const ids = await configure(demo);
      const preview = await t.api({
        path: '/infra/codegen/preview',
        query: { tableId: String(ids[0]) },
        token: admin,
      });
      expect(preview.code, preview.msg).toBe(0);
      for (const file of (preview.data as CodegenPreviewFile[]).filter((f) => f.filePath !== 'README.md')) {
        const path = join(ROOT, file.filePath);
        if (WRITE) {
          mkdirSync(dirname(path), { recursive: true });
          writeFileSync(path, file.code);
        } else
          expect(file.code, `${file.filePath} differs from the generator's output`).toBe(
            readFileSync(path, 'utf8'),
          );
      }
      // The variants of a master share its tables: each imports them anew.
      for (const id of ids)
        await t.api({
          method: 'DELETE',
          path: '/infra/codegen/delete',
          query: { tableId: String(id) },
          token: admin,
        });
    });
});
