import { InboxOutlined } from '@ant-design/icons';
import {
  permissionAssignUserRole,
  permissionListUserRoles,
  roleSimpleList,
  userImport,
  userImportTemplate,
  userPage,
  userUpdatePassword,
} from '@app/contract';
import type { UserImportResult, UserPageItem } from '@app/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Form, Input, Select, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { invalidateEndpoints, queryKey, readOnlyField } from '../../shared/crud';
import { http, request, saveBlob } from '../../shared/request';
import { DIALOG_WIDTH_MEDIUM, DIALOG_WIDTH_SMALL } from '../../shared/ui/sizes';
import { SubmitDialog } from '../../shared/ui/submit-dialog';

/** 重置密码: asks for the new password of a user and sets it. */
export function ResetPasswordDialog({ user, onClose }: { user: UserPageItem | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ password: string }>();
  const [saving, setSaving] = useState(false);
  useEffect(() => form.resetFields(), [user, form]);
  const submit = async () => {
    const { password } = await form.validateFields();
    if (!user) return;
    setSaving(true);
    try {
      await request(userUpdatePassword, { body: { id: user.id, password } });
      void message.success(`修改成功，新密码是：${password}`);
      onClose();
    } finally {
      setSaving(false);
    }
  };
  return (
    <SubmitDialog
      title="重置密码"
      open={user !== null}
      width={DIALOG_WIDTH_SMALL}
      pending={saving}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form form={form} layout="vertical">
        <Form.Item
          label={`请输入"${user?.username ?? ''}"的新密码`}
          name="password"
          rules={[
            { required: true, message: '新密码不能为空' },
            { min: 4, max: 16, message: '用户密码长度必须介于 4 和 16 之间' },
          ]}
        >
          <Input.Password placeholder="请输入新密码" autoComplete="new-password" />
        </Form.Item>
      </Form>
    </SubmitDialog>
  );
}

/** 分配角色: the user's roles, chosen among the enabled ones. */
export function AssignRoleDialog({ user, onClose }: { user: UserPageItem | null; onClose: () => void }) {
  const { message } = App.useApp();
  // null until the user changes the choice: the roles the user holds.
  const [chosen, setChosen] = useState<number[] | null>(null);
  const [saving, setSaving] = useState(false);
  const roles = useQuery({
    queryKey: queryKey(roleSimpleList),
    queryFn: () => request(roleSimpleList),
    enabled: user !== null,
  });
  const held = useQuery({
    queryKey: queryKey(permissionListUserRoles, { userId: user?.id }),
    queryFn: () => request(permissionListUserRoles, { query: { userId: user?.id ?? 0 } }),
    enabled: user !== null,
    staleTime: 0,
  });
  const roleIds = chosen ?? held.data ?? [];
  const close = () => {
    setChosen(null);
    onClose();
  };
  const submit = async () => {
    if (!user) return;
    setSaving(true);
    try {
      await request(permissionAssignUserRole, { body: { userId: user.id, roleIds } });
      void message.success('分配角色成功');
      close();
    } finally {
      setSaving(false);
    }
  };
  return (
    <SubmitDialog
      title="分配角色"
      open={user !== null}
      width={DIALOG_WIDTH_MEDIUM}
      pending={saving}
      onSubmit={submit}
      onClose={close}
      destroyOnHidden
    >
      <Form labelCol={{ flex: '80px' }}>
        {readOnlyField('用户名称', user?.username)}
        {readOnlyField('用户昵称', user?.nickname)}
        <Form.Item label="角色">
          <Select
            mode="multiple"
            placeholder="请选择角色"
            loading={roles.isFetching || held.isFetching}
            value={roleIds}
            onChange={setChosen}
            options={(roles.data ?? []).map((r) => ({ label: r.name, value: r.id }))}
          />
        </Form.Item>
      </Form>
    </SubmitDialog>
  );
}

/** 用户导入: template download, an .xlsx upload with 是否更新已经存在的用户数据, and the result report. */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [updateSupport, setUpdateSupport] = useState(false);
  const [uploading, setUploading] = useState(false);
  const close = () => {
    setFile(null);
    setUpdateSupport(false);
    onClose();
  };

  const downloadTemplate = async () => {
    const blob = await request(userImportTemplate, { responseType: 'blob' });
    saveBlob(blob as Blob, '用户导入模板.xlsx');
  };

  const submit = async () => {
    if (!file) {
      void message.error('请上传文件');
      return;
    }
    setUploading(true);
    try {
      const form = new FormData();
      form.append('file', file);
      form.append('updateSupport', String(updateSupport));
      const result = (await http.post(userImport.path, form, { params: { updateSupport } })) as unknown as {
        data: UserImportResult;
      };
      const { createUsernames, updateUsernames, failureUsernames } = result.data;
      const failures = Object.entries(failureUsernames);
      const lines = [
        `上传成功数量：${createUsernames.length};`,
        ...createUsernames.map((name) => `    ${name}`),
        `更新成功数量：${updateUsernames.length};`,
        ...updateUsernames.map((name) => `    ${name}`),
        `更新失败数量：${failures.length};`,
        ...failures.map(([name, reason]) => `    ${name}：${reason}`),
      ];
      close();
      void invalidateEndpoints(client, userPage);
      modal.info({
        title: '导入结果',
        width: DIALOG_WIDTH_MEDIUM,
        content: <pre style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{lines.join('\n')}</pre>,
        okText: '确定',
      });
    } finally {
      setUploading(false);
    }
  };

  return (
    <SubmitDialog
      title="用户导入"
      open={open}
      width={DIALOG_WIDTH_SMALL}
      pending={uploading}
      onSubmit={submit}
      onClose={close}
      destroyOnHidden
    >
      <Upload.Dragger
        accept=".xlsx,.xls"
        maxCount={1}
        beforeUpload={(f) => {
          setFile(f);
          return false;
        }}
        onRemove={() => setFile(null)}
        fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">将文件拖到此处，或点击上传</p>
      </Upload.Dragger>
      <div style={{ marginTop: 12 }}>
        <Checkbox checked={updateSupport} onChange={(e) => setUpdateSupport(e.target.checked)}>
          是否更新已经存在的用户数据
        </Checkbox>
      </div>
      <div style={{ marginTop: 8 }}>
        <span>仅允许导入 xls、xlsx 格式文件。</span>
        <Button type="link" size="small" onClick={() => void downloadTemplate()}>
          下载模板
        </Button>
      </div>
    </SubmitDialog>
  );
}
