import { PlusOutlined, SortAscendingOutlined } from '@ant-design/icons';
import {
  DICT_TYPE,
  deptCreate,
  deptDelete,
  deptGet,
  deptList,
  deptUpdate,
  userSimpleList,
} from '@app/contract';
import type { Dept } from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Modal, Radio, Select, Space, Table, TreeSelect } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useAccess } from '../../shared/access';
import { useDictOptions } from '../../shared/dict';
import { request } from '../../shared/request';
import { DictTag } from '../../shared/ui/dict-tag';
import { DocAlert } from '../../shared/ui/doc-alert';
import { deleteAction, RowActions, updateAction } from '../../shared/ui/row-actions';
import { DIALOG_WIDTH_MEDIUM } from '../../shared/ui/sizes';
import { TableToolbar } from '../../shared/ui/table-toolbar';
import './dept-page.css';
import { buildTree, type TreeNode } from '../../shared/tree/build-tree';
import { formatDateTime } from '../../shared/date/format';
import { SearchActions } from '../../shared/ui/search-actions';

interface SearchValues {
  name?: string;
  status?: number;
}

interface FormValues {
  id?: number;
  parentId: number;
  name: string;
  sort: number;
  leaderUserId?: number | null;
  phone?: string | null;
  email?: string | null;
  status: 0 | 1;
}

interface ParentOption {
  value: number;
  title: string;
  children?: ParentOption[];
}

const toParentOptions = (nodes: TreeNode<Dept>[], excludeId: number | undefined): ParentOption[] =>
  nodes
    .filter((n) => n.id !== excludeId)
    .map((n) => ({
      value: n.id,
      title: n.name,
      ...(n.children ? { children: toParentOptions(n.children, excludeId) } : {}),
    }));

const allIds = (nodes: TreeNode<Dept>[]): number[] =>
  nodes.flatMap((n) => (n.children ? [n.id, ...allIds(n.children)] : []));

/** 部门管理 (menu component system/dept/index): the department tree as a table. */
export function DeptPage() {
  const { message, modal } = App.useApp();
  const { hasPermi } = useAccess();
  const queryClient = useQueryClient();
  // The list under every filter and the parent choices all change together.
  const reloadDepts = () => queryClient.invalidateQueries({ queryKey: ['system-dept'] });
  const [searchForm] = Form.useForm<SearchValues>();
  const [form] = Form.useForm<FormValues>();
  const [search, setSearch] = useState<SearchValues>({});
  const [showSearch, setShowSearch] = useState(true);
  const [expanded, setExpanded] = useState<readonly number[] | null>(null);
  const [editing, setEditing] = useState<'create' | 'update' | null>(null);
  const editingId = Form.useWatch('id', form);
  const statusOptions = useDictOptions(DICT_TYPE.COMMON_STATUS).map((d) => ({
    label: d.label,
    value: Number(d.value),
  }));

  const query = {
    ...(search.name ? { name: search.name } : {}),
    ...(search.status !== undefined ? { status: String(search.status) as '0' | '1' } : {}),
  };
  const list = useQuery({
    queryKey: ['system-dept', 'list', query],
    queryFn: () => request(deptList, { query }),
  });
  const allDepts = useQuery({
    queryKey: ['system-dept', 'list', {}],
    queryFn: () => request(deptList, { query: {} }),
    enabled: editing !== null,
  });
  const users = useQuery({
    queryKey: ['system-user', 'simple-list'],
    queryFn: () => request(userSimpleList),
  });
  const tree = useMemo(() => buildTree(list.data ?? []), [list.data]);
  const parentOptions = useMemo(
    () => [
      { value: 0, title: '顶级部门', children: toParentOptions(buildTree(allDepts.data ?? []), editingId) },
    ],
    [allDepts.data, editingId],
  );
  // Every branch starts expanded; the button collapses or expands them all.
  const expandedKeys = expanded ?? allIds(tree);
  const allExpanded = expandedKeys.length > 0;

  const save = useMutation({
    mutationFn: (values: FormValues): Promise<unknown> =>
      values.id === undefined
        ? request(deptCreate, { body: values })
        : request(deptUpdate, { body: { ...values, id: values.id } }),
  });

  const onSearch = (values: SearchValues) => {
    setSearch(values);
    setExpanded(null);
  };
  const onReset = () => {
    searchForm.resetFields();
    onSearch({});
  };

  const openCreate = (parentId = 0) => {
    form.resetFields();
    form.setFieldsValue({ parentId, sort: 0, status: 0 });
    setEditing('create');
  };
  const openUpdate = async (row: Dept) => {
    const current = await request(deptGet, { query: { id: row.id } });
    form.resetFields();
    form.setFieldsValue({ ...current, status: current.status === 1 ? 1 : 0 });
    setEditing('update');
  };
  const onSubmit = async () => {
    const values = await form.validateFields();
    await save.mutateAsync(values);
    void message.success(values.id === undefined ? '新增成功' : '修改成功');
    setEditing(null);
    await reloadDepts();
  };

  const onDelete = (row: Dept) =>
    modal.confirm({
      title: '系统提示',
      content: `是否确认删除名称为"${row.name}"的数据项?`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await request(deptDelete, { query: { id: row.id } });
        void message.success('删除成功');
        await reloadDepts();
      },
    });

  const leaderName = (id: number | null) => users.data?.find((u) => u.id === id)?.nickname;
  const canCreate = hasPermi(['system:dept:create']);
  const canUpdate = hasPermi(['system:dept:update']);
  const canDelete = hasPermi(['system:dept:delete']);
  const columns: TableColumnsType<TreeNode<Dept>> = [
    { title: '部门名称', dataIndex: 'name', width: 260 },
    {
      title: '负责人',
      dataIndex: 'leaderUserId',
      width: 140,
      align: 'center',
      render: (id: number | null) => leaderName(id) ?? (id ? `#${id}` : ''),
    },
    { title: '排序', dataIndex: 'sort', width: 90, align: 'center' },
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
    ...(canCreate || canUpdate || canDelete
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 220,
            align: 'center' as const,
            render: (_: unknown, row: Dept) => (
              <RowActions
                actions={[
                  updateAction(() => void openUpdate(row), { visible: canUpdate }),
                  {
                    key: 'create',
                    label: '新增',
                    icon: <PlusOutlined />,
                    onClick: () => openCreate(row.id),
                    visible: canCreate,
                  },
                  deleteAction(() => onDelete(row), { visible: canDelete && row.parentId !== 0 }),
                ]}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="dept-page">
      <DocAlert title="公司部门、岗位" url="https://doc.iocoder.cn/user-center/" />
      {showSearch && (
        <Form<SearchValues> form={searchForm} layout="inline" className="dept-search" onFinish={onSearch}>
          <Form.Item label="部门名称" name="name">
            <Input allowClear placeholder="请输入部门名称" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="状态" name="status">
            <Select allowClear placeholder="部门状态" style={{ width: 160 }} options={statusOptions} />
          </Form.Item>
          <SearchActions onReset={onReset} />
        </Form>
      )}

      <div className="dept-actions">
        <Space wrap>
          {canCreate && (
            <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => openCreate()}>
              新增
            </Button>
          )}
          <Button
            icon={<SortAscendingOutlined />}
            onClick={() => setExpanded(allExpanded ? [] : allIds(tree))}
          >
            展开/折叠
          </Button>
        </Space>
        <TableToolbar
          showSearch={showSearch}
          onShowSearchChange={setShowSearch}
          onRefresh={() => void list.refetch()}
        />
      </div>

      <Table<TreeNode<Dept>>
        rowKey="id"
        columns={columns}
        dataSource={tree}
        loading={list.isFetching}
        pagination={false}
        scroll={{ x: 900 }}
        locale={{ emptyText: '暂无部门' }}
        expandable={{
          expandedRowKeys: expandedKeys,
          onExpandedRowsChange: (keys) => setExpanded(keys.map(Number)),
        }}
      />

      <Modal
        title={editing === 'update' ? '修改部门' : '添加部门'}
        open={editing !== null}
        width={DIALOG_WIDTH_MEDIUM}
        okText="确 定"
        cancelText="取 消"
        confirmLoading={save.isPending}
        onOk={() => void onSubmit().catch(() => undefined)}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form<FormValues> name="dept-form" form={form} labelCol={{ flex: '90px' }}>
          <Form.Item name="id" hidden>
            <Input />
          </Form.Item>
          <Form.Item
            label="上级部门"
            name="parentId"
            rules={[{ required: true, message: '上级部门不能为空' }]}
          >
            <TreeSelect treeData={parentOptions} treeDefaultExpandAll placeholder="选择上级部门" />
          </Form.Item>
          <Form.Item
            label="部门名称"
            name="name"
            rules={[
              { required: true, whitespace: true, message: '部门名称不能为空' },
              { max: 30, message: '部门名称长度不能超过 30 个字符' },
            ]}
          >
            <Input placeholder="请输入部门名称" />
          </Form.Item>
          <Form.Item label="显示排序" name="sort" rules={[{ required: true, message: '显示排序不能为空' }]}>
            <InputNumber min={0} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item label="负责人" name="leaderUserId">
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="请输入负责人"
              options={(users.data ?? []).map((u) => ({ label: u.nickname, value: u.id }))}
            />
          </Form.Item>
          <Form.Item
            label="联系电话"
            name="phone"
            rules={[{ max: 11, message: '联系电话长度不能超过 11 个字符' }]}
          >
            <Input placeholder="请输入联系电话" />
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
          <Form.Item label="部门状态" name="status" rules={[{ required: true, message: '部门状态不能为空' }]}>
            <Radio.Group options={statusOptions} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
