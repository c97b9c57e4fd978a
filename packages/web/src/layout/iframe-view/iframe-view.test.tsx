import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import IframeRoutePage, { IFRAME_LOADING_TEXT, IFRAME_OFFSET, IframeView } from './iframe-view';

describe('iframe view', () => {
  it('shows the loading mask until the frame has loaded, window height minus 94.5 px high', () => {
    render(<IframeView src="https://example.com/doc" title="官方文档" />);
    const frame = screen.getByTitle('官方文档');
    expect(frame).toHaveAttribute('src', 'https://example.com/doc');
    expect(frame.style.height).toBe(`${window.innerHeight - IFRAME_OFFSET}px`);
    expect(screen.getByText(IFRAME_LOADING_TEXT)).toBeInTheDocument();
    expect(IFRAME_LOADING_TEXT).toBe('正在加载页面，请稍候！');

    fireEvent.load(frame);
    expect(screen.queryByText(IFRAME_LOADING_TEXT)).toBeNull();
  });

  it('follows the window height', () => {
    render(<IframeView src="https://example.com/" title="外链" />);
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: 600 });
    act(() => void window.dispatchEvent(new Event('resize')));
    expect(screen.getByTitle('外链').style.height).toBe(`${600 - 94.5}px`);
    Reflect.deleteProperty(window, 'innerHeight');
  });

  it("reports 'Failed to load' when the frame fails", () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<IframeView src="https://example.com/broken" title="外链" />);
    fireEvent.error(screen.getByTitle('外链'));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load');
    expect(screen.queryByText(IFRAME_LOADING_TEXT)).toBeNull();
    expect(error).toHaveBeenCalledWith('Failed to load https://example.com/broken');
  });

  it('embeds the link of the matched route', () => {
    const router = createMemoryRouter(
      [
        {
          path: '/system/link-1',
          handle: { title: '官方文档', fullPath: '/system/link-1', link: 'https://doc.example.com/' },
          Component: IframeRoutePage,
        },
      ],
      { initialEntries: ['/system/link-1'] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByTitle('官方文档')).toHaveAttribute('src', 'https://doc.example.com/');
  });
});
