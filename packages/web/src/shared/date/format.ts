import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';

/** How the console shows and sends date-times (the reference's `yyyy-MM-dd HH:mm:ss`). */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** A day without its time (a birthday), `yyyy-MM-dd`. */
export const DATE_FORMAT = 'YYYY-MM-DD';

/** An epoch-millisecond time as shown in tables and details; '' when there is none. */
export const formatDateTime = (ms: number | null | undefined): string =>
  ms ? dayjs(ms).format(DATE_TIME_FORMAT) : '';

/** An epoch-millisecond day as shown in details (`yyyy-MM-dd`); '' when there is none. */
export const formatDate = (ms: number | null | undefined): string =>
  ms ? dayjs(ms).format(DATE_FORMAT) : '';

/**
 * A date range picker's days as the reference's `createTime` range: from the start of the first day
 * to the end of the last; undefined until both ends are chosen.
 */
export const dayRange = (
  range: readonly [Dayjs | null, Dayjs | null] | null | undefined,
): [string, string] | undefined => {
  const [from, to] = range ?? [];
  return from && to
    ? [from.startOf('day').format(DATE_TIME_FORMAT), to.endOf('day').format(DATE_TIME_FORMAT)]
    : undefined;
};
