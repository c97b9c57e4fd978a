import { Menu } from 'antd';
import type { MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSessionStore } from '../../shared/session';
import { useLayoutSettings } from '../../shared/settings/layout-settings';
import { MenuIcon } from '../../shared/menu/menu-icons';
import { MenuLabel } from '../sidebar/menu-label';
import { openExternal } from '../sidebar/sidebar';
import { buildSidebarEntries, findEntry } from '../sidebar/sidebar-entries';
import type { SidebarEntry } from '../sidebar/sidebar-entries';
import { findTopKeyForPath, useActivePath } from '../sidebar/use-active-menu';
import './top-nav.css';

/** Width one top menu is given, and the share of the window the top menu may use (1/3). */
const TOP_MENU_WIDTH = 85;
/** Visible top menus before the first measurement. */
export const INITIAL_VISIBLE_TOP_MENUS = 5;
/** Key of the overflow submenu. */
export const MORE_MENU_KEY = '__more__';

/** How many top menus fit: window width / 3 / 85, rounded down (the rest go under 更多菜单). */
export const visibleTopMenuCount = (width: number): number =>
  Math.max(0, Math.floor(width / 3 / TOP_MENU_WIDTH));

/** Splits the top menus into the visible ones and those under 更多菜单. */
export const splitTopMenus = <T,>(entries: readonly T[], visible: number): { shown: T[]; more: T[] } => ({
  shown: entries.slice(0, visible),
  more: entries.slice(visible),
});

const bodyWidth = (): number => document.body.getBoundingClientRect().width;

/** The visible count, re-measured when the window is resized. */
function useVisibleCount(): number {
  const [count, setCount] = useState(INITIAL_VISIBLE_TOP_MENUS);
  useEffect(() => {
    const measure = () => setCount(visibleTopMenuCount(bodyWidth()));
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);
  return count;
}

/** A top menu item: the entry's own label, but without its children (those go to the sidebar). */
const toTopItem = (entry: SidebarEntry): Required<MenuProps>['items'][number] => ({
  key: entry.key,
  icon: <MenuIcon name={entry.icon} />,
  label: entry.children ? <span>{entry.title}</span> : <MenuLabel entry={entry} tooltipPlacement="bottom" />,
  title: entry.title,
});

/**
 * The navbar's top menu (setting topNav): the top-level menus, as many as fit, the rest under
 * 更多菜单. A menu with children swaps the sidebar to those children; a page navigates and hides
 * the sidebar; an external address opens in a new window. The highlighted menu follows the route.
 */
export function TopNav() {
  const menus = useSessionStore((state) => state.menus);
  const entries = useMemo(() => buildSidebarEntries(menus), [menus]);
  const visible = useVisibleCount();
  const { shown, more } = splitTopMenus(entries, visible);
  const topMenuKey = useLayoutSettings((state) => state.topMenuKey);
  const setTopMenuKey = useLayoutSettings((state) => state.setTopMenuKey);
  const setSidebarHide = useLayoutSettings((state) => state.setSidebarHide);
  const navigate = useNavigate();

  // On every navigation the top menu (and the sidebar) follow the page: a page under a menu with
  // children shows those children, a top-level page hides the sidebar.
  const { key: locationKey } = useLocation();
  const routeTopKey = findTopKeyForPath(entries, useActivePath());
  useEffect(() => {
    if (!routeTopKey) return;
    const entry = entries.find((e) => e.key === routeTopKey);
    setTopMenuKey(routeTopKey);
    setSidebarHide(!entry?.children);
  }, [entries, routeTopKey, locationKey, setTopMenuKey, setSidebarHide]);

  const items: MenuProps['items'] = [
    ...shown.map(toTopItem),
    ...(more.length > 0
      ? [
          {
            key: MORE_MENU_KEY,
            label: '更多菜单',
            children: more.map(toTopItem),
          },
        ]
      : []),
  ];

  const onClick: MenuProps['onClick'] = ({ key, domEvent }) => {
    const entry = findEntry(entries, key);
    if (!entry) return;
    if (entry.link) {
      // The label's own link opens the new window when it was clicked.
      if (!(domEvent.target as HTMLElement).closest('a')) openExternal(entry.link);
      return;
    }
    if (entry.children) {
      setTopMenuKey(entry.key);
      setSidebarHide(false);
      return;
    }
    if (!(domEvent.target as HTMLElement).closest('a') && entry.path) navigate(entry.path);
    setTopMenuKey(entry.key);
    setSidebarHide(true);
  };

  const selected = topMenuKey ?? routeTopKey;
  return (
    <nav className="app-top-nav" aria-label="顶部菜单">
      <Menu
        mode="horizontal"
        items={items}
        selectedKeys={selected ? [selected] : []}
        onClick={onClick}
        disabledOverflow
      />
    </nav>
  );
}
