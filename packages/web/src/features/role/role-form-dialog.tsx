import { roleCreate, roleGet, roleUpdate } from '@app/contract';
import type { RoleCreateReq } from '@app/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Form, Input, InputNumber, Modal, Spin } from 'antd';
import { useEffect } from 'react';
import { request } from '../../shared/request';
import { DIALOG_WIDTH_SMALL } from '../../shared/ui/sizes';

interface RoleFormValues {
  name: string;
  code: string;
  sort: number;
  remark?: string;
}

export interface RoleFormDialogProps {
  open: boolean;
  /** The role to edit; null creates one. */
  roleId: number | null;
  onClose: () => void;
  onSaved: () => void;
}

/** 添加角色 / 修改角色: name, code, sort and remark. */
export function RoleFormDialog({ open, roleId, onClose, onSaved }: RoleFormDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<RoleFormValues>();
  const editing = roleId !== null;
  const role = useQuery({
    queryKey: ['role', 'get', roleId],
    queryFn: () => request(roleGet, { query: { id: roleId! } }),
    enabled: open && editing,
    staleTime: 0,
  });

  useEffect(() => {
    if (!open) return;
    if (!editing) form.setFieldsValue({ name: '', code: '', sort: 0, remark: '' });
    else if (role.data)
      form.setFieldsValue({
        name: role.data.name,
        code: role.data.code,
        sort: role.data.sort,
        remark: role.data.remark ?? '',
      });
  }, [open, editing, role.data, form]);

  const save = useMutation({
    mutationFn: async (values: RoleCreateReq): Promise<unknown> =>
      editing
        ? request(roleUpdate, { body: { ...values, id: roleId } })
        : request(roleCreate, { body: values }),
  });

  const onOk = async () => {
    const values = await form.validateFields();
    await save.mutateAsync({ ...values, remark: values.remark ?? '' });
    void message.success(editing ? '修改成功' : '新增成功');
    onSaved();
  };

  return (
    <Modal
      title={editing ? '修改角色' : '添加角色'}
      open={open}
      width={DIALOG_WIDTH_SMALL + 100}
      onCancel={onClose}
      onOk={() => void onOk().catch(() => {})}
      okButtonProps={{ loading: save.isPending }}
      destroyOnHidden
      forceRender
    >
      <Spin spinning={editing && role.isLoading}>
        <Form<RoleFormValues> form={form} name="role-form" labelCol={{ flex: '90px' }} preserve={false}>
          <Form.Item
            label="角色名称"
            name="name"
            rules={[
              { required: true, whitespace: true, message: '角色名称不能为空' },
              { max: 30, message: '角色名称长度不能超过 30 个字符' },
            ]}
          >
            <Input placeholder="请输入角色名称" />
          </Form.Item>
          <Form.Item
            label="角色标识"
            name="code"
            rules={[
              { required: true, whitespace: true, message: '角色标识不能为空' },
              { max: 100, message: '角色标识长度不能超过 100 个字符' },
            ]}
          >
            <Input placeholder="请输入角色标识" />
          </Form.Item>
          <Form.Item label="角色顺序" name="sort" rules={[{ required: true, message: '角色顺序不能为空' }]}>
            <InputNumber min={0} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            label="备注"
            name="remark"
            rules={[{ max: 500, message: '备注长度不能超过 500 个字符' }]}
          >
            <Input.TextArea placeholder="请输入内容" rows={3} />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  );
}
