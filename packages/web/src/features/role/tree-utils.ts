import { buildTree, type TreeNode as BuiltNode } from '../../shared/tree/build-tree';

/** A node of an antd Tree built from flat `{id, parentId, name}` rows. */
export interface TreeNode {
  key: number;
  title: string;
  children?: TreeNode[];
}

/** Nests flat rows by parentId (rows whose parent is missing become roots), keeping their order. */
export const toTree = (rows: readonly { id: number; parentId: number; name: string }[]): TreeNode[] => {
  const toNode = (row: BuiltNode<{ id: number; parentId: number; name: string }>): TreeNode => ({
    key: row.id,
    title: row.name,
    ...(row.children ? { children: row.children.map(toNode) } : {}),
  });
  return buildTree(rows).map(toNode);
};

export const allKeys = (nodes: readonly TreeNode[]): number[] =>
  nodes.flatMap((n) => [n.key, ...allKeys(n.children ?? [])]);

/**
 * The keys to hand a linked (non-strict) antd Tree so that it shows exactly `held`: a parent key
 * would check its whole subtree, so parents go in only when every node below them is held too;
 * the Tree then marks the other parents half-checked by itself.
 */
export const linkedCheckedKeys = (nodes: readonly TreeNode[], held: ReadonlySet<number>): number[] => {
  const out: number[] = [];
  const visit = (node: TreeNode): boolean => {
    const childrenFull = (node.children ?? []).map(visit).every(Boolean);
    const full = held.has(node.key) && childrenFull;
    if (full) out.push(node.key);
    return full;
  };
  nodes.forEach(visit);
  return out;
};
