import { useMatches, useLocation } from 'react-router';
import { getRouteMeta } from '../../shared/menu';
import { findSelectedKey, findTopEntry } from './sidebar-entries';
import type { SidebarEntry } from './sidebar-entries';

/** The path whose menu entry is highlighted: the page's `activeMenu` when it names one, else its path. */
export function useActivePath(): string {
  const { pathname } = useLocation();
  const matches = useMatches();
  return getRouteMeta(matches.at(-1)?.handle)?.activeMenu ?? pathname;
}

/** Address of a top-level entry: its page path, or the directory path behind its `dir:` key. */
const rootPathOf = (entry: SidebarEntry): string | undefined =>
  entry.path ?? (entry.key.startsWith('dir:') ? entry.key.slice('dir:'.length) : undefined);

/**
 * Key of the top-level entry a location belongs to: the one holding the highlighted entry, else
 * (hidden pages without their own entry) the one whose address is a prefix of the path.
 */
export function findTopKeyForPath(entries: readonly SidebarEntry[], activePath: string): string | undefined {
  const selected = findSelectedKey(entries, activePath);
  if (selected) return findTopEntry(entries, selected)?.key;
  return entries.find((entry) => {
    const root = rootPathOf(entry);
    return !!root && root !== '/' && (activePath === root || activePath.startsWith(`${root}/`));
  })?.key;
}
