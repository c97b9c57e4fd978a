import { KeyOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import {
  DICT_TYPE,
  permissionAssignUserRole,
  userCreate,
  userDelete,
  userExport,
  userImport,
  userPage,
  userUpdate,
  userUpdatePassword,
  userUpdateStatus,
} from '@app/contract';
import type { UserPageItem } from '@app/contract';
import { Button } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import {
  CreateButton,
  dateTimeColumn,
  ExportButton,
  idColumn,
  ListPage,
  statusColumn,
  textColumn,
  useCan,
  useEditDeleteColumn,
  useFormDialog,
  useListPage,
} from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { request } from '../../shared/request';
import { DocAlert } from '../../shared/ui/doc-alert';
import { UserDeptTree } from './user-dept-tree';
import { AssignRoleDialog, ImportDialog, ResetPasswordDialog } from './user-dialogs';
import { UserFormDialog } from './user-form-dialog';
import './user-page.css';

const SEARCH: SearchField[] = [
  { kind: 'text', name: 'username', label: '用户名称' },
  { kind: 'text', name: 'mobile', label: '手机号码' },
  { kind: 'dict', name: 'status', label: '状态', dictType: DICT_TYPE.COMMON_STATUS, placeholder: '用户状态' },
  { kind: 'dateRange', name: 'createTime', label: '创建时间' },
];

/** 用户管理 (menu component system/user/index): the department tree beside the user list. */
export function UserPage() {
  // The department chosen in the tree filters the list beside the search form.
  const [deptId, setDeptId] = useState<number | null>(null);
  const base = useListPage(userPage, { search: SEARCH, fixed: deptId === null ? undefined : { deptId } });
  // 重置 also clears the department.
  const list = {
    ...base,
    onReset: () => {
      setDeptId(null);
      base.onReset();
    },
  };
  const onDeptChange = (id: number | null) => {
    setDeptId(id);
    list.setPage(1, list.state.pageSize);
  };

  const dialog = useFormDialog();
  const [resetting, setResetting] = useState<UserPageItem | null>(null);
  const [assigning, setAssigning] = useState<UserPageItem | null>(null);
  const [importing, setImporting] = useState(false);
  const canResetPassword = useCan(userUpdatePassword);
  const canAssignRole = useCan(permissionAssignUserRole);
  const actions = useEditDeleteColumn<UserPageItem>({
    dialog,
    update: userUpdate,
    remove: userDelete,
    entity: '用户',
    more: (row) => [
      {
        key: 'reset-password',
        label: '重置密码',
        icon: <KeyOutlined />,
        onClick: () => setResetting(row),
        visible: canResetPassword,
      },
      {
        key: 'assign-role',
        label: '分配角色',
        icon: <UserOutlined />,
        onClick: () => setAssigning(row),
        visible: canAssignRole,
      },
    ],
    moreVisible: canResetPassword || canAssignRole,
    width: 330,
    wrap: true,
  });
  const canImport = useCan(userImport);

  const columns: TableColumnsType<UserPageItem> = [
    idColumn('用户编号'),
    textColumn('用户名称', 'username'),
    textColumn('用户昵称', 'nickname'),
    {
      title: '部门',
      dataIndex: 'dept',
      ellipsis: true,
      align: 'center',
      render: (dept: UserPageItem['dept']) => dept?.name ?? '',
    },
    textColumn('手机号码', 'mobile', { width: 130, ellipsis: false }),
    statusColumn<UserPageItem>({
      endpoint: userUpdateStatus,
      save: (row, status) => request(userUpdateStatus, { body: { id: row.id, status } }),
      refresh: userPage,
      label: (row) => `${row.username}的状态`,
      confirm: (word, row) => `确认要"${word}""${row.username}"用户吗?`,
      words: ['启用', '停用'],
    }),
    dateTimeColumn(),
    ...actions,
  ];

  return (
    <div className="user-page">
      <UserDeptTree value={deptId} onChange={onDeptChange} />
      <ListPage
        list={list}
        columns={columns}
        header={<DocAlert title="用户体系" url="https://doc.iocoder.cn/user-center/" />}
        actions={
          <>
            <CreateButton endpoint={userCreate} onClick={dialog.openCreate} />
            {canImport && (
              <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                导入
              </Button>
            )}
            <ExportButton endpoint={userExport} query={list.filter} entity="用户" />
          </>
        }
        emptyText="暂无用户"
        scrollX={1200}
      >
        <UserFormDialog control={dialog} deptId={deptId} />
        <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
        <AssignRoleDialog user={assigning} onClose={() => setAssigning(null)} />
        <ImportDialog open={importing} onClose={() => setImporting(false)} />
      </ListPage>
    </div>
  );
}
