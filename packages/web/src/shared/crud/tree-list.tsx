import { SwapOutlined } from '@ant-design/icons';
import type { Endpoint, EndpointData, EndpointQuery } from '@app/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Form } from 'antd';
import type { TableProps } from 'antd';
import { useMemo, useState } from 'react';
import type { Key } from 'react';
import { request } from '../request';
import { buildTree } from '../tree/build-tree';
import type { TreeNode } from '../tree/build-tree';
import { INITIAL_LIST_STATE } from './list-state';
import { queryKey } from './query-key';
import { toQuery } from './search-fields';
import type { ListQuery, SearchField } from './search-fields';
import type { ListPageApi } from './use-list-page';
import { useRefresh } from './use-list-page';

/** A row of an endpoint that answers every row at once. */
export type TreeRowOf<E> = EndpointData<E> extends readonly (infer T)[] ? T : never;

export interface TreeListOptions {
  search?: readonly SearchField[];
  /** Whether every branch starts expanded. */
  expandAll?: boolean;
}

export interface TreeListApi<T> extends ListPageApi<TreeNode<T>> {
  /** The rows as the endpoint answered them, unnested. */
  flat: readonly T[];
  /** The table's expandable rows: every branch while 展开 is on, until the user opens or closes one. */
  expandable: NonNullable<TableProps<TreeNode<T>>['expandable']>;
  toggleExpandAll: () => void;
}

const branchIds = (nodes: readonly TreeNode<{ id: number }>[]): number[] =>
  nodes.flatMap((node) => (node.children ? [node.id, ...branchIds(node.children)] : []));

/**
 * The state of a tree list (rows by `id` / `parentId`, answered all at once): the search, the query,
 * and which branches are open. Its API fits `<ListPage>`, whose pager stays hidden (total 0).
 */
export function useTreeList<E extends Endpoint>(
  endpoint: E,
  options: TreeListOptions = {},
): TreeListApi<TreeRowOf<E>> {
  type T = TreeRowOf<E>;
  const search = useMemo(() => options.search ?? [], [options.search]);
  const [searchForm] = Form.useForm();
  const [query, setQuery] = useState<ListQuery>({});
  const [showSearch, setShowSearch] = useState(true);
  const [expandAll, setExpandAll] = useState(options.expandAll ?? false);
  const [expanded, setExpanded] = useState<readonly Key[] | null>(null);

  const result = useQuery({
    queryKey: queryKey(endpoint, query),
    queryFn: () => request(endpoint, { query: query as EndpointQuery<E> }),
    placeholderData: keepPreviousData,
  });
  const flat = useMemo(() => (result.data ?? []) as readonly T[], [result.data]);
  const rows = useMemo(
    () =>
      buildTree(flat as unknown as readonly { id: number; parentId: number }[]) as unknown as TreeNode<T>[],
    [flat],
  );
  const branches = useMemo(() => branchIds(rows as unknown as TreeNode<{ id: number }>[]), [rows]);

  const refresh = useRefresh(result);
  const onSearch = (values: Record<string, unknown>) => {
    const next = toQuery(search, values);
    // As in a paged list, 搜索 asks the server again even when the filters are unchanged.
    if (JSON.stringify(next) === JSON.stringify(query)) void result.refetch();
    else setQuery(next);
    setExpanded(null);
  };
  return {
    endpoint,
    search,
    searchForm,
    state: { ...INITIAL_LIST_STATE, query },
    filter: query,
    result: result as unknown as ListPageApi<TreeNode<T>>['result'],
    rows,
    total: 0,
    onSearch,
    onReset: () => {
      searchForm.resetFields();
      onSearch({});
    },
    setPage: () => undefined,
    showSearch,
    setShowSearch,
    ...refresh,
    flat,
    expandable: {
      expandedRowKeys: expanded ?? (expandAll ? branches : []),
      onExpandedRowsChange: (keys) => setExpanded(keys),
    },
    toggleExpandAll: () => {
      setExpandAll(!expandAll);
      setExpanded(null);
    },
  };
}

/** 展开/折叠: opens every branch of a tree list, or closes them all. */
export function ExpandAllButton({ list }: { list: Pick<TreeListApi<unknown>, 'toggleExpandAll'> }) {
  return (
    <Button icon={<SwapOutlined rotate={90} />} onClick={list.toggleExpandAll}>
      展开/折叠
    </Button>
  );
}
