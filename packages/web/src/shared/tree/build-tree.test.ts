import { describe, expect, it } from 'vitest';
import { buildTree } from './build-tree';

describe('buildTree', () => {
  it('nests rows under their parents and keeps orphans as roots', () => {
    const tree = buildTree([
      { id: 1, parentId: 0, name: '总部' },
      { id: 2, parentId: 1, name: '研发部' },
      { id: 3, parentId: 2, name: '一组' },
      { id: 4, parentId: 99, name: '孤儿' },
    ]);
    expect(tree.map((n) => n.name)).toEqual(['总部', '孤儿']);
    expect(tree[0]?.children?.[0]?.children?.[0]?.name).toBe('一组');
    expect(tree[1]?.children).toBeUndefined();
  });
});
