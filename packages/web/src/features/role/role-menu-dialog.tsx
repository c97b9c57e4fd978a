import { menuSimpleList, permissionAssignRoleMenu, permissionListRoleMenus } from '@app/contract';
import type { Role } from '@app/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Form, Modal } from 'antd';
import { useMemo, useState } from 'react';
import { queryKey, readOnlyField } from '../../shared/crud';
import { request } from '../../shared/request';
import { DIALOG_WIDTH_MEDIUM } from '../../shared/ui/sizes';
import { toTree } from '../../shared/tree/check-tree-nodes';
import { CheckTree } from '../../shared/ui/check-tree';

export interface RoleMenuDialogProps {
  role: Role | null;
  onClose: () => void;
}

/** 菜单权限: the menus a role holds, as a checkable tree of every enabled menu. */
export function RoleMenuDialog({ role, onClose }: RoleMenuDialogProps) {
  const { message } = App.useApp();
  const open = role !== null;
  const menus = useQuery({
    queryKey: queryKey(menuSimpleList),
    queryFn: () => request(menuSimpleList),
    enabled: open,
    staleTime: 0,
  });
  const held = useQuery({
    queryKey: queryKey(permissionListRoleMenus, { roleId: role?.id }),
    queryFn: () => request(permissionListRoleMenus, { query: { roleId: role!.id } }),
    enabled: open,
    staleTime: 0,
  });
  const nodes = useMemo(() => toTree(menus.data ?? []), [menus.data]);
  // The user's edits of this role's menus; until then the tree shows what the role holds.
  const [edited, setEdited] = useState<{ roleId: number; ids: number[] } | null>(null);
  const checked = edited && edited.roleId === role?.id ? edited.ids : (held.data ?? []);
  const setChecked = (ids: number[]) => role && setEdited({ roleId: role.id, ids });
  const close = () => {
    setEdited(null);
    onClose();
  };

  const save = useMutation({
    mutationFn: () => request(permissionAssignRoleMenu, { body: { roleId: role!.id, menuIds: checked } }),
  });
  const onOk = async () => {
    await save.mutateAsync();
    void message.success('分配菜单权限成功');
    close();
  };

  return (
    <Modal
      title="菜单权限"
      open={open}
      width={DIALOG_WIDTH_MEDIUM}
      onCancel={close}
      onOk={() => void onOk().catch(() => {})}
      okButtonProps={{ loading: save.isPending, disabled: held.isLoading }}
      destroyOnHidden
    >
      <Form labelCol={{ flex: '80px' }}>
        {readOnlyField('角色名称', role?.name)}
        {readOnlyField('角色标识', role?.code)}
        <Form.Item label="菜单权限">
          <CheckTree
            label="菜单权限"
            nodes={nodes}
            value={checked}
            onChange={setChecked}
            loading={menus.isLoading || held.isLoading}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
