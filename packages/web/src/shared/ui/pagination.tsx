import { Pagination as AntPagination } from 'antd';
import { useSyncExternalStore } from 'react';
import { scrollDocumentTo, SCROLL_TO_TOP_DURATION } from './pagination-scroll';
import './pagination.css';

/** Page size of list pages unless they choose another. */
export const DEFAULT_PAGE_SIZE = 20;

/** Page sizes offered by the size changer. */
export const PAGE_SIZES: readonly number[] = [10, 20, 30, 50];

/** Below this window width the pager shows 5 page buttons instead of 7. */
export const PAGER_NARROW_WIDTH = 992;

const subscribeResize = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};
const isNarrow = () => window.innerWidth < PAGER_NARROW_WIDTH;

/** True while the window is narrower than 992 px. */
export function useNarrowPager(): boolean {
  return useSyncExternalStore(subscribeResize, isNarrow, () => false);
}

export interface PaginationProps {
  /** Number of rows in all pages; nothing is shown when it is 0. */
  total: number;
  /** Current page, from 1. */
  page: number;
  /** Rows per page (default 20). */
  limit?: number;
  /** A page or page-size change. After a size change the page goes back to 1 when it would lie past the end. */
  onChange: (page: number, limit: number) => void;
  /** Page sizes offered (default 10, 20, 30, 50). */
  pageSizes?: readonly number[];
  /** Scroll the document back to the top (in 800 ms) after a change; default true. */
  autoScroll?: boolean;
  /** Hide the pager whatever the total. */
  hidden?: boolean;
  disabled?: boolean;
  className?: string;
}

/**
 * The list-page pager: total, size changer (10/20/30/50), prev, pages, next and a page jumper;
 * 7 page buttons, 5 under 992 px width. Hidden while there are no rows.
 */
export function Pagination({
  total,
  page,
  limit = DEFAULT_PAGE_SIZE,
  onChange,
  pageSizes = PAGE_SIZES,
  autoScroll = true,
  hidden = false,
  disabled,
  className,
}: PaginationProps) {
  const narrow = useNarrowPager();
  if (hidden || !(total > 0)) return null;

  const change = (nextPage: number, nextLimit: number) => {
    if (nextLimit !== limit) onChange(page * nextLimit > total ? 1 : page, nextLimit);
    else onChange(nextPage, nextLimit);
    if (autoScroll) scrollDocumentTo(0, SCROLL_TO_TOP_DURATION);
  };

  return (
    <div className={className ? `app-pagination ${className}` : 'app-pagination'}>
      <AntPagination
        current={page}
        pageSize={limit}
        total={total}
        disabled={disabled}
        showTotal={(count) => `共 ${count} 条`}
        showSizeChanger
        pageSizeOptions={[...pageSizes]}
        showQuickJumper
        showLessItems={narrow}
        onChange={change}
      />
    </div>
  );
}
