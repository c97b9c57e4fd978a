import { describe, expect, it } from 'vitest';
import { cronProblem, nextFireTimes } from './cron.js';

/** Local times, as the scheduler reads expressions in the server's time zone. */
const at = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0) =>
  new Date(y, mo - 1, d, h, mi, s).getTime();
const FROM = at(2026, 11, 26, 0, 0, 0); // a Thursday
const next = (expression: string, count = 3) => nextFireTimes(expression, count, FROM);

describe('Quartz cron expressions', () => {
  it('reads every form the job dialog’s builder produces', () => {
    // 秒/分/时: every, range, from-every, list.
    expect(next('* * * * * ?')).toEqual([FROM + 1000, FROM + 2000, FROM + 3000]);
    expect(next('5-7 0 0 * * ?')).toEqual([
      at(2026, 11, 26, 0, 0, 5),
      at(2026, 11, 26, 0, 0, 6),
      at(2026, 11, 26, 0, 0, 7),
    ]);
    expect(next('0 0/20 * * * ?')).toEqual([
      at(2026, 11, 26, 0, 20),
      at(2026, 11, 26, 0, 40),
      at(2026, 11, 26, 1, 0),
    ]);
    expect(next('0 0 1,13 * * ?')).toEqual([at(2026, 11, 26, 1), at(2026, 11, 26, 13), at(2026, 11, 27, 1)]);
    // 日: range, from-every, nearest weekday, last day.
    expect(next('0 0 0 27-28 * ?', 2)).toEqual([at(2026, 11, 27), at(2026, 11, 28)]);
    expect(next('0 0 0 1/10 * ?', 2)).toEqual([at(2026, 12, 1), at(2026, 12, 11)]);
    expect(next('0 0 0 15W * ?', 2)).toEqual([at(2026, 12, 15), at(2027, 1, 15)]);
    expect(next('0 0 0 28W * ?', 1)).toEqual([at(2026, 11, 27)]); // the 28th is a Saturday
    expect(next('0 0 0 L * ?', 2)).toEqual([at(2026, 11, 30), at(2026, 12, 31)]);
    expect(next('0 0 0 LW * ?', 2)).toEqual([at(2026, 11, 30), at(2026, 12, 31)]);
    // 月: range, from-every, names.
    expect(next('0 0 0 1 1/3 ?', 2)).toEqual([at(2027, 1, 1), at(2027, 4, 1)]);
    expect(next('0 0 0 1 JAN-FEB ?', 2)).toEqual([at(2027, 1, 1), at(2027, 2, 1)]);
    // 周: 1 is Sunday; range, nth weekday, last weekday, list, names.
    expect(next('0 0 0 ? * 1', 1)).toEqual([at(2026, 11, 29)]);
    expect(next('0 0 0 ? * 2-3', 2)).toEqual([at(2026, 11, 30), at(2026, 12, 1)]);
    expect(next('0 0 0 ? * 6#3', 1)).toEqual([at(2026, 12, 18)]);
    expect(next('0 0 0 ? * 6L', 1)).toEqual([at(2026, 11, 27)]);
    expect(next('0 0 0 ? * 1,7', 2)).toEqual([at(2026, 11, 28), at(2026, 11, 29)]);
    expect(next('0 0 12 ? * MON-FRI', 2)).toEqual([at(2026, 11, 26, 12), at(2026, 11, 27, 12)]);
    // 年: none, every, range.
    expect(next('0 0 0 1 1 ? *', 1)).toEqual([at(2027, 1, 1)]);
    expect(next('0 0 0 1 1 ? 2029-2030', 2)).toEqual([at(2029, 1, 1), at(2030, 1, 1)]);
  });

  it('reads the reference’s seeded expressions', () => {
    expect(next('0 0/1 * * * ?', 2)).toEqual([at(2026, 11, 26, 0, 1), at(2026, 11, 26, 0, 2)]);
    expect(next('0 0 0 * * ?', 1)).toEqual([at(2026, 11, 27)]);
    expect(next('0 * * * * ?', 1)).toEqual([at(2026, 11, 26, 0, 1)]);
  });

  it('gives fewer times when the expression stops firing', () => {
    expect(next('0 0 0 1 1 ? 2020')).toEqual([]);
    expect(next('0 0 0 31 2 ?')).toEqual([]);
  });

  it('refuses what Quartz refuses', () => {
    for (const bad of [
      '* * * * *', // five fields: no seconds
      '0 0 0 * * * * *',
      '0 0 12 * * 2', // neither day field is '?'
      '0 0 12 ? * ?',
      '? 0 12 * * 2',
      '60 * * * * ?',
      '0 0 24 * * ?',
      '0 0 0 32 * ?',
      '0 0 0 ? * 8',
      '0 0 0 L-3 * ?', // an offset from the last day, which the builder never writes
      'abc',
      '',
    ])
      expect(cronProblem(bad), bad).not.toBeNull();
    expect(() => next('abc')).toThrow();
  });
});
