import { theme } from 'antd';
import { useEffect } from 'react';
import { useLayoutSettings } from '../../shared/settings/layout-settings';

/**
 * Publishes antd's current tokens as CSS custom properties on the document (`--shell-*`), so the
 * shell's own styles — and content antd portals to the body — follow the theme colour and dark
 * mode; marks the document with `data-theme` for the page background and form controls.
 */
export function useShellTheme(): void {
  const { token } = theme.useToken();
  const darkMode = useLayoutSettings((state) => state.setting.darkMode);
  useEffect(() => {
    const root = document.documentElement;
    const vars: Record<string, string> = {
      '--shell-primary': token.colorPrimary,
      '--shell-primary-bg': token.colorPrimaryBg,
      '--shell-primary-border': token.colorPrimaryBorder,
      '--shell-bg-container': token.colorBgContainer,
      '--shell-bg-layout': token.colorBgLayout,
      '--shell-text': token.colorText,
      '--shell-text-secondary': token.colorTextSecondary,
      '--shell-border': token.colorBorderSecondary,
      '--shell-fill': token.colorFillTertiary,
    };
    for (const [name, value] of Object.entries(vars)) root.style.setProperty(name, value);
    root.dataset.theme = darkMode ? 'dark' : 'light';
    root.style.colorScheme = darkMode ? 'dark' : 'light';
    return () => {
      for (const name of Object.keys(vars)) root.style.removeProperty(name);
      delete root.dataset.theme;
      root.style.colorScheme = '';
    };
  }, [token, darkMode]);
}
