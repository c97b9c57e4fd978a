import { act, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AntdConfig } from './antd-provider';

/** A `prefers-reduced-motion` media query whose answer the test switches, as the OS setting would. */
const stubMotionPreference = (reduce: boolean) => {
  const listeners = new Set<() => void>();
  const list = {
    get matches() {
      return reduce;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      (query === '(prefers-reduced-motion: reduce)'
        ? list
        : {
            matches: false,
            addEventListener: () => undefined,
            removeEventListener: () => undefined,
          }) as never,
  );
  return (next: boolean) => {
    reduce = next;
    listeners.forEach((listener) => listener());
  };
};

function MotionToken() {
  const { token } = theme.useToken();
  return <output>{token.motion ? 'motion' : 'still'}</output>;
}

describe('reduced motion', () => {
  afterEach(() => vi.restoreAllMocks());

  it('turns antd motion off while the system asks for less motion, and back on', () => {
    const setReduce = stubMotionPreference(true);
    render(
      <AntdConfig>
        <MotionToken />
      </AntdConfig>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('still');
    act(() => setReduce(false));
    expect(screen.getByRole('status')).toHaveTextContent('motion');
  });
});
