import { PlusOutlined, SwapOutlined } from '@ant-design/icons';
import { DICT_TYPE, MENU_TYPE, menuDelete, menuList, menuUpdate } from '@app/contract';
import type { Menu, MenuListReq } from '@app/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Form, Input, Select, Space, Switch, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import type { Key } from 'react';
import { useMemo, useState } from 'react';
import { Access, useAccess } from '../../shared/access';
import { useDictOptions } from '../../shared/dict';
import { MenuIcon } from '../../shared/menu/menu-icons';
import { request } from '../../shared/request';
import { DictTag } from '../../shared/ui/dict-tag';
import { deleteAction, RowActions } from '../../shared/ui/row-actions';
import { TableToolbar } from '../../shared/ui/table-toolbar';
import { MenuFormDialog, type MenuFormTarget } from './menu-form-dialog';
import { nest, parentIds } from './menu-tree';
import './menu-page.css';
import { SearchActions } from '../../shared/ui/search-actions';

interface SearchValues {
  name?: string;
  status?: '0' | '1';
}

const STATUS_ENABLED = 0;

/** The request layer has shown a failure already; the confirmation then closes instead of staying open. */
const closingOnFailure = (action: () => Promise<void>) => () => action().catch(() => undefined);

/**
 * 菜单管理 (menu component system/menu/index): every menu as a tree table with search,
 * expand/collapse all, create (top level or below a row), edit, status switch and delete.
 */
export function MenuPage() {
  const { message, modal } = App.useApp();
  const { hasPermi } = useAccess();
  const [form] = Form.useForm<SearchValues>();
  const [filters, setFilters] = useState<MenuListReq>({});
  const [showSearch, setShowSearch] = useState(true);
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  const [editing, setEditing] = useState<MenuFormTarget | null>(null);
  const statusOptions = useDictOptions(DICT_TYPE.COMMON_STATUS);

  const list = useQuery({
    queryKey: ['menu', 'list', filters],
    queryFn: () => request(menuList, { query: filters }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const rows = useMemo(() => list.data ?? [], [list.data]);
  const tree = useMemo(() => nest(rows), [rows]);
  const expandable = useMemo(() => parentIds(rows), [rows]);
  const allExpanded = expandable.length > 0 && expanded.length >= expandable.length;

  const update = useMutation({ mutationFn: (menu: Menu) => request(menuUpdate, { body: menuBody(menu) }) });
  const remove = useMutation({ mutationFn: (id: number) => request(menuDelete, { query: { id } }) });

  const onSearch = (values: SearchValues) =>
    setFilters({
      ...(values.name?.trim() ? { name: values.name.trim() } : {}),
      ...(values.status !== undefined ? { status: values.status } : {}),
    });
  const onReset = () => {
    form.resetFields();
    onSearch({});
  };

  const onStatus = (row: Menu, enable: boolean) => {
    const text = enable ? '开启' : '关闭';
    modal.confirm({
      title: '系统提示',
      content: `确认要${text}"${row.name}"菜单吗？`,
      onOk: closingOnFailure(async () => {
        await update.mutateAsync({ ...row, status: enable ? 0 : 1 });
        void message.success(`${text}成功`);
        await list.refetch();
      }),
    });
  };
  const onDelete = (row: Menu) => {
    modal.confirm({
      title: '系统提示',
      content: `是否确认删除名称为"${row.name}"的数据项？`,
      okButtonProps: { danger: true },
      onOk: closingOnFailure(async () => {
        await remove.mutateAsync(row.id);
        void message.success('删除成功');
        await list.refetch();
      }),
    });
  };

  const canUpdate = hasPermi(['system:menu:update']);
  const columns: TableColumnsType<Menu> = [
    { title: '菜单名称', dataIndex: 'name', width: 220, ellipsis: true, fixed: 'left' },
    {
      title: '图标',
      dataIndex: 'icon',
      width: 70,
      align: 'center',
      render: (icon: string, row) =>
        row.type === MENU_TYPE.BUTTON || !icon ? null : <MenuIcon name={icon} />,
    },
    { title: '排序', dataIndex: 'sort', width: 70, align: 'center' },
    { title: '权限标识', dataIndex: 'permission', width: 200, ellipsis: true },
    { title: '组件路径', dataIndex: 'component', width: 200, ellipsis: true },
    { title: '组件名称', dataIndex: 'componentName', width: 160, ellipsis: true },
    {
      title: '类型',
      dataIndex: 'type',
      width: 80,
      align: 'center',
      render: (v: number) => <DictTag type={DICT_TYPE.SYSTEM_MENU_TYPE} value={v} />,
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      align: 'center',
      render: (v: number, row) => (
        <Switch
          size="small"
          aria-label={`${row.name}的状态`}
          checked={v === STATUS_ENABLED}
          disabled={!canUpdate}
          onChange={(checked) => onStatus(row, checked)}
        />
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 200,
      fixed: 'right',
      render: (_, row) => (
        <RowActions
          actions={[
            {
              key: 'update',
              label: '修改',
              onClick: () => setEditing({ id: row.id }),
              visible: hasPermi(['system:menu:update']),
            },
            {
              key: 'create',
              label: '新增',
              onClick: () => setEditing({ parentId: row.id }),
              visible: row.type !== MENU_TYPE.BUTTON && hasPermi(['system:menu:create']),
            },
            deleteAction(() => onDelete(row), { visible: hasPermi(['system:menu:delete']) }),
          ]}
        />
      ),
    },
  ];

  return (
    <div className="menu-page">
      {showSearch && (
        <Form<SearchValues>
          form={form}
          name="menu-search"
          layout="inline"
          className="menu-search"
          onFinish={onSearch}
        >
          <Form.Item label="菜单名称" name="name">
            <Input placeholder="请输入菜单名称" allowClear style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="状态" name="status">
            <Select
              allowClear
              placeholder="菜单状态"
              style={{ width: 160 }}
              options={statusOptions.map((d) => ({ label: d.label, value: d.value }))}
            />
          </Form.Item>
          <SearchActions onReset={onReset} />
        </Form>
      )}

      <div className="menu-actions">
        <Space wrap>
          <Access permission={['system:menu:create']}>
            <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => setEditing({ parentId: 0 })}>
              新增
            </Button>
          </Access>
          <Button
            icon={<SwapOutlined rotate={90} />}
            onClick={() => setExpanded(allExpanded ? [] : expandable)}
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

      <Table<Menu>
        rowKey="id"
        columns={columns}
        dataSource={tree}
        loading={list.isFetching}
        pagination={false}
        scroll={{ x: 1280 }}
        locale={{ emptyText: '暂无菜单' }}
        expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: setExpanded }}
      />

      <MenuFormDialog
        target={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void list.refetch();
        }}
      />
    </div>
  );
}

/** A listed menu as the update body. */
const menuBody = (menu: Menu) => ({
  id: menu.id,
  name: menu.name,
  permission: menu.permission,
  type: menu.type as 1 | 2 | 3,
  sort: menu.sort,
  parentId: menu.parentId,
  path: menu.path,
  icon: menu.icon,
  component: menu.component,
  componentName: menu.componentName,
  status: menu.status as 0 | 1,
  visible: menu.visible,
  keepAlive: menu.keepAlive,
  alwaysShow: menu.alwaysShow,
});
