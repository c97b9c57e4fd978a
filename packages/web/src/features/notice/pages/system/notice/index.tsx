import { PlusOutlined, SendOutlined } from '@ant-design/icons';
import {
  DICT_TYPE,
  noticeCreate,
  noticeDelete,
  noticeGet,
  noticePage,
  noticePush,
  noticeUpdate,
} from '@app/contract';
import type { Notice } from '@app/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Select, Space, Switch, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useAccess } from '../../../../../shared/access';
import { useDictOptions } from '../../../../../shared/dict';
import { request } from '../../../../../shared/request';
import { DictTag } from '../../../../../shared/ui/dict-tag';
import { DEFAULT_PAGE_SIZE, Pagination } from '../../../../../shared/ui/pagination';
import { deleteAction, RowActions, updateAction } from '../../../../../shared/ui/row-actions';
import { TableToolbar } from '../../../../../shared/ui/table-toolbar';
import '../../../notice-page.css';
import { SearchActions } from '../../../../../shared/ui/search-actions';

/** The reference's notice dialog is wider than the other forms (its editor needs the room). */
const NOTICE_DIALOG_WIDTH = 800;

interface SearchValues {
  title?: string;
  status?: number;
}

interface FormValues {
  id?: number;
  title: string;
  content: string;
  type: number;
  status: number;
}

const toFilter = (values: SearchValues) => ({
  ...(values.title ? { title: values.title } : {}),
  ...(values.status !== undefined ? { status: String(values.status) as '0' | '1' } : {}),
});

/** 通知公告 (menu component system/notice/index): the tenant's notices, pushed to its users as in-site messages. */
export function NoticePage() {
  const { message, modal } = App.useApp();
  const { hasPermi } = useAccess();
  const [searchForm] = Form.useForm<SearchValues>();
  const [form] = Form.useForm<FormValues>();
  const [search, setSearch] = useState<SearchValues>({});
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [showSearch, setShowSearch] = useState(true);
  const [editing, setEditing] = useState<'create' | 'update' | null>(null);
  const statusOptions = useDictOptions(DICT_TYPE.COMMON_STATUS).map((d) => ({
    label: d.label,
    value: Number(d.value),
  }));
  const typeOptions = useDictOptions(DICT_TYPE.SYSTEM_NOTICE_TYPE).map((d) => ({
    label: d.label,
    value: Number(d.value),
  }));

  const query = { pageNo, pageSize, ...toFilter(search) };
  const page = useQuery({
    queryKey: ['notice', 'page', query],
    queryFn: () => request(noticePage, { query }),
    placeholderData: keepPreviousData,
  });

  const save = useMutation({
    mutationFn: (values: FormValues): Promise<unknown> =>
      values.id === undefined
        ? request(noticeCreate, { body: values })
        : request(noticeUpdate, { body: { ...values, id: values.id } }),
  });

  const onSearch = (values: SearchValues) => {
    setSearch(values);
    setPageNo(1);
  };
  const onReset = () => {
    searchForm.resetFields();
    onSearch({});
  };

  const openCreate = () => {
    form.resetFields();
    form.setFieldsValue({ status: 0 });
    setEditing('create');
  };
  const openUpdate = async (row: Notice) => {
    const current = await request(noticeGet, { query: { id: row.id } });
    form.resetFields();
    form.setFieldsValue(current ?? row);
    setEditing('update');
  };
  const onSubmit = async () => {
    const values = await form.validateFields();
    await save.mutateAsync(values);
    void message.success(values.id === undefined ? '新增成功' : '修改成功');
    setEditing(null);
    await page.refetch();
  };

  const confirm = (content: string, action: () => Promise<void>) =>
    modal.confirm({
      title: '系统提示',
      content,
      okText: '确定',
      cancelText: '取消',
      // Failures are shown by the request layer; the confirmation closes either way.
      onOk: () => action().catch(() => undefined),
    });

  const onDelete = (row: Notice) =>
    confirm(`是否确认删除公告编号为"${row.id}"的数据项?`, async () => {
      await request(noticeDelete, { query: { id: row.id } });
      void message.success('删除成功');
      await page.refetch();
    });

  const onPush = (row: Notice) =>
    confirm(`是否推送所选中通知？`, async () => {
      await request(noticePush, { query: { id: row.id } });
      void message.success('推送成功');
    });

  const onStatusChange = (row: Notice, enabled: boolean) => {
    const action = enabled ? '开启' : '关闭';
    confirm(`确认要"${action}""${row.title}"公告吗?`, async () => {
      await request(noticeUpdate, {
        body: { id: row.id, title: row.title, content: row.content, type: row.type, status: enabled ? 0 : 1 },
      });
      void message.success(`${action}成功`);
      await page.refetch();
    });
  };

  const canUpdate = hasPermi(['system:notice:update']);
  const canDelete = hasPermi(['system:notice:delete']);
  const columns: TableColumnsType<Notice> = [
    { title: '公告编号', dataIndex: 'id', width: 90, align: 'center' },
    { title: '公告标题', dataIndex: 'title', ellipsis: true, align: 'center' },
    {
      title: '公告类型',
      dataIndex: 'type',
      width: 100,
      align: 'center',
      render: (type: number) => <DictTag type={DICT_TYPE.SYSTEM_NOTICE_TYPE} value={type} />,
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      align: 'center',
      render: (status: number, row) =>
        canUpdate ? (
          <Switch
            checked={status === 0}
            aria-label={`${row.title}状态`}
            onChange={(checked) => onStatusChange(row, checked)}
          />
        ) : (
          <DictTag type={DICT_TYPE.COMMON_STATUS} value={status} />
        ),
    },
    {
      title: '创建时间',
      dataIndex: 'createTime',
      width: 170,
      align: 'center',
      render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
    },
    ...(canUpdate || canDelete
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 220,
            align: 'center' as const,
            render: (_: unknown, row: Notice) => (
              <RowActions
                actions={[
                  updateAction(() => void openUpdate(row), { visible: canUpdate }),
                  deleteAction(() => onDelete(row), { visible: canDelete }),
                  {
                    key: 'push',
                    label: '推送',
                    icon: <SendOutlined />,
                    onClick: () => onPush(row),
                    visible: canUpdate,
                  },
                ]}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="notice-page">
      {showSearch && (
        <Form<SearchValues>
          form={searchForm}
          name="noticeSearch"
          layout="inline"
          className="notice-search"
          onFinish={onSearch}
        >
          <Form.Item label="公告标题" name="title">
            <Input allowClear placeholder="请输入公告标题" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="公告状态" name="status">
            <Select allowClear placeholder="请选择公告状态" style={{ width: 160 }} options={statusOptions} />
          </Form.Item>
          <SearchActions onReset={onReset} />
        </Form>
      )}

      <div className="notice-actions">
        <Space wrap>
          {hasPermi(['system:notice:create']) && (
            <Button type="primary" ghost icon={<PlusOutlined />} onClick={openCreate}>
              新增
            </Button>
          )}
        </Space>
        <TableToolbar
          showSearch={showSearch}
          onShowSearchChange={setShowSearch}
          onRefresh={() => void page.refetch()}
        />
      </div>

      <Table<Notice>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        pagination={false}
        scroll={{ x: 800 }}
        locale={{ emptyText: '暂无通知公告' }}
      />
      <Pagination
        total={page.data?.total ?? 0}
        page={pageNo}
        limit={pageSize}
        onChange={(nextPage, nextSize) => {
          setPageNo(nextPage);
          setPageSize(nextSize);
        }}
      />

      <Modal
        title={editing === 'update' ? '修改公告' : '添加公告'}
        open={editing !== null}
        width={NOTICE_DIALOG_WIDTH}
        okText="确 定"
        cancelText="取 消"
        confirmLoading={save.isPending}
        onOk={() => void onSubmit().catch(() => undefined)}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form<FormValues> form={form} name="noticeForm" labelCol={{ flex: '90px' }}>
          <Form.Item name="id" hidden>
            <Input />
          </Form.Item>
          <Form.Item
            label="公告标题"
            name="title"
            rules={[
              { required: true, whitespace: true, message: '公告标题不能为空' },
              { max: 50, message: '公告标题不能超过50个字符' },
            ]}
          >
            <Input placeholder="请输入公告标题" />
          </Form.Item>
          <Form.Item
            label="公告内容"
            name="content"
            rules={[
              { required: true, whitespace: true, message: '公告内容不能为空' },
              { max: 10000, message: '公告内容不能超过10000个字符' },
            ]}
          >
            <Input.TextArea placeholder="请输入公告内容" autoSize={{ minRows: 8, maxRows: 16 }} showCount />
          </Form.Item>
          <Form.Item label="公告类型" name="type" rules={[{ required: true, message: '公告类型不能为空' }]}>
            <Select allowClear placeholder="请选择公告类型" options={typeOptions} />
          </Form.Item>
          <Form.Item label="状态" name="status" rules={[{ required: true, message: '状态不能为空' }]}>
            <Select allowClear placeholder="请选择状态" options={statusOptions} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}

export default NoticePage;
