import { execFile } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultColumn } from '../src/modules/codegen/defaults.js';
import { generateModule, type GenColumn } from '../src/modules/codegen/generator/index.js';

/*
 * The demo modules prove the generator on the reference's tables; this proves it on a table with every
 * kind of column the edit page offers (booleans, decimals, choices from a dictionary as text, uploads,
 * rich text, nullable or not, create-only and update-only ones) and neither audit columns nor a tenant:
 * its module, dropped into a copy of the repository with the three lines the README asks for, passes
 * the type checks of the server, its tests and the web, and ESLint, without an edit.
 */

const ROOT = join(import.meta.dirname, '../../..');
const run = promisify(execFile);

const KINDS: [name: string, dataType: string, nullable: boolean, settings: Partial<GenColumn>][] = [
  ['title', 'varchar(50)', false, { listOperation: true, listOperationCondition: 'LIKE' }],
  ['summary', 'varchar(200)', true, { htmlType: 'textarea' }],
  ['enabled', 'smallint', false, { javaType: 'Boolean', htmlType: 'radio', listOperation: true }],
  ['pinned', 'smallint', true, { javaType: 'Boolean', htmlType: 'checkbox' }],
  ['price', 'double precision', false, { listOperation: true, listOperationCondition: '>=' }],
  ['stock', 'bigint', true, { listOperation: true, listOperationCondition: '<>' }],
  ['kind', 'varchar(10)', false, { htmlType: 'select', dictType: 'common_status', listOperation: true }],
  ['status', 'integer', false, { listOperation: true }],
  ['cover', 'varchar(512)', true, { htmlType: 'imageUpload' }],
  ['attachment', 'varchar(512)', true, { htmlType: 'fileUpload' }],
  ['content', 'text', true, { htmlType: 'editor' }],
  ['publish_time', 'bigint', true, {}],
  [
    'code',
    'varchar(32)',
    false,
    { updateOperation: false, listOperation: true, listOperationCondition: '=' },
  ],
  ['note', 'varchar(100)', true, { createOperation: false }],
];

const columns = [
  defaultColumn({
    name: 'id',
    dataType: 'integer',
    comment: '编号',
    nullable: false,
    primaryKey: true,
    autoIncrement: true,
    ordinalPosition: 1,
  }),
  ...KINDS.map(([name, dataType, nullable, settings], i) => ({
    ...defaultColumn({
      name,
      dataType,
      comment: `字段${i}`,
      nullable,
      primaryKey: false,
      autoIncrement: false,
      ordinalPosition: i + 2,
    }),
    ...settings,
  })),
];

const table = {
  tableName: 'biz_sample',
  tableComment: '全类型示例表',
  moduleName: 'biz',
  businessName: 'sample',
  className: 'BizSample',
  classComment: '全类型示例',
  author: '代码生成',
  templateType: 1,
  parentMenuId: 1070,
  treeParentColumn: null,
  treeNameColumn: null,
};

/** A copy of the repository's sources, with node_modules linked (the workspace packages to the copy). */
const copyRepository = (): string => {
  const copy = mkdtempSync(join(tmpdir(), 'codegen-compiles-'));
  for (const file of ['package.json', 'tsconfig.base.json', 'eslint.config.js'])
    cpSync(join(ROOT, file), join(copy, file));
  cpSync(join(ROOT, 'packages'), join(copy, 'packages'), {
    recursive: true,
    filter: (source) => !/[/\\](dist|node_modules)$/.test(source),
  });
  mkdirSync(join(copy, 'node_modules/@app'), { recursive: true });
  for (const entry of readdirSync(join(ROOT, 'node_modules')))
    if (entry !== '@app') symlinkSync(join(ROOT, 'node_modules', entry), join(copy, 'node_modules', entry));
  for (const name of ['contract', 'server', 'web'])
    symlinkSync(join(copy, 'packages', name), join(copy, 'node_modules/@app', name));
  for (const name of ['server', 'web'])
    symlinkSync(join(ROOT, 'packages', name, 'node_modules'), join(copy, 'packages', name, 'node_modules'));
  return copy;
};

/** Adds `line` after the line of `file` that contains `anchor`. */
const insertAfter = (file: string, anchor: string, line: string) => {
  const text = readFileSync(file, 'utf8');
  const at = text.indexOf('\n', text.indexOf(anchor));
  writeFileSync(file, `${text.slice(0, at + 1)}${line}\n${text.slice(at + 1)}`);
};

describe('a generated module of every kind of column', () => {
  let copy = '';
  afterAll(() => {
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  it('type-checks and lints as it is, once wired in', { timeout: 600_000 }, async () => {
    const files = await generateModule(table, columns);
    copy = copyRepository();
    for (const file of files.filter((f) => f.filePath !== 'README.md')) {
      mkdirSync(dirname(join(copy, file.filePath)), { recursive: true });
      writeFileSync(join(copy, file.filePath), file.code);
    }
    // The three lines of the README.
    const contract = join(copy, 'packages/contract/src');
    insertAfter(
      join(contract, 'index.ts'),
      "from './api/codegen.js'",
      "export * from './api/biz-sample.js';",
    );
    insertAfter(
      join(contract, 'endpoints.ts'),
      "from './api/codegen.js'",
      "import * as bizSample from './api/biz-sample.js';",
    );
    insertAfter(join(contract, 'endpoints.ts'), '  codegen,', "  'biz-sample': bizSample,");
    const migrate = join(copy, 'packages/server/src/db/migrate.ts');
    insertAfter(
      migrate,
      "from './migrations/029_codegen.js'",
      "import * as m999 from './migrations/gen_biz_biz_sample.js';",
    );
    insertAfter(migrate, "'029_codegen': m029,", "  '999_gen_biz_biz_sample': m999,");

    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    const check = async (args: string[]) => {
      const result = await run(process.execPath, args, { cwd: copy, maxBuffer: 1 << 24 }).catch(
        (error: { stdout?: string; stderr?: string }) => error,
      );
      return `${result.stdout ?? ''}${result.stderr ?? ''}`.trim();
    };
    expect(await check([tsc, '-b', 'packages/contract', 'packages/server'])).toBe('');
    expect(await check([tsc, '-p', 'packages/server/tsconfig.test.json'])).toBe('');
    expect(await check([tsc, '-p', 'packages/web', '--noEmit'])).toBe('');
    const eslint = join(ROOT, 'node_modules/eslint/bin/eslint.js');
    const generated = files.filter((f) => f.filePath !== 'README.md').map((f) => f.filePath);
    expect(await check([eslint, '--no-warn-ignored', ...generated])).toBe('');
  });
});
