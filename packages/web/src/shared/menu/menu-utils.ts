import type { MenuNode } from '@app/contract';

/** Menu addresses containing http:// or https:// are external links (spec section 2). */
export const isExternalLink = (path: string | null | undefined): boolean => /https?:\/\//i.test(path ?? '');

const normalize = (path: string): string => {
  const collapsed = `/${path}`.replace(/\/{2,}/g, '/');
  return collapsed.length > 1 ? collapsed.replace(/\/$/, '') : collapsed;
};

/**
 * Full path of a menu: absolute paths ('/system') stand alone, relative ones ('user') are
 * joined to the parent's full path; external links are returned unchanged.
 */
export const joinMenuPath = (parentPath: string, path: string | null | undefined): string => {
  const own = (path ?? '').trim();
  if (isExternalLink(own)) return own;
  if (own.startsWith('/')) return normalize(own);
  if (!own) return normalize(parentPath || '/');
  return normalize(`${parentPath || ''}/${own}`);
};

/** Children shown in the sidebar. */
export const visibleChildren = (menu: MenuNode): MenuNode[] => (menu.children ?? []).filter((c) => c.visible);

/** A menu with children is a directory (rendered through a pass-through parent). */
export const isDirectory = (menu: MenuNode): boolean => (menu.children?.length ?? 0) > 0;

/**
 * Where clicking a menu leads: a page's own path, a directory's first visible page,
 * or the address of an external link. Undefined when a directory has nothing to show.
 */
export const menuTarget = (menu: MenuNode, parentPath = '/'): string | undefined => {
  const fullPath = joinMenuPath(parentPath, menu.path);
  if (isExternalLink(fullPath) || !isDirectory(menu)) return fullPath;
  for (const child of visibleChildren(menu)) {
    const target = menuTarget(child, fullPath);
    if (target) return target;
  }
  return undefined;
};

/** Counts the pages (leaves) below a menu that the sidebar shows. */
export const countVisiblePages = (menu: MenuNode): number =>
  isDirectory(menu) ? visibleChildren(menu).reduce((sum, child) => sum + countVisiblePages(child), 0) : 1;
