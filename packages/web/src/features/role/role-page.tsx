import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { DICT_TYPE, ROLE_TYPE, roleDelete, roleExportExcel, rolePage, roleUpdateStatus } from '@app/contract';
import type { Role, RolePageReq } from '@app/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, Input, Select, Space, Switch, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Access, useAccess } from '../../shared/access';
import { useDictOptions } from '../../shared/dict';
import { request } from '../../shared/request';
import { DictTag } from '../../shared/ui/dict-tag';
import { DEFAULT_PAGE_SIZE, Pagination } from '../../shared/ui/pagination';
import { deleteAction, RowActions } from '../../shared/ui/row-actions';
import { TableToolbar } from '../../shared/ui/table-toolbar';
import { saveBlob } from '../../shared/request';
import { RoleDataScopeDialog } from './role-data-scope-dialog';
import { RoleFormDialog } from './role-form-dialog';
import { RoleMenuDialog } from './role-menu-dialog';
import './role-page.css';
import { DATE_TIME_FORMAT, formatDateTime } from '../../shared/date/format';
import { SearchActions } from '../../shared/ui/search-actions';

const STATUS_ENABLED = 0;

/** The request layer has shown a failure already; the confirmation then closes instead of staying open. */
const closingOnFailure = (action: () => Promise<void>) => () => action().catch(() => undefined);

interface SearchValues {
  name?: string;
  code?: string;
  status?: string;
  createTime?: [Dayjs | null, Dayjs | null] | null;
}

/** The search form's values as page filters: times as 'yyyy-MM-dd HH:mm:ss'. */
export const toFilters = (values: SearchValues): Omit<RolePageReq, 'pageNo' | 'pageSize'> => {
  const [from, to] = values.createTime ?? [];
  return {
    ...(values.name?.trim() ? { name: values.name.trim() } : {}),
    ...(values.code?.trim() ? { code: values.code.trim() } : {}),
    ...(values.status !== undefined ? { status: values.status as '0' | '1' } : {}),
    ...(from && to ? { createTime: [from.format(DATE_TIME_FORMAT), to.format(DATE_TIME_FORMAT)] } : {}),
  };
};

/**
 * 角色管理 (menu component system/role/index): the tenant's roles with search, create and edit,
 * status switch, delete, export, and the 菜单权限 and 数据权限 dialogs. Built-in roles cannot be
 * changed, so their row actions are disabled.
 */
export function RolePage() {
  const { message, modal } = App.useApp();
  const { hasPermi } = useAccess();
  const [form] = Form.useForm<SearchValues>();
  const [filters, setFilters] = useState<ReturnType<typeof toFilters>>({});
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [showSearch, setShowSearch] = useState(true);
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [menuRole, setMenuRole] = useState<Role | null>(null);
  const [scopeRole, setScopeRole] = useState<Role | null>(null);
  const statusOptions = useDictOptions(DICT_TYPE.COMMON_STATUS);

  const query = { ...filters, pageNo, pageSize };
  const page = useQuery({
    queryKey: ['role', 'page', query],
    queryFn: () => request(rolePage, { query }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  const updateStatus = useMutation({
    mutationFn: (body: { id: number; status: 0 | 1 }) => request(roleUpdateStatus, { body }),
  });
  const remove = useMutation({ mutationFn: (id: number) => request(roleDelete, { query: { id } }) });
  const exporting = useMutation({
    mutationFn: () => request(roleExportExcel, { query: filters, responseType: 'blob' }),
  });

  const onSearch = (values: SearchValues) => {
    setFilters(toFilters(values));
    setPageNo(1);
  };
  const onReset = () => {
    form.resetFields();
    onSearch({});
  };

  const onStatus = (row: Role, enable: boolean) => {
    const text = enable ? '开启' : '关闭';
    modal.confirm({
      title: '系统提示',
      content: `确认要${text}"${row.name}"角色吗？`,
      onOk: closingOnFailure(async () => {
        await updateStatus.mutateAsync({ id: row.id, status: enable ? 0 : 1 });
        void message.success(`${text}成功`);
        await page.refetch();
      }),
    });
  };
  const onDelete = (row: Role) => {
    modal.confirm({
      title: '系统提示',
      content: `是否确认删除角色编号为"${row.id}"的数据项？`,
      okButtonProps: { danger: true },
      onOk: closingOnFailure(async () => {
        await remove.mutateAsync(row.id);
        void message.success('删除成功');
        await page.refetch();
      }),
    });
  };
  const onExport = () => {
    modal.confirm({
      title: '系统提示',
      content: '是否确认导出所有角色数据项？',
      onOk: closingOnFailure(async () => {
        const blob = await exporting.mutateAsync();
        saveBlob(blob as Blob, '角色数据.xlsx');
      }),
    });
  };

  const canUpdate = hasPermi(['system:role:update']);
  const columns: TableColumnsType<Role> = [
    { title: '角色编号', dataIndex: 'id', width: 90, align: 'center' },
    { title: '角色名称', dataIndex: 'name', width: 150, ellipsis: true },
    { title: '角色标识', dataIndex: 'code', width: 150, ellipsis: true },
    {
      title: '角色类型',
      dataIndex: 'type',
      width: 100,
      align: 'center',
      render: (v: number) => <DictTag type={DICT_TYPE.SYSTEM_ROLE_TYPE} value={v} />,
    },
    { title: '显示顺序', dataIndex: 'sort', width: 90, align: 'center' },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      align: 'center',
      render: (v: number, row) => (
        <Switch
          size="small"
          aria-label={`${row.name}的状态`}
          checked={v === STATUS_ENABLED}
          disabled={!canUpdate || row.type === ROLE_TYPE.SYSTEM}
          onChange={(checked) => onStatus(row, checked)}
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
    {
      title: '操作',
      key: 'actions',
      width: 300,
      fixed: 'right',
      render: (_, row) => {
        const builtIn = row.type === ROLE_TYPE.SYSTEM;
        return (
          <RowActions
            wrap
            actions={[
              {
                key: 'update',
                label: '修改',
                onClick: () => setEditing({ id: row.id }),
                disabled: builtIn,
                visible: hasPermi(['system:role:update']),
              },
              {
                key: 'menu',
                label: '菜单权限',
                onClick: () => setMenuRole(row),
                visible: hasPermi(['system:permission:assign-role-menu']),
              },
              {
                key: 'data-scope',
                label: '数据权限',
                onClick: () => setScopeRole(row),
                disabled: builtIn,
                visible: hasPermi(['system:permission:assign-role-data-scope']),
              },
              deleteAction(() => onDelete(row), {
                visible: hasPermi(['system:role:delete']),
                disabled: builtIn,
              }),
            ]}
          />
        );
      },
    },
  ];

  const data = page.data;
  return (
    <div className="role-page">
      {showSearch && (
        <Form<SearchValues>
          form={form}
          name="role-search"
          layout="inline"
          className="role-search"
          onFinish={onSearch}
        >
          <Form.Item label="角色名称" name="name">
            <Input placeholder="请输入角色名称" allowClear style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="角色标识" name="code">
            <Input placeholder="请输入角色标识" allowClear style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="状态" name="status">
            <Select
              allowClear
              placeholder="角色状态"
              style={{ width: 160 }}
              options={statusOptions.map((d) => ({ label: d.label, value: d.value }))}
            />
          </Form.Item>
          <Form.Item label="创建时间" name="createTime">
            <DatePicker.RangePicker
              showTime={{ defaultOpenValue: [dayjs('00:00:00', 'HH:mm:ss'), dayjs('23:59:59', 'HH:mm:ss')] }}
              format={DATE_TIME_FORMAT}
              placeholder={['开始日期', '结束日期']}
            />
          </Form.Item>
          <SearchActions onReset={onReset} />
        </Form>
      )}

      <div className="role-actions">
        <Space wrap>
          <Access permission={['system:role:create']}>
            <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => setEditing({ id: null })}>
              新增
            </Button>
          </Access>
          <Access permission={['system:role:export']}>
            <Button
              type="primary"
              ghost
              icon={<DownloadOutlined />}
              loading={exporting.isPending}
              onClick={onExport}
            >
              导出
            </Button>
          </Access>
        </Space>
        <TableToolbar
          showSearch={showSearch}
          onShowSearchChange={setShowSearch}
          onRefresh={() => void page.refetch()}
        />
      </div>

      <Table<Role>
        rowKey="id"
        columns={columns}
        dataSource={data?.list ?? []}
        loading={page.isFetching}
        pagination={false}
        scroll={{ x: 1150 }}
        locale={{ emptyText: '暂无角色' }}
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

      <RoleFormDialog
        open={editing !== null}
        roleId={editing?.id ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void page.refetch();
        }}
      />
      <RoleMenuDialog role={menuRole} onClose={() => setMenuRole(null)} />
      <RoleDataScopeDialog
        role={scopeRole}
        onClose={() => setScopeRole(null)}
        onSaved={() => {
          setScopeRole(null);
          void page.refetch();
        }}
      />
    </div>
  );
}
