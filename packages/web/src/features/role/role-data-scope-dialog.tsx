import {
  DATA_SCOPE,
  deptSimpleList,
  DICT_TYPE,
  permissionAssignRoleDataScope,
  rolePage,
} from '@app/contract';
import type { PermissionAssignRoleDataScopeReq, Role } from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form, Modal, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useDictOptions } from '../../shared/dict';
import { invalidateEndpoints, queryKey, readOnlyField } from '../../shared/crud';
import { request } from '../../shared/request';
import { DIALOG_WIDTH_MEDIUM } from '../../shared/ui/sizes';
import { toTree } from '../../shared/tree/check-tree-nodes';
import { CheckTree } from '../../shared/ui/check-tree';

export interface RoleDataScopeDialogProps {
  role: Role | null;
  onClose: () => void;
}

/** 数据权限: the role's data scope; 指定部门数据权限 picks departments from the tree. */
export function RoleDataScopeDialog({ role, onClose }: RoleDataScopeDialogProps) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const open = role !== null;
  const scopeOptions = useDictOptions(DICT_TYPE.SYSTEM_DATA_SCOPE);
  // The user's edits for this role; until then the dialog shows the role's own scope.
  const [draft, setDraft] = useState<{ roleId: number; dataScope: number; deptIds: number[] } | null>(null);
  const current =
    draft && draft.roleId === role?.id
      ? draft
      : { dataScope: role?.dataScope ?? DATA_SCOPE.ALL, deptIds: role?.dataScopeDeptIds ?? [] };
  const { dataScope, deptIds } = current;
  const edit = (changes: Partial<{ dataScope: number; deptIds: number[] }>) =>
    role && setDraft({ roleId: role.id, dataScope, deptIds, ...changes });
  const close = () => {
    setDraft(null);
    onClose();
  };

  const custom = dataScope === DATA_SCOPE.DEPT_CUSTOM;
  const depts = useQuery({
    queryKey: queryKey(deptSimpleList),
    queryFn: () => request(deptSimpleList),
    enabled: open && custom,
    staleTime: 0,
  });
  const nodes = useMemo(() => toTree(depts.data ?? []), [depts.data]);

  const save = useMutation({
    mutationFn: () =>
      request(permissionAssignRoleDataScope, {
        body: {
          roleId: role!.id,
          dataScope: dataScope as PermissionAssignRoleDataScopeReq['dataScope'],
          dataScopeDeptIds: custom ? deptIds : [],
        },
      }),
  });
  const onOk = async () => {
    await save.mutateAsync();
    void message.success('分配数据权限成功');
    close();
    // The roles list shows each role's scope.
    await invalidateEndpoints(client, rolePage);
  };

  return (
    <Modal
      title="数据权限"
      open={open}
      width={DIALOG_WIDTH_MEDIUM}
      onCancel={close}
      onOk={() => void onOk().catch(() => {})}
      okButtonProps={{ loading: save.isPending }}
      destroyOnHidden
    >
      <Form labelCol={{ flex: '80px' }}>
        {readOnlyField('角色名称', role?.name)}
        {readOnlyField('角色标识', role?.code)}
        <Form.Item label="权限范围">
          <Select
            aria-label="权限范围"
            value={dataScope}
            onChange={(value: number) => edit({ dataScope: value })}
            options={scopeOptions.map((d) => ({ label: d.label, value: Number(d.value) }))}
          />
        </Form.Item>
        {custom && (
          <Form.Item label="数据权限">
            <CheckTree
              label="数据权限"
              nodes={nodes}
              value={deptIds}
              onChange={(ids) => edit({ deptIds: ids })}
              loading={depts.isLoading}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
