import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { deleteAction, RowActions, updateAction } from './row-actions';

describe('RowActions', () => {
  it('renders the visible actions in order and skips hidden ones', () => {
    render(
      <RowActions
        actions={[
          { key: 'update', label: '修改', icon: <EditOutlined />, onClick: () => undefined },
          { key: 'test', label: '测试', icon: <EditOutlined />, onClick: () => undefined, visible: false },
          { key: 'delete', label: '删除', icon: <DeleteOutlined />, onClick: () => undefined, danger: true },
        ]}
      />,
    );
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['修改', '删除']);
    expect(screen.queryByRole('button', { name: /测试/ })).toBeNull();
  });

  it('calls onClick of the clicked action only', async () => {
    const onUpdate = vi.fn();
    const onDelete = vi.fn();
    render(
      <RowActions
        actions={[
          { key: 'update', label: '修改', icon: <EditOutlined />, onClick: onUpdate },
          { key: 'delete', label: '删除', icon: <DeleteOutlined />, onClick: onDelete },
        ]}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: /删除/ }));
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(onUpdate).not.toHaveBeenCalled();
  });

  it('marks danger actions and disables disabled ones as small link buttons', async () => {
    const onUpdate = vi.fn();
    render(
      <RowActions
        actions={[
          { key: 'update', label: '修改', icon: <EditOutlined />, onClick: onUpdate, disabled: true },
          { key: 'delete', label: '删除', icon: <DeleteOutlined />, onClick: () => undefined, danger: true },
        ]}
      />,
    );
    const update = screen.getByRole('button', { name: /修改/ });
    const remove = screen.getByRole('button', { name: /删除/ });
    expect(remove.className).toContain('ant-btn-dangerous');
    expect(update.className).not.toContain('ant-btn-dangerous');
    expect(update.className).toContain('ant-btn-link');
    expect(update.className).toContain('ant-btn-sm');
    expect(update).toBeDisabled();
    await userEvent.click(update).catch(() => undefined);
    expect(onUpdate).not.toHaveBeenCalled();
  });

  it('builds the usual 修改 and 删除 actions with their permission and disabled state', async () => {
    const onUpdate = vi.fn();
    render(
      <RowActions
        actions={[
          updateAction(onUpdate),
          deleteAction(() => undefined, { disabled: true }),
          deleteAction(() => undefined, { visible: false }),
        ]}
      />,
    );
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['修改', '删除']);
    const [update, remove] = buttons as [HTMLElement, HTMLElement];
    expect(update.className).not.toContain('ant-btn-dangerous');
    expect(remove.className).toContain('ant-btn-dangerous');
    expect(remove).toBeDisabled();
    await userEvent.click(update);
    expect(onUpdate).toHaveBeenCalledTimes(1);
  });
});
