import { useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import logoUrl from '../../assets/logo.svg';
import { APP_TITLE, HOME_PATH } from '../../shared/config';
import { useSessionStore } from '../../shared/session';
import { useLayoutSettings } from '../../shared/settings/layout-settings';
import { LazyEmpty } from '../../shared/ui/lazy-empty';
import { sidePalette } from '../../shared/ui/theme';
import { preloadAllMenuIcons } from '../../shared/menu/menu-icons';
import { buildSidebarEntries, findKeyPath, findSelectedKey } from './sidebar-entries';
import type { SidebarEntry } from './sidebar-entries';
import { SidebarMenu } from './sidebar-menu';
import type { SidebarMenuProps } from './sidebar-menu';
import { useActivePath } from './use-active-menu';
import './sidebar.css';

/** Opens an external address in a new tab without giving it access to this window. */
export const openExternal = (address: string): void => {
  window.open(address, '_blank', 'noopener,noreferrer');
};

/**
 * The entries the sidebar shows: all of them, or in top-nav mode the children of the chosen top
 * menu (the top menu swaps the sidebar to its children).
 */
export function useSidebarEntries(): SidebarEntry[] {
  const menus = useSessionStore((state) => state.menus);
  const topNav = useLayoutSettings((state) => state.setting.topNav);
  const topMenuKey = useLayoutSettings((state) => state.topMenuKey);
  const all = useMemo(() => buildSidebarEntries(menus), [menus]);
  return useMemo(() => {
    if (!topNav || !topMenuKey) return all;
    return all.find((entry) => entry.key === topMenuKey)?.children ?? all;
  }, [all, topNav, topMenuKey]);
}

/**
 * Logo and the menu built from the server menus. One submenu is open at a time; the highlighted
 * entry follows the page's `activeMenu`. Collapsed to icons when the sidebar is closed on a wide
 * screen; on mobile it always shows in full (the layout slides it in and out).
 */
export function Sidebar() {
  const entries = useSidebarEntries();
  const sidebarOpened = useLayoutSettings((state) => state.sidebarOpened);
  const mobile = useLayoutSettings((state) => state.device === 'mobile');
  const sideTheme = useLayoutSettings((state) => state.setting.sideTheme);
  const darkMode = useLayoutSettings((state) => state.setting.darkMode);
  const showLogo = useLayoutSettings((state) => state.setting.sidebarLogo);
  const collapsed = !sidebarOpened && !mobile;
  const palette = sidePalette(sideTheme, darkMode);
  const navigate = useNavigate();

  const { key: locationKey } = useLocation();
  const selectedKey = findSelectedKey(entries, useActivePath());
  const ancestors = useMemo(
    () => (selectedKey ? findKeyPath(entries, selectedKey).slice(0, -1) : []),
    [entries, selectedKey],
  );

  // Each navigation opens the submenus of the current page; in between the user opens and closes them.
  const [userOpen, setUserOpen] = useState<{ forLocation: string; keys: string[] } | null>(null);
  const openKeys = userOpen && userOpen.forLocation === locationKey ? userOpen.keys : ancestors;

  const onOpenChange = (keys: string[]) => {
    const opened = keys.find((key) => !openKeys.includes(key));
    // Accordion: keep only the newly opened submenu and its ancestors.
    const next = opened ? findKeyPath(entries, opened) : keys;
    setUserOpen({ forLocation: locationKey, keys: next });
  };

  // A click on the label's link is handled by the link; a click elsewhere on the item (or Enter on
  // the focused item) goes the same way.
  const onItemClick: SidebarMenuProps['onItemClick'] = (entry, event) => {
    if ((event.target as HTMLElement).closest('a')) return;
    if (entry.link) openExternal(entry.link);
    else if (entry.path) navigate(entry.path);
  };

  return (
    <nav
      className={`app-sidebar ${sideTheme}${collapsed ? ' is-collapsed' : ''}`}
      aria-label="侧边菜单"
      style={{ background: palette.background }}
      // Submenu icons load on the way to a submenu, before it opens.
      onPointerEnter={preloadAllMenuIcons}
      onFocus={preloadAllMenuIcons}
    >
      {showLogo && (
        <Link
          to={HOME_PATH}
          className="app-sidebar-logo"
          aria-label={APP_TITLE}
          style={{ background: palette.logoBackground, color: palette.logoColor }}
        >
          <img src={logoUrl} alt="" width={28} height={28} />
          {!collapsed && <span className="app-sidebar-title">{APP_TITLE}</span>}
        </Link>
      )}
      <div className="app-sidebar-menu">
        {entries.length > 0 ? (
          <SidebarMenu
            entries={entries}
            theme={palette.menuTheme}
            collapsed={collapsed}
            selectedKey={selectedKey}
            openKeys={openKeys}
            onOpenChange={onOpenChange}
            onItemClick={onItemClick}
            style={{ background: palette.background }}
          />
        ) : (
          <LazyEmpty simple description="暂无菜单" />
        )}
      </div>
    </nav>
  );
}
