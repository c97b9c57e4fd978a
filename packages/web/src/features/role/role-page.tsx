import {
  DICT_TYPE,
  permissionAssignRoleDataScope,
  permissionAssignRoleMenu,
  ROLE_TYPE,
  roleCreate,
  roleDelete,
  roleExportExcel,
  rolePage,
  roleUpdate,
  roleUpdateStatus,
} from '@app/contract';
import type { Role } from '@app/contract';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import {
  CreateButton,
  dateTimeColumn,
  dictColumn,
  ExportButton,
  ListPage,
  StatusSwitch,
  useCan,
  useEditDeleteColumn,
  useFormDialog,
  useListPage,
} from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { request } from '../../shared/request';
import { RoleDataScopeDialog } from './role-data-scope-dialog';
import { RoleFormDialog } from './role-form-dialog';
import { RoleMenuDialog } from './role-menu-dialog';

const SEARCH: SearchField[] = [
  { kind: 'text', name: 'name', label: '角色名称' },
  { kind: 'text', name: 'code', label: '角色标识' },
  { kind: 'dict', name: 'status', label: '状态', dictType: DICT_TYPE.COMMON_STATUS, placeholder: '角色状态' },
  { kind: 'dateRange', name: 'createTime', label: '创建时间' },
];

/**
 * 角色管理 (menu component system/role/index): the tenant's roles with search, create and edit,
 * status switch, delete, export, and the 菜单权限 and 数据权限 dialogs. Built-in roles cannot be
 * changed, so their row actions are disabled.
 */
export function RolePage() {
  const list = useListPage(rolePage, { search: SEARCH });
  const dialog = useFormDialog();
  const [menuRole, setMenuRole] = useState<Role | null>(null);
  const [scopeRole, setScopeRole] = useState<Role | null>(null);
  const canUpdate = useCan(roleUpdate);
  const canAssignMenu = useCan(permissionAssignRoleMenu);
  const canAssignScope = useCan(permissionAssignRoleDataScope);
  const isSystem = (row: Role) => row.type === ROLE_TYPE.SYSTEM;
  const actions = useEditDeleteColumn<Role>({
    dialog,
    update: roleUpdate,
    remove: roleDelete,
    entity: '角色',
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
  });

  const columns: TableColumnsType<Role> = [
    { title: '角色编号', dataIndex: 'id', width: 90, align: 'center' },
    { title: '角色名称', dataIndex: 'name', width: 150, ellipsis: true },
    { title: '角色标识', dataIndex: 'code', width: 150, ellipsis: true },
    dictColumn('角色类型', 'type', DICT_TYPE.SYSTEM_ROLE_TYPE, { width: 100 }),
    { title: '显示顺序', dataIndex: 'sort', width: 90, align: 'center' },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      align: 'center',
      render: (status: number, row) => (
        <StatusSwitch
          size="small"
          status={status}
          label={`${row.name}的状态`}
          disabled={!canUpdate || row.type === ROLE_TYPE.SYSTEM}
          confirm={(word) => `确认要${word}"${row.name}"角色吗？`}
          save={(next) => request(roleUpdateStatus, { body: { id: row.id, status: next } })}
          refresh={rolePage}
        />
      ),
    },
    dateTimeColumn(),
    ...actions,
  ];

  return (
    <ListPage
      list={list}
      columns={columns}
      actions={
        <>
          <CreateButton endpoint={roleCreate} onClick={dialog.openCreate} />
          <ExportButton endpoint={roleExportExcel} query={list.filter} entity="角色" />
        </>
      }
      emptyText="暂无角色"
      scrollX={1150}
    >
      <RoleFormDialog control={dialog} />
      <RoleMenuDialog role={menuRole} onClose={() => setMenuRole(null)} />
      <RoleDataScopeDialog role={scopeRole} onClose={() => setScopeRole(null)} />
    </ListPage>
  );
}
