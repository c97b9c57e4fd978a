import { CheckOutlined } from '@ant-design/icons';
import {
  DICT_TYPE,
  notifyMessageMyPage,
  notifyMessageUpdateAllRead,
  notifyMessageUpdateRead,
} from '@app/contract';
import type { NotifyMessage } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { reloadUnreadCount } from '../../layout/notify-bell';
import { request } from '../../shared/request';
import {
  actionColumn,
  detailAction,
  DetailDialog,
  invalidateEndpoints,
  ListPage,
  useDetailDialog,
  useListPage,
} from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { DATE_TIME_FORMAT, formatDateTime } from '../../shared/date/format';
import { DictTag } from '../../shared/ui/dict-tag';

type Range = [Dayjs | null, Dayjs | null] | null | undefined;

/** 发送时间 to the second, the day's start and end picked by default, with 今天 and 最近 7 天. */
const SEND_TIME: SearchField = {
  kind: 'custom',
  name: 'createTime',
  label: '发送时间',
  render: () => (
    <DatePicker.RangePicker
      showTime={{ defaultOpenValue: [dayjs('00:00:00', 'HH:mm:ss'), dayjs('23:59:59', 'HH:mm:ss')] }}
      format={DATE_TIME_FORMAT}
      placeholder={['开始日期', '结束日期']}
      presets={[
        { label: '今天', value: [dayjs().startOf('day'), dayjs().endOf('day')] },
        { label: '最近 7 天', value: [dayjs().subtract(6, 'day').startOf('day'), dayjs().endOf('day')] },
      ]}
    />
  ),
  toQuery: (value) => {
    const [from, to] = (value as Range) ?? [];
    return from && to ? [from.format(DATE_TIME_FORMAT), to.format(DATE_TIME_FORMAT)] : undefined;
  },
  fromQuery: (value) =>
    typeof value === 'string' ? undefined : value.map((text) => dayjs(text, DATE_TIME_FORMAT)),
};

export const MY_SEARCH: SearchField[] = [
  {
    kind: 'dict',
    name: 'readStatus',
    label: '是否已读',
    dictType: DICT_TYPE.INFRA_BOOLEAN_STRING,
    valueType: 'string',
    placeholder: '请选择状态',
  },
  SEND_TIME,
];

/**
 * 我的站内信 (/user/notify-message, named route MyNotifyMessage): the signed-in user's messages with
 * filters (是否已读, 发送时间), marking selected or all messages read, and a detail dialog that
 * marks its message read.
 */
export function MyNotifyMessagePage() {
  const { message } = App.useApp();
  const client = useQueryClient();
  // New messages arrive at any time: a list shown again reloads.
  const list = useListPage(notifyMessageMyPage, { search: MY_SEARCH, staleTime: 0 });
  const [selected, setSelected] = useState<number[]>([]);
  const detail = useDetailDialog<NotifyMessage>();

  const afterRead = async () => {
    setSelected([]);
    await Promise.all([invalidateEndpoints(client, notifyMessageMyPage), reloadUnreadCount()]);
  };
  const markRead = useMutation({
    mutationFn: (ids: number[]) => request(notifyMessageUpdateRead, { query: { ids } }),
  });
  const markAllRead = useMutation({ mutationFn: () => request(notifyMessageUpdateAllRead) });

  const onMarkSelected = async () => {
    if (selected.length === 0) return;
    await markRead.mutateAsync(selected);
    void message.success('标记已读成功');
    await afterRead();
  };
  const onMarkAll = async () => {
    await markAllRead.mutateAsync();
    void message.success('全部已读成功');
    await afterRead();
  };
  const onDetail = async (row: NotifyMessage) => {
    detail.open(row);
    if (row.readStatus) return;
    try {
      await markRead.mutateAsync([row.id]);
      detail.open({ ...row, readStatus: true, readTime: dayjs().valueOf() });
      await afterRead();
    } catch {
      // The request layer has shown the failure; the dialog still shows the message.
    }
  };

  const columns: TableColumnsType<NotifyMessage> = [
    { title: '发送人', dataIndex: 'templateNickname', width: 120, ellipsis: true },
    { title: '发送时间', dataIndex: 'createTime', width: 170, render: formatDateTime },
    {
      title: '类型',
      dataIndex: 'templateType',
      width: 100,
      render: (v: number) => <DictTag type={DICT_TYPE.SYSTEM_NOTIFY_TEMPLATE_TYPE} value={v} />,
    },
    {
      title: '消息内容',
      dataIndex: 'templateContent',
      ellipsis: { showTitle: false },
      render: (v: string) => (
        <Tooltip title={v} placement="topLeft">
          <span>{v}</span>
        </Tooltip>
      ),
    },
    {
      title: '是否已读',
      dataIndex: 'readStatus',
      width: 90,
      render: (v: boolean) => <DictTag type={DICT_TYPE.INFRA_BOOLEAN_STRING} value={v} />,
    },
    { title: '阅读时间', dataIndex: 'readTime', width: 170, render: formatDateTime },
    ...actionColumn<NotifyMessage>(
      (row) => [detailAction(() => void onDetail(row), { label: '详情', icon: null })],
      { width: 80 },
    ),
  ];

  return (
    <ListPage
      list={list}
      columns={columns}
      actions={
        <>
          <Button
            type="primary"
            ghost
            icon={<CheckOutlined />}
            disabled={selected.length === 0}
            loading={markRead.isPending && selected.length > 0}
            onClick={() => void onMarkSelected()}
          >
            标记已读
          </Button>
          <Button type="primary" ghost loading={markAllRead.isPending} onClick={() => void onMarkAll()}>
            全部已读
          </Button>
        </>
      }
      emptyText="暂无站内信"
      scrollX={960}
      table={{
        rowSelection: {
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(Number)),
          getCheckboxProps: (row) => ({
            disabled: row.readStatus,
            'aria-label': `选择：${row.templateContent}`,
          }),
        },
      }}
    >
      <DetailDialog
        control={detail}
        title="站内信详情"
        labelWidth={110}
        closeButton={false}
        items={(row) => [
          ['发送人', row.templateNickname],
          ['发送时间', formatDateTime(row.createTime)],
          ['消息类型', <DictTag type={DICT_TYPE.SYSTEM_NOTIFY_TEMPLATE_TYPE} value={row.templateType} />],
          ['是否已读', <DictTag type={DICT_TYPE.INFRA_BOOLEAN_STRING} value={row.readStatus} />],
          ['阅读时间', formatDateTime(row.readTime)],
          ['内容', row.templateContent],
        ]}
      />
    </ListPage>
  );
}

export default MyNotifyMessagePage;
