import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, Pagination } from './pagination';
import { easeInOutQuad, scrollDocumentTo } from './pagination-scroll';

const setWidth = (width: number) => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  act(() => void window.dispatchEvent(new Event('resize')));
};
const pagerNumbers = () =>
  Array.from(document.querySelectorAll('.ant-pagination-item')).map((item) => item.textContent);
/** Page buttons and the ••• jumpers between them. */
const pagerItems = () =>
  Array.from(
    document.querySelectorAll('.ant-pagination-item, .ant-pagination-jump-prev, .ant-pagination-jump-next'),
  ).map((item) => (item.classList.contains('ant-pagination-item') ? item.textContent : '•••'));
const zh = {
  wrapper: ({ children }: { children: ReactNode }) => (
    <ConfigProvider locale={zhCN}>{children}</ConfigProvider>
  ),
};

afterEach(() => {
  Reflect.deleteProperty(window, 'innerWidth');
  vi.useRealTimers();
});

describe('Pagination', () => {
  it('uses 20 rows by default and offers 10, 20, 30, 50', () => {
    expect(DEFAULT_PAGE_SIZE).toBe(20);
    expect(PAGE_SIZES).toEqual([10, 20, 30, 50]);
  });

  it('shows total, sizes, prev, pager, next and jumper; nothing without rows', () => {
    const { rerender, container } = render(<Pagination total={95} page={1} onChange={() => undefined} />, zh);
    expect(screen.getByText('共 95 条')).toBeInTheDocument();
    expect(screen.getByText('20 条/页')).toBeInTheDocument();
    expect(screen.getByTitle('上一页')).toBeInTheDocument();
    expect(screen.getByTitle('下一页')).toBeInTheDocument();
    expect(screen.getByText(/跳至/)).toBeInTheDocument();
    expect(screen.getByRole('textbox')).toBeInTheDocument();
    expect(pagerNumbers()).toEqual(['1', '2', '3', '4', '5']);

    rerender(<Pagination total={0} page={1} onChange={() => undefined} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<Pagination total={10} page={1} hidden onChange={() => undefined} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows 7 pager items, 5 under 992 px width (antd showLessItems)', () => {
    setWidth(1280);
    render(<Pagination total={1000} page={1} limit={10} onChange={() => undefined} />, zh);
    expect(pagerItems()).toEqual(['1', '2', '3', '4', '5', '•••', '100']);
    setWidth(991);
    expect(pagerItems()).toEqual(['1', '2', '3', '•••', '100']);
    setWidth(992);
    expect(pagerItems()).toHaveLength(7);
  });

  it('reports page changes and scrolls the document back to the top in 800 ms', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    const root = document.scrollingElement ?? document.documentElement;
    root.scrollTop = 400;
    const onChange = vi.fn();
    render(<Pagination total={95} page={1} onChange={onChange} />);
    act(() => screen.getByTitle('3').click());
    expect(onChange).toHaveBeenLastCalledWith(3, 20);
    act(() => void vi.advanceTimersByTime(400));
    expect(root.scrollTop).toBeGreaterThan(0);
    expect(root.scrollTop).toBeLessThan(400);
    act(() => void vi.advanceTimersByTime(500));
    expect(root.scrollTop).toBe(0);
  });

  it('does not scroll with autoScroll off', () => {
    const root = document.scrollingElement ?? document.documentElement;
    root.scrollTop = 300;
    render(<Pagination total={95} page={1} autoScroll={false} onChange={() => undefined} />);
    act(() => screen.getByTitle('2').click());
    expect(root.scrollTop).toBe(300);
    root.scrollTop = 0;
  });

  it('goes back to page 1 after a size change that would pass the end', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Pagination total={45} page={3} limit={10} autoScroll={false} onChange={onChange} />, zh);
    await user.click(screen.getByRole('combobox'));
    const options = within(document.body).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      '10 条/页',
      '20 条/页',
      '30 条/页',
      '50 条/页',
    ]);
    await user.click(screen.getByTitle('20 条/页'));
    expect(onChange).toHaveBeenLastCalledWith(1, 20);
  });

  it('keeps the page after a size change that still fits', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Pagination total={200} page={2} limit={10} autoScroll={false} onChange={onChange} />, zh);
    await user.click(screen.getByRole('combobox'));
    await user.click(screen.getByTitle('50 条/页'));
    expect(onChange).toHaveBeenLastCalledWith(2, 50);
  });
});

describe('scrollDocumentTo', () => {
  it('eases in and out', () => {
    expect(easeInOutQuad(0)).toBe(0);
    expect(easeInOutQuad(0.5)).toBe(0.5);
    expect(easeInOutQuad(1)).toBe(1);
    expect(easeInOutQuad(0.25)).toBeLessThan(0.25);
  });

  it('jumps when there is nothing to animate and can be stopped', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    const root = document.scrollingElement ?? document.documentElement;
    root.scrollTop = 200;
    scrollDocumentTo(0, 0);
    expect(root.scrollTop).toBe(0);
    root.scrollTop = 200;
    const stop = scrollDocumentTo(0, 800);
    vi.advanceTimersByTime(100);
    stop();
    const stopped = root.scrollTop;
    vi.advanceTimersByTime(800);
    expect(root.scrollTop).toBe(stopped);
    root.scrollTop = 0;
  });
});
