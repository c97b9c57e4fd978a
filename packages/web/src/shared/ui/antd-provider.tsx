import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { useLayoutSettings } from '../settings/layout-settings';
import { FeedbackBridge } from './feedback-bridge';
import { LightApp } from './light-app';
import { usePrefersReducedMotion } from './reduced-motion';
import { ANTD_SIZE, buildTheme } from './theme';
import './antd.css';

/**
 * jsdom loads no stylesheets: unit tests keep antd's run-time styles, whose computed styles (hidden
 * popups, disabled pointer events) the components and user-event read.
 */
const ZERO_RUNTIME = import.meta.env.MODE !== 'test';

/**
 * antd as the console uses it: zh_CN, the theme built from the layout settings (theme colour, dark
 * mode, side theme) and the global component size of the size selector, and antd's `<App>`. A
 * settings change re-themes every antd component at once. Component styles come prebuilt from
 * antd.css (`zeroRuntime`): generating them at run time was half the main-thread work of signing in
 * (docs/benchmarks.md); the theme reaches them as CSS variables.
 */
export function AntdConfig({ children }: { children: ReactNode }) {
  const color = useLayoutSettings((state) => state.setting.theme);
  const darkMode = useLayoutSettings((state) => state.setting.darkMode);
  const sideTheme = useLayoutSettings((state) => state.setting.sideTheme);
  const size = useLayoutSettings((state) => state.size);
  const reducedMotion = usePrefersReducedMotion();
  const themeConfig = useMemo(() => {
    const built = buildTheme({ color, darkMode, sideTheme, size });
    // Dialogs, popups and messages appear at once for people who asked their system for less motion
    // (otherwise antd's own default stands).
    const token = reducedMotion ? { ...built.token, motion: false } : built.token;
    return { ...built, token, zeroRuntime: ZERO_RUNTIME };
  }, [color, darkMode, sideTheme, size, reducedMotion]);
  return (
    // Button texts stay exactly as written ('确定', not antd's auto-spaced '确 定').
    <ConfigProvider
      locale={zhCN}
      theme={themeConfig}
      componentSize={ANTD_SIZE[size].componentSize}
      button={{ autoInsertSpace: false }}
    >
      <LightApp>{children}</LightApp>
    </ConfigProvider>
  );
}

/**
 * `AntdConfig` whose message / notification / modal the request layer uses while it is mounted
 * (through the feedback holder). Wraps the signed-in layout and the standalone error pages; the
 * login page and the root stay free of antd, so the login page does not download it.
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  return (
    <AntdConfig>
      <FeedbackBridge />
      {children}
    </AntdConfig>
  );
}
