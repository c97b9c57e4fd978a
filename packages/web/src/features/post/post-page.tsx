import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { DICT_TYPE, postCreate, postDelete, postExport, postGet, postPage, postUpdate } from '@app/contract';
import type { Post } from '@app/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Modal, Radio, Select, Space, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useAccess } from '../../shared/access';
import { useDictOptions } from '../../shared/dict';
import { request } from '../../shared/request';
import { DictTag } from '../../shared/ui/dict-tag';
import { DocAlert } from '../../shared/ui/doc-alert';
import { DEFAULT_PAGE_SIZE, Pagination } from '../../shared/ui/pagination';
import { deleteAction, RowActions, updateAction } from '../../shared/ui/row-actions';
import { DIALOG_WIDTH_MEDIUM } from '../../shared/ui/sizes';
import { TableToolbar } from '../../shared/ui/table-toolbar';
import './post-page.css';
import { saveBlob } from '../../shared/request';
import { formatDateTime } from '../../shared/date/format';
import { SearchActions } from '../../shared/ui/search-actions';

interface SearchValues {
  code?: string;
  name?: string;
  status?: number;
}

interface FormValues {
  id?: number;
  name: string;
  code: string;
  sort: number;
  status: 0 | 1;
  remark?: string | null;
}

const toFilter = (values: SearchValues) => ({
  ...(values.code ? { code: values.code } : {}),
  ...(values.name ? { name: values.name } : {}),
  ...(values.status !== undefined ? { status: String(values.status) as '0' | '1' } : {}),
});

/** 岗位管理 (menu component system/post/index). */
export function PostPage() {
  const { message, modal } = App.useApp();
  const { hasPermi } = useAccess();
  const [searchForm] = Form.useForm<SearchValues>();
  const [form] = Form.useForm<FormValues>();
  const [search, setSearch] = useState<SearchValues>({});
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [showSearch, setShowSearch] = useState(true);
  const [editing, setEditing] = useState<'create' | 'update' | null>(null);
  const [exporting, setExporting] = useState(false);
  const statusOptions = useDictOptions(DICT_TYPE.COMMON_STATUS).map((d) => ({
    label: d.label,
    value: Number(d.value),
  }));

  const query = { pageNo, pageSize, ...toFilter(search) };
  const page = useQuery({
    queryKey: ['system-post', 'page', query],
    queryFn: () => request(postPage, { query }),
    placeholderData: keepPreviousData,
  });

  const save = useMutation({
    mutationFn: (values: FormValues): Promise<unknown> =>
      values.id === undefined
        ? request(postCreate, { body: values })
        : request(postUpdate, { body: { ...values, id: values.id } }),
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
    form.setFieldsValue({ sort: 0, status: 0 });
    setEditing('create');
  };
  const openUpdate = async (row: Post) => {
    const current = await request(postGet, { query: { id: row.id } });
    form.resetFields();
    form.setFieldsValue({ ...current, status: current.status === 1 ? 1 : 0 });
    setEditing('update');
  };
  const onSubmit = async () => {
    const values = await form.validateFields();
    await save.mutateAsync(values);
    void message.success(values.id === undefined ? '新增成功' : '修改成功');
    setEditing(null);
    await page.refetch();
  };

  const onDelete = (row: Post) =>
    modal.confirm({
      title: '系统提示',
      content: `是否确认删除岗位编号为"${row.id}"的数据项?`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await request(postDelete, { query: { id: row.id } });
        void message.success('删除成功');
        await page.refetch();
      },
    });

  const onExport = () =>
    modal.confirm({
      title: '系统提示',
      content: '是否确认导出所有岗位数据项?',
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        setExporting(true);
        try {
          const blob = await request(postExport, { query: toFilter(search), responseType: 'blob' });
          saveBlob(blob as Blob, '岗位数据.xlsx');
        } finally {
          setExporting(false);
        }
      },
    });

  const canUpdate = hasPermi(['system:post:update']);
  const canDelete = hasPermi(['system:post:delete']);
  const columns: TableColumnsType<Post> = [
    { title: '岗位编号', dataIndex: 'id', width: 90, align: 'center' },
    { title: '岗位编码', dataIndex: 'code', ellipsis: true, align: 'center' },
    { title: '岗位名称', dataIndex: 'name', ellipsis: true, align: 'center' },
    { title: '岗位排序', dataIndex: 'sort', width: 90, align: 'center' },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      align: 'center',
      render: (status: number) => <DictTag type={DICT_TYPE.COMMON_STATUS} value={status} />,
    },
    {
      title: '创建时间',
      dataIndex: 'createTime',
      width: 170,
      align: 'center',
      render: (v: number) => formatDateTime(v),
    },
    ...(canUpdate || canDelete
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 150,
            align: 'center' as const,
            render: (_: unknown, row: Post) => (
              <RowActions
                actions={[
                  updateAction(() => void openUpdate(row), { visible: canUpdate }),
                  deleteAction(() => onDelete(row), { visible: canDelete }),
                ]}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="post-page">
      <DocAlert title="公司部门、岗位" url="https://doc.iocoder.cn/user-center/" />
      {showSearch && (
        <Form<SearchValues> form={searchForm} layout="inline" className="post-search" onFinish={onSearch}>
          <Form.Item label="岗位编码" name="code">
            <Input allowClear placeholder="请输入岗位编码" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="岗位名称" name="name">
            <Input allowClear placeholder="请输入岗位名称" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="状态" name="status">
            <Select allowClear placeholder="岗位状态" style={{ width: 160 }} options={statusOptions} />
          </Form.Item>
          <SearchActions onReset={onReset} />
        </Form>
      )}

      <div className="post-actions">
        <Space wrap>
          {hasPermi(['system:post:create']) && (
            <Button type="primary" ghost icon={<PlusOutlined />} onClick={openCreate}>
              新增
            </Button>
          )}
          {hasPermi(['system:post:export']) && (
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={onExport}>
              导出
            </Button>
          )}
        </Space>
        <TableToolbar
          showSearch={showSearch}
          onShowSearchChange={setShowSearch}
          onRefresh={() => void page.refetch()}
        />
      </div>

      <Table<Post>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        pagination={false}
        scroll={{ x: 900 }}
        locale={{ emptyText: '暂无岗位' }}
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
        title={editing === 'update' ? '修改岗位' : '添加岗位'}
        open={editing !== null}
        width={DIALOG_WIDTH_MEDIUM}
        okText="确 定"
        cancelText="取 消"
        confirmLoading={save.isPending}
        onOk={() => void onSubmit().catch(() => undefined)}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form<FormValues> name="post-form" form={form} labelCol={{ flex: '90px' }}>
          <Form.Item name="id" hidden>
            <Input />
          </Form.Item>
          <Form.Item
            label="岗位名称"
            name="name"
            rules={[
              { required: true, whitespace: true, message: '岗位名称不能为空' },
              { max: 50, message: '岗位名称长度不能超过 50 个字符' },
            ]}
          >
            <Input placeholder="请输入岗位名称" />
          </Form.Item>
          <Form.Item
            label="岗位编码"
            name="code"
            rules={[
              { required: true, whitespace: true, message: '岗位编码不能为空' },
              { max: 64, message: '岗位编码长度不能超过 64 个字符' },
            ]}
          >
            <Input placeholder="请输入编码名称" />
          </Form.Item>
          <Form.Item label="岗位顺序" name="sort" rules={[{ required: true, message: '岗位顺序不能为空' }]}>
            <InputNumber min={0} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item label="岗位状态" name="status" rules={[{ required: true, message: '岗位状态不能为空' }]}>
            <Radio.Group options={statusOptions} />
          </Form.Item>
          <Form.Item
            label="备注"
            name="remark"
            rules={[{ max: 500, message: '备注长度不能超过 500 个字符' }]}
          >
            <Input.TextArea placeholder="请输入内容" rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
