import { describe, expect, it } from 'vitest';
import { CUSTOM_FIELDS, dateRangeErrors, sanitizeDateRange } from './custom-fields';

describe('date range values', () => {
  it('keeps two ISO dates, an open end as empty, and nothing as []', () => {
    expect(sanitizeDateRange(['2026-01-01', '2026-01-05'])).toEqual(['2026-01-01', '2026-01-05']);
    expect(sanitizeDateRange(['2026-01-01', null])).toEqual(['2026-01-01', '']);
    expect(sanitizeDateRange(['', ''])).toEqual([]);
    expect(sanitizeDateRange('2026-01-01')).toEqual([]);
    expect(sanitizeDateRange(['01/02/2026', '2026-01-05'])).toEqual(['', '2026-01-05']);
  });

  it('requires both ends when required, and a start not after the end', () => {
    expect(dateRangeErrors([], true)).toEqual(['请选择完整的日期范围']);
    expect(dateRangeErrors(['2026-01-01', ''], true)).toEqual(['请选择完整的日期范围']);
    expect(dateRangeErrors([], false)).toEqual([]);
    expect(dateRangeErrors(['2026-01-05', '2026-01-01'], false)).toEqual(['开始日期不能晚于结束日期']);
    expect(dateRangeErrors(['2026-01-01', '2026-01-01'], true)).toEqual([]);
  });
});

describe('custom field types', () => {
  it('are keyed inputs with Chinese names and labels', () => {
    expect(CUSTOM_FIELDS.map((f) => [f.config.type, f.config.name, f.config.create().label])).toEqual([
      ['switch', '开关', '开关'],
      ['daterange', '日期范围', '日期范围'],
      ['richtext', '富文本', '富文本'],
    ]);
    for (const { config } of CUSTOM_FIELDS) expect(config.keyed).toBe(true);
  });

  it('clean values of the wrong shape', () => {
    const [toggle, range, rich] = CUSTOM_FIELDS.map((f) => f.config.sanitizeValue);
    expect(toggle!({ value: 'yes' })).toBe(false);
    expect(toggle!({ value: true })).toBe(true);
    expect(range!({ value: 3 })).toEqual([]);
    expect(rich!({ value: '<p onclick="x">字</p>' })).toBe('<p>字</p>');
    expect(rich!({ value: 5 })).toBe('');
  });
});
