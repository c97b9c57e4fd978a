import { useEffect, useEffectEvent } from 'react';

/**
 * Runs `fill` once each time a dialog opens on a target (a new object per opening). `isCurrent`
 * tells a load that answers later whether that opening is still the dialog's, so that a dialog
 * closed or opened on another row meanwhile ignores it. `fill` may change identity on every render.
 */
export const useOnOpen = <T extends object>(
  target: T | null,
  fill: (opened: T, isCurrent: () => boolean) => void,
): void => {
  const onOpen = useEffectEvent(fill);
  useEffect(() => {
    if (!target) return;
    let current = true;
    onOpen(target, () => current);
    return () => {
      current = false;
    };
  }, [target]);
};
