import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useLayoutSettings } from '../../shared/settings/layout-settings';
import { renderShell, resetShellState, restoreBodyWidth, setBodyWidth } from './test-utils';
import { useCloseSidebarOnNavigate, useDeviceDetection } from './use-device';

function Probe() {
  useDeviceDetection();
  useCloseSidebarOnNavigate();
  const device = useLayoutSettings((state) => state.device);
  const opened = useLayoutSettings((state) => state.sidebarOpened);
  const still = useLayoutSettings((state) => state.withoutAnimation);
  return (
    <output data-testid="device">{`${device} ${opened ? 'open' : 'closed'}${still ? ' still' : ''}`}</output>
  );
}

const resize = (width: number) => {
  setBodyWidth(width);
  act(() => void window.dispatchEvent(new Event('resize')));
};

afterEach(() => {
  resetShellState();
  restoreBodyWidth();
  Reflect.deleteProperty(document, 'hidden');
});

describe('device detection', () => {
  it('is desktop from 993 px and mobile below; on a narrow screen the sidebar closes without animation', () => {
    setBodyWidth(1280);
    renderShell(<Probe />);
    expect(screen.getByTestId('device')).toHaveTextContent('desktop open');
    resize(993);
    expect(screen.getByTestId('device')).toHaveTextContent('desktop open');
    resize(992);
    expect(screen.getByTestId('device')).toHaveTextContent('mobile closed still');
    resize(1280);
    expect(screen.getByTestId('device')).toHaveTextContent('desktop closed');
  });

  it('starts closed on a narrow screen', () => {
    setBodyWidth(375);
    renderShell(<Probe />);
    expect(screen.getByTestId('device')).toHaveTextContent('mobile closed still');
  });

  it('ignores resizes while the page is hidden', () => {
    setBodyWidth(1280);
    renderShell(<Probe />);
    Object.defineProperty(document, 'hidden', { value: true, configurable: true });
    resize(375);
    expect(screen.getByTestId('device')).toHaveTextContent('desktop open');
  });

  it('on mobile a navigation closes the opened sidebar (with animation); on desktop it stays', () => {
    setBodyWidth(375);
    const { router } = renderShell(<Probe />);
    act(() => useLayoutSettings.getState().setSidebarOpened(true));
    expect(screen.getByTestId('device')).toHaveTextContent('mobile open');
    act(() => void router.navigate('/system/user'));
    expect(screen.getByTestId('device')).toHaveTextContent(/^mobile closed$/);

    resize(1280);
    act(() => useLayoutSettings.getState().setSidebarOpened(true));
    act(() => void router.navigate('/system/dict'));
    expect(screen.getByTestId('device')).toHaveTextContent('desktop open');
  });
});
