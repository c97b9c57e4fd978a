import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

const media = (): MediaQueryList | undefined =>
  typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : undefined;

const subscribe = (onChange: () => void) => {
  const list = media();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
};

/** Whether the system asks for less motion (an OS accessibility setting); follows it live. */
export const usePrefersReducedMotion = (): boolean =>
  useSyncExternalStore(subscribe, () => media()?.matches ?? false);
