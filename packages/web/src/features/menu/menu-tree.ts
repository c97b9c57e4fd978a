/** Nests flat rows by parentId (rows whose parent is missing become roots), keeping their order. */
export const nest = <T extends { id: number; parentId: number }>(
  rows: readonly T[],
): (T & { children?: T[] })[] => {
  type Node = T & { children?: Node[] };
  const nodes = new Map<number, Node>(rows.map((r) => [r.id, { ...r }]));
  const roots: Node[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = nodes.get(row.parentId);
    if (parent && parent !== node) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
};

/** Ids of the rows that have children (the rows a tree table can expand). */
export const parentIds = (rows: readonly { id: number; parentId: number }[]): number[] => {
  const ids = new Set(rows.map((r) => r.id));
  return [...new Set(rows.filter((r) => ids.has(r.parentId)).map((r) => r.parentId))];
};
