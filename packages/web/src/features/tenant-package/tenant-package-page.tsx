import { PlusOutlined } from '@ant-design/icons';
import { DICT_TYPE, tenantPackageDelete, tenantPackagePage } from '@app/contract';
import type { TenantPackage, TenantPackagePageReq } from '@app/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, Input, Select, Space, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useAccess } from '../../shared/access';
import { dayRange, formatDateTime } from '../../shared/date/format';
import { useDictOptions } from '../../shared/dict';
import { request } from '../../shared/request';
import { DictTag } from '../../shared/ui/dict-tag';
import { DocAlert } from '../../shared/ui/doc-alert';
import { DEFAULT_PAGE_SIZE, Pagination } from '../../shared/ui/pagination';
import { deleteAction, RowActions, updateAction } from '../../shared/ui/row-actions';
import { SearchActions } from '../../shared/ui/search-actions';
import { TableToolbar } from '../../shared/ui/table-toolbar';
import { TenantPackageFormDialog } from './tenant-package-form-dialog';
import './tenant-package-page.css';

interface SearchValues {
  name?: string;
  status?: number;
  remark?: string;
  createTime?: [Dayjs | null, Dayjs | null] | null;
}

type Filters = Omit<TenantPackagePageReq, 'pageNo' | 'pageSize'>;

const toFilters = (values: SearchValues): Filters => {
  const createTime = dayRange(values.createTime);
  return {
    ...(values.name?.trim() ? { name: values.name.trim() } : {}),
    ...(values.status !== undefined ? { status: String(values.status) as '0' | '1' } : {}),
    ...(values.remark?.trim() ? { remark: values.remark.trim() } : {}),
    ...(createTime ? { createTime } : {}),
  };
};

/** The request layer has shown a failure (a package in use); the confirmation then closes. */
const closingOnFailure = (action: () => Promise<void>) => () => action().catch(() => undefined);

/**
 * 租户套餐 (menu component system/tenantPackage/index): the packages that choose which menus a
 * tenant's roles may hold.
 */
export function TenantPackagePage() {
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
    queryKey: ['tenant-package', 'page', query],
    queryFn: () => request(tenantPackagePage, { query }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  const onSearch = (values: SearchValues) => {
    setFilters(toFilters(values));
    setPageNo(1);
  };
  const onReset = () => {
    searchForm.resetFields();
    onSearch({});
  };

  const onDelete = (row: TenantPackage) =>
    modal.confirm({
      title: '系统提示',
      content: `是否确认删除租户套餐编号为"${row.id}"的数据项?`,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: closingOnFailure(async () => {
        await request(tenantPackageDelete, { query: { id: row.id } });
        void message.success('删除成功');
        await page.refetch();
      }),
    });

  const canUpdate = hasPermi(['system:tenant-package:update']);
  const canDelete = hasPermi(['system:tenant-package:delete']);
  const columns: TableColumnsType<TenantPackage> = [
    { title: '套餐编号', dataIndex: 'id', width: 90, align: 'center' },
    { title: '套餐名', dataIndex: 'name', ellipsis: true, align: 'center' },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      align: 'center',
      render: (status: number) => <DictTag type={DICT_TYPE.COMMON_STATUS} value={status} />,
    },
    { title: '备注', dataIndex: 'remark', ellipsis: true, align: 'center' },
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
            render: (_: unknown, row: TenantPackage) => (
              <RowActions
                actions={[
                  updateAction(() => setEditing({ id: row.id }), { visible: canUpdate }),
                  deleteAction(() => onDelete(row), { visible: canDelete }),
                ]}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="tenant-package-page">
      <DocAlert title="SaaS 多租户" url="https://doc.iocoder.cn/saas-tenant/" />
      {showSearch && (
        <Form<SearchValues>
          form={searchForm}
          name="tenant-package-search"
          layout="inline"
          className="tenant-package-search"
          onFinish={onSearch}
        >
          <Form.Item label="套餐名" name="name">
            <Input allowClear placeholder="请输入套餐名" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="状态" name="status">
            <Select allowClear placeholder="请选择状态" style={{ width: 160 }} options={statusOptions} />
          </Form.Item>
          <Form.Item label="备注" name="remark">
            <Input allowClear placeholder="请输入备注" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="创建时间" name="createTime">
            <DatePicker.RangePicker placeholder={['开始日期', '结束日期']} />
          </Form.Item>
          <SearchActions onReset={onReset} />
        </Form>
      )}

      <div className="tenant-package-actions">
        <Space wrap>
          {hasPermi(['system:tenant-package:create']) && (
            <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => setEditing({ id: null })}>
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

      <Table<TenantPackage>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        pagination={false}
        scroll={{ x: 800 }}
        locale={{ emptyText: '暂无租户套餐' }}
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

      <TenantPackageFormDialog
        open={editing !== null}
        packageId={editing?.id ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void page.refetch();
        }}
      />
    </div>
  );
}
