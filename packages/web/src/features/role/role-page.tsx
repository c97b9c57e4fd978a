import {
  DICT_TYPE,
  permissionAssignRoleDataScope,
  permissionAssignRoleMenu,
  ROLE_TYPE,
  roleCreate,
  roleDelete,
  roleExportExcel,
  roleGet,
  rolePage,
  roleUpdate,
  roleUpdateStatus,
} from '@app/contract';
import type { Role } from '@app/contract';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import {
  dateTimeColumn,
  dictColumn,
  idColumn,
  numberField,
  remarkField,
  statusColumn,
  textColumn,
  textField,
  useCan,
  useCrudPage,
} from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { request } from '../../shared/request';
import { DIALOG_WIDTH_SMALL } from '../../shared/ui/sizes';
import { RoleDataScopeDialog } from './role-data-scope-dialog';
import { RoleMenuDialog } from './role-menu-dialog';

const ENDPOINTS = {
  page: rolePage,
  get: roleGet,
  create: roleCreate,
  update: roleUpdate,
  delete: roleDelete,
  export: roleExportExcel,
};

const SEARCH: SearchField[] = [
  { kind: 'text', name: 'name', label: '角色名称' },
  { kind: 'text', name: 'code', label: '角色标识' },
  { kind: 'dict', name: 'status', label: '状态', dictType: DICT_TYPE.COMMON_STATUS, placeholder: '角色状态' },
  { kind: 'dateRange', name: 'createTime', label: '创建时间' },
];

/** Built-in roles cannot be changed: their switch and row actions are greyed out. */
const isSystem = (row: Role) => row.type === ROLE_TYPE.SYSTEM;

const COLUMNS: TableColumnsType<Role> = [
  idColumn('角色编号'),
  textColumn('角色名称', 'name', { width: 150 }),
  textColumn('角色标识', 'code', { width: 150 }),
  dictColumn('角色类型', 'type', DICT_TYPE.SYSTEM_ROLE_TYPE, { width: 100 }),
  { title: '显示顺序', dataIndex: 'sort', width: 90, align: 'center' },
  statusColumn<Role>({
    endpoint: roleUpdateStatus,
    save: (row, status) => request(roleUpdateStatus, { body: { id: row.id, status } }),
    refresh: rolePage,
    label: (row) => `${row.name}的状态`,
    confirm: (word, row) => `确认要${word}"${row.name}"角色吗？`,
    locked: isSystem,
    size: 'small',
  }),
  dateTimeColumn(),
];

/**
 * 角色管理 (menu component system/role/index): the tenant's roles with search, create and edit,
 * status switch, delete, export, and the 菜单权限 and 数据权限 dialogs.
 */
export function RolePage() {
  const [menuRole, setMenuRole] = useState<Role | null>(null);
  const [scopeRole, setScopeRole] = useState<Role | null>(null);
  const canAssignMenu = useCan(permissionAssignRoleMenu);
  const canAssignScope = useCan(permissionAssignRoleDataScope);

  return useCrudPage({
    endpoints: ENDPOINTS,
    entity: '角色',
    search: SEARCH,
    columns: COLUMNS,
    rowActions: {
      disabled: isSystem,
      between: (row) => [
        { key: 'menu', label: '菜单权限', onClick: () => setMenuRole(row), visible: canAssignMenu },
        {
          key: 'data-scope',
          label: '数据权限',
          onClick: () => setScopeRole(row),
          visible: canAssignScope,
          disabled: isSystem(row),
        },
      ],
      moreVisible: canAssignMenu || canAssignScope,
      width: 300,
      wrap: true,
    },
    emptyText: '暂无角色',
    scrollX: 1150,
    form: {
      name: 'role-form',
      width: DIALOG_WIDTH_SMALL + 100,
      initialValues: { name: '', code: '', sort: 0, remark: '' },
      toForm: (row) => ({ name: row.name, code: row.code, sort: row.sort, remark: row.remark ?? '' }),
      toBody: (values) => ({ ...values, remark: values.remark ?? '' }),
    },
    fields: (
      <>
        {textField('角色名称', 'name', 30)}
        {textField('角色标识', 'code', 100)}
        {numberField('角色顺序', 'sort')}
        {remarkField(500, { rows: 3 })}
      </>
    ),
    dialogs: (
      <>
        <RoleMenuDialog role={menuRole} onClose={() => setMenuRole(null)} />
        <RoleDataScopeDialog role={scopeRole} onClose={() => setScopeRole(null)} />
      </>
    ),
  });
}
