import { buildTree, type TreeNode as BuiltNode } from './build-tree';

/** A node of an antd checkable Tree built from flat `{id, parentId, name}` rows. */
export interface CheckTreeNode {
  key: number;
  title: string;
  children?: CheckTreeNode[];
}

/** Nests flat rows by parentId (rows whose parent is missing become roots), keeping their order. */
export const toTree = (rows: readonly { id: number; parentId: number; name: string }[]): CheckTreeNode[] => {
  const toNode = (row: BuiltNode<{ id: number; parentId: number; name: string }>): CheckTreeNode => ({
    key: row.id,
    title: row.name,
    ...(row.children ? { children: row.children.map(toNode) } : {}),
  });
  return buildTree(rows).map(toNode);
};

export const allKeys = (nodes: readonly CheckTreeNode[]): number[] =>
  nodes.flatMap((n) => [n.key, ...allKeys(n.children ?? [])]);

/**
 * The keys to hand a linked (non-strict) antd Tree so that it shows exactly `held`: a parent key
 * would check its whole subtree, so parents go in only when every node below them is held too;
 * the Tree then marks the other parents half-checked by itself.
 */
export const linkedCheckedKeys = (nodes: readonly CheckTreeNode[], held: ReadonlySet<number>): number[] => {
  const out: number[] = [];
  const visit = (node: CheckTreeNode): boolean => {
    const childrenFull = (node.children ?? []).map(visit).every(Boolean);
    const full = held.has(node.key) && childrenFull;
    if (full) out.push(node.key);
    return full;
  };
  nodes.forEach(visit);
  return out;
};
