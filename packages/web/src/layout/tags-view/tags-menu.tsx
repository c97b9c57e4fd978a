import {
  ArrowLeftOutlined,
  ArrowRightOutlined,
  CloseCircleOutlined,
  CloseOutlined,
  MinusCircleOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { useEffect, useRef } from 'react';
import type { KeyboardEvent as ReactKeyboardEvent, ReactNode } from 'react';
import { canCloseLeft, canCloseRight } from './tags-model';
import type { TagView } from './tags-model';

/** Width of the tab context menu in px. */
export const TAGS_MENU_WIDTH = 105;

export type TagsMenuAction = 'refresh' | 'close' | 'closeOthers' | 'closeLeft' | 'closeRight' | 'closeAll';

interface MenuItem {
  action: TagsMenuAction;
  label: string;
  icon: ReactNode;
}

/** The entries offered for a tab: 关闭当前 not on affix tabs, 关闭左侧/右侧 only with something to close there. */
export const menuItemsFor = (views: readonly TagView[], view: TagView): MenuItem[] => {
  const items: (MenuItem | false)[] = [
    { action: 'refresh', label: '刷新页面', icon: <ReloadOutlined /> },
    !view.affix && { action: 'close', label: '关闭当前', icon: <CloseOutlined /> },
    { action: 'closeOthers', label: '关闭其他', icon: <MinusCircleOutlined /> },
    canCloseLeft(views, view.fullPath) && {
      action: 'closeLeft',
      label: '关闭左侧',
      icon: <ArrowLeftOutlined />,
    },
    canCloseRight(views, view.fullPath) && {
      action: 'closeRight',
      label: '关闭右侧',
      icon: <ArrowRightOutlined />,
    },
    { action: 'closeAll', label: '全部关闭', icon: <CloseCircleOutlined /> },
  ];
  return items.filter((item): item is MenuItem => item !== false);
};

export interface TagsMenuProps {
  view: TagView;
  views: readonly TagView[];
  /** Viewport position of the menu's top-left corner. */
  x: number;
  y: number;
  onSelect: (action: TagsMenuAction, view: TagView) => void;
  /** `restoreFocus`: the menu was left with the keyboard, focus goes back to the tab. */
  onClose: (restoreFocus: boolean) => void;
}

/**
 * The right-click menu of a tab (105 px wide). It takes focus on opening, moves with the arrow
 * keys, and closes on a choice, Escape, Tab, a click elsewhere, the wheel, scrolling or resizing.
 */
export function TagsMenu({ view, views, x, y, onSelect, onClose }: TagsMenuProps) {
  const ref = useRef<HTMLUListElement>(null);
  const items = menuItemsFor(views, view);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus({ preventScroll: true });
  }, [view.fullPath, x, y]);

  useEffect(() => {
    const close = () => closeRef.current(false);
    const onPointerDown = (event: Event) => {
      if (!ref.current?.contains(event.target as Node)) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        closeRef.current(true);
      }
    };
    document.addEventListener('mousedown', onPointerDown, true);
    document.addEventListener('touchstart', onPointerDown, true);
    document.addEventListener('keydown', onKeyDown);
    // Scrolling anything (or trying to, where nothing can scroll) closes the menu.
    document.addEventListener('wheel', onPointerDown, { capture: true, passive: true });
    window.addEventListener('scroll', close, true);
    window.addEventListener('resize', close);
    window.addEventListener('blur', close);
    return () => {
      document.removeEventListener('mousedown', onPointerDown, true);
      document.removeEventListener('touchstart', onPointerDown, true);
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('wheel', onPointerDown, { capture: true });
      window.removeEventListener('scroll', close, true);
      window.removeEventListener('resize', close);
      window.removeEventListener('blur', close);
    };
  }, []);

  const onKeyDown = (event: ReactKeyboardEvent<HTMLUListElement>) => {
    const buttons = Array.from(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const at = buttons.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => buttons[(i + buttons.length) % buttons.length]?.focus();
    if (event.key === 'ArrowDown') focusAt(at + 1);
    else if (event.key === 'ArrowUp') focusAt(at - 1);
    else if (event.key === 'Home') focusAt(0);
    else if (event.key === 'End') focusAt(buttons.length - 1);
    else if (event.key === 'Tab') {
      onClose(true);
      return;
    } else return;
    event.preventDefault();
  };

  const maxLeft = Math.max(0, (typeof window === 'undefined' ? x : window.innerWidth) - TAGS_MENU_WIDTH - 4);
  return (
    <ul
      ref={ref}
      className="tags-view-menu"
      role="menu"
      aria-label={`标签「${view.title}」`}
      style={{ left: Math.min(Math.max(0, x), maxLeft), top: y, width: TAGS_MENU_WIDTH }}
      onKeyDown={onKeyDown}
      onContextMenu={(event) => event.preventDefault()}
    >
      {items.map((item) => (
        <li key={item.action} role="none">
          <button
            type="button"
            role="menuitem"
            className="tags-view-menu-item"
            onClick={() => onSelect(item.action, view)}
          >
            <span className="tags-view-menu-icon" aria-hidden>
              {item.icon}
            </span>
            {item.label}
          </button>
        </li>
      ))}
    </ul>
  );
}
