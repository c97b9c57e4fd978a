import { Input } from 'antd';
import { useEffect, useRef, useState } from 'react';

export const EDIT_DEBOUNCE_MS = 250;

interface DebouncedFieldProps {
  id?: string;
  value: string;
  onCommit: (value: string) => void;
  /** Also called at once on every keystroke (validation). */
  onInput?: (value: string) => void;
  disabled?: boolean;
  placeholder?: string;
  multiline?: boolean;
  status?: 'error';
}

/** A text input that keeps its own text and hands it to `onCommit` 250 ms after typing stops, or on blur. */
export function DebouncedField({
  id,
  value,
  onCommit,
  onInput,
  disabled,
  placeholder,
  multiline,
  status,
}: DebouncedFieldProps) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<string | null>(null);
  const commit = useRef(onCommit);
  useEffect(() => {
    commit.current = onCommit;
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  const flush = () => {
    clearTimeout(timer.current);
    const next = pending.current;
    pending.current = null;
    if (next !== null) commit.current(next);
  };
  const change = (next: string) => {
    setText(next);
    onInput?.(next);
    clearTimeout(timer.current);
    pending.current = next;
    timer.current = setTimeout(flush, EDIT_DEBOUNCE_MS);
  };
  // Leaving the field commits at once: clicking another element re-renders the panel, and the
  // unmounted field's pending text would otherwise be lost.
  const common = { id, disabled, placeholder, status, value: text, onBlur: flush };
  return multiline ? (
    <Input.TextArea
      {...common}
      autoSize={{ minRows: 2, maxRows: 8 }}
      onChange={(e) => change(e.target.value)}
    />
  ) : (
    <Input {...common} allowClear onChange={(e) => change(e.target.value)} />
  );
}
