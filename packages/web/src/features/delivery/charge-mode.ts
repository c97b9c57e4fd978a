import { ChargeMode } from '@app/contract';

/** How a charge mode reads: its word, its unit, and the labels of a rule's first and extra units. */
export interface ChargeModeText {
  word: string;
  unit: string;
  first: string;
  extra: string;
  /** Decimals a rule's units take (whole pieces; kilograms and cubic metres as typed). */
  precision?: number;
}

const TEXTS: Record<number, ChargeModeText> = {
  [ChargeMode.COUNT]: { word: '按件', unit: '件', first: '首件', extra: '续件', precision: 0 },
  [ChargeMode.WEIGHT]: { word: '按重量', unit: 'kg', first: '首重（kg）', extra: '续重（kg）' },
  [ChargeMode.VOLUME]: { word: '按体积', unit: 'm³', first: '首体积（m³）', extra: '续体积（m³）' },
};

/** The texts of a charge mode (按件 for a mode this console does not know). */
export const chargeModeOf = (mode: number | undefined): ChargeModeText =>
  TEXTS[mode ?? ChargeMode.COUNT] ?? TEXTS[ChargeMode.COUNT]!;
