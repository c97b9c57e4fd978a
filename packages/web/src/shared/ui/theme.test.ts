import { theme as antdTheme } from 'antd';
import { describe, expect, it } from 'vitest';
import { buildTheme, sidePalette, THEME_SWATCHES } from './theme';

describe('theme', () => {
  it('offers 8 swatches starting with the default #409EFF', () => {
    expect(THEME_SWATCHES).toHaveLength(8);
    expect(THEME_SWATCHES[0]).toBe('#409EFF');
  });

  it('uses the theme colour as primary and picks the algorithms for dark mode and the Mini size', () => {
    const light = buildTheme({ color: '#11a983' });
    expect(light.token).toMatchObject({ colorPrimary: '#11a983', colorLink: '#11a983' });
    expect(light.algorithm).toEqual([antdTheme.defaultAlgorithm]);
    expect(buildTheme({ darkMode: true }).algorithm).toEqual([antdTheme.darkAlgorithm]);
    expect(buildTheme({ size: 'mini' }).algorithm).toEqual([
      antdTheme.defaultAlgorithm,
      antdTheme.compactAlgorithm,
    ]);
    expect(buildTheme({ size: 'small' }).algorithm).toEqual([antdTheme.defaultAlgorithm]);
  });

  it('colours the sidebar by side theme', () => {
    expect(sidePalette('theme-dark', false)).toMatchObject({ menuTheme: 'dark', background: '#304156' });
    expect(sidePalette('theme-light', false)).toMatchObject({ menuTheme: 'light', background: '#ffffff' });
    expect(buildTheme({ sideTheme: 'theme-dark', color: '#f5222d' }).components?.Menu).toMatchObject({
      darkItemBg: '#304156',
      darkItemSelectedBg: '#f5222d',
    });
  });
});
