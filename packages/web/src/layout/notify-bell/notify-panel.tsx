import { DICT_TYPE } from '@app/contract';
import type { NotifyMessage } from '@app/contract';
import { Button, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { DictTag } from '../../shared/ui/dict-tag';
import { formatDateTime } from '../../shared/date/format';

const columns: TableColumnsType<NotifyMessage> = [
  { title: '发送人', dataIndex: 'templateNickname', width: 120, ellipsis: true },
  {
    title: '发送时间',
    dataIndex: 'createTime',
    width: 170,
    render: (value: number) => formatDateTime(value),
  },
  {
    title: '类型',
    dataIndex: 'templateType',
    width: 100,
    render: (value: number) => <DictTag type={DICT_TYPE.SYSTEM_NOTIFY_TEMPLATE_TYPE} value={value} />,
  },
  { title: '内容', dataIndex: 'templateContent' },
];

export interface NotifyPanelProps {
  list: NotifyMessage[];
  loading: boolean;
  onViewAll: () => void;
}

/** The bell popover's body: the newest unread messages and 查看全部. Loaded when first opened. */
export function NotifyPanel({ list, loading, onViewAll }: NotifyPanelProps) {
  return (
    <>
      <Table<NotifyMessage>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={list}
        loading={loading}
        pagination={false}
        scroll={{ y: 320 }}
        locale={{ emptyText: '暂无未读站内信' }}
      />
      <div className="notify-bell-footer">
        <Button type="primary" size="small" onClick={onViewAll}>
          查看全部
        </Button>
      </div>
    </>
  );
}

export default NotifyPanel;
