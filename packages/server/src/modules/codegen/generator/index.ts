import { apiTestFile } from './api-test.js';
import { contractFile } from './contract.js';
import { formatFile } from './format.js';
import { type GenColumn, type GeneratedFile, type GenSub, type GenTable, namesOf } from './model.js';
import { migrationFile, moduleFile, repositoryFile, routesFile, serviceFile } from './server.js';
import { pageExportFile, pageFile } from './web.js';

export type { GenColumn, GeneratedFile, GenSub, GenTable } from './model.js';

const readme = (
  table: GenTable,
  migration: string,
  domain: string,
  camel: string,
): string => `# ${table.classComment}（${table.tableName}）

由 代码生成 生成：作者 ${table.author}。把压缩包里的 \`packages\` 目录合并到项目根目录，再在三个清单里各加一行：

1. \`packages/contract/src/index.ts\`：\`export * from './api/${domain}.js';\`
2. \`packages/contract/src/endpoints.ts\`：\`import * as ${camel} from './api/${domain}.js';\`，并在 \`API_MODULES\` 中加入 \`'${domain}': ${camel}\`
3. \`packages/server/src/db/migrate.ts\` 的迁移清单 \`STEPS\`：\`'<下一个编号>_${migration}': <导入名>\`（\`import * as … from './migrations/${migration}.js'\`）

然后运行 \`npm test\`：生成的 API 测试在 SQLite 和 PostgreSQL 上检查每个接口。重启服务后，菜单出现在所选的上级菜单下，超级管理员可直接使用，其他角色需在 角色管理 中分配菜单权限。
`;

/**
 * The files of a module for one table: contract, migration (table and menus), server module, web page
 * and the page the menu names, the API test, and a README on wiring it in. Pure: the same settings give
 * the same bytes, which is what the committed demo modules are checked against.
 */
export const generateModule = async (
  table: GenTable,
  columns: readonly GenColumn[],
  subs: readonly GenSub[] = [],
): Promise<GeneratedFile[]> => {
  const n = namesOf(table);
  // Named by the module, not the table: the modules of several templates may share a table.
  const migration = `gen_${table.moduleName}_${n.domain.replace(/-/g, '_')}`;
  const server = `packages/server/src/modules/${n.domain}`;
  const web = `packages/web/src/features/${n.domain}`;
  const files: GeneratedFile[] = [
    { filePath: `packages/contract/src/api/${n.domain}.ts`, code: contractFile(table, columns, n, subs) },
    {
      filePath: `packages/server/src/db/migrations/${migration}.ts`,
      code: migrationFile(table, columns, n, subs),
    },
    { filePath: `${server}/module.ts`, code: moduleFile(n) },
    { filePath: `${server}/repository.ts`, code: repositoryFile(table, columns, n, subs) },
    { filePath: `${server}/routes.ts`, code: routesFile(table, n, subs) },
    { filePath: `${server}/service.ts`, code: serviceFile(table, columns, n, subs) },
    {
      filePath: `packages/server/test/${n.domain}.test.ts`,
      code: apiTestFile(table, columns, n, migration, subs),
    },
    { filePath: `${web}/${n.domain}-page.tsx`, code: pageFile(table, columns, n, subs) },
    { filePath: `${web}/pages/${n.component}.tsx`, code: pageExportFile(n) },
    { filePath: 'README.md', code: readme(table, migration, n.domain, n.camel) },
  ];
  const largestFirst = [...files].sort((a, b) => b.code.length - a.code.length);
  const formatted = new Map(
    await Promise.all(
      largestFirst.map(async (f) => [f.filePath, await formatFile(f.filePath, f.code)] as const),
    ),
  );
  return files.map((f) => ({ filePath: f.filePath, code: formatted.get(f.filePath)! }));
};
