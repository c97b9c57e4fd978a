import { theme as antdTheme } from 'antd';
import type { ConfigProviderProps, ThemeConfig } from 'antd';
import { DEFAULT_THEME_COLOR } from '../settings/layout-settings';
import type { SideTheme, UiSize } from '../settings/layout-settings';

/** Theme colour of the console (default of the settings drawer's picker). */
export const PRIMARY_COLOR = DEFAULT_THEME_COLOR;

/** The 8 swatches of the theme picker (the reference's predefined colours). */
export const THEME_SWATCHES: readonly string[] = [
  '#409EFF',
  '#1890ff',
  '#304156',
  '#212121',
  '#11a983',
  '#13c2c2',
  '#6959CD',
  '#f5222d',
];

/**
 * The size selector's four sizes on antd's three: Default → large, Medium → middle (antd's own
 * default), Small → small, Mini → small plus antd's compact algorithm (tighter paddings and
 * line heights), the smallest antd can draw.
 */
export const ANTD_SIZE: Record<
  UiSize,
  { componentSize: NonNullable<ConfigProviderProps['componentSize']>; compact: boolean }
> = {
  default: { componentSize: 'large', compact: false },
  medium: { componentSize: 'middle', compact: false },
  small: { componentSize: 'small', compact: false },
  mini: { componentSize: 'small', compact: true },
};

/** Sidebar colours per side theme, for the light and the dark console. */
export interface SidePalette {
  /** antd Menu theme. */
  menuTheme: 'dark' | 'light';
  background: string;
  /** Background of opened inline submenus. */
  subBackground: string;
  logoBackground: string;
  logoColor: string;
}

export const sidePalette = (sideTheme: SideTheme, darkMode: boolean): SidePalette => {
  if (sideTheme === 'theme-light') {
    return darkMode
      ? {
          menuTheme: 'light',
          background: '#141414',
          subBackground: '#141414',
          logoBackground: '#141414',
          logoColor: 'rgba(255, 255, 255, 0.85)',
        }
      : {
          menuTheme: 'light',
          background: '#ffffff',
          subBackground: '#ffffff',
          logoBackground: '#ffffff',
          logoColor: '#001529',
        };
  }
  return darkMode
    ? {
        menuTheme: 'dark',
        background: '#1d1d1d',
        subBackground: '#141414',
        logoBackground: '#1d1d1d',
        logoColor: '#ffffff',
      }
    : {
        menuTheme: 'dark',
        background: '#304156',
        subBackground: '#1f2d3d',
        logoBackground: '#2b2f3a',
        logoColor: '#ffffff',
      };
};

export interface ThemeOptions {
  /** Theme colour (hex). */
  color?: string;
  darkMode?: boolean;
  sideTheme?: SideTheme;
  size?: UiSize;
}

/**
 * antd theme of the console: the theme colour as primary, dark mode through antd's darkAlgorithm,
 * the Mini size through the compact algorithm, and the sidebar menu colours of the side theme. All
 * of it is computed in the browser from tokens; nothing is fetched.
 */
export function buildTheme({
  color = PRIMARY_COLOR,
  darkMode = false,
  sideTheme = 'theme-dark',
  size = 'medium',
}: ThemeOptions = {}): ThemeConfig {
  const side = sidePalette(sideTheme, darkMode);
  const algorithm = [darkMode ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm];
  if (ANTD_SIZE[size].compact) algorithm.push(antdTheme.compactAlgorithm);
  return {
    algorithm,
    token: {
      colorPrimary: color,
      colorInfo: color,
      colorLink: color,
      borderRadius: 6,
    },
    components: {
      Layout: darkMode ? {} : { siderBg: side.background, headerBg: '#ffffff', bodyBg: '#f0f2f5' },
      Menu: {
        collapsedWidth: 64,
        darkItemBg: side.background,
        darkSubMenuItemBg: side.subBackground,
        darkPopupBg: side.background,
        darkItemSelectedBg: color,
      },
    },
  };
}

/** The default theme (primary #409EFF, light console, dark sidebar). */
export const theme: ThemeConfig = buildTheme();
