import { CheckOutlined } from '@ant-design/icons';
import {
  DICT_TYPE,
  notifyMessageMyPage,
  notifyMessageUpdateAllRead,
  notifyMessageUpdateRead,
} from '@app/contract';
import type { NotifyMessage } from '@app/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, DatePicker, Descriptions, Form, Modal, Select, Space, Table, Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useState } from 'react';
import { reloadUnreadCount } from '../../layout/notify-bell';
import { useDictOptions } from '../../shared/dict';
import { request } from '../../shared/request';
import { DictTag } from '../../shared/ui/dict-tag';
import { DEFAULT_PAGE_SIZE, Pagination } from '../../shared/ui/pagination';
import { DIALOG_WIDTH_MEDIUM } from '../../shared/ui/sizes';
import { TableToolbar } from '../../shared/ui/table-toolbar';
import './my-notify-message-page.css';
import { DATE_TIME_FORMAT, formatDateTime } from '../../shared/date/format';
import { SearchActions } from '../../shared/ui/search-actions';

interface SearchValues {
  readStatus?: 'true' | 'false';
  createTime?: [Dayjs | null, Dayjs | null] | null;
}

export interface MyMessageQuery {
  pageNo: number;
  pageSize: number;
  readStatus?: boolean;
  createTime?: [string, string];
}

/** The search form's values as the my-page query: times as 'yyyy-MM-dd HH:mm:ss', the day's start and end. */
export const toQuery = (values: SearchValues, pageNo: number, pageSize: number): MyMessageQuery => {
  const [from, to] = values.createTime ?? [];
  return {
    pageNo,
    pageSize,
    ...(values.readStatus ? { readStatus: values.readStatus === 'true' } : {}),
    ...(from && to ? { createTime: [from.format(DATE_TIME_FORMAT), to.format(DATE_TIME_FORMAT)] } : {}),
  };
};

/**
 * 我的站内信 (/user/notify-message, named route MyNotifyMessage): the signed-in user's messages with
 * filters (是否已读, 发送时间), marking selected or all messages read, and a detail dialog that
 * marks its message read.
 */
export function MyNotifyMessagePage() {
  const { message } = App.useApp();
  const [form] = Form.useForm<SearchValues>();
  const [search, setSearch] = useState<SearchValues>({});
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [showSearch, setShowSearch] = useState(true);
  const [selected, setSelected] = useState<number[]>([]);
  const [detail, setDetail] = useState<NotifyMessage | null>(null);
  const booleanOptions = useDictOptions(DICT_TYPE.INFRA_BOOLEAN_STRING);

  const query = toQuery(search, pageNo, pageSize);
  const page = useQuery({
    queryKey: ['notify-message', 'my-page', query],
    queryFn: () => request(notifyMessageMyPage, { query }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  const afterRead = async () => {
    setSelected([]);
    await Promise.all([page.refetch(), reloadUnreadCount()]);
  };

  const markRead = useMutation({
    mutationFn: (ids: number[]) => request(notifyMessageUpdateRead, { query: { ids } }),
  });
  const markAllRead = useMutation({ mutationFn: () => request(notifyMessageUpdateAllRead) });

  const onSearch = (values: SearchValues) => {
    setSearch(values);
    setPageNo(1);
  };
  const onReset = () => {
    form.resetFields();
    onSearch({});
  };

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
    setDetail(row);
    if (!row.readStatus) {
      try {
        await markRead.mutateAsync([row.id]);
        setDetail({ ...row, readStatus: true, readTime: Date.now() });
        await afterRead();
      } catch {
        // The request layer has shown the failure; the dialog still shows the message.
      }
    }
  };

  const columns: TableColumnsType<NotifyMessage> = [
    { title: '发送人', dataIndex: 'templateNickname', width: 120, ellipsis: true },
    { title: '发送时间', dataIndex: 'createTime', width: 170, render: (v: number) => formatDateTime(v) },
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
    { title: '阅读时间', dataIndex: 'readTime', width: 170, render: (v: number | null) => formatDateTime(v) },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => void onDetail(row)}>
          详情
        </Button>
      ),
    },
  ];

  const data = page.data;
  return (
    <div className="notify-my-page">
      {showSearch && (
        <Form<SearchValues> form={form} layout="inline" className="notify-my-search" onFinish={onSearch}>
          <Form.Item label="是否已读" name="readStatus">
            <Select
              allowClear
              placeholder="请选择状态"
              style={{ width: 160 }}
              options={booleanOptions.map((d) => ({ label: d.label, value: d.value }))}
            />
          </Form.Item>
          <Form.Item label="发送时间" name="createTime">
            <DatePicker.RangePicker
              showTime={{ defaultOpenValue: [dayjs('00:00:00', 'HH:mm:ss'), dayjs('23:59:59', 'HH:mm:ss')] }}
              format={DATE_TIME_FORMAT}
              placeholder={['开始日期', '结束日期']}
              presets={[
                { label: '今天', value: [dayjs().startOf('day'), dayjs().endOf('day')] as [Dayjs, Dayjs] },
                {
                  label: '最近 7 天',
                  value: [dayjs().subtract(6, 'day').startOf('day'), dayjs().endOf('day')] as [Dayjs, Dayjs],
                },
              ]}
            />
          </Form.Item>
          <SearchActions onReset={onReset} />
        </Form>
      )}

      <div className="notify-my-actions">
        <Space wrap>
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
        </Space>
        <TableToolbar
          showSearch={showSearch}
          onShowSearchChange={setShowSearch}
          onRefresh={() => void page.refetch()}
        />
      </div>

      <Table<NotifyMessage>
        rowKey="id"
        columns={columns}
        dataSource={data?.list ?? []}
        loading={page.isFetching}
        pagination={false}
        scroll={{ x: 960 }}
        locale={{ emptyText: '暂无站内信' }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(Number)),
          getCheckboxProps: (row) => ({
            disabled: row.readStatus,
            'aria-label': `选择：${row.templateContent}`,
          }),
        }}
      />
      <Pagination
        total={data?.total ?? 0}
        page={pageNo}
        limit={pageSize}
        onChange={(nextPage, nextSize) => {
          setPageNo(nextPage);
          setPageSize(nextSize);
        }}
      />

      <Modal
        title="站内信详情"
        open={detail !== null}
        width={DIALOG_WIDTH_MEDIUM}
        footer={null}
        onCancel={() => setDetail(null)}
        destroyOnHidden
      >
        {detail && (
          <Descriptions column={1} bordered size="small" styles={{ label: { width: 110 } }}>
            <Descriptions.Item label="发送人">{detail.templateNickname}</Descriptions.Item>
            <Descriptions.Item label="发送时间">{formatDateTime(detail.createTime)}</Descriptions.Item>
            <Descriptions.Item label="消息类型">
              <DictTag type={DICT_TYPE.SYSTEM_NOTIFY_TEMPLATE_TYPE} value={detail.templateType} />
            </Descriptions.Item>
            <Descriptions.Item label="是否已读">
              <DictTag type={DICT_TYPE.INFRA_BOOLEAN_STRING} value={detail.readStatus} />
            </Descriptions.Item>
            <Descriptions.Item label="阅读时间">{formatDateTime(detail.readTime)}</Descriptions.Item>
            <Descriptions.Item label="内容">{detail.templateContent}</Descriptions.Item>
          </Descriptions>
        )}
      </Modal>
    </div>
  );
}

export default MyNotifyMessagePage;
