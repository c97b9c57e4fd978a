/*
 * Money travels as integer fen (分); people read and type yuan (元) with two decimals. The product
 * catalogue, trade and pay pages share these helpers so that every price reads and parses alike.
 */

/** 12.3 元 → '12.30' for 1230 fen; negative amounts keep their sign ('-0.05'). */
export function fenToYuanText(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.round(fen));
  const yuan = Math.floor(abs / 100);
  const cents = String(abs % 100).padStart(2, '0');
  return `${sign}${yuan}.${cents}`;
}

/**
 * Fen as people read it: '¥12.30' ('-¥1.05'), or '12.30' with `symbol: false`. Nothing (null, undefined) reads as
 * '' so that a cell of a missing price stays empty.
 */
export function formatFen(
  fen: number | null | undefined,
  { symbol = true }: { symbol?: boolean } = {},
): string {
  if (fen === null || fen === undefined || !Number.isFinite(fen)) return '';
  return `${fen < 0 ? '-' : ''}${symbol ? '¥' : ''}${fenToYuanText(Math.abs(fen))}`;
}

/** Fen → the yuan number an input holds (1999 → 19.99); nothing stays nothing. */
export function fenToYuan(fen: number): number;
export function fenToYuan(fen: number | null | undefined): number | null;
export function fenToYuan(fen: number | null | undefined): number | null {
  return fen === null || fen === undefined ? null : Number(fenToYuanText(fen));
}

/**
 * A yuan amount → integer fen, rounded to the nearest fen (19.99 → 1999, where `19.99 * 100` is
 * 1998.9999999999998). Text is read as typed ('19.99', ' 0.5 '); nothing, blank or not a number → null.
 */
export function yuanToFen(yuan: number | string | null | undefined): number | null {
  if (yuan === null || yuan === undefined) return null;
  const text = typeof yuan === 'number' ? yuan : yuan.trim();
  if (text === '') return null;
  const value = Number(text);
  if (!Number.isFinite(value)) return null;
  // Decimal text of at most two places is exact in integers: '19.99' → 1999 with no float in between.
  const decimal = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(String(text));
  if (decimal) {
    const [, sign, whole = '0', cents = ''] = decimal;
    const fen = Number(whole) * 100 + Number(cents.padEnd(2, '0'));
    return sign && fen ? -fen : fen;
  }
  // More places (or exponent notation): the nearest fen, halves away from zero.
  const fen = Math.round(Math.abs(value) * 100);
  return value < 0 && fen ? -fen : fen;
}
