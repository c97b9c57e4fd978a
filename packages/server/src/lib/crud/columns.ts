/**
 * A repository's column list with a table alias in front (`u.id`, …), for queries that join:
 * there a bare column name could be ambiguous.
 */
export const qualified = <A extends string, C extends string>(alias: A, columns: readonly C[]) =>
  columns.map((column) => `${alias}.${column}` as const) as readonly `${A}.${C}`[];
