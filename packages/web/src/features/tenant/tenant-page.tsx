import {
  DICT_TYPE,
  TENANT_PACKAGE_ID_SYSTEM,
  tenantCreate,
  tenantDelete,
  tenantExportExcel,
  tenantGet,
  tenantPackageGetSimpleList,
  tenantPage,
  tenantUpdate,
} from '@app/contract';
import type { Tenant } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { dateTimeColumn, dictColumn, idColumn, queryKey, textColumn, useCrudPage } from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { request } from '../../shared/request';
import { DocAlert } from '../../shared/ui/doc-alert';
import { TenantFields, tenantToBody, tenantToForm } from './tenant-fields';

const SEARCH: SearchField[] = [
  { kind: 'text', name: 'name', label: '租户名' },
  { kind: 'text', name: 'contactName', label: '联系人' },
  { kind: 'text', name: 'contactMobile', label: '联系手机' },
  { kind: 'dict', name: 'status', label: '租户状态', dictType: DICT_TYPE.COMMON_STATUS },
  { kind: 'dateRange', name: 'createTime', label: '创建时间' },
];

const ENDPOINTS = {
  page: tenantPage,
  get: tenantGet,
  create: tenantCreate,
  update: tenantUpdate,
  delete: tenantDelete,
  export: tenantExportExcel,
};

/**
 * 租户列表 (menu component system/tenant/index): every tenant with its package, quota and expiry.
 * Creating one also creates its administrator; the system tenant itself cannot be changed.
 */
export function TenantPage() {
  const packages = useQuery({
    queryKey: queryKey(tenantPackageGetSimpleList),
    queryFn: () => request(tenantPackageGetSimpleList),
  });
  const packageNames = useMemo(
    () => new Map((packages.data ?? []).map((p) => [p.id, p.name])),
    [packages.data],
  );

  const columns: TableColumnsType<Tenant> = [
    idColumn('租户编号'),
    textColumn('租户名', 'name', { width: 140 }),
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
    textColumn('联系人', 'contactName', { width: 110 }),
    textColumn('联系手机', 'contactMobile', { width: 130, ellipsis: false }),
    textColumn('账号额度', 'accountCount', { width: 100, render: (v: number) => <Tag>{v}</Tag> }),
    dateTimeColumn('过期时间', 'expireTime'),
    textColumn('绑定域名', 'domain', { width: 200 }),
    dictColumn('租户状态', 'status', DICT_TYPE.COMMON_STATUS, { width: 100 }),
    dateTimeColumn(),
  ];

  return useCrudPage({
    endpoints: ENDPOINTS,
    entity: '租户',
    search: SEARCH,
    columns,
    rowActions: { disabled: (row) => row.packageId === TENANT_PACKAGE_ID_SYSTEM },
    header: <DocAlert title="SaaS 多租户" url="https://doc.iocoder.cn/saas-tenant/" />,
    exportAs: { fileName: '租户.xlsx' },
    emptyText: '暂无租户',
    scrollX: 1500,
    form: { name: 'tenant-form', initialValues: { status: 0 }, toForm: tenantToForm, toBody: tenantToBody },
    fields: (_, updating, open) => <TenantFields updating={updating} open={open} />,
  });
}
