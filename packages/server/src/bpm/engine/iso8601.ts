/**
 * The timer forms of BPMN (ISO 8601 dates, durations and repeating intervals) and Flowable's cron cycles,
 * as absolute epoch milliseconds. Durations with years, months or weeks count on the calendar in UTC, so
 * `P1M` from 31 January is the last day of February's overflow exactly as Date does it.
 */
import { cronProblem, nextFireTimes } from '@app/contract/cron';

export type TimerKind = 'timeDuration' | 'timeDate' | 'timeCycle';

const DURATION =
  /^P(?!$)(?:(\d+(?:[.,]\d+)?)Y)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)W)?(?:(\d+(?:[.,]\d+)?)D)?(?:T(?=\d)(?:(\d+(?:[.,]\d+)?)H)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)S)?)?$/;

/** `from` plus an ISO 8601 duration; null when `text` is not one. */
export function addDuration(text: string, from: number): number | null {
  const match = DURATION.exec(text.trim());
  if (!match) return null;
  const [years, months, weeks, days, hours, minutes, seconds] = match
    .slice(1)
    .map((part) => (part === undefined ? 0 : Number(part.replace(',', '.'))));
  const date = new Date(from);
  if (years || months) {
    if (!Number.isInteger(years) || !Number.isInteger(months)) return null;
    date.setUTCMonth(date.getUTCMonth() + (years as number) * 12 + (months as number));
  }
  const ms =
    (((((weeks as number) * 7 + (days as number)) * 24 + (hours as number)) * 60 + (minutes as number)) * 60 +
      (seconds as number)) *
    1000;
  return date.getTime() + Math.round(ms);
}

/** An ISO 8601 date-time (or date); null when unreadable. */
export function parseDate(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{4}-\d{2}-\d{2}/.test(trimmed)) return null;
  const time = Date.parse(trimmed);
  return Number.isNaN(time) ? null : time;
}

/** A repeating timer: when it first fires, and how to find the next firing after one. */
export interface Cycle {
  first: number;
  /** Firings left after `first`; null when unbounded. */
  repeats: number | null;
  next(after: number): number | null;
}

/** `R[n]/[start/]duration`, `R[n]/duration/end`, or a Quartz cron expression; null when unreadable. */
export function parseCycle(text: string, now: number): Cycle | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith('R')) {
    if (cronProblem(trimmed) !== null) return null;
    const [first] = nextFireTimes(trimmed, 1, now);
    if (first === undefined) return null;
    return { first, repeats: null, next: (after) => nextFireTimes(trimmed, 1, after)[0] ?? null };
  }
  const parts = trimmed.split('/');
  const count = /^R(\d*)$/.exec(parts[0] ?? '');
  if (!count || parts.length < 2 || parts.length > 3) return null;
  const total = count[1] === '' ? null : Number(count[1]);
  if (total === 0) return null;
  let start: number | null = now;
  let duration: string;
  let end: number | null = null;
  if (parts.length === 2) duration = parts[1] as string;
  else if ((parts[1] as string).startsWith('P')) {
    duration = parts[1] as string;
    end = parseDate(parts[2] as string);
    if (end === null) return null;
  } else {
    start = parseDate(parts[1] as string);
    duration = parts[2] as string;
  }
  if (start === null || addDuration(duration, 0) === null || (addDuration(duration, 0) as number) <= 0)
    return null;
  const next = (after: number) => {
    const at = addDuration(duration, after) as number;
    return end !== null && at > end ? null : at;
  };
  // With a start date the first firing is that date; otherwise one interval from now.
  const first = parts.length === 3 && end === null ? (start as number) : next(now);
  if (first === null) return null;
  return { first, repeats: total === null ? null : total - 1, next };
}

/** When a timer set at `now` first fires; null when the text is none of the forms of its kind. */
export function firstFiring(kind: TimerKind, text: string, now: number): number | null {
  if (kind === 'timeDuration') return addDuration(text, now);
  if (kind === 'timeDate') return parseDate(text);
  return parseCycle(text, now)?.first ?? null;
}
