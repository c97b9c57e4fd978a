import type { Dropdown as AntdDropdown } from 'antd';
import { useLayoutEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';

type DropdownComponent = typeof AntdDropdown;

let loaded: DropdownComponent | undefined;
let loading: Promise<DropdownComponent> | undefined;

/** Downloads antd's Dropdown (with Menu) once. */
const loadDropdown = (): Promise<DropdownComponent> => {
  loading ??= import('./antd-dropdown').then(
    ({ Dropdown }) => (loaded = Dropdown),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
};

export interface LazyDropdown<T extends HTMLElement> {
  /** antd's Dropdown once it is needed; until then render the trigger alone. */
  Dropdown: DropdownComponent | undefined;
  open: boolean;
  /** For the Dropdown's `onOpenChange`. */
  setOpen: (open: boolean) => void;
  /** Give the trigger element's `ref`: focus stays on it when Dropdown takes it over. */
  triggerRef: RefObject<T | null>;
  /** The trigger's own handlers while Dropdown has not taken over (spread them onto it). */
  triggerProps: {
    onClick?: () => void;
    onPointerEnter?: () => void;
    onFocus?: () => void;
  };
}

/**
 * antd's Dropdown (click trigger) for the first screen, loaded on first use: until the first click
 * only the trigger renders; hovering or focusing it starts the download, and the click opens the
 * menu as soon as Dropdown is there. From then on Dropdown handles the trigger as usual.
 */
export function useLazyDropdown<T extends HTMLElement>(): LazyDropdown<T> {
  const [Dropdown, setDropdown] = useState<DropdownComponent | undefined>(() => loaded);
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<T | null>(null);
  const refocus = useRef(false);

  // Dropdown re-creates the trigger element: keep the focus on it.
  useLayoutEffect(() => {
    if (!Dropdown || !refocus.current) return;
    refocus.current = false;
    triggerRef.current?.focus();
  }, [Dropdown]);

  const preload = () => void loadDropdown().catch(() => undefined);
  const openFirst = () => {
    refocus.current = !!triggerRef.current && document.activeElement === triggerRef.current;
    void loadDropdown().then(
      (component) => {
        setDropdown(() => component);
        setOpen(true);
      },
      () => undefined,
    );
  };

  return {
    Dropdown,
    open,
    setOpen,
    triggerRef,
    triggerProps: Dropdown ? {} : { onClick: openFirst, onPointerEnter: preload, onFocus: preload },
  };
}
