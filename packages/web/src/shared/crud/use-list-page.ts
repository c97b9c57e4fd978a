import type { Endpoint, EndpointData, EndpointQuery } from '@app/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import { Form } from 'antd';
import type { FormInstance } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { request } from '../request';
import { formatListState, INITIAL_LIST_STATE, parseListState } from './list-state';
import type { ListState } from './list-state';
import { queryKey } from './query-key';
import { toFormValues, toQuery } from './search-fields';
import type { ListQuery, SearchField } from './search-fields';

/** An endpoint that answers one page of rows (`{list, total}`). */
export type PageEndpoint = Endpoint;
export type RowOf<E> = EndpointData<E> extends { list: readonly (infer T)[] } ? T : never;

export interface ListPageOptions<T = unknown> {
  /** The search form's fields; their values travel in the address and to the endpoint. */
  search?: readonly SearchField[];
  /** Parameters every request carries (not shown in the form or the address). */
  fixed?: Record<string, string | number>;
  /** false: the state stays out of the address (a second list on the page, under the one that has it). */
  address?: boolean;
  /** The search the list opens on when the address names none, and what 重置 returns to. */
  defaults?: ListQuery;
  /** How long a loaded page counts as fresh (default: the client's); 0 for lists others write to. */
  staleTime?: number;
  /** Reloads the page while the rows ask for it (e.g. a row still waiting for a result). */
  refetchInterval?: (rows: readonly T[]) => number | false;
}

export interface ListPageApi<T> {
  endpoint: PageEndpoint;
  search: readonly SearchField[];
  searchForm: FormInstance;
  state: ListState;
  /** The search query without paging (for an export of the same rows). */
  filter: ListQuery;
  result: UseQueryResult<{ list: readonly T[]; total: number }>;
  rows: readonly T[];
  total: number;
  onSearch: (values: Record<string, unknown>) => void;
  onReset: () => void;
  setPage: (pageNo: number, pageSize: number) => void;
  showSearch: boolean;
  setShowSearch: (show: boolean) => void;
  refresh: () => void;
  /** True while the rows on screen are not the ones asked for, or while 刷新 reloads them. */
  loading: boolean;
}

/**
 * The state of a paged list: page and size (20 by default, 10/20/30/50), the search values, whether
 * the search form shows, and the query of the endpoint, keeping the previous page on screen while the
 * next loads. The state is mirrored into the address's hash, so a reload or a shared link shows the
 * same list; the page cache keeps it when the tab is left.
 */
export function useListPage<E extends PageEndpoint>(
  endpoint: E,
  options: ListPageOptions<RowOf<E>> = {},
): ListPageApi<RowOf<E>> {
  const search = useMemo(() => options.search ?? [], [options.search]);
  const location = useLocation();
  const navigate = useNavigate();
  const [searchForm] = Form.useForm();
  const inAddress = options.address ?? true;
  const [state, setState] = useState<ListState>(() => {
    const parsed = inAddress
      ? parseListState(
          location.hash,
          search.map((field) => field.name),
        )
      : INITIAL_LIST_STATE;
    const empty = Object.keys(parsed.query).length === 0;
    return empty && options.defaults ? { ...parsed, query: options.defaults } : parsed;
  });
  const [showSearch, setShowSearch] = useState(true);

  // The form shows what the address asked for on the first render.
  const [initialValues] = useState(() => toFormValues(search, state.query));
  useEffect(() => {
    searchForm.setFieldsValue(initialValues);
  }, [searchForm, initialValues]);

  // The defaults are what an address without a query means, so they stay out of it.
  const queryText = (query: ListQuery) => formatListState({ ...INITIAL_LIST_STATE, query });
  const isDefault = queryText(state.query) === queryText(options.defaults ?? {});
  const hash = formatListState(isDefault ? { ...state, query: {} } : state);
  useEffect(() => {
    if (inAddress && location.hash !== hash && !(location.hash === '#' && hash === ''))
      void navigate({ pathname: location.pathname, search: location.search, hash }, { replace: true });
  }, [inAddress, hash, location.hash, location.pathname, location.search, navigate]);

  const { refetchInterval } = options;
  const params = { pageNo: state.pageNo, pageSize: state.pageSize, ...state.query, ...options.fixed };
  const result = useQuery({
    queryKey: queryKey(endpoint, params),
    queryFn: () => request(endpoint, { query: params as EndpointQuery<E> }),
    placeholderData: keepPreviousData,
    staleTime: options.staleTime,
    refetchInterval:
      refetchInterval &&
      ((query: { state: { data?: unknown } }) => refetchInterval(listOf(query.state.data))),
  }) as UseQueryResult<{ list: readonly RowOf<E>[]; total: number }>;

  const onSearch = (values: Record<string, unknown>) => {
    const query = toQuery(search, values);
    // 搜索 always asks the server again, as the reference's does: the same filters on the first page
    // keep the query's key, and the rows written since (a batched log row) would never show.
    if (state.pageNo === 1 && queryText(query) === queryText(state.query)) void result.refetch();
    else setState((current) => ({ ...current, pageNo: 1, query }));
  };

  return {
    endpoint,
    search,
    searchForm,
    state,
    filter: { ...state.query, ...stringify(options.fixed) },
    result,
    rows: result.data?.list ?? [],
    total: result.data?.total ?? 0,
    onSearch,
    onReset: () => {
      const defaults = toFormValues(search, options.defaults ?? {});
      searchForm.resetFields();
      searchForm.setFieldsValue(defaults);
      onSearch(defaults);
    },
    setPage: (pageNo, pageSize) => setState((current) => ({ ...current, pageNo, pageSize })),
    showSearch,
    setShowSearch,
    ...useRefresh(result),
  };
}

const stringify = (fixed: Record<string, string | number> | undefined): ListQuery =>
  Object.fromEntries(Object.entries(fixed ?? {}).map(([name, value]) => [name, String(value)]));

const listOf = <T>(data: unknown): readonly T[] => (data as { list?: readonly T[] } | undefined)?.list ?? [];

/**
 * 刷新 and the table's spinner: it spins while the rows on screen are not the ones asked for, or while
 * 刷新 reloads them; a background reload (polling, the refresh after a write) keeps the rows on screen
 * until the new ones arrive.
 */
export function useRefresh(result: Pick<UseQueryResult, 'isPending' | 'isPlaceholderData' | 'refetch'>) {
  const [refreshing, setRefreshing] = useState(false);
  return {
    refresh: () => {
      setRefreshing(true);
      void result.refetch().finally(() => setRefreshing(false));
    },
    loading: result.isPending || result.isPlaceholderData || refreshing,
  };
}
