/**
 * antd's `isBright` (antd/es/color-picker/components/ColorPresets), the one thing antd's Button and
 * Tag styles take from the colour picker's presets panel. Importing the panel itself would bring
 * the colour picker and Collapse into every screen with a button (see `antdIsBrightOnItsOwn` in
 * vite.config.ts); this is the same function, on the same colour class.
 */
import { Color as RcColor } from '@rc-component/color-picker';
import type { AggregationColor } from 'antd/es/color-picker/color';

export const isBright = (value: AggregationColor, bgColorToken: string): boolean => {
  const { r, g, b, a } = value.toRgb();
  const hsv = new RcColor(value.toRgbString()).onBackground(bgColorToken).toHsv();
  if (a <= 0.5) {
    // Adapted to dark mode
    return hsv.v > 0.5;
  }
  return r * 0.299 + g * 0.587 + b * 0.114 > 192;
};
