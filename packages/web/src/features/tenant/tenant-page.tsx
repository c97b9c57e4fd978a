import {
  DICT_TYPE,
  TENANT_PACKAGE_ID_SYSTEM,
  tenantCreate,
  tenantDelete,
  tenantExportExcel,
  tenantPackageGetSimpleList,
  tenantPage,
  tenantUpdate,
} from '@app/contract';
import type { Tenant } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMemo } from 'react';
import {
  CreateButton,
  dateTimeColumn,
  dictColumn,
  ExportButton,
  ListPage,
  queryKey,
  useEditDeleteColumn,
  useFormDialog,
  useListPage,
} from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { request } from '../../shared/request';
import { DocAlert } from '../../shared/ui/doc-alert';
import { TenantFormDialog } from './tenant-form-dialog';

const SEARCH: SearchField[] = [
  { kind: 'text', name: 'name', label: '租户名' },
  { kind: 'text', name: 'contactName', label: '联系人' },
  { kind: 'text', name: 'contactMobile', label: '联系手机' },
  { kind: 'dict', name: 'status', label: '租户状态', dictType: DICT_TYPE.COMMON_STATUS },
  { kind: 'dateRange', name: 'createTime', label: '创建时间' },
];

/**
 * 租户列表 (menu component system/tenant/index): every tenant with its package, quota and expiry.
 * Creating one also creates its administrator; the system tenant itself cannot be changed.
 */
export function TenantPage() {
  const list = useListPage(tenantPage, { search: SEARCH });
  const dialog = useFormDialog();
  const actions = useEditDeleteColumn<Tenant>({
    dialog,
    update: tenantUpdate,
    remove: tenantDelete,
    entity: '租户',
    disabled: (row) => row.packageId === TENANT_PACKAGE_ID_SYSTEM,
  });
  const packages = useQuery({
    queryKey: queryKey(tenantPackageGetSimpleList),
    queryFn: () => request(tenantPackageGetSimpleList),
  });
  const packageNames = useMemo(
    () => new Map((packages.data ?? []).map((p) => [p.id, p.name])),
    [packages.data],
  );

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
    dateTimeColumn('过期时间', 'expireTime'),
    { title: '绑定域名', dataIndex: 'domain', width: 200, ellipsis: true, align: 'center' },
    dictColumn('租户状态', 'status', DICT_TYPE.COMMON_STATUS, { width: 100 }),
    dateTimeColumn(),
    ...actions,
  ];

  return (
    <ListPage
      list={list}
      columns={columns}
      header={<DocAlert title="SaaS 多租户" url="https://doc.iocoder.cn/saas-tenant/" />}
      actions={
        <>
          <CreateButton endpoint={tenantCreate} onClick={dialog.openCreate} />
          <ExportButton endpoint={tenantExportExcel} query={list.filter} entity="租户" fileName="租户.xlsx" />
        </>
      }
      emptyText="暂无租户"
      scrollX={1500}
    >
      <TenantFormDialog control={dialog} />
    </ListPage>
  );
}
