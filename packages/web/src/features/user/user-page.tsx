import {
  DownloadOutlined,
  KeyOutlined,
  PlusOutlined,
  SearchOutlined,
  UploadOutlined,
  UserOutlined,
} from '@ant-design/icons';
import {
  DICT_TYPE,
  deptSimpleList,
  postSimpleList,
  userCreate,
  userDelete,
  userExport,
  userGet,
  userPage,
  userUpdate,
  userUpdatePassword,
  userUpdateStatus,
} from '@app/contract';
import type { DeptSimple, UserPageItem } from '@app/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  DatePicker,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Switch,
  Table,
  Tree,
  TreeSelect,
} from 'antd';
import type { TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useAccess } from '../../shared/access';
import { useDictOptions } from '../../shared/dict';
import { request } from '../../shared/request';
import { DocAlert } from '../../shared/ui/doc-alert';
import { DEFAULT_PAGE_SIZE, Pagination } from '../../shared/ui/pagination';
import { deleteAction, RowActions, updateAction } from '../../shared/ui/row-actions';
import { DIALOG_WIDTH_MEDIUM } from '../../shared/ui/sizes';
import { TableToolbar } from '../../shared/ui/table-toolbar';
import { buildTree, type TreeNode } from '../../shared/tree/build-tree';
import { saveBlob } from '../../shared/request';
import { AssignRoleDialog, ImportDialog, ResetPasswordDialog } from './user-dialogs';
import './user-page.css';
import { dayRange, formatDateTime } from '../../shared/date/format';
import { SearchActions } from '../../shared/ui/search-actions';

interface SearchValues {
  username?: string;
  mobile?: string;
  status?: number;
  createTime?: [Dayjs | null, Dayjs | null] | null;
}

interface FormValues {
  id?: number;
  username: string;
  nickname: string;
  password?: string;
  deptId?: number | null;
  postIds?: number[];
  mobile?: string | null;
  email?: string | null;
  sex?: 1 | 2 | null;
  remark?: string | null;
}

interface DeptOption {
  key: number;
  value: number;
  title: string;
  children?: DeptOption[];
}

const toOptions = (nodes: TreeNode<DeptSimple>[]): DeptOption[] =>
  nodes.map((n) => ({
    key: n.id,
    value: n.id,
    title: n.name,
    ...(n.children ? { children: toOptions(n.children) } : {}),
  }));

/** The tree cut down to departments whose name contains `text` (and their ancestors). */
const filterTree = (nodes: DeptOption[], text: string): DeptOption[] =>
  nodes.flatMap((n) => {
    const children = n.children ? filterTree(n.children, text) : [];
    if (n.title.includes(text) || children.length > 0)
      return [{ ...n, ...(children.length > 0 ? { children } : {}) }];
    return [];
  });

const toFilter = (values: SearchValues, deptId: number | null) => {
  const createTime = dayRange(values.createTime);
  return {
    ...(values.username ? { username: values.username } : {}),
    ...(values.mobile ? { mobile: values.mobile } : {}),
    ...(values.status !== undefined ? { status: String(values.status) as '0' | '1' } : {}),
    ...(deptId !== null ? { deptId: String(deptId) } : {}),
    ...(createTime ? { createTime } : {}),
  };
};

/** 用户管理 (menu component system/user/index): the department tree beside the user list. */
export function UserPage() {
  const { message, modal } = App.useApp();
  const { hasPermi } = useAccess();
  const [searchForm] = Form.useForm<SearchValues>();
  const [form] = Form.useForm<FormValues>();
  const [search, setSearch] = useState<SearchValues>({});
  const [deptId, setDeptId] = useState<number | null>(null);
  const [deptText, setDeptText] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [showSearch, setShowSearch] = useState(true);
  const [editing, setEditing] = useState<'create' | 'update' | null>(null);
  const [exporting, setExporting] = useState(false);
  const [resetting, setResetting] = useState<UserPageItem | null>(null);
  const [assigning, setAssigning] = useState<UserPageItem | null>(null);
  const [importing, setImporting] = useState(false);
  const statusOptions = useDictOptions(DICT_TYPE.COMMON_STATUS).map((d) => ({
    label: d.label,
    value: Number(d.value),
  }));
  const sexOptions = useDictOptions(DICT_TYPE.SYSTEM_USER_SEX).map((d) => ({
    label: d.label,
    value: Number(d.value),
  }));

  const depts = useQuery({
    queryKey: ['system-dept', 'simple-list'],
    queryFn: () => request(deptSimpleList),
  });
  const posts = useQuery({
    queryKey: ['system-post', 'simple-list'],
    queryFn: () => request(postSimpleList),
    enabled: editing !== null,
  });
  const deptOptions = useMemo(() => toOptions(buildTree(depts.data ?? [])), [depts.data]);
  const shownDepts = useMemo(
    () => (deptText.trim() ? filterTree(deptOptions, deptText.trim()) : deptOptions),
    [deptOptions, deptText],
  );

  const query = { pageNo, pageSize, ...toFilter(search, deptId) };
  const page = useQuery({
    queryKey: ['system-user', 'page', query],
    queryFn: () => request(userPage, { query }),
    placeholderData: keepPreviousData,
  });

  const save = useMutation({
    mutationFn: ({ password, ...values }: FormValues): Promise<unknown> =>
      values.id === undefined
        ? request(userCreate, { body: { ...values, password: password ?? '' } })
        : request(userUpdate, { body: { ...values, id: values.id } }),
  });

  const onSearch = (values: SearchValues) => {
    setSearch(values);
    setPageNo(1);
  };
  const onReset = () => {
    searchForm.resetFields();
    setDeptId(null);
    onSearch({});
  };
  const onDeptSelect = (id: number | null) => {
    setDeptId(id);
    setPageNo(1);
  };

  const openCreate = () => {
    form.resetFields();
    form.setFieldsValue({ deptId: deptId ?? undefined, postIds: [] });
    setEditing('create');
  };
  const openUpdate = async (row: UserPageItem) => {
    const current = await request(userGet, { query: { id: row.id } });
    form.resetFields();
    form.setFieldsValue({ ...current, sex: current.sex === 1 || current.sex === 2 ? current.sex : null });
    setEditing('update');
  };
  const onSubmit = async () => {
    const values = await form.validateFields();
    await save.mutateAsync(values);
    void message.success(values.id === undefined ? '新增成功' : '修改成功');
    setEditing(null);
    await page.refetch();
  };

  const onDelete = (row: UserPageItem) =>
    modal.confirm({
      title: '系统提示',
      content: `是否确认删除用户编号为"${row.id}"的数据项?`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await request(userDelete, { query: { id: row.id } });
        void message.success('删除成功');
        await page.refetch();
      },
    });

  const onStatusChange = (row: UserPageItem, enable: boolean) => {
    const text = enable ? '启用' : '停用';
    modal.confirm({
      title: '系统提示',
      content: `确认要"${text}""${row.username}"用户吗?`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await request(userUpdateStatus, { body: { id: row.id, status: enable ? 0 : 1 } });
        void message.success(`${text}成功`);
        await page.refetch();
      },
    });
  };

  const onResetPassword = async (password: string) => {
    if (!resetting) return;
    await request(userUpdatePassword, { body: { id: resetting.id, password } });
    void message.success(`修改成功，新密码是：${password}`);
    setResetting(null);
  };

  const onExport = () =>
    modal.confirm({
      title: '系统提示',
      content: '是否确认导出所有用户数据项?',
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        setExporting(true);
        try {
          const blob = await request(userExport, { query: toFilter(search, deptId), responseType: 'blob' });
          saveBlob(blob as Blob, '用户数据.xlsx');
        } finally {
          setExporting(false);
        }
      },
    });

  const canUpdate = hasPermi(['system:user:update']);
  const canDelete = hasPermi(['system:user:delete']);
  const canResetPassword = hasPermi(['system:user:update-password']);
  const canAssignRole = hasPermi(['system:permission:assign-user-role']);
  const columns: TableColumnsType<UserPageItem> = [
    { title: '用户编号', dataIndex: 'id', width: 90, align: 'center' },
    { title: '用户名称', dataIndex: 'username', ellipsis: true, align: 'center' },
    { title: '用户昵称', dataIndex: 'nickname', ellipsis: true, align: 'center' },
    {
      title: '部门',
      dataIndex: 'dept',
      ellipsis: true,
      align: 'center',
      render: (dept: UserPageItem['dept']) => dept?.name ?? '',
    },
    { title: '手机号码', dataIndex: 'mobile', width: 130, align: 'center' },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      align: 'center',
      render: (status: number, row) => (
        <Switch
          checked={status === 0}
          disabled={!canUpdate}
          aria-label={`${row.username}的状态`}
          onChange={(checked) => onStatusChange(row, checked)}
        />
      ),
    },
    {
      title: '创建时间',
      dataIndex: 'createTime',
      width: 170,
      align: 'center',
      render: (v: number) => formatDateTime(v),
    },
    ...(canUpdate || canDelete || canResetPassword || canAssignRole
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 330,
            align: 'center' as const,
            render: (_: unknown, row: UserPageItem) => (
              <RowActions
                wrap
                actions={[
                  updateAction(() => void openUpdate(row), { visible: canUpdate }),
                  deleteAction(() => onDelete(row), { visible: canDelete }),
                  {
                    key: 'reset-password',
                    label: '重置密码',
                    icon: <KeyOutlined />,
                    onClick: () => setResetting(row),
                    visible: canResetPassword,
                  },
                  {
                    key: 'assign-role',
                    label: '分配角色',
                    icon: <UserOutlined />,
                    onClick: () => setAssigning(row),
                    visible: canAssignRole,
                  },
                ]}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="user-page">
      <aside className="user-dept-panel" aria-label="部门">
        <Input
          allowClear
          placeholder="请输入部门名称"
          prefix={<SearchOutlined />}
          value={deptText}
          onChange={(e) => setDeptText(e.target.value)}
          style={{ marginBottom: 12 }}
        />
        <Tree<DeptOption>
          blockNode
          defaultExpandAll
          key={`${depts.dataUpdatedAt}-${deptText}`}
          treeData={shownDepts}
          selectedKeys={deptId === null ? [] : [deptId]}
          onSelect={(keys) => onDeptSelect(keys.length > 0 ? Number(keys[0]) : null)}
        />
      </aside>

      <div className="user-main">
        <DocAlert title="用户体系" url="https://doc.iocoder.cn/user-center/" />
        {showSearch && (
          <Form<SearchValues> form={searchForm} layout="inline" className="user-search" onFinish={onSearch}>
            <Form.Item label="用户名称" name="username">
              <Input allowClear placeholder="请输入用户名称" style={{ width: 200 }} />
            </Form.Item>
            <Form.Item label="手机号码" name="mobile">
              <Input allowClear placeholder="请输入手机号码" style={{ width: 200 }} />
            </Form.Item>
            <Form.Item label="状态" name="status">
              <Select allowClear placeholder="用户状态" style={{ width: 160 }} options={statusOptions} />
            </Form.Item>
            <Form.Item label="创建时间" name="createTime">
              <DatePicker.RangePicker placeholder={['开始日期', '结束日期']} />
            </Form.Item>
            <SearchActions onReset={onReset} />
          </Form>
        )}

        <div className="user-actions">
          <Space wrap>
            {hasPermi(['system:user:create']) && (
              <Button type="primary" ghost icon={<PlusOutlined />} onClick={openCreate}>
                新增
              </Button>
            )}
            {hasPermi(['system:user:import']) && (
              <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                导入
              </Button>
            )}
            {hasPermi(['system:user:export']) && (
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

        <Table<UserPageItem>
          rowKey="id"
          columns={columns}
          dataSource={page.data?.list ?? []}
          loading={page.isFetching}
          pagination={false}
          scroll={{ x: 1200 }}
          locale={{ emptyText: '暂无用户' }}
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
      </div>

      <Modal
        title={editing === 'update' ? '修改用户' : '添加用户'}
        open={editing !== null}
        width={DIALOG_WIDTH_MEDIUM}
        okText="确 定"
        cancelText="取 消"
        confirmLoading={save.isPending}
        onOk={() => void onSubmit().catch(() => undefined)}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form<FormValues> name="user-form" form={form} labelCol={{ flex: '90px' }}>
          <Form.Item name="id" hidden>
            <Input />
          </Form.Item>
          <Form.Item
            label="用户昵称"
            name="nickname"
            rules={[
              { required: true, whitespace: true, message: '用户昵称不能为空' },
              { max: 30, message: '用户昵称长度不能超过 30 个字符' },
            ]}
          >
            <Input placeholder="请输入用户昵称" />
          </Form.Item>
          <Form.Item label="归属部门" name="deptId">
            <TreeSelect allowClear treeData={deptOptions} treeDefaultExpandAll placeholder="请选择归属部门" />
          </Form.Item>
          <Form.Item
            label="手机号码"
            name="mobile"
            rules={[{ pattern: /^1[3-9]\d{9}$/, message: '请输入正确的手机号码' }]}
          >
            <Input placeholder="请输入手机号码" maxLength={11} />
          </Form.Item>
          <Form.Item
            label="邮箱"
            name="email"
            rules={[
              { type: 'email', message: '请输入正确的邮箱地址' },
              { max: 50, message: '邮箱长度不能超过 50 个字符' },
            ]}
          >
            <Input placeholder="请输入邮箱" />
          </Form.Item>
          <Form.Item
            label="用户名称"
            name="username"
            rules={[
              { required: true, whitespace: true, message: '用户名称不能为空' },
              { pattern: /^[a-zA-Z0-9]{4,30}$/, message: '用户名称由 4-30 位数字、字母组成' },
            ]}
          >
            <Input placeholder="请输入用户名称" />
          </Form.Item>
          {editing === 'create' && (
            <Form.Item
              label="用户密码"
              name="password"
              rules={[
                { required: true, message: '用户密码不能为空' },
                { min: 4, max: 16, message: '用户密码长度必须介于 4 和 16 之间' },
              ]}
            >
              <Input.Password placeholder="请输入用户密码" autoComplete="new-password" />
            </Form.Item>
          )}
          <Form.Item label="用户性别" name="sex">
            <Select allowClear placeholder="请选择" options={sexOptions} />
          </Form.Item>
          <Form.Item label="岗位" name="postIds">
            <Select
              mode="multiple"
              placeholder="请选择"
              options={(posts.data ?? []).map((p) => ({ label: p.name, value: p.id }))}
            />
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

      <ResetPasswordDialog user={resetting} onSubmit={onResetPassword} onClose={() => setResetting(null)} />
      <AssignRoleDialog user={assigning} onClose={() => setAssigning(null)} />
      <ImportDialog open={importing} onClose={() => setImporting(false)} onDone={() => void page.refetch()} />
    </div>
  );
}
