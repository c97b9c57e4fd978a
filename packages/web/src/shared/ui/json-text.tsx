import type { ReactNode } from 'react';
import { TABLE_MAX_HEIGHT } from './sizes';

const STYLE = {
  margin: 0,
  maxHeight: TABLE_MAX_HEIGHT,
  overflow: 'auto',
  fontSize: 12,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
} as const;

/** JSON indented for reading; other text (a form-encoded callback, a stack trace) as it came. */
const indented = (text: string): string => {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
};

/**
 * A block of recorded text in a detail dialog (request parameters, results, callbacks, stack
 * traces), scrolled within its own height; `empty` where there is none.
 */
export function JsonText({ text, empty = null }: { text: string | null; empty?: ReactNode }) {
  if (!text) return empty;
  return (
    <pre style={STYLE}>
      <code>{indented(text)}</code>
    </pre>
  );
}
