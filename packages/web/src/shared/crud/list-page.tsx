import { Form, Space, Table } from 'antd';
import type { TableColumnsType, TableProps } from 'antd';
import type { ReactNode } from 'react';
import { Pagination } from '../ui/pagination';
import { SearchActions } from '../ui/search-actions';
import { TableToolbar, useToolbarColumns } from '../ui/table-toolbar';
import { SearchFieldItems } from './search-fields';
import type { ListPageApi } from './use-list-page';
import './list-page.css';

/** What an empty table says when its page failed to load. */
const LOAD_FAILED = '加载失败，请刷新重试';

export interface ListPageProps<T> {
  list: ListPageApi<T>;
  columns: TableColumnsType<T>;
  /** Above the search form (usually a `DocAlert`). */
  header?: ReactNode;
  /** The buttons left of the table tools (新增, 导出, domain actions). */
  actions?: ReactNode;
  /** Shown when there are no rows, e.g. '暂无岗位'. */
  emptyText?: string;
  rowKey?: TableProps<T>['rowKey'];
  /** Width below which the table scrolls sideways. */
  scrollX?: number;
  /** Anything else the table takes (row selection, expandable rows…). */
  table?: Omit<TableProps<T>, 'columns' | 'dataSource' | 'loading' | 'pagination' | 'rowKey'>;
  className?: string;
  /** Dialogs and drawers of the page. */
  children?: ReactNode;
}

/**
 * A management list: search form (搜索 / 重置), the page's buttons with the table tools (show or hide the
 * search, refresh, show or hide columns), the table and the pager.
 */
export function ListPage<T extends object>({
  list,
  columns: allColumns,
  header,
  actions,
  emptyText,
  rowKey = 'id',
  scrollX,
  table,
  className,
  children,
}: ListPageProps<T>) {
  const { columns, toolbarColumns, setToolbarColumns } = useToolbarColumns(allColumns);
  return (
    <div className={className ? `list-page ${className}` : 'list-page'}>
      {header}
      {list.search.length > 0 && (
        <Form
          form={list.searchForm}
          layout="inline"
          className="list-search"
          aria-label="搜索条件"
          hidden={!list.showSearch}
          onFinish={list.onSearch}
        >
          <SearchFieldItems fields={list.search} />
          <SearchActions onReset={list.onReset} />
        </Form>
      )}
      <div className="list-actions">
        <Space wrap>{actions}</Space>
        <TableToolbar
          showSearch={list.showSearch}
          onShowSearchChange={list.search.length > 0 ? list.setShowSearch : undefined}
          onRefresh={list.refresh}
          columns={toolbarColumns}
          onColumnsChange={setToolbarColumns}
        />
      </div>
      <Table<T>
        {...table}
        rowKey={rowKey}
        columns={columns}
        dataSource={list.rows as T[]}
        loading={list.loading}
        pagination={false}
        scroll={scrollX ? { x: scrollX } : table?.scroll}
        // A list that failed to load says so instead of claiming there is nothing (the request layer
        // has shown why).
        locale={list.result.isError ? { emptyText: LOAD_FAILED } : emptyText ? { emptyText } : table?.locale}
      />
      <Pagination
        total={list.total}
        page={list.state.pageNo}
        limit={list.state.pageSize}
        onChange={list.setPage}
      />
      {children}
    </div>
  );
}
