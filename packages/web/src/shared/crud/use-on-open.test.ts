import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useOnOpen } from './use-on-open';

type Target = { id: number };

describe('useOnOpen', () => {
  const track = () => {
    const openings: { id: number; isCurrent: () => boolean }[] = [];
    const hook = renderHook(
      // `tag` only renders again; the callback is a new one on every render, as a page passes it.
      ({ target }: { target: Target | null; tag: string }) =>
        useOnOpen(target, (opened, isCurrent) => openings.push({ id: opened.id, isCurrent })),
      { initialProps: { target: null as Target | null, tag: 'a' } },
    );
    return { openings, hook };
  };

  it('fills once per opening, however often the page renders or its callback changes', () => {
    const { openings, hook } = track();
    expect(openings).toHaveLength(0);
    const first = { id: 1 };
    hook.rerender({ target: first, tag: 'a' });
    hook.rerender({ target: first, tag: 'b' });
    hook.rerender({ target: first, tag: 'c' });
    expect(openings.map((o) => o.id)).toEqual([1]);
    // Opening the same row again is a new opening.
    hook.rerender({ target: { id: 1 }, tag: 'c' });
    expect(openings.map((o) => o.id)).toEqual([1, 1]);
  });

  it('tells a late answer that its opening has ended: closed, or opened on another row', () => {
    const { openings, hook } = track();
    hook.rerender({ target: { id: 1 }, tag: 'a' });
    expect(openings[0]!.isCurrent()).toBe(true);
    hook.rerender({ target: { id: 2 }, tag: 'a' });
    expect(openings[0]!.isCurrent()).toBe(false);
    expect(openings[1]!.isCurrent()).toBe(true);
    hook.rerender({ target: null, tag: 'a' });
    expect(openings[1]!.isCurrent()).toBe(false);
    expect(openings).toHaveLength(2);
  });
});
