import { DeleteOutlined, DownOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space } from 'antd';
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
  /** Listed under the row's 更多 menu instead of as a button (the reference's less used actions). */
  inMenu?: boolean;
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

/** The link buttons of a table row's 操作 column, in the given order, then the 更多 menu if any. */
export function RowActions({ actions, wrap }: { actions: RowAction[]; wrap?: boolean }) {
  const shown = actions.filter((action) => action.visible !== false);
  const menu = shown.filter((action) => action.inMenu);
  return (
    <Space size={0} wrap={wrap}>
      {shown
        .filter((action) => !action.inMenu)
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
      {menu.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: menu.map(({ key, label, icon, danger, disabled }) => ({
              key,
              label,
              icon,
              danger,
              disabled,
            })),
            onClick: ({ key }) => menu.find((action) => action.key === key)?.onClick(),
          }}
        >
          <Button type="link" size="small" icon={<DownOutlined />} iconPlacement="end">
            更多
          </Button>
        </Dropdown>
      )}
    </Space>
  );
}
