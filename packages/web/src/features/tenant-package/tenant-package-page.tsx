import {
  DICT_TYPE,
  tenantPackageCreate,
  tenantPackageDelete,
  tenantPackagePage,
  tenantPackageUpdate,
} from '@app/contract';
import type { TenantPackage } from '@app/contract';
import type { TableColumnsType } from 'antd';
import {
  CreateButton,
  dateTimeColumn,
  dictColumn,
  ListPage,
  useEditDeleteColumn,
  useFormDialog,
  useListPage,
} from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { DocAlert } from '../../shared/ui/doc-alert';
import { TenantPackageFormDialog } from './tenant-package-form-dialog';

const SEARCH: SearchField[] = [
  { kind: 'text', name: 'name', label: '套餐名' },
  { kind: 'dict', name: 'status', label: '状态', dictType: DICT_TYPE.COMMON_STATUS },
  { kind: 'text', name: 'remark', label: '备注' },
  { kind: 'dateRange', name: 'createTime', label: '创建时间' },
];

/**
 * 租户套餐 (menu component system/tenantPackage/index): the packages that choose which menus a
 * tenant's roles may hold.
 */
export function TenantPackagePage() {
  const list = useListPage(tenantPackagePage, { search: SEARCH });
  const dialog = useFormDialog();
  const actions = useEditDeleteColumn<TenantPackage>({
    dialog,
    update: tenantPackageUpdate,
    remove: tenantPackageDelete,
    entity: '租户套餐',
  });

  const columns: TableColumnsType<TenantPackage> = [
    { title: '套餐编号', dataIndex: 'id', width: 90, align: 'center' },
    { title: '套餐名', dataIndex: 'name', ellipsis: true, align: 'center' },
    dictColumn('状态', 'status', DICT_TYPE.COMMON_STATUS),
    { title: '备注', dataIndex: 'remark', ellipsis: true, align: 'center' },
    dateTimeColumn(),
    ...actions,
  ];

  return (
    <ListPage
      list={list}
      columns={columns}
      header={<DocAlert title="SaaS 多租户" url="https://doc.iocoder.cn/saas-tenant/" />}
      actions={<CreateButton endpoint={tenantPackageCreate} onClick={dialog.openCreate} />}
      emptyText="暂无租户套餐"
      scrollX={800}
    >
      <TenantPackageFormDialog control={dialog} />
    </ListPage>
  );
}
