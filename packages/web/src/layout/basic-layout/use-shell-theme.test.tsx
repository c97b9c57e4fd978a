import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useLayoutSettings } from '../../shared/settings/layout-settings';
import { AntdConfig } from '../../shared/ui/antd-provider';
import { useShellTheme } from './use-shell-theme';

function Probe() {
  useShellTheme();
  return null;
}

afterEach(() => useLayoutSettings.setState(useLayoutSettings.getInitialState(), true));

const root = document.documentElement;
const shellVar = (name: string) => root.style.getPropertyValue(`--shell-${name}`).toLowerCase();

describe('useShellTheme', () => {
  it('marks the document light or dark and publishes the theme colour and surfaces as --shell-* variables', () => {
    const { unmount } = render(
      <AntdConfig>
        <Probe />
      </AntdConfig>,
    );
    expect(root).toHaveAttribute('data-theme', 'light');
    expect(root.style.colorScheme).toBe('light');
    expect(shellVar('primary')).toBe('#409eff');
    expect(shellVar('bg-container')).toBe('#ffffff');

    // Dark mode (the settings drawer's switch) turns the whole shell dark at once.
    act(() => useLayoutSettings.getState().updateSetting({ darkMode: true, theme: '#13c2c2' }));
    expect(root).toHaveAttribute('data-theme', 'dark');
    expect(root.style.colorScheme).toBe('dark');
    expect(shellVar('bg-container')).toBe('#141414');
    expect(shellVar('primary')).not.toBe('#409eff');

    act(() => useLayoutSettings.getState().updateSetting({ darkMode: false }));
    expect(root).toHaveAttribute('data-theme', 'light');
    expect(shellVar('primary')).toBe('#13c2c2');

    unmount();
    expect(root).not.toHaveAttribute('data-theme');
    expect(shellVar('primary')).toBe('');
  });
});
