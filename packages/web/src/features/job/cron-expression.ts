/*
 * The Cron 表达式生成器's model: each of the seven Quartz fields as one of a few choices, written
 * to and read from its part of the expression. Weekdays count 1 (周日) to 7 (周六), as Quartz does.
 */

export type FieldKey = 'second' | 'minute' | 'hour' | 'day' | 'month' | 'week' | 'year';

export type Choice =
  | { kind: 'every' } // *
  | { kind: 'none' } // ? (day and week), or no year field
  | { kind: 'range'; from: number; to: number } // a-b
  | { kind: 'step'; from: number; every: number } // a/b
  | { kind: 'workday'; day: number } // aW
  | { kind: 'last' } // L
  | { kind: 'nth'; nth: number; weekday: number } // b#a
  | { kind: 'lastWeekday'; weekday: number } // aL
  | { kind: 'list'; values: number[] }; // a,b,c

export type CronModel = Record<FieldKey, Choice>;

export interface FieldSpec {
  key: FieldKey;
  tab: string;
  unit: string;
  min: number;
  max: number;
  /** The kinds offered, in the tab's order. */
  kinds: Choice['kind'][];
}

export const FIELDS: FieldSpec[] = [
  { key: 'second', tab: '秒', unit: '秒', min: 0, max: 59, kinds: ['every', 'range', 'step', 'list'] },
  { key: 'minute', tab: '分钟', unit: '分钟', min: 0, max: 59, kinds: ['every', 'range', 'step', 'list'] },
  { key: 'hour', tab: '小时', unit: '小时', min: 0, max: 23, kinds: ['every', 'range', 'step', 'list'] },
  {
    key: 'day',
    tab: '日',
    unit: '日',
    min: 1,
    max: 31,
    kinds: ['every', 'none', 'range', 'step', 'workday', 'last', 'list'],
  },
  { key: 'month', tab: '月', unit: '月', min: 1, max: 12, kinds: ['every', 'range', 'step', 'list'] },
  {
    key: 'week',
    tab: '周',
    unit: '周',
    min: 1,
    max: 7,
    kinds: ['none', 'range', 'nth', 'lastWeekday', 'list'],
  },
  { key: 'year', tab: '年', unit: '年', min: 2000, max: 2099, kinds: ['none', 'every', 'range'] },
];

export const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];

/** Every second: the builder's starting point and its 重置. */
export const DEFAULT_MODEL: CronModel = {
  second: { kind: 'every' },
  minute: { kind: 'every' },
  hour: { kind: 'every' },
  day: { kind: 'every' },
  month: { kind: 'every' },
  week: { kind: 'none' },
  year: { kind: 'none' },
};

export const fieldText = (choice: Choice): string => {
  switch (choice.kind) {
    case 'every':
      return '*';
    case 'none':
      return '?';
    case 'range':
      return `${choice.from}-${choice.to}`;
    case 'step':
      return `${choice.from}/${choice.every}`;
    case 'workday':
      return `${choice.day}W`;
    case 'last':
      return 'L';
    case 'nth':
      return `${choice.weekday}#${choice.nth}`;
    case 'lastWeekday':
      return `${choice.weekday}L`;
    case 'list':
      return choice.values.length > 0 ? [...choice.values].sort((a, b) => a - b).join(',') : '*';
  }
};

/** The expression of a model; no year field when the year is left out. */
export const toExpression = (model: CronModel): string =>
  FIELDS.filter((f) => !(f.key === 'year' && model.year.kind === 'none'))
    .map((f) => fieldText(model[f.key]))
    .join(' ');

const int = (text: string | undefined): number | null =>
  text !== undefined && /^\d+$/.test(text) ? Number(text) : null;

/** The choice a field's text is, or null when the builder has no choice for it (the text is kept as typed). */
export const parseField = (text: string, spec: FieldSpec): Choice | null => {
  const m = (re: RegExp) => re.exec(text);
  let r: RegExpExecArray | null;
  if (text === '*') return { kind: 'every' };
  if (text === '?') return { kind: 'none' };
  if (text === 'L') return { kind: 'last' };
  if ((r = m(/^(\d+)-(\d+)$/))) return { kind: 'range', from: int(r[1])!, to: int(r[2])! };
  if ((r = m(/^(\d+)\/(\d+)$/))) return { kind: 'step', from: int(r[1])!, every: int(r[2])! };
  if (spec.key === 'day' && (r = m(/^(\d+)W$/))) return { kind: 'workday', day: int(r[1])! };
  if (spec.key === 'week' && (r = m(/^(\d)#(\d)$/)))
    return { kind: 'nth', weekday: int(r[1])!, nth: int(r[2])! };
  if (spec.key === 'week' && (r = m(/^(\d)L$/))) return { kind: 'lastWeekday', weekday: int(r[1])! };
  if (/^\d+(,\d+)*$/.test(text)) return { kind: 'list', values: text.split(',').map(Number) };
  return null;
};

/** The model of an expression, field by field; fields it cannot read keep the defaults. */
export const parseExpression = (expression: string): CronModel => {
  const parts = expression.trim().split(/\s+/);
  const model = { ...DEFAULT_MODEL };
  if (parts.length < 6) return model;
  FIELDS.forEach((spec, i) => {
    const part = parts[i];
    const choice = part === undefined ? null : parseField(part, spec);
    if (choice && spec.kinds.includes(choice.kind)) model[spec.key] = choice;
  });
  return model;
};

/** A choice of the day or the week field leaves the other unspecified ('?'), as Quartz requires. */
export const withChoice = (model: CronModel, key: FieldKey, choice: Choice): CronModel => {
  const next = { ...model, [key]: choice };
  if (key === 'day' && choice.kind !== 'none') next.week = { kind: 'none' };
  if (key === 'week' && choice.kind !== 'none') next.day = { kind: 'none' };
  if (key === 'day' && choice.kind === 'none' && next.week.kind === 'none')
    next.week = { kind: 'list', values: [2] };
  if (key === 'week' && choice.kind === 'none' && next.day.kind === 'none') next.day = { kind: 'every' };
  return next;
};

/** The first value of each kind when the user switches to it. */
export const initialChoice = (kind: Choice['kind'], spec: FieldSpec): Choice => {
  switch (kind) {
    case 'range':
      return { kind, from: spec.min, to: Math.min(spec.min + 1, spec.max) };
    case 'step':
      return { kind, from: spec.min, every: 1 };
    case 'workday':
      return { kind, day: 1 };
    case 'nth':
      return { kind, nth: 1, weekday: 2 };
    case 'lastWeekday':
      return { kind, weekday: 2 };
    case 'list':
      return { kind, values: [spec.min] };
    default:
      return { kind } as Choice;
  }
};
