import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderShell, resetShellState } from '../basic-layout/test-utils';
import { Screenfull } from './screenfull';

afterEach(() => {
  resetShellState();
  Reflect.deleteProperty(document, 'fullscreenEnabled');
  Reflect.deleteProperty(document.documentElement, 'requestFullscreen');
  Reflect.deleteProperty(document, 'fullscreenElement');
  Reflect.deleteProperty(document, 'exitFullscreen');
});

describe('<Screenfull>', () => {
  it('warns 你的浏览器不支持全屏 where the Fullscreen API is missing', async () => {
    renderShell(<Screenfull />);
    await userEvent.click(screen.getByRole('button', { name: '全屏' }));
    expect(await screen.findByText('你的浏览器不支持全屏')).toBeInTheDocument();
  });

  it('asks the browser for full screen where it is supported', async () => {
    Object.defineProperty(document, 'fullscreenEnabled', { value: true, configurable: true });
    const request = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(document.documentElement, 'requestFullscreen', {
      value: request,
      configurable: true,
    });
    renderShell(<Screenfull />);
    await userEvent.click(screen.getByRole('button', { name: '全屏' }));
    expect(request).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('你的浏览器不支持全屏')).not.toBeInTheDocument();
  });

  it('follows the browser into full screen and leaves it with 退出全屏', async () => {
    Object.defineProperty(document, 'fullscreenEnabled', { value: true, configurable: true });
    Object.defineProperty(document.documentElement, 'requestFullscreen', {
      value: vi.fn().mockResolvedValue(undefined),
      configurable: true,
    });
    const exit = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(document, 'exitFullscreen', { value: exit, configurable: true });
    renderShell(<Screenfull />);
    expect(screen.getByRole('button', { name: '全屏' })).toHaveAttribute('aria-pressed', 'false');

    // The browser went full screen (the button follows however it got there).
    Object.defineProperty(document, 'fullscreenElement', {
      value: document.documentElement,
      configurable: true,
    });
    act(() => void fireEvent(document, new Event('fullscreenchange')));
    const leave = screen.getByRole('button', { name: '退出全屏' });
    expect(leave).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(leave);
    expect(exit).toHaveBeenCalledTimes(1);

    Object.defineProperty(document, 'fullscreenElement', { value: null, configurable: true });
    act(() => void fireEvent(document, new Event('fullscreenchange')));
    expect(screen.getByRole('button', { name: '全屏' })).toBeInTheDocument();
  });
});
