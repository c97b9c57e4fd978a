import { cronProblem } from '@app/contract/cron';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FIELDS,
  parseExpression,
  toExpression,
  withChoice,
  type Choice,
  type CronModel,
  type FieldSpec,
} from './cron-expression';

/** Any choice the builder's tab for `spec` can produce. */
const choiceOf = (spec: FieldSpec): fc.Arbitrary<Choice> => {
  const value = fc.integer({ min: spec.min, max: spec.max });
  const byKind: Record<Choice['kind'], fc.Arbitrary<Choice>> = {
    every: fc.constant({ kind: 'every' }),
    none: fc.constant({ kind: 'none' }),
    range: fc
      .tuple(value, value)
      .map(([a, b]) => ({ kind: 'range', from: Math.min(a, b), to: Math.max(a, b) })),
    step: fc
      .tuple(value, fc.integer({ min: 1, max: spec.max }))
      .map(([from, every]) => ({ kind: 'step', from, every })),
    workday: value.map((day) => ({ kind: 'workday', day })),
    last: fc.constant({ kind: 'last' }),
    nth: fc
      .tuple(fc.integer({ min: 1, max: 5 }), value)
      .map(([nth, weekday]) => ({ kind: 'nth', nth, weekday })),
    lastWeekday: value.map((weekday) => ({ kind: 'lastWeekday', weekday })),
    list: fc.uniqueArray(value, { minLength: 1, maxLength: 5 }).map((values) => ({ kind: 'list', values })),
  };
  return fc.oneof(...spec.kinds.map((kind) => byKind[kind]));
};

/** A model built the way the builder builds it: one tab's choice after another. */
const model = fc
  .tuple(...FIELDS.map((spec) => choiceOf(spec)))
  .map((choices) =>
    choices.reduce<CronModel>((m, choice, i) => withChoice(m, FIELDS[i]!.key, choice), parseExpression('')),
  );

describe('the cron builder’s expressions', () => {
  it('are always expressions Quartz accepts, and read back as themselves', () => {
    fc.assert(
      fc.property(model, (m) => {
        const expression = toExpression(m);
        expect(cronProblem(expression), expression).toBeNull();
        expect(toExpression(parseExpression(expression))).toBe(expression);
      }),
      { numRuns: 500 },
    );
  });

  it('reads the reference’s seeded expressions into its tabs', () => {
    const m = parseExpression('0 0/1 * * * ?');
    expect(m.second).toEqual({ kind: 'list', values: [0] });
    expect(m.minute).toEqual({ kind: 'step', from: 0, every: 1 });
    expect(m.week).toEqual({ kind: 'none' });
    expect(toExpression(parseExpression('0 15 10 ? * 6#3 2027-2030'))).toBe('0 15 10 ? * 6#3 2027-2030');
  });
});
