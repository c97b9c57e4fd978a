import { createElement, useSyncExternalStore } from 'react';
import type { ComponentType } from 'react';
import type { MenuNode } from '@app/contract';

type IconComponent = ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
type IconLoader = () => Promise<{ default: IconComponent }>;

/**
 * yudao menu icon names (svg-icon ids of the reference client) and the antd icons they show. Each
 * icon is its own small chunk: the first screen loads the icons of the top-level menus (with the
 * session), the others load when their menu first shows.
 */
const MENU_ICON_LOADERS: Record<string, IconLoader> = {
  dashboard: () => import('@ant-design/icons/es/icons/DashboardOutlined'),
  home: () => import('@ant-design/icons/es/icons/HomeOutlined'),
  system: () => import('@ant-design/icons/es/icons/SettingOutlined'),
  monitor: () => import('@ant-design/icons/es/icons/DesktopOutlined'),
  tool: () => import('@ant-design/icons/es/icons/ToolOutlined'),
  user: () => import('@ant-design/icons/es/icons/UserOutlined'),
  people: () => import('@ant-design/icons/es/icons/TeamOutlined'),
  peoples: () => import('@ant-design/icons/es/icons/TeamOutlined'),
  'tree-table': () => import('@ant-design/icons/es/icons/TableOutlined'),
  tree: () => import('@ant-design/icons/es/icons/ApartmentOutlined'),
  post: () => import('@ant-design/icons/es/icons/IdcardOutlined'),
  dict: () => import('@ant-design/icons/es/icons/BookOutlined'),
  message: () => import('@ant-design/icons/es/icons/MessageOutlined'),
  log: () => import('@ant-design/icons/es/icons/FileTextOutlined'),
  logininfor: () => import('@ant-design/icons/es/icons/LoginOutlined'),
  edit: () => import('@ant-design/icons/es/icons/EditOutlined'),
  form: () => import('@ant-design/icons/es/icons/FormOutlined'),
  online: () => import('@ant-design/icons/es/icons/GlobalOutlined'),
  validCode: () => import('@ant-design/icons/es/icons/SafetyCertificateOutlined'),
  phone: () => import('@ant-design/icons/es/icons/PhoneOutlined'),
  email: () => import('@ant-design/icons/es/icons/MailOutlined'),
  education: () => import('@ant-design/icons/es/icons/ReadOutlined'),
  eye: () => import('@ant-design/icons/es/icons/EyeOutlined'),
  'eye-open': () => import('@ant-design/icons/es/icons/EyeOutlined'),
  guide: () => import('@ant-design/icons/es/icons/CompassOutlined'),
  nested: () => import('@ant-design/icons/es/icons/ClusterOutlined'),
  cascader: () => import('@ant-design/icons/es/icons/BranchesOutlined'),
  link: () => import('@ant-design/icons/es/icons/LinkOutlined'),
};

/** Names with an icon of their own. */
export const MENU_ICON_NAMES: readonly string[] = Object.keys(MENU_ICON_LOADERS);

/** Icon for names without a mapping (or no icon at all). */
const DEFAULT_ICON = 'default';
const loadDefaultIcon: IconLoader = () => import('@ant-design/icons/es/icons/AppstoreOutlined');

/** The registry key of a menu icon name ('default' for unknown names). */
export const menuIconKey = (name: string | null | undefined): string =>
  name && MENU_ICON_LOADERS[name] ? name : DEFAULT_ICON;

const loaded = new Map<string, IconComponent>();
const loading = new Map<string, Promise<void>>();
const listeners = new Set<() => void>();
let version = 0;

/** Loads the icon of a menu icon name once; resolves when it can render (never rejects). */
export const loadMenuIcon = (name: string | null | undefined): Promise<void> => {
  const key = menuIconKey(name);
  let pending = loading.get(key);
  if (!pending) {
    pending = (MENU_ICON_LOADERS[key] ?? loadDefaultIcon)().then(
      ({ default: icon }) => {
        loaded.set(key, icon);
        version += 1;
        listeners.forEach((listener) => listener());
      },
      () => {
        // Try again on the next render; the menu works without its icon meanwhile.
        loading.delete(key);
      },
    );
    loading.set(key, pending);
  }
  return pending;
};

/** Loads the icons the top level of the menus shows (and the home entry's), e.g. with the session. */
export const preloadTopMenuIcons = (menus: readonly MenuNode[]): Promise<void> =>
  Promise.all(
    ['dashboard', ...menus.filter((menu) => menu.visible).map((menu) => menu.icon)].map(loadMenuIcon),
  ).then(() => undefined);

/** Loads every menu icon (on the first pointer or focus in a menu, before submenus open). */
export const preloadAllMenuIcons = (): void => {
  [...MENU_ICON_NAMES, DEFAULT_ICON].forEach((name) => void loadMenuIcon(name));
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getVersion = () => version;

/**
 * The antd icon for a yudao menu icon name. Until its chunk has loaded it keeps the icon's place
 * (1em square, as antd's icons).
 */
export function MenuIcon({ name, className }: { name?: string | null; className?: string }) {
  useSyncExternalStore(subscribe, getVersion, getVersion);
  const icon = loaded.get(menuIconKey(name));
  if (!icon) {
    void loadMenuIcon(name);
    return (
      <span
        className={className ? `anticon ${className}` : 'anticon'}
        aria-hidden="true"
        style={{ width: '1em', height: '1em' }}
      />
    );
  }
  // Decorative: the menu title names the entry.
  return createElement(icon, { className, 'aria-hidden': true });
}
