import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { CodegenDetail, CodegenPreviewFile } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PARENT_MENU_ID, DEMOS, type DemoSpec } from './fixtures/codegen-demos.js';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';

/*
 * The committed demo modules are the generator's output, byte for byte: each demo table is imported
 * from the running database, given the settings of the fixture through the edit page's API, and its
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

  /** Imports the demo's table and saves the fixture's settings; the table's id. */
  const configure = async (demo: DemoSpec): Promise<number> => {
    const imported = await t.api({
      method: 'POST',
      path: '/infra/codegen/create-list',
      body: { dataSourceConfigId: 0, tableNames: [demo.tableName] },
      token: admin,
    });
    expect(imported.code, imported.msg).toBe(0);
    const [tableId] = imported.data as number[];
    const { table, columns } = (
      await t.api({ path: '/infra/codegen/detail', query: { tableId: String(tableId) }, token: admin })
    ).data as CodegenDetail;
    const idOf = (name: string | undefined) => columns.find((c) => c.columnName === name)?.id ?? null;
    const saved = await t.api({
      method: 'PUT',
      path: '/infra/codegen/update',
      token: admin,
      body: {
        table: {
          ...table,
          ...demo.table,
          moduleName: 'infra',
          author: '代码生成',
          parentMenuId: DEMO_PARENT_MENU_ID,
          treeParentColumnId: idOf(demo.table.treeParentColumn),
          treeNameColumnId: idOf(demo.table.treeNameColumn),
        },
        columns: columns.map((c) => ({ ...c, ...demo.columns[c.columnName] })),
      },
    });
    expect(saved.code, saved.msg).toBe(0);
    return tableId!;
  };

  for (const demo of DEMOS)
    it(`generates ${demo.tableName} as committed`, async () => {
      const tableId = await configure(demo);
      const preview = await t.api({
        path: '/infra/codegen/preview',
        query: { tableId: String(tableId) },
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
    });
});
