import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderShell, resetShellState } from '../basic-layout/test-utils';
import { Screenfull } from './screenfull';

afterEach(() => {
  resetShellState();
  Reflect.deleteProperty(document, 'fullscreenEnabled');
  Reflect.deleteProperty(document.documentElement, 'requestFullscreen');
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
});
