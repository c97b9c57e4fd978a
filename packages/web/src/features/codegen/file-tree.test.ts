import { describe, expect, it } from 'vitest';
import { buildFileTree } from './file-tree';
import type { FileNode } from './file-tree';

const PATHS = [
  'packages/contract/src/api/demo01-contact.ts',
  'packages/server/src/modules/demo01-contact/service.ts',
  'packages/server/src/modules/demo01-contact/routes.ts',
  'packages/server/src/db/migrations/gen_infra_demo01_contact.ts',
  'packages/web/src/features/demo01-contact/demo01-contact-page.tsx',
  'packages/server/test/demo01-contact.test.ts',
  'README.md',
];

/** The tree as indented titles, to compare at a glance. */
const outline = (nodes: readonly FileNode[], depth = 0): string[] =>
  nodes.flatMap((node) => [`${'  '.repeat(depth)}${node.title}`, ...outline(node.children ?? [], depth + 1)]);

describe('file tree', () => {
  it('nests the paths, folders first, a chain of single folders as one node', () => {
    expect(outline(buildFileTree(PATHS))).toEqual([
      'packages',
      '  contract/src/api',
      '    demo01-contact.ts',
      '  server',
      '    src',
      '      modules/demo01-contact',
      '        service.ts',
      '        routes.ts',
      '      db/migrations',
      '        gen_infra_demo01_contact.ts',
      '    test',
      '      demo01-contact.test.ts',
      '  web/src/features/demo01-contact',
      '    demo01-contact-page.tsx',
      'README.md',
    ]);
  });

  it('keys a file by its path and a folder by its own, so that both stay unique', () => {
    const [packages, readme] = buildFileTree(PATHS);
    expect(readme).toEqual({ key: 'README.md', title: 'README.md', isLeaf: true });
    const contract = packages!.children![0]!;
    expect(contract.key).toBe('packages/contract/src/api/');
    expect(contract.children![0]!.key).toBe('packages/contract/src/api/demo01-contact.ts');
    expect(buildFileTree([])).toEqual([]);
  });
});
