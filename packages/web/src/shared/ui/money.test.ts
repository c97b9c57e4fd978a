import { MAX_PRICE_FEN } from '@app/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fenToYuan, fenToYuanText, formatFen, yuanToFen } from './money';

describe('money', () => {
  it('shows fen as yuan with two decimals, with or without the sign', () => {
    expect(formatFen(1230)).toBe('¥12.30');
    expect(formatFen(1230, { symbol: false })).toBe('12.30');
    expect(formatFen(5)).toBe('¥0.05');
    expect(formatFen(0)).toBe('¥0.00');
    expect(formatFen(-105)).toBe('-¥1.05');
    expect(formatFen(-105, { symbol: false })).toBe('-1.05');
    expect(formatFen(100_000_000_000)).toBe('¥1000000000.00');
    expect(formatFen(null)).toBe('');
    expect(formatFen(undefined)).toBe('');
    expect(fenToYuan(1999)).toBe(19.99);
    expect(fenToYuan(null)).toBeNull();
  });

  it('parses yuan into whole fen without float error', () => {
    expect(19.99 * 100).not.toBe(1999);
    expect(yuanToFen(19.99)).toBe(1999);
    expect(yuanToFen(0.07)).toBe(7);
    expect(yuanToFen(1.1)).toBe(110);
    expect(yuanToFen(1_000_000.01)).toBe(100_000_001);
    expect(yuanToFen('19.99')).toBe(1999);
    expect(yuanToFen(' 0.5 ')).toBe(50);
    expect(yuanToFen('12')).toBe(1200);
    expect(yuanToFen('-0.01')).toBe(-1);
    expect(yuanToFen('-0')).toBe(0);
    // More than two places round to the nearest fen.
    expect(yuanToFen(0.129)).toBe(13);
    expect(yuanToFen('0.124')).toBe(12);
    expect(yuanToFen('')).toBeNull();
    expect(yuanToFen('abc')).toBeNull();
    expect(yuanToFen(Number.NaN)).toBeNull();
    expect(yuanToFen(null)).toBeNull();
  });

  it('turns every fen amount into yuan and back unchanged', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_PRICE_FEN, max: MAX_PRICE_FEN }), (fen) => {
        expect(yuanToFen(fenToYuan(fen))).toBe(fen);
        expect(yuanToFen(fenToYuanText(fen))).toBe(fen);
        expect(yuanToFen(fen / 100)).toBe(fen);
      }),
    );
  });
});
