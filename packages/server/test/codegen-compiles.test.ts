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
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { CODEGEN_TEMPLATE_TYPE } from '@app/contract';
import { defaultColumn } from '../src/modules/codegen/defaults.js';
import { generateModule, type GenColumn } from '../src/modules/codegen/generator/index.js';
import type { GenSub, GenTable } from '../src/modules/codegen/generator/model.js';

/*
 * The demo modules prove the generator on the reference's tables; this proves it on a table with every
 * kind of column the edit page offers (booleans, decimals, choices from a dictionary as text, uploads,
 * rich text, nullable or not, create-only and update-only ones) and neither audit columns nor a tenant,
 * and on two masters whose sub-tables hold booleans and rich text (which the demos' do not): their
 * modules, dropped into a copy of the repository with the three lines the README asks for each, pass
 * the type checks of the server, its tests and the web, and ESLint, without an edit, and then their
 * own generated API tests.
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

type Kind = (typeof KINDS)[number];

/** A key column `id`, then `kinds` in their order. */
const columnsOf = (kinds: readonly Kind[]): GenColumn[] => [
  defaultColumn({
    name: 'id',
    dataType: 'integer',
    comment: '编号',
    nullable: false,
    primaryKey: true,
    autoIncrement: true,
    ordinalPosition: 1,
  }),
  ...kinds.map(([name, dataType, nullable, settings], i) => ({
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

/** `order_item` → `OrderItem`. */
const pascal = (snake: string) =>
  snake.replace(/(^|_)(\w)/g, (_, _start: string, c: string) => c.toUpperCase());

const tableOf = (name: string, templateType: number): GenTable => ({
  tableName: `biz_${name}`,
  tableComment: `${pascal(name)}表`,
  moduleName: 'biz',
  businessName: pascal(name).replace(/^\w/, (c) => c.toLowerCase()),
  className: `Biz${pascal(name)}`,
  classComment: pascal(name),
  author: '代码生成',
  templateType,
  parentMenuId: 1070,
  treeParentColumn: null,
  treeNameColumn: null,
});

/** A sub-table's row: a name, a boolean and rich text besides the column naming its master. */
const subOf = (master: string, name: string, many: boolean): GenSub => ({
  table: tableOf(name, CODEGEN_TEMPLATE_TYPE.SUB),
  columns: columnsOf([
    [`${master}_id`, 'bigint', false, {}],
    ['name', 'varchar(50)', false, {}],
    ['gift', 'smallint', false, { javaType: 'Boolean', htmlType: 'radio' }],
    ['note', 'text', true, { htmlType: 'editor' }],
  ]),
  joinColumn: `${master}_id`,
  many,
});

const TITLE: Kind = ['title', 'varchar(50)', false, { listOperation: true, listOperationCondition: 'LIKE' }];

/** The modules of this proof: every kind of column; a master with a list and a row; an ERP master. */
const MODULES: [GenTable, GenColumn[], GenSub[]][] = [
  [tableOf('sample', CODEGEN_TEMPLATE_TYPE.ONE), columnsOf(KINDS), []],
  [
    tableOf('order', CODEGEN_TEMPLATE_TYPE.MASTER_NORMAL),
    columnsOf([TITLE]),
    [subOf('order', 'order_item', true), subOf('order', 'order_extra', false)],
  ],
  [tableOf('bill', CODEGEN_TEMPLATE_TYPE.MASTER_ERP), columnsOf([TITLE]), [subOf('bill', 'bill_line', true)]],
];

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

describe('generated modules of every kind of column and sub-table', () => {
  let copy = '';
  afterAll(() => {
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  it(
    'type-checks, lints and passes its own tests as it is, once wired in',
    { timeout: 600_000 },
    async () => {
      copy = copyRepository();
      const contract = join(copy, 'packages/contract/src');
      const migrate = join(copy, 'packages/server/src/db/migrate.ts');
      const generated: string[] = [];
      for (const [i, [table, columns, subs]] of MODULES.entries()) {
        const files = (await generateModule(table, columns, subs)).filter((f) => f.filePath !== 'README.md');
        for (const file of files) {
          mkdirSync(dirname(join(copy, file.filePath)), { recursive: true });
          writeFileSync(join(copy, file.filePath), file.code);
          generated.push(file.filePath);
        }
        // The three lines of the README.
        const domain = basename(
          files.find((f) => f.filePath.startsWith('packages/contract/'))!.filePath,
          '.ts',
        );
        const migration = basename(files.find((f) => f.filePath.includes('/migrations/'))!.filePath, '.ts');
        const name = domain.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
        insertAfter(
          join(contract, 'index.ts'),
          "from './api/codegen.js'",
          `export * from './api/${domain}.js';`,
        );
        insertAfter(
          join(contract, 'endpoints.ts'),
          "from './api/codegen.js'",
          `import * as ${name} from './api/${domain}.js';`,
        );
        insertAfter(join(contract, 'endpoints.ts'), '  codegen,', `  '${domain}': ${name},`);
        insertAfter(
          migrate,
          "from './migrations/029_codegen.js'",
          `import * as m99${i} from './migrations/${migration}.js';`,
        );
        insertAfter(migrate, "'029_codegen': m029,", `  '99${i}_${migration}': m99${i},`);
      }

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
      expect(await check([eslint, '--no-warn-ignored', ...generated])).toBe('');

      // The generated API tests, on every dialect this run has, in the copy's server package.
      const vitest = join(ROOT, 'node_modules/vitest/vitest.mjs');
      const tests = generated.filter((f) => f.startsWith('packages/server/test/'));
      const output = await check([
        vitest,
        'run',
        '--root',
        'packages/server',
        ...tests.map((f) => f.replace('packages/server/', '')),
      ]);
      expect(output, output).toMatch(new RegExp(`Test Files\\s+.*${tests.length} passed`));
      expect(output).not.toMatch(/failed/);
    },
  );
});
