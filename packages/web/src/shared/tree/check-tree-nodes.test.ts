import { describe, expect, it } from 'vitest';
import { allKeys, linkedCheckedKeys, toTree } from './check-tree-nodes';

const rows = [
  { id: 1, parentId: 0, name: '系统管理' },
  { id: 100, parentId: 1, name: '用户管理' },
  { id: 1001, parentId: 100, name: '用户查询' },
  { id: 1002, parentId: 100, name: '用户新增' },
  { id: 101, parentId: 1, name: '角色管理' },
  { id: 2, parentId: 0, name: '基础设施' },
];

describe('check tree nodes', () => {
  it('nests rows by parent in their order', () => {
    const tree = toTree(rows);
    expect(tree.map((n) => n.title)).toEqual(['系统管理', '基础设施']);
    expect(tree[0]!.children!.map((n) => n.key)).toEqual([100, 101]);
    expect(allKeys(tree)).toEqual([1, 100, 1001, 1002, 101, 2]);
  });

  it('hands a linked tree only the parents whose whole subtree is held', () => {
    const tree = toTree(rows);
    // 用户管理 and both buttons held, 角色管理 not: 系统管理 must stay half-checked.
    expect(linkedCheckedKeys(tree, new Set([1, 100, 1001, 1002]))).toEqual([1001, 1002, 100]);
    // A partly held parent goes in neither.
    expect(linkedCheckedKeys(tree, new Set([1, 100, 1001]))).toEqual([1001]);
    expect(linkedCheckedKeys(tree, new Set(allKeys(tree))).sort()).toEqual(
      [1, 100, 1001, 1002, 101, 2].sort(),
    );
  });
});
