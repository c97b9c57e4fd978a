import {
  DICT_TYPE,
  tenantPackageCreate,
  tenantPackageDelete,
  tenantPackageGet,
  tenantPackagePage,
  tenantPackageUpdate,
} from '@app/contract';
import type { TenantPackage } from '@app/contract';
import type { TableColumnsType } from 'antd';
import {
  dateTimeColumn,
  dictColumn,
  idColumn,
  remarkField,
  statusField,
  textColumn,
  textField,
  useCrudPage,
} from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { DocAlert } from '../../shared/ui/doc-alert';
import { PackageMenuField } from './package-menu-field';

const ENDPOINTS = {
  page: tenantPackagePage,
  get: tenantPackageGet,
  create: tenantPackageCreate,
  update: tenantPackageUpdate,
  delete: tenantPackageDelete,
};

const SEARCH: SearchField[] = [
  { kind: 'text', name: 'name', label: '套餐名' },
  { kind: 'dict', name: 'status', label: '状态', dictType: DICT_TYPE.COMMON_STATUS },
  { kind: 'text', name: 'remark', label: '备注' },
  { kind: 'dateRange', name: 'createTime', label: '创建时间' },
];

const COLUMNS: TableColumnsType<TenantPackage> = [
  idColumn('套餐编号'),
  textColumn('套餐名', 'name'),
  dictColumn('状态', 'status', DICT_TYPE.COMMON_STATUS),
  textColumn('备注', 'remark'),
  dateTimeColumn(),
];

/**
 * 租户套餐 (menu component system/tenantPackage/index): the packages that choose which menus a
 * tenant's roles may hold.
 */
export function TenantPackagePage() {
  return useCrudPage({
    endpoints: ENDPOINTS,
    entity: '租户套餐',
    search: SEARCH,
    columns: COLUMNS,
    header: <DocAlert title="SaaS 多租户" url="https://doc.iocoder.cn/saas-tenant/" />,
    emptyText: '暂无租户套餐',
    scrollX: 800,
    form: {
      name: 'tenant-package-form',
      initialValues: { name: '', menuIds: [], status: 0, remark: '' },
      toForm: (row) => ({ ...row, status: row.status === 1 ? 1 : 0, remark: row.remark ?? '' }),
      toBody: (values) => ({ ...values, menuIds: values.menuIds ?? [] }),
    },
    fields: (_, __, open) => (
      <>
        {textField('套餐名', 'name', 30)}
        <PackageMenuField open={open} />
        {statusField()}
        {remarkField(256)}
      </>
    ),
  });
}
