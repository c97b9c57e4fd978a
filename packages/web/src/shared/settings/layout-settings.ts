import { create } from 'zustand';

/**
 * Global component size of the size selector (the reference's four sizes). How each maps onto antd
 * is decided in `shared/ui/theme.ts` (`ANTD_SIZE`): default → large, medium → middle, small → small,
 * mini → small with antd's compact algorithm.
 */
export type UiSize = 'default' | 'medium' | 'small' | 'mini';
export type SideTheme = 'theme-dark' | 'theme-light';
/** Mobile when the body is narrower than the breakpoint (see `isMobileWidth`). */
export type Device = 'desktop' | 'mobile';

/** The sizes in the order the size selector offers them. */
export const UI_SIZES: readonly UiSize[] = ['default', 'medium', 'small', 'mini'];

/** Default theme colour (spec section 9). Kept here, free of antd, so the login chunk can read settings. */
export const DEFAULT_THEME_COLOR = '#409EFF';

/** Below this body width (minus 1 px) the console is in mobile mode (spec section 4). */
export const MOBILE_BREAKPOINT = 992;

/** True when a body of `bodyWidth` px is a mobile screen: width minus 1 under 992 (as the reference). */
export const isMobileWidth = (bodyWidth: number): boolean => bodyWidth - 1 < MOBILE_BREAKPOINT;

/** The record saved under the local key `layout-setting` by the settings drawer (spec section 3). */
export interface LayoutSetting {
  theme: string;
  sideTheme: SideTheme;
  topNav: boolean;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  dynamicTitle: boolean;
  /** Beyond the spec: dark mode for the whole console. */
  darkMode: boolean;
}

export const DEFAULT_LAYOUT_SETTING: LayoutSetting = {
  theme: DEFAULT_THEME_COLOR,
  sideTheme: 'theme-dark',
  topNav: false,
  tagsView: true,
  fixedHeader: false,
  sidebarLogo: true,
  dynamicTitle: false,
  darkMode: false,
};

export const LAYOUT_SETTING_KEY = 'layout-setting';
const SIDEBAR_STATUS_KEY = 'sidebarStatus';
const SIZE_KEY = 'size';

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const BOOLEAN_KEYS = [
  'topNav',
  'tagsView',
  'fixedHeader',
  'sidebarLogo',
  'dynamicTitle',
  'darkMode',
] as const;

/**
 * Reads the saved record, keeping only well-formed fields (a hand-edited or older record must not
 * break the shell); missing or malformed fields take their defaults.
 */
export const readSavedSetting = (): LayoutSetting => {
  let saved: Record<string, unknown> = {};
  try {
    const raw = localStorage.getItem(LAYOUT_SETTING_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (parsed && typeof parsed === 'object') saved = parsed as Record<string, unknown>;
  } catch {
    // A broken record counts as none.
  }
  const setting: LayoutSetting = { ...DEFAULT_LAYOUT_SETTING };
  if (typeof saved.theme === 'string' && HEX_COLOR.test(saved.theme)) setting.theme = saved.theme;
  if (saved.sideTheme === 'theme-dark' || saved.sideTheme === 'theme-light')
    setting.sideTheme = saved.sideTheme;
  for (const key of BOOLEAN_KEYS) if (typeof saved[key] === 'boolean') setting[key] = saved[key];
  return setting;
};

const readSize = (): UiSize => {
  const saved = localStorage.getItem(SIZE_KEY);
  return UI_SIZES.includes(saved as UiSize) ? (saved as UiSize) : 'medium';
};

interface LayoutState {
  /** Settings in effect (the drawer edits these live; `saveSetting` persists them). */
  setting: LayoutSetting;
  /** Sidebar opened (persisted) and whether the last toggle should skip the animation. */
  sidebarOpened: boolean;
  withoutAnimation: boolean;
  /** The sidebar is not shown at all (top-nav mode on a page without sub-menus). Toggling is ignored. */
  sidebarHide: boolean;
  device: Device;
  size: UiSize;
  /** Top-nav mode: key of the top menu whose children the sidebar shows (null: follow the route). */
  topMenuKey: string | null;
  /** The settings drawer is open. */
  settingsOpen: boolean;
  updateSetting: (patch: Partial<LayoutSetting>) => void;
  saveSetting: () => void;
  resetSetting: () => void;
  setSidebarOpened: (opened: boolean, withoutAnimation?: boolean) => void;
  /** Hamburger: opens or closes the sidebar; ignored while the sidebar is hidden. */
  toggleSidebar: () => void;
  closeSidebar: (withoutAnimation?: boolean) => void;
  setSidebarHide: (hide: boolean) => void;
  setDevice: (device: Device) => void;
  setSize: (size: UiSize) => void;
  setTopMenuKey: (key: string | null) => void;
  setSettingsOpen: (open: boolean) => void;
}

/** Layout preferences: the settings record, the sidebar state and the UI size, each kept locally. */
export const useLayoutSettings = create<LayoutState>()((set, get) => ({
  setting: readSavedSetting(),
  sidebarOpened: localStorage.getItem(SIDEBAR_STATUS_KEY) !== '0',
  withoutAnimation: false,
  sidebarHide: false,
  device: 'desktop',
  size: readSize(),
  topMenuKey: null,
  settingsOpen: false,
  updateSetting: (patch) => {
    const next = { ...get().setting, ...patch };
    // Turning top-nav off shows the sidebar again with the full menu.
    if (patch.topNav === false) set({ setting: next, sidebarHide: false, topMenuKey: null });
    else set({ setting: next });
  },
  saveSetting: () => localStorage.setItem(LAYOUT_SETTING_KEY, JSON.stringify(get().setting)),
  resetSetting: () => {
    localStorage.removeItem(LAYOUT_SETTING_KEY);
    set({ setting: DEFAULT_LAYOUT_SETTING, sidebarHide: false, topMenuKey: null });
  },
  setSidebarOpened: (opened, withoutAnimation = false) => {
    localStorage.setItem(SIDEBAR_STATUS_KEY, opened ? '1' : '0');
    set({ sidebarOpened: opened, withoutAnimation });
  },
  toggleSidebar: () => {
    if (get().sidebarHide) return;
    get().setSidebarOpened(!get().sidebarOpened);
  },
  closeSidebar: (withoutAnimation = false) => get().setSidebarOpened(false, withoutAnimation),
  setSidebarHide: (hide) => {
    if (get().sidebarHide !== hide) set({ sidebarHide: hide });
  },
  setDevice: (device) => {
    if (get().device !== device) set({ device });
  },
  setSize: (size) => {
    localStorage.setItem(SIZE_KEY, size);
    set({ size });
  },
  setTopMenuKey: (key) => {
    if (get().topMenuKey !== key) set({ topMenuKey: key });
  },
  setSettingsOpen: (open) => set({ settingsOpen: open }),
}));
