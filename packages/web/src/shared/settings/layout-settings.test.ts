import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_LAYOUT_SETTING,
  isMobileWidth,
  LAYOUT_SETTING_KEY,
  readSavedSetting,
  useLayoutSettings,
} from './layout-settings';

afterEach(() => useLayoutSettings.setState(useLayoutSettings.getInitialState(), true));

describe('layout settings', () => {
  it('defaults: dark side theme, top nav off, tags view on, header not fixed, logo on, dynamic title off', () => {
    expect(DEFAULT_LAYOUT_SETTING).toEqual({
      theme: '#409EFF',
      sideTheme: 'theme-dark',
      topNav: false,
      tagsView: true,
      fixedHeader: false,
      sidebarLogo: true,
      dynamicTitle: false,
      darkMode: false,
    });
    const state = useLayoutSettings.getState();
    expect(state.size).toBe('medium');
    expect(state.settingsOpen).toBe(false);
    expect(state.sidebarOpened).toBe(true);
  });

  it('reads the saved record, keeping only well-formed fields', () => {
    localStorage.setItem(
      LAYOUT_SETTING_KEY,
      JSON.stringify({ theme: '#11a983', sideTheme: 'purple', topNav: 'yes', fixedHeader: true, extra: 1 }),
    );
    expect(readSavedSetting()).toEqual({ ...DEFAULT_LAYOUT_SETTING, theme: '#11a983', fixedHeader: true });
    localStorage.setItem(LAYOUT_SETTING_KEY, '{not json');
    expect(readSavedSetting()).toEqual(DEFAULT_LAYOUT_SETTING);
  });

  it('saves and resets the record', () => {
    const store = useLayoutSettings.getState();
    store.updateSetting({ tagsView: false });
    store.saveSetting();
    expect(JSON.parse(localStorage.getItem(LAYOUT_SETTING_KEY)!)).toMatchObject({ tagsView: false });
    useLayoutSettings.getState().resetSetting();
    expect(localStorage.getItem(LAYOUT_SETTING_KEY)).toBeNull();
    expect(useLayoutSettings.getState().setting).toEqual(DEFAULT_LAYOUT_SETTING);
  });

  it('persists the sidebar state; toggling is ignored while the sidebar is hidden', () => {
    useLayoutSettings.getState().toggleSidebar();
    expect(useLayoutSettings.getState().sidebarOpened).toBe(false);
    expect(localStorage.getItem('sidebarStatus')).toBe('0');
    useLayoutSettings.getState().setSidebarHide(true);
    useLayoutSettings.getState().toggleSidebar();
    expect(useLayoutSettings.getState().sidebarOpened).toBe(false);
    useLayoutSettings.getState().setSidebarHide(false);
    useLayoutSettings.getState().toggleSidebar();
    expect(useLayoutSettings.getState()).toMatchObject({ sidebarOpened: true, withoutAnimation: false });
    expect(localStorage.getItem('sidebarStatus')).toBe('1');
    useLayoutSettings.getState().closeSidebar(true);
    expect(useLayoutSettings.getState()).toMatchObject({ sidebarOpened: false, withoutAnimation: true });
  });

  it('turning top-nav off shows the sidebar with the full menu again', () => {
    useLayoutSettings.setState({ sidebarHide: true, topMenuKey: '/index' });
    useLayoutSettings.getState().updateSetting({ topNav: true });
    expect(useLayoutSettings.getState().sidebarHide).toBe(true);
    useLayoutSettings.getState().updateSetting({ topNav: false });
    expect(useLayoutSettings.getState()).toMatchObject({ sidebarHide: false, topMenuKey: null });
  });

  it('keeps the size locally', () => {
    useLayoutSettings.getState().setSize('mini');
    expect(localStorage.getItem('size')).toBe('mini');
    expect(useLayoutSettings.getState().size).toBe('mini');
  });

  it('a body narrower than 993 px is a mobile screen (width minus 1 under 992)', () => {
    expect(isMobileWidth(375)).toBe(true);
    expect(isMobileWidth(992)).toBe(true);
    expect(isMobileWidth(993)).toBe(false);
    expect(isMobileWidth(1280)).toBe(false);
  });
});
