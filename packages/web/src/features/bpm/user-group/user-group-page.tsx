import { PlusOutlined } from '@ant-design/icons';
import {
  bpmUserGroupCreate,
  bpmUserGroupDelete,
  bpmUserGroupGet,
  bpmUserGroupPage,
  bpmUserGroupUpdate,
  DICT_TYPE,
  userListAllSimple,
} from '@app/contract';
import type { BpmUserGroup } from '@app/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, Input, Modal, Radio, Select, Space, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useAccess } from '../../../shared/access';
import { dayRange, formatDateTime } from '../../../shared/date/format';
import { useDictOptions } from '../../../shared/dict';
import { request } from '../../../shared/request';
import { DictTag } from '../../../shared/ui/dict-tag';
import { DocAlert } from '../../../shared/ui/doc-alert';
import { DEFAULT_PAGE_SIZE, Pagination } from '../../../shared/ui/pagination';
import { deleteAction, RowActions, updateAction } from '../../../shared/ui/row-actions';
import { SearchActions } from '../../../shared/ui/search-actions';
import { DIALOG_WIDTH_MEDIUM } from '../../../shared/ui/sizes';
import { TableToolbar } from '../../../shared/ui/table-toolbar';
import { BPM_USER_GROUP_QUERY_KEY } from '../manage-paths';
import '../manage.css';

interface SearchValues {
  name?: string;
  status?: number;
  createTime?: [Dayjs | null, Dayjs | null] | null;
}

interface FormValues {
  id?: number;
  name: string;
  description: string;
  memberUserIds: number[];
  status: 0 | 1;
}

const toFilter = (values: SearchValues) => {
  const createTime = dayRange(values.createTime);
  return {
    ...(values.name ? { name: values.name } : {}),
    ...(values.status !== undefined ? { status: String(values.status) as '0' | '1' } : {}),
    ...(createTime ? { createTime } : {}),
  };
};

/** 用户分组 (menu component bpm/group/index): the user groups of assignment rules of type 40. */
export function UserGroupPage() {
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

  const query = { pageNo, pageSize, ...toFilter(search) };
  const page = useQuery({
    queryKey: [...BPM_USER_GROUP_QUERY_KEY, 'page', query],
    queryFn: () => request(bpmUserGroupPage, { query }),
    placeholderData: keepPreviousData,
  });
  const users = useQuery({
    queryKey: ['system-user', 'list-all-simple'],
    queryFn: () => request(userListAllSimple),
  });
  const nicknames = useMemo(() => new Map((users.data ?? []).map((u) => [u.id, u.nickname])), [users.data]);
  const userOptions = (users.data ?? []).map((u) => ({ label: u.nickname, value: u.id }));

  const save = useMutation({
    mutationFn: (values: FormValues): Promise<unknown> =>
      values.id === undefined
        ? request(bpmUserGroupCreate, { body: values })
        : request(bpmUserGroupUpdate, { body: { ...values, id: values.id } }),
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
    form.setFieldsValue({ status: 0, memberUserIds: [] });
    setEditing('create');
  };
  const openUpdate = async (row: BpmUserGroup) => {
    const current = await request(bpmUserGroupGet, { query: { id: row.id } });
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

  const onDelete = (row: BpmUserGroup) =>
    modal.confirm({
      title: '系统提示',
      content: `是否确认删除用户组编号为"${row.id}"的数据项?`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await request(bpmUserGroupDelete, { query: { id: row.id } });
        void message.success('删除成功');
        await page.refetch();
      },
    });

  const canUpdate = hasPermi(['bpm:user-group:update']);
  const canDelete = hasPermi(['bpm:user-group:delete']);
  const columns: TableColumnsType<BpmUserGroup> = [
    { title: '编号', dataIndex: 'id', width: 90, align: 'center' },
    { title: '组名', dataIndex: 'name', ellipsis: true, align: 'center' },
    { title: '描述', dataIndex: 'description', ellipsis: true, align: 'center' },
    {
      title: '成员',
      dataIndex: 'memberUserIds',
      align: 'center',
      render: (ids: number[]) => (
        <Space size={[0, 4]} wrap>
          {ids.map((id) => (
            <Tag key={id}>{nicknames.get(id) ?? `未知(${id})`}</Tag>
          ))}
        </Space>
      ),
    },
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
            render: (_: unknown, row: BpmUserGroup) => (
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
    <div className="bpm-page">
      <DocAlert title="工作流" url="https://doc.iocoder.cn/bpm" />
      {showSearch && (
        <Form<SearchValues>
          form={searchForm}
          layout="inline"
          className="bpm-page__search"
          onFinish={onSearch}
        >
          <Form.Item label="组名" name="name">
            <Input allowClear placeholder="请输入组名" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="状态" name="status">
            <Select allowClear placeholder="请选择状态" style={{ width: 160 }} options={statusOptions} />
          </Form.Item>
          <Form.Item label="创建时间" name="createTime">
            <DatePicker.RangePicker placeholder={['开始日期', '结束日期']} />
          </Form.Item>
          <SearchActions onReset={onReset} />
        </Form>
      )}

      <div className="bpm-page__actions">
        <Space wrap>
          {hasPermi(['bpm:user-group:create']) && (
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

      <Table<BpmUserGroup>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        pagination={false}
        scroll={{ x: 900 }}
        locale={{ emptyText: '暂无用户组' }}
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
        title={editing === 'update' ? '修改用户组' : '添加用户组'}
        open={editing !== null}
        width={DIALOG_WIDTH_MEDIUM}
        okText="确 定"
        cancelText="取 消"
        confirmLoading={save.isPending}
        onOk={() => void onSubmit().catch(() => undefined)}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form<FormValues> name="bpm-user-group-form" form={form} labelCol={{ flex: '90px' }}>
          <Form.Item name="id" hidden>
            <Input />
          </Form.Item>
          <Form.Item
            label="组名"
            name="name"
            rules={[
              { required: true, whitespace: true, message: '组名不能为空' },
              { max: 30, message: '组名长度不能超过 30 个字符' },
            ]}
          >
            <Input placeholder="请输入组名" />
          </Form.Item>
          <Form.Item
            label="描述"
            name="description"
            rules={[
              { required: true, whitespace: true, message: '描述不能为空' },
              { max: 255, message: '描述长度不能超过 255 个字符' },
            ]}
          >
            <Input.TextArea placeholder="请输入描述" rows={3} />
          </Form.Item>
          <Form.Item label="成员" name="memberUserIds" rules={[{ required: true, message: '成员不能为空' }]}>
            <Select
              mode="multiple"
              allowClear
              placeholder="请选择成员"
              options={userOptions}
              optionFilterProp="label"
              loading={users.isLoading}
            />
          </Form.Item>
          <Form.Item label="状态" name="status" rules={[{ required: true, message: '状态不能为空' }]}>
            <Radio.Group options={statusOptions} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
