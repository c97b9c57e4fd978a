/** Builds a forest from flat rows by parentId; rows whose parent is missing become roots. */
export const buildTree = <T extends { id: number; parentId: number }>(
  rows: T[],
): (T & { children?: T[] })[] => {
  type Node = T & { children?: Node[] };
  const nodes = new Map<number, Node>(rows.map((r) => [r.id, { ...r }]));
  const roots: Node[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId);
    if (parent && parent !== node) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
};
