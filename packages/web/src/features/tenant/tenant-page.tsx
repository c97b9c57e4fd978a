import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import {
  DICT_TYPE,
  TENANT_PACKAGE_ID_SYSTEM,
  tenantDelete,
  tenantExportExcel,
  tenantPackageGetSimpleList,
  tenantPage,
} from '@app/contract';
import type { Tenant, TenantPageReq } from '@app/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, Input, Select, Space, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useAccess } from '../../shared/access';
import { dayRange, formatDateTime } from '../../shared/date/format';
import { useDictOptions } from '../../shared/dict';
import { request, saveBlob } from '../../shared/request';
import { DictTag } from '../../shared/ui/dict-tag';
import { DocAlert } from '../../shared/ui/doc-alert';
import { DEFAULT_PAGE_SIZE, Pagination } from '../../shared/ui/pagination';
import { deleteAction, RowActions, updateAction } from '../../shared/ui/row-actions';
import { SearchActions } from '../../shared/ui/search-actions';
import { TableToolbar } from '../../shared/ui/table-toolbar';
import { TenantFormDialog } from './tenant-form-dialog';
import './tenant-page.css';

interface SearchValues {
  name?: string;
  contactName?: string;
  contactMobile?: string;
  status?: number;
  createTime?: [Dayjs | null, Dayjs | null] | null;
}

type Filters = Omit<TenantPageReq, 'pageNo' | 'pageSize'>;

const toFilters = (values: SearchValues): Filters => {
  const createTime = dayRange(values.createTime);
  return {
    ...(values.name?.trim() ? { name: values.name.trim() } : {}),
    ...(values.contactName?.trim() ? { contactName: values.contactName.trim() } : {}),
    ...(values.contactMobile?.trim() ? { contactMobile: values.contactMobile.trim() } : {}),
    ...(values.status !== undefined ? { status: String(values.status) as '0' | '1' } : {}),
    ...(createTime ? { createTime } : {}),
  };
};

/** The request layer has shown a failure already; the confirmation then closes instead of staying open. */
const closingOnFailure = (action: () => Promise<void>) => () => action().catch(() => undefined);

/**
 * 租户列表 (menu component system/tenant/index): every tenant with its package, quota and expiry.
 * Creating one also creates its administrator; the system tenant itself cannot be changed.
 */
export function TenantPage() {
  const { message, modal } = App.useApp();
  const { hasPermi } = useAccess();
  const [searchForm] = Form.useForm<SearchValues>();
  const [filters, setFilters] = useState<Filters>({});
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [showSearch, setShowSearch] = useState(true);
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const statusOptions = useDictOptions(DICT_TYPE.COMMON_STATUS).map((d) => ({
    label: d.label,
    value: Number(d.value),
  }));

  const query = { pageNo, pageSize, ...filters };
  const page = useQuery({
    queryKey: ['tenant', 'page', query],
    queryFn: () => request(tenantPage, { query }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const packages = useQuery({
    queryKey: ['tenant-package', 'simple-list'],
    queryFn: () => request(tenantPackageGetSimpleList),
  });
  const packageNames = useMemo(
    () => new Map((packages.data ?? []).map((p) => [p.id, p.name])),
    [packages.data],
  );
  const exporting = useMutation({
    mutationFn: () => request(tenantExportExcel, { query: filters, responseType: 'blob' }),
  });

  const onSearch = (values: SearchValues) => {
    setFilters(toFilters(values));
    setPageNo(1);
  };
  const onReset = () => {
    searchForm.resetFields();
    onSearch({});
  };

  const onDelete = (row: Tenant) =>
    modal.confirm({
      title: '系统提示',
      content: `是否确认删除租户编号为"${row.id}"的数据项?`,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: closingOnFailure(async () => {
        await request(tenantDelete, { query: { id: row.id } });
        void message.success('删除成功');
        await page.refetch();
      }),
    });

  const onExport = () =>
    modal.confirm({
      title: '系统提示',
      content: '是否确认导出所有租户数据项?',
      okText: '确定',
      cancelText: '取消',
      onOk: closingOnFailure(async () => {
        saveBlob((await exporting.mutateAsync()) as Blob, '租户.xlsx');
      }),
    });

  const canUpdate = hasPermi(['system:tenant:update']);
  const canDelete = hasPermi(['system:tenant:delete']);
  const columns: TableColumnsType<Tenant> = [
    { title: '租户编号', dataIndex: 'id', width: 90, align: 'center' },
    { title: '租户名', dataIndex: 'name', width: 140, ellipsis: true, align: 'center' },
    {
      title: '租户套餐',
      dataIndex: 'packageId',
      width: 120,
      align: 'center',
      render: (id: number) =>
        id === TENANT_PACKAGE_ID_SYSTEM ? (
          <Tag color="error">系统租户</Tag>
        ) : (
          <Tag>{packageNames.get(id) ?? `套餐 ${id}`}</Tag>
        ),
    },
    { title: '联系人', dataIndex: 'contactName', width: 110, ellipsis: true, align: 'center' },
    { title: '联系手机', dataIndex: 'contactMobile', width: 130, align: 'center' },
    {
      title: '账号额度',
      dataIndex: 'accountCount',
      width: 100,
      align: 'center',
      render: (v: number) => <Tag>{v}</Tag>,
    },
    {
      title: '过期时间',
      dataIndex: 'expireTime',
      width: 170,
      align: 'center',
      render: (v: number) => formatDateTime(v),
    },
    { title: '绑定域名', dataIndex: 'domain', width: 200, ellipsis: true, align: 'center' },
    {
      title: '租户状态',
      dataIndex: 'status',
      width: 100,
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
            fixed: 'right' as const,
            render: (_: unknown, row: Tenant) => {
              const system = row.packageId === TENANT_PACKAGE_ID_SYSTEM;
              return (
                <RowActions
                  actions={[
                    updateAction(() => setEditing({ id: row.id }), { visible: canUpdate, disabled: system }),
                    deleteAction(() => onDelete(row), { visible: canDelete, disabled: system }),
                  ]}
                />
              );
            },
          },
        ]
      : []),
  ];

  return (
    <div className="tenant-page">
      <DocAlert title="SaaS 多租户" url="https://doc.iocoder.cn/saas-tenant/" />
      {showSearch && (
        <Form<SearchValues>
          form={searchForm}
          name="tenant-search"
          layout="inline"
          className="tenant-search"
          onFinish={onSearch}
        >
          <Form.Item label="租户名" name="name">
            <Input allowClear placeholder="请输入租户名" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="联系人" name="contactName">
            <Input allowClear placeholder="请输入联系人" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="联系手机" name="contactMobile">
            <Input allowClear placeholder="请输入联系手机" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="租户状态" name="status">
            <Select allowClear placeholder="请选择租户状态" style={{ width: 160 }} options={statusOptions} />
          </Form.Item>
          <Form.Item label="创建时间" name="createTime">
            <DatePicker.RangePicker placeholder={['开始日期', '结束日期']} />
          </Form.Item>
          <SearchActions onReset={onReset} />
        </Form>
      )}

      <div className="tenant-actions">
        <Space wrap>
          {hasPermi(['system:tenant:create']) && (
            <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => setEditing({ id: null })}>
              新增
            </Button>
          )}
          {hasPermi(['system:tenant:export']) && (
            <Button icon={<DownloadOutlined />} loading={exporting.isPending} onClick={onExport}>
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

      <Table<Tenant>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        pagination={false}
        scroll={{ x: 1500 }}
        locale={{ emptyText: '暂无租户' }}
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

      <TenantFormDialog
        open={editing !== null}
        tenantId={editing?.id ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void page.refetch();
          void packages.refetch();
        }}
      />
    </div>
  );
}
