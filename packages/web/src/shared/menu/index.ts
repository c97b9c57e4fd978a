export {
  countVisiblePages,
  isDirectory,
  isExternalLink,
  joinMenuPath,
  menuTarget,
  visibleChildren,
} from './menu-utils';
export { getRouteMeta } from './route-meta';
export type { RouteMeta } from './route-meta';
