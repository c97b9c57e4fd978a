import { act, render, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TableColumnType } from 'antd';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DIALOG_WIDTH_MEDIUM, DIALOG_WIDTH_SMALL, TABLE_MAX_HEIGHT } from './sizes';
import { TableToolbar, useToolbarColumns } from './table-toolbar';
import type { ToolbarColumn } from './table-toolbar';

const COLUMNS: ToolbarColumn[] = [
  { key: 'id', label: '用户编号', visible: true },
  { key: 'username', label: '用户名称', visible: true },
  { key: 'mobile', label: '手机号码', visible: false },
];

function Harness({ onRefresh = () => undefined }: { onRefresh?: () => void }) {
  const [showSearch, setShowSearch] = useState(true);
  const [columns, setColumns] = useState(COLUMNS);
  return (
    <>
      {showSearch && <form aria-label="搜索表单" />}
      <TableToolbar
        showSearch={showSearch}
        onShowSearchChange={setShowSearch}
        onRefresh={onRefresh}
        columns={columns}
        onColumnsChange={setColumns}
      />
      <output aria-label="可见列">
        {columns
          .filter((column) => column.visible)
          .map((column) => column.key)
          .join(',')}
      </output>
    </>
  );
}

describe('TableToolbar', () => {
  it('toggles the search form with a 隐藏搜索 / 显示搜索 tooltip', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const toggle = screen.getByRole('button', { name: '隐藏搜索' });
    await user.hover(toggle);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('隐藏搜索');
    await user.click(toggle);
    expect(screen.queryByRole('form', { name: '搜索表单' })).toBeNull();
    expect(screen.getByRole('button', { name: '显示搜索' })).toHaveAttribute('aria-pressed', 'false');
    await user.click(screen.getByRole('button', { name: '显示搜索' }));
    expect(screen.getByRole('form', { name: '搜索表单' })).toBeInTheDocument();
  });

  it('refreshes', async () => {
    const user = userEvent.setup();
    const onRefresh = vi.fn();
    render(<Harness onRefresh={onRefresh} />);
    await user.click(screen.getByRole('button', { name: '刷新' }));
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });

  it('shows and hides columns through a transfer dialog titled 显示/隐藏', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByRole('status', { name: '可见列' })).toHaveTextContent('id,username');
    await user.click(screen.getByRole('button', { name: '显隐列' }));
    const dialog = await screen.findByRole('dialog', { name: '显示/隐藏' });
    expect(within(dialog).getByText('显示')).toBeInTheDocument();
    expect(within(dialog).getByText('隐藏')).toBeInTheDocument();
    const [shown, hidden] = Array.from(dialog.querySelectorAll<HTMLElement>('.ant-transfer-section'));
    expect(within(shown as HTMLElement).getByText('用户编号')).toBeInTheDocument();
    expect(within(hidden as HTMLElement).getByText('手机号码')).toBeInTheDocument();

    // Move 用户名称 to the hidden side.
    await user.click(within(shown as HTMLElement).getByText('用户名称'));
    const toRight = dialog.querySelectorAll<HTMLButtonElement>(
      '.ant-transfer-actions button',
    )[0] as HTMLElement;
    await user.click(toRight);
    expect(screen.getByRole('status', { name: '可见列' })).toHaveTextContent(/^id$/);

    // And 手机号码 back to the shown side.
    await user.click(within(dialog).getByText('手机号码'));
    const toLeft = dialog.querySelectorAll<HTMLButtonElement>(
      '.ant-transfer-actions button',
    )[1] as HTMLElement;
    await user.click(toLeft);
    expect(screen.getByRole('status', { name: '可见列' })).toHaveTextContent('id,mobile');
  });

  it('offers only the tools that have handlers', () => {
    render(<TableToolbar onRefresh={() => undefined} />);
    const toolbar = screen.getByRole('toolbar', { name: '表格工具' });
    expect(
      within(toolbar)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['刷新']);
  });
});

describe('useToolbarColumns', () => {
  it('derives toolbar columns from antd columns and filters the hidden ones', () => {
    const all: TableColumnType<{ id: number }>[] = [
      { title: '编号', dataIndex: 'id' },
      { title: '名称', key: 'name' },
      { title: '部门', dataIndex: ['dept', 'name'] },
    ];
    const { result } = renderHook(() => useToolbarColumns(all, ['name']));
    expect(result.current.toolbarColumns).toEqual([
      { key: 'id', label: '编号', visible: true },
      { key: 'name', label: '名称', visible: false },
      { key: 'dept.name', label: '部门', visible: true },
    ]);
    expect(result.current.columns.map((column) => column.title)).toEqual(['编号', '部门']);
    act(() =>
      result.current.setToolbarColumns(
        result.current.toolbarColumns.map((column) => ({ ...column, visible: column.key === 'name' })),
      ),
    );
    expect(result.current.columns.map((column) => column.title)).toEqual(['名称']);
  });
});

describe('sizes', () => {
  it('has the dialog widths and the table max height', () => {
    expect(DIALOG_WIDTH_SMALL).toBe(400);
    expect(DIALOG_WIDTH_MEDIUM).toBe(600);
    expect(TABLE_MAX_HEIGHT).toBe(240);
  });
});
