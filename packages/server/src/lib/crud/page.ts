import type { PageResult } from '@app/contract';
import type { SelectQueryBuilder } from 'kysely';

/** What a page request asks for: 1-based `pageNo`, `pageSize` rows. */
export interface PageParams {
  pageNo: number;
  pageSize: number;
}

/** One page of rows and the count of all matching rows: the contract's shape, so services pass it on. */
export type Page<T> = PageResult<T>;

/** `pageNo`/`pageSize` as the rows to skip and take. */
export const pageBounds = ({ pageNo, pageSize }: PageParams): { offset: number; limit: number } => ({
  offset: (pageNo - 1) * pageSize,
  limit: pageSize,
});

/**
 * One page of `filtered`: counts every match, then fetches the page of `rows(filtered)` (which
 * selects and orders). Two statements one after the other, as every dialect answers them alike.
 * `knownTotal`, where the caller keeps counts (trade_order_count), replaces the count.
 */
export const fetchPage = async <DB, TB extends keyof DB, O, RDB, RTB extends keyof RDB, R>(
  filtered: SelectQueryBuilder<DB, TB, O>,
  page: PageParams,
  // May join (e.g. a user's nickname): the count needs only the filtered rows.
  rows: (q: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<RDB, RTB, R>,
  knownTotal?: number,
): Promise<Page<R>> => {
  // Kysely cannot resolve a selection on a generic row type; the statement is `count(*) as total`.
  const total =
    knownTotal ??
    (
      (await filtered
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .executeTakeFirstOrThrow()) as unknown as { total: number | string }
    ).total;
  const { offset, limit } = pageBounds(page);
  const list = await rows(filtered).limit(limit).offset(offset).execute();
  return { list, total: Number(total) };
};
