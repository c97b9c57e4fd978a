import { AppstoreOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Modal, Tooltip, Transfer } from 'antd';
import type { TableColumnType } from 'antd';
import { useMemo, useState } from 'react';
import type { Key, ReactNode } from 'react';
import { DIALOG_WIDTH_MEDIUM } from './sizes';
import './table-toolbar.css';

/** A table column as the show/hide dialog lists it. */
export interface ToolbarColumn {
  key: string;
  /** Shown in the transfer lists. */
  label: ReactNode;
  visible: boolean;
}

export interface TableToolbarProps {
  /** Whether the page's search form is shown; with `onShowSearchChange` the toolbar offers the toggle. */
  showSearch?: boolean;
  onShowSearchChange?: (show: boolean) => void;
  /** Offers 刷新 (reload the list). */
  onRefresh?: () => void;
  /** The table's columns; with `onColumnsChange` the toolbar offers the 显示/隐藏 dialog. */
  columns?: readonly ToolbarColumn[];
  onColumnsChange?: (columns: ToolbarColumn[]) => void;
  className?: string;
}

/**
 * The right-hand tools above a list: show or hide the search form, refresh, and show or hide
 * columns through a transfer dialog (left 显示, right 隐藏). Each tool appears when its handler
 * is given.
 */
export function TableToolbar({
  showSearch = true,
  onShowSearchChange,
  onRefresh,
  columns,
  onColumnsChange,
  className,
}: TableToolbarProps) {
  const [columnsOpen, setColumnsOpen] = useState(false);
  const searchLabel = showSearch ? '隐藏搜索' : '显示搜索';
  const hiddenKeys = (columns ?? []).filter((column) => !column.visible).map((column) => column.key);

  return (
    <div
      className={className ? `table-toolbar ${className}` : 'table-toolbar'}
      role="toolbar"
      aria-label="表格工具"
    >
      {onShowSearchChange && (
        <Tooltip title={searchLabel}>
          <Button
            shape="circle"
            icon={<SearchOutlined />}
            aria-label={searchLabel}
            aria-pressed={showSearch}
            onClick={() => onShowSearchChange(!showSearch)}
          />
        </Tooltip>
      )}
      {onRefresh && (
        <Tooltip title="刷新">
          <Button shape="circle" icon={<ReloadOutlined />} aria-label="刷新" onClick={onRefresh} />
        </Tooltip>
      )}
      {columns && onColumnsChange && (
        <Tooltip title="显隐列">
          <Button
            shape="circle"
            icon={<AppstoreOutlined />}
            aria-label="显隐列"
            aria-haspopup="dialog"
            onClick={() => setColumnsOpen(true)}
          />
        </Tooltip>
      )}
      {columns && onColumnsChange && (
        <Modal
          title="显示/隐藏"
          open={columnsOpen}
          width={DIALOG_WIDTH_MEDIUM}
          footer={null}
          destroyOnHidden
          onCancel={() => setColumnsOpen(false)}
        >
          <Transfer
            className="table-toolbar-transfer"
            titles={['显示', '隐藏']}
            dataSource={columns.map((column) => ({ key: column.key, label: column.label }))}
            targetKeys={hiddenKeys}
            render={(item) => <span>{item.label as ReactNode}</span>}
            onChange={(targetKeys) => {
              const hidden = new Set(targetKeys.map(String));
              onColumnsChange(columns.map((column) => ({ ...column, visible: !hidden.has(column.key) })));
            }}
          />
        </Modal>
      )}
    </div>
  );
}

const columnKey = <T,>(column: TableColumnType<T>, index: number): string => {
  if (column.key !== undefined && column.key !== null) return String(column.key);
  const path = column.dataIndex;
  if (Array.isArray(path)) return path.join('.');
  if (path !== undefined && path !== null) return String(path as Key);
  return `column-${index}`;
};

/**
 * Column visibility for an antd Table together with `TableToolbar`:
 * `const { columns, toolbarColumns, setToolbarColumns } = useToolbarColumns(allColumns)`, then
 * `<Table columns={columns} />` and `<TableToolbar columns={toolbarColumns} onColumnsChange={setToolbarColumns} />`.
 * Columns are keyed by `key`, else `dataIndex`.
 */
export function useToolbarColumns<T>(
  all: readonly TableColumnType<T>[],
  initiallyHidden: readonly string[] = [],
) {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set(initiallyHidden));
  const keyed = useMemo(() => all.map((column, index) => ({ column, key: columnKey(column, index) })), [all]);
  const toolbarColumns = useMemo<ToolbarColumn[]>(
    () =>
      keyed.map(({ column, key }) => ({
        key,
        label: typeof column.title === 'function' ? key : ((column.title as ReactNode) ?? key),
        visible: !hidden.has(key),
      })),
    [keyed, hidden],
  );
  const columns = useMemo(
    () => keyed.filter(({ key }) => !hidden.has(key)).map(({ column }) => column),
    [keyed, hidden],
  );
  const setToolbarColumns = (next: readonly ToolbarColumn[]) =>
    setHidden(new Set(next.filter((column) => !column.visible).map((column) => column.key)));
  return { columns, toolbarColumns, setToolbarColumns };
}
