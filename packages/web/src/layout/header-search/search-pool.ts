import type { MenuNode } from '@app/contract';
import { HOME_PATH } from '../../shared/config';
import { isDirectory, isExternalLink, joinMenuPath } from '../../shared/menu';

/** One search target: the title path from the top menu down, and where it leads. */
export interface SearchItem {
  /** Titles from the top-level menu down to the page ('系统管理', '用户管理'). */
  title: string[];
  /** Internal route, or the http(s) address of an external menu. */
  path: string;
  external: boolean;
}

/** How a result is shown: the title path joined with ' > '. */
export const searchItemLabel = (item: SearchItem): string => item.title.join(' > ');

/**
 * The search targets: every visible menu with a title that is not a directory (directories are
 * noRedirect routes; their titles prefix their children's), plus the home page. Hidden menus and
 * everything below them are left out.
 */
export function buildSearchPool(menus: readonly MenuNode[]): SearchItem[] {
  const pool: SearchItem[] = [{ title: ['首页'], path: HOME_PATH, external: false }];
  const walk = (list: readonly MenuNode[], parentPath: string, prefix: string[]): void => {
    for (const menu of list) {
      if (!menu.visible) continue;
      const name = menu.name.trim();
      const fullPath = joinMenuPath(parentPath, menu.path);
      const title = name ? [...prefix, name] : prefix;
      if (isExternalLink(fullPath)) {
        if (name) pool.push({ title, path: fullPath, external: true });
      } else if (isDirectory(menu)) {
        walk(menu.children ?? [], fullPath, title);
      } else if (name && !pool.some((item) => item.path === fullPath)) {
        pool.push({ title, path: fullPath, external: false });
      }
    }
  };
  walk(menus, '/', []);
  return pool;
}
