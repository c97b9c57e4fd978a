import { describe, expect, it } from 'vitest';
import { serialNo } from '../src/lib/serial-no.js';

describe('serialNo', () => {
  it('writes the prefix, the local second and 6 digits, never the same twice within a second', () => {
    const at = new Date(2026, 11, 2, 9, 5, 7).getTime();
    const numbers = Array.from({ length: 100_000 }, () => serialNo('P', at));
    for (const no of numbers.slice(0, 3)) expect(no).toMatch(/^P20261202090507\d{6}$/);
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});
