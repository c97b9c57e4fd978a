import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import type { ReactNode } from 'react';

export type RowAction = {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  onClick: () => void;
  danger?: boolean;
  /** Rendered only when true (default): usually the permission check. */
  visible?: boolean;
  disabled?: boolean;
};

type ActionOptions = Pick<RowAction, 'visible' | 'disabled'>;

/** The usual 修改 action. */
export function updateAction(onClick: () => void, options: ActionOptions = {}): RowAction {
  return { key: 'update', label: '修改', icon: <EditOutlined />, onClick, ...options };
}

/** The usual 删除 action (the caller confirms before deleting). */
export function deleteAction(onClick: () => void, options: ActionOptions = {}): RowAction {
  return { key: 'delete', label: '删除', icon: <DeleteOutlined />, onClick, danger: true, ...options };
}

/** The link buttons of a table row's 操作 column, in the given order. */
export function RowActions({ actions, wrap }: { actions: RowAction[]; wrap?: boolean }) {
  return (
    <Space size={0} wrap={wrap}>
      {actions
        .filter((action) => action.visible !== false)
        .map((action) => (
          <Button
            key={action.key}
            type="link"
            size="small"
            danger={action.danger}
            disabled={action.disabled}
            icon={action.icon}
            onClick={action.onClick}
          >
            {action.label}
          </Button>
        ))}
    </Space>
  );
}
