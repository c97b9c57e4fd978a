import { Cron } from 'croner';

/*
 * Quartz cron expressions, as the reference's jobs and its cron builder write them: seconds first,
 * six or seven fields (the seventh a year), `?` in exactly one of day-of-month and day-of-week,
 * weekdays 1–7 counted from Sunday, and `L`, `W`, `#`, ranges, lists and `a/b` steps. Parsed by
 * croner in its Quartz settings; times are in the local time zone of whoever asks.
 */

const QUARTZ = { mode: '6-or-7-parts', alternativeWeekdays: true, sloppyRanges: true } as const;
const DAY_OF_MONTH = 3;
const DAY_OF_WEEK = 5;

/** Quartz counts weekdays 1–7 (croner would also take 0 and 8): every weekday number of the field. */
const weekdaysInRange = (field: string): boolean =>
  field
    .split(',')
    .flatMap((part) => part.split('/')[0]!.split('#')[0]!.replace(/L$/, '').split('-'))
    .every((day) => !/^\d+$/.test(day) || (Number(day) >= 1 && Number(day) <= 7));

const parsed = new Map<string, Cron>();

const parse = (expression: string): Cron => {
  let cron = parsed.get(expression);
  if (!cron) {
    cron = new Cron(expression, { ...QUARTZ, paused: true });
    if (parsed.size >= 1000) parsed.clear();
    parsed.set(expression, cron);
  }
  return cron;
};

/** Why `expression` is not a Quartz cron expression, or null when it is one. */
export const cronProblem = (expression: string): string | null => {
  const fields = expression.trim().split(/\s+/);
  if (fields.length < 6 || fields.length > 7)
    return 'CRON 表达式应有 6 或 7 个字段（秒 分 时 日 月 周 [年]）';
  const questions = fields.map((f, i) => (f === '?' ? i : -1)).filter((i) => i >= 0);
  if (questions.some((i) => i !== DAY_OF_MONTH && i !== DAY_OF_WEEK)) return '“?” 只能用于日或周字段';
  if (questions.length !== 1) return '日和周字段必须有且只有一个为“?”';
  if (!weekdaysInRange(fields[DAY_OF_WEEK]!)) return '周字段的数字只能是 1（周日）到 7（周六）';
  try {
    parse(fields.join(' '));
    return null;
  } catch (error) {
    return `CRON 表达式不正确：${(error as Error).message}`;
  }
};

/**
 * The next `count` fire times after `after` (epoch ms), earliest first; fewer when the expression
 * stops firing (a past year, 31 February). Throws for an expression `cronProblem` refuses.
 */
export const nextFireTimes = (expression: string, count: number, after: number): number[] => {
  const problem = cronProblem(expression);
  if (problem) throw new Error(problem);
  return parse(expression.trim().split(/\s+/).join(' '))
    .nextRuns(count, new Date(after))
    .map((d) => d.getTime());
};
