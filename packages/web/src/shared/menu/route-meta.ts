/**
 * Route meta, kept in each route's `handle`. The sidebar, document title and (later) the
 * breadcrumb, tags view and keep-alive read it.
 */
export interface RouteMeta {
  /** Menu / page title (the server menu's name). */
  title: string;
  /** Full path of the route ('' for routes without one). */
  fullPath: string;
  /** Icon name as the server sends it (yudao icon names such as 'system', 'user'). */
  icon?: string;
  /** External address when the menu path is an http(s) link. */
  link?: string;
  /** Tab cannot be closed (tags view). */
  affix?: boolean;
  /** Sidebar entry to highlight instead of this route's own path. */
  activeMenu?: string;
  /** false: leave this route out of the breadcrumb. */
  breadcrumb?: boolean;
  /** Not shown in the sidebar (server `visible: false`). */
  hidden?: boolean;
  /** Parent always shown as a submenu even with a single visible child. */
  alwaysShow?: boolean;
  /** Where a directory route sends its visitors (its first visible page). */
  redirect?: string;
  /** Breadcrumb entry is plain text (directories). */
  noRedirect?: boolean;
  /** Page state kept when leaving the tab (server `keepAlive`). */
  keepAlive?: boolean;
  /** Component name of the page (server `componentName`), the keep-alive key. */
  componentName?: string;
  /** Component path requested by the server menu. */
  component?: string;
  /** Id of the server menu the route comes from. */
  menuId?: number;
}

/** Reads the route meta of a match's `handle`, if it has one. */
export const getRouteMeta = (handle: unknown): RouteMeta | undefined => {
  if (typeof handle !== 'object' || handle === null) return undefined;
  const meta = handle as Partial<RouteMeta>;
  return typeof meta.title === 'string' ? (meta as RouteMeta) : undefined;
};
