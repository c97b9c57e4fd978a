import type { MenuNode } from '@app/contract';
import { HOME_PATH } from '../../shared/config';
import { isDirectory, isExternalLink, joinMenuPath, visibleChildren } from '../../shared/menu';

/** One sidebar entry: a submenu (children), an internal page (path) or an external link. */
export interface SidebarEntry {
  key: string;
  title: string;
  icon?: string;
  /** Internal route to navigate to (pages). */
  path?: string;
  /** External address opened in a new tab. */
  link?: string;
  children?: SidebarEntry[];
}

/** The fixed first entry. */
export const HOME_ENTRY: SidebarEntry = { key: HOME_PATH, title: '首页', icon: 'dashboard', path: HOME_PATH };

const toEntry = (menu: MenuNode, parentPath: string): SidebarEntry | null => {
  if (!menu.visible) return null;
  const fullPath = joinMenuPath(parentPath, menu.path);
  if (isExternalLink(fullPath)) {
    return { key: `link:${menu.id}`, title: menu.name, icon: menu.icon, link: fullPath };
  }
  if (!isDirectory(menu)) return { key: fullPath, title: menu.name, icon: menu.icon, path: fullPath };

  const shown = visibleChildren(menu);
  // A parent with exactly one visible child shows as that child, unless it always shows as a submenu.
  if (shown.length === 1 && !menu.alwaysShow && !isDirectory(shown[0]!)) {
    const only = toEntry(shown[0]!, fullPath);
    return only ? { ...only, icon: only.icon || menu.icon } : null;
  }
  const children = shown
    .map((child) => toEntry(child, fullPath))
    .filter((e): e is SidebarEntry => e !== null);
  if (children.length === 0) return null;
  return { key: `dir:${fullPath}`, title: menu.name, icon: menu.icon, children };
};

/** Builds the sidebar from the server menus: 首页 first, hidden menus left out. */
export function buildSidebarEntries(menus: readonly MenuNode[]): SidebarEntry[] {
  const entries = menus.map((menu) => toEntry(menu, '/')).filter((e): e is SidebarEntry => e !== null);
  return [HOME_ENTRY, ...entries.filter((e) => e.path !== HOME_PATH)];
}

/** Keys from the top entry down to the entry with `key` (empty when absent). */
export function findKeyPath(entries: readonly SidebarEntry[], key: string): string[] {
  for (const entry of entries) {
    if (entry.key === key) return [entry.key];
    if (entry.children) {
      const below = findKeyPath(entry.children, key);
      if (below.length > 0) return [entry.key, ...below];
    }
  }
  return [];
}

/**
 * The page entry to highlight for a location: the exact path, else the longest page path that
 * is a prefix of it (sub-pages without their own menu).
 */
export function findSelectedKey(entries: readonly SidebarEntry[], pathname: string): string | undefined {
  const pages: string[] = [];
  const collect = (list: readonly SidebarEntry[]): void =>
    list.forEach((entry) =>
      entry.children ? collect(entry.children) : entry.path && pages.push(entry.path),
    );
  collect(entries);
  if (pages.includes(pathname)) return pathname;
  return pages
    .filter((path) => pathname.startsWith(`${path}/`))
    .reduce<string | undefined>(
      (best, path) => (!best || path.length > best.length ? path : best),
      undefined,
    );
}

/** Titles longer than this many characters get a tooltip in the menus. */
export const TOOLTIP_TITLE_LENGTH = 5;

/** True when a menu title is long enough for a tooltip (more than 5 characters). */
export const needsTooltip = (title: string): boolean => [...title].length > TOOLTIP_TITLE_LENGTH;

/** Every entry of a tree, depth first. */
export const flattenEntries = (entries: readonly SidebarEntry[]): SidebarEntry[] =>
  entries.flatMap((entry) => [entry, ...(entry.children ? flattenEntries(entry.children) : [])]);

/** The entry with `key` anywhere in the tree. */
export const findEntry = (entries: readonly SidebarEntry[], key: string): SidebarEntry | undefined =>
  flattenEntries(entries).find((entry) => entry.key === key);

/** The top-level entry holding the entry with `key` (itself when it is top-level). */
export const findTopEntry = (entries: readonly SidebarEntry[], key: string): SidebarEntry | undefined =>
  entries.find((entry) => findKeyPath([entry], key).length > 0);
