/** A flat row with its children attached; `children` is absent on leaves (antd tables show no expander then). */
export type TreeNode<T> = T & { children?: TreeNode<T>[] };

/** Builds a forest from rows with `id`/`parentId`; rows whose parent is missing become roots. */
export const buildTree = <T extends { id: number; parentId: number }>(rows: readonly T[]): TreeNode<T>[] => {
  const nodes = new Map<number, TreeNode<T>>(rows.map((r) => [r.id, { ...r }]));
  const roots: TreeNode<T>[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId);
    if (parent && parent !== node) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
};
