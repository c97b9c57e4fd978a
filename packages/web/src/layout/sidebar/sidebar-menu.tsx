import CSSMotion from '@rc-component/motion';
import type { CSSMotionProps } from '@rc-component/motion';
import Trigger from '@rc-component/trigger';
import { ConfigProvider, Tooltip } from 'antd';
import initCollapseMotion from 'antd/es/_util/motion';
import useCSSVarCls from 'antd/es/config-provider/hooks/useCSSVarCls';
import useMenuStyle from 'antd/es/menu/style';
import { createContext, useContext, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { CSSProperties, KeyboardEvent, MouseEvent } from 'react';
import { MenuIcon } from '../../shared/menu/menu-icons';
import { MenuLabel } from './menu-label';
import { findKeyPath } from './sidebar-entries';
import type { SidebarEntry } from './sidebar-entries';

/** Indent of the first inline level in px (antd Menu's `inlineIndent`), and of each level below it. */
const INLINE_INDENT = 24;
const NESTED_INDENT = 16;
/**
 * The inline indent of a level: the mall's pages sit five levels down (商城系统 › 订单中心 › 配送管理 ›
 * 快递发货 › 快递公司), where a full indent a level leaves no room in the 200 px sidebar for the name.
 */
const indentOf = (level: number): number => INLINE_INDENT + (level - 1) * NESTED_INDENT;
/** Hover delays of the collapsed menu's popups in s (rc-menu's defaults). */
const POPUP_DELAY = 0.1;

const autoAdjustOverflow = { adjustX: 1, adjustY: 1 };
/** rc-menu's popup placements (the collapsed menu uses rightTop). */
const PLACEMENTS = {
  rightTop: { points: ['tl', 'tr'], overflow: autoAdjustOverflow },
  leftTop: { points: ['tr', 'tl'], overflow: autoAdjustOverflow },
};

export interface SidebarMenuProps {
  entries: readonly SidebarEntry[];
  theme: 'dark' | 'light';
  /** Icons only, submenus as popups on hover (antd's `inlineCollapsed`). */
  collapsed: boolean;
  selectedKey: string | undefined;
  /** Open submenus of the inline menu. */
  openKeys: readonly string[];
  onOpenChange: (keys: string[]) => void;
  /** A click (or Enter) on an entry that is not a submenu. */
  onItemClick: (entry: SidebarEntry, event: MouseEvent | KeyboardEvent) => void;
  style?: CSSProperties;
}

interface MenuContextValue {
  prefixCls: string;
  /** antd's root prefix ('ant'): motion names are built on it. */
  rootPrefixCls: string;
  /** hashId, CSS-variable classes: antd's `rootClassName` of the menu, also on popups. */
  rootClassName: string;
  theme: 'dark' | 'light';
  rtl: boolean;
  collapsed: boolean;
  selectedPath: readonly string[];
  openKeys: readonly string[];
  toggle: (key: string, open: boolean) => void;
  onItemClick: SidebarMenuProps['onItemClick'];
  menuId: (key: string) => string;
  /** Collapse motion of inline submenus; none on the first render (as rc-menu). */
  motion: CSSMotionProps | undefined;
  /** Open popups of the collapsed menu (by hover or keyboard), as rc-menu's vertical open keys. */
  popupKeys: readonly string[];
  setPopupOpen: (key: string, open: boolean) => void;
}

const MenuContext = createContext<MenuContextValue | null>(null);
const useMenu = () => useContext(MenuContext)!;

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/** A page or external link: antd's MenuItem markup. */
function Item({ entry, level }: { entry: SidebarEntry; level: number }) {
  const { prefixCls, collapsed, selectedPath, onItemClick, menuId, rtl } = useMenu();
  const inline = !collapsed;
  const [tooltipOpen, setTooltipOpen] = useState(false);
  const item = (
    <li
      className={cx(`${prefixCls}-item`, selectedPath.includes(entry.key) && `${prefixCls}-item-selected`)}
      title={entry.title}
      role="menuitem"
      tabIndex={-1}
      data-menu-id={menuId(entry.key)}
      style={inline ? { paddingLeft: indentOf(level) } : undefined}
      onClick={(event) => onItemClick(entry, event)}
    >
      <MenuIcon name={entry.icon} className={`${prefixCls}-item-icon`} />
      <span className={`${prefixCls}-title-content`}>
        <MenuLabel entry={entry} />
      </span>
    </li>
  );
  // antd shows the title beside the icon of a collapsed top-level entry.
  if (!collapsed || level !== 1) return item;
  return (
    <Tooltip
      title={entry.title}
      placement={rtl ? 'left' : 'right'}
      classNames={{ root: `${prefixCls}-inline-collapsed-tooltip` }}
      open={tooltipOpen}
      onOpenChange={setTooltipOpen}
    >
      {item}
    </Tooltip>
  );
}

function Entries({ entries, level }: { entries: readonly SidebarEntry[]; level: number }) {
  return entries.map((entry) =>
    entry.children ? (
      <SubMenu key={entry.key} entry={entry} level={level} />
    ) : (
      <Item key={entry.key} entry={entry} level={level} />
    ),
  );
}

/** The list of a submenu: inline below its title (collapse motion) or in a popup (collapsed menu). */
function SubList({
  entry,
  level,
  mode,
  className,
  style,
}: {
  entry: SidebarEntry;
  level: number;
  mode: 'inline' | 'vertical';
  className?: string;
  style?: CSSProperties;
}) {
  const { prefixCls, menuId } = useMenu();
  return (
    <ul
      className={cx(prefixCls, `${prefixCls}-sub`, `${prefixCls}-${mode}`, className)}
      style={style}
      role="menu"
      id={`${menuId(entry.key)}-popup`}
      data-menu-list="true"
    >
      <Entries entries={entry.children ?? []} level={level + 1} />
    </ul>
  );
}

/**
 * The inline list of a submenu (rc-menu's InlineSubMenuList): rendered from its first opening on,
 * hidden when closed; in the collapsed menu it closes (with its motion) and goes.
 */
function InlineList({ entry, level, open }: { entry: SidebarEntry; level: number; open: boolean }) {
  const { prefixCls, collapsed, motion } = useMenu();
  const [destroyed, setDestroyed] = useState(collapsed);
  if (!collapsed && destroyed) setDestroyed(false);
  if (destroyed) return null;
  return (
    <CSSMotion
      visible={!collapsed && open}
      {...motion}
      motionAppear={level > 1 ? false : motion?.motionAppear}
      removeOnLeave={false}
      leavedClassName={`${prefixCls}-hidden`}
      onVisibleChanged={(visible) => {
        if (collapsed && !visible) setDestroyed(true);
      }}
    >
      {({ className, style }) => (
        <SubList entry={entry} level={level} mode="inline" className={className} style={style} />
      )}
    </CSSMotion>
  );
}

/** A directory: antd's SubMenu markup, inline or (collapsed menu) with a popup on hover. */
function SubMenu({ entry, level }: { entry: SidebarEntry; level: number }) {
  const ctx = useMenu();
  const { prefixCls, collapsed, selectedPath, menuId, rtl, theme, rootClassName } = ctx;
  const inline = !collapsed;
  const open = inline ? ctx.openKeys.includes(entry.key) : ctx.popupKeys.includes(entry.key);

  const title = (
    <div
      role="menuitem"
      className={`${prefixCls}-submenu-title`}
      tabIndex={-1}
      data-menu-id={menuId(entry.key)}
      aria-expanded={open}
      aria-haspopup="true"
      aria-controls={`${menuId(entry.key)}-popup`}
      style={inline ? { paddingLeft: indentOf(level) } : undefined}
      onClick={inline ? () => ctx.toggle(entry.key, !open) : undefined}
    >
      <MenuIcon name={entry.icon} className={`${prefixCls}-item-icon`} />
      <span className={`${prefixCls}-title-content`}>
        <MenuLabel entry={entry} />
      </span>
      <i className={`${prefixCls}-submenu-arrow`} />
    </div>
  );

  const subPrefixCls = `${prefixCls}-submenu`;
  return (
    <li
      className={cx(
        subPrefixCls,
        `${subPrefixCls}-${inline ? 'inline' : 'vertical'}`,
        open && `${subPrefixCls}-open`,
        selectedPath.includes(entry.key) && `${subPrefixCls}-selected`,
      )}
      role="none"
    >
      {inline ? (
        title
      ) : (
        <Trigger
          prefixCls={subPrefixCls}
          popupClassName={cx(
            `${subPrefixCls}-popup`,
            rtl && `${subPrefixCls}-rtl`,
            prefixCls,
            `${prefixCls}-${theme}`,
            rootClassName,
          )}
          builtinPlacements={PLACEMENTS}
          popupPlacement={rtl ? 'leftTop' : 'rightTop'}
          popupVisible={open}
          popup={<SubList entry={entry} level={level} mode="vertical" />}
          action={['hover']}
          mouseEnterDelay={POPUP_DELAY}
          mouseLeaveDelay={POPUP_DELAY}
          onOpenChange={(next) => ctx.setPopupOpen(entry.key, next)}
          popupMotion={{
            motionName: `${ctx.rootPrefixCls}-zoom-big`,
            leavedClassName: `${subPrefixCls}-hidden`,
            removeOnLeave: false,
            motionAppear: true,
          }}
          fresh
        >
          {title}
        </Trigger>
      )}
      <InlineList entry={entry} level={level} open={open} />
    </li>
  );
}

/** Menu elements (items and submenu titles) that can take the focus within a list. */
const focusableIn = (container: Element | null): HTMLElement[] =>
  Array.from(container?.querySelectorAll<HTMLElement>('[data-menu-id]') ?? []).filter((element) =>
    element.checkVisibility(),
  );

/** Focuses a menu element, or its link when it has one (as rc-menu does). */
const focusEntry = (element: HTMLElement | undefined) => {
  if (!element) return;
  const link = element.querySelector<HTMLAnchorElement>('a[href]');
  (link ?? element).focus();
};

/**
 * The sidebar's menu: antd Menu's markup, styles and motion for the entries of the sidebar, without
 * antd's (and rc-menu's) menu engine, which the first screen would download and run for a tree
 * of links. Inline with one level of indent per depth, or collapsed to icons with the title as a
 * tooltip and submenus as popups on hover. Keyboard as rc-menu: arrows move between the entries
 * (in the collapsed menu → opens a submenu and ← / Esc goes back), Enter opens a submenu or
 * follows an entry, Home / End go to the first / last entry.
 */
export function SidebarMenu({
  entries,
  theme,
  collapsed,
  selectedKey,
  openKeys,
  onOpenChange,
  onItemClick,
  style,
}: SidebarMenuProps) {
  const { getPrefixCls, direction } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('menu');
  const rootCls = useCSSVarCls(prefixCls);
  const [hashId, cssVarCls] = useMenuStyle(prefixCls, rootCls);
  const rootClassName = cx(hashId, cssVarCls, rootCls);
  const rtl = direction === 'rtl';
  const uid = useId();
  const rootRef = useRef<HTMLUListElement>(null);

  // No motion on the first render: submenus open at start do not animate (rc-menu).
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setMounted(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  const rootPrefixCls = getPrefixCls();
  const motion = useMemo(
    () => (mounted ? initCollapseMotion(rootPrefixCls) : undefined),
    [mounted, rootPrefixCls],
  );

  // Popups of the collapsed menu; a click on an entry closes them all.
  const [popupKeys, setPopupKeys] = useState<string[]>([]);
  if (!collapsed && popupKeys.length > 0) setPopupKeys([]);

  const selectedPath = useMemo(
    () => (selectedKey ? findKeyPath(entries, selectedKey) : []),
    [entries, selectedKey],
  );

  const context = useMemo<MenuContextValue>(
    () => ({
      prefixCls,
      rootPrefixCls,
      rootClassName,
      theme,
      rtl,
      collapsed,
      selectedPath,
      openKeys,
      toggle: (key, open) =>
        onOpenChange(open ? [...openKeys, key] : openKeys.filter((openKey) => openKey !== key)),
      onItemClick: (entry, event) => {
        onItemClick(entry, event);
        if (collapsed) setPopupKeys([]);
      },
      menuId: (key) => `${uid}-${key}`,
      motion,
      popupKeys,
      // Closing a submenu closes the submenus below it too.
      setPopupOpen: (key, open) =>
        setPopupKeys((keys) =>
          open
            ? keys.includes(key)
              ? keys
              : [...keys, key]
            : keys.filter((openKey) => !findKeyPath(entries, openKey).includes(key)),
        ),
    }),
    [
      prefixCls,
      rootPrefixCls,
      rootClassName,
      theme,
      rtl,
      collapsed,
      selectedPath,
      openKeys,
      onOpenChange,
      onItemClick,
      uid,
      motion,
      popupKeys,
      entries,
    ],
  );

  const keyOf = (element: Element | null | undefined): string | undefined => {
    const id = element?.getAttribute('data-menu-id');
    return id?.startsWith(`${uid}-`) ? id.slice(uid.length + 1) : undefined;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const { key } = event;
    if (
      !['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Enter', 'Escape', 'Home', 'End'].includes(key)
    ) {
      return;
    }
    const current = (event.target as HTMLElement).closest<HTMLElement>('[data-menu-id]');
    const currentKey = keyOf(current);
    const path = currentKey ? findKeyPath(entries, currentKey) : [];
    const entry = path.length ? findEntryByPath(entries, path) : undefined;

    if (key === 'Enter') {
      if (!current || !entry) return;
      if (entry.children) {
        event.preventDefault();
        if (!collapsed) context.toggle(entry.key, !openKeys.includes(entry.key));
        else openPopupAndFocus(entry.key);
      } else if (!(event.target as HTMLElement).closest('a')) {
        // On a focused link Enter follows the link itself.
        context.onItemClick(entry, event);
      }
      return;
    }

    // Inline: all visible entries in order; collapsed: the entries of the same list.
    const container = !current || !collapsed ? rootRef.current : current.closest('[data-menu-list]');
    const list = focusableIn(container).filter(
      (element) => !collapsed || element.closest('[data-menu-list]') === container,
    );
    if (key === 'Home' || key === 'End') {
      event.preventDefault();
      focusEntry(key === 'Home' ? list[0] : list.at(-1));
      return;
    }
    if (key === 'ArrowUp' || key === 'ArrowDown') {
      event.preventDefault();
      const at = current ? list.indexOf(current) : -1;
      const next = key === 'ArrowDown' ? at + 1 : at < 0 ? list.length - 1 : at - 1;
      focusEntry(list[(next + list.length) % list.length]);
      return;
    }
    if (!collapsed || !entry) return;
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    event.preventDefault();
    if (key === forward) {
      if (entry.children) openPopupAndFocus(entry.key);
    } else if (path.length > 1) {
      // ← or Esc: back to the submenu this list belongs to.
      const parentKey = path.at(-2)!;
      context.setPopupOpen(parentKey, false);
      const parent = document.querySelector<HTMLElement>(
        `[data-menu-id="${CSS.escape(`${uid}-${parentKey}`)}"]`,
      );
      focusEntry(parent ?? undefined);
    }
  };

  /** Opens a collapsed submenu's popup and focuses its first entry once it shows. */
  const openPopupAndFocus = (key: string) => {
    context.setPopupOpen(key, true);
    const started = Date.now();
    const focusFirst = () => {
      const list = document.getElementById(`${uid}-${key}-popup`);
      const first = focusableIn(list)[0];
      if (first) focusEntry(first);
      else if (Date.now() - started < 500) requestAnimationFrame(focusFirst);
    };
    requestAnimationFrame(focusFirst);
  };

  const mode = collapsed ? 'vertical' : 'inline';
  return (
    <MenuContext value={context}>
      <ul
        ref={rootRef}
        className={cx(
          prefixCls,
          `${prefixCls}-root`,
          `${prefixCls}-${mode}`,
          `${prefixCls}-${theme}`,
          collapsed && `${prefixCls}-inline-collapsed`,
          rtl && `${prefixCls}-rtl`,
          rootClassName,
        )}
        role="menu"
        tabIndex={0}
        data-menu-list="true"
        style={style}
        onKeyDown={onKeyDown}
      >
        <Entries entries={entries} level={1} />
      </ul>
    </MenuContext>
  );
}

/** The entry at the end of a key path. */
function findEntryByPath(
  entries: readonly SidebarEntry[],
  path: readonly string[],
): SidebarEntry | undefined {
  let list: readonly SidebarEntry[] | undefined = entries;
  let found: SidebarEntry | undefined;
  for (const key of path) {
    found = list?.find((entry) => entry.key === key);
    list = found?.children;
  }
  return found;
}
