import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../ui/pagination';
import type { ListQuery } from './search-fields';

/** What a list shows: the page, its size and the search query. */
export interface ListState {
  pageNo: number;
  pageSize: number;
  query: ListQuery;
}

export const INITIAL_LIST_STATE: ListState = { pageNo: 1, pageSize: DEFAULT_PAGE_SIZE, query: {} };

const positive = (text: string | null, fallback: number): number => {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};

/**
 * The list state from the address's hash (`#pageNo=2&pageSize=50&name=x`). The hash, not the search,
 * carries it: tabs and the page cache are keyed by path and search, so changing a filter must not
 * open another tab or remount the page. Unknown names are ignored; sizes off the menu fall back.
 */
export function parseListState(hash: string, names: readonly string[]): ListState {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const size = positive(params.get('pageSize'), DEFAULT_PAGE_SIZE);
  const query: ListQuery = {};
  for (const name of names) {
    const values = params.getAll(name);
    if (values.length === 1) query[name] = values[0] as string;
    else if (values.length > 1) query[name] = values;
  }
  return {
    pageNo: positive(params.get('pageNo'), 1),
    pageSize: PAGE_SIZES.includes(size) ? size : DEFAULT_PAGE_SIZE,
    query,
  };
}

/** The hash for a list state: empty for the initial state, so a plain list keeps a plain address. */
export function formatListState(state: ListState): string {
  const params = new URLSearchParams();
  if (state.pageNo !== 1) params.set('pageNo', String(state.pageNo));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(state.pageSize));
  for (const [name, value] of Object.entries(state.query))
    for (const one of typeof value === 'string' ? [value] : value) params.append(name, one);
  const text = params.toString();
  return text ? `#${text}` : '';
}
