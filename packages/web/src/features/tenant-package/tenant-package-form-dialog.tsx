import { menuSimpleList, tenantPackageCreate, tenantPackageGet, tenantPackageUpdate } from '@app/contract';
import { DICT_TYPE } from '@app/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Form, Input, Modal, Radio, Spin } from 'antd';
import { useEffect, useMemo } from 'react';
import { useDictOptions } from '../../shared/dict';
import { request } from '../../shared/request';
import { toTree } from '../../shared/tree/check-tree-nodes';
import { CheckTree } from '../../shared/ui/check-tree';
import { DIALOG_WIDTH_MEDIUM } from '../../shared/ui/sizes';

interface FormValues {
  name: string;
  menuIds: number[];
  status: 0 | 1;
  remark?: string | null;
}

export interface TenantPackageFormDialogProps {
  open: boolean;
  /** The package to edit; null creates one. */
  packageId: number | null;
  onClose: () => void;
  onSaved: () => void;
}

/** 添加租户套餐 / 修改租户套餐: name, the menus the package grants, status and remark. */
export function TenantPackageFormDialog({ open, packageId, onClose, onSaved }: TenantPackageFormDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const editing = packageId !== null;
  const statusOptions = useDictOptions(DICT_TYPE.COMMON_STATUS).map((d) => ({
    label: d.label,
    value: Number(d.value),
  }));
  const current = useQuery({
    queryKey: ['tenant-package', 'get', packageId],
    queryFn: () => request(tenantPackageGet, { query: { id: packageId! } }),
    enabled: open && editing,
    staleTime: 0,
  });
  const menus = useQuery({
    queryKey: ['menu', 'simple-list'],
    queryFn: () => request(menuSimpleList),
    enabled: open,
    staleTime: 0,
  });
  const nodes = useMemo(() => toTree(menus.data ?? []), [menus.data]);

  useEffect(() => {
    if (!open) return;
    if (!editing) form.setFieldsValue({ name: '', menuIds: [], status: 0, remark: '' });
    else if (current.data)
      form.setFieldsValue({
        name: current.data.name,
        menuIds: current.data.menuIds,
        status: current.data.status === 1 ? 1 : 0,
        remark: current.data.remark ?? '',
      });
  }, [open, editing, current.data, form]);

  const save = useMutation({
    mutationFn: (values: FormValues): Promise<unknown> =>
      editing
        ? request(tenantPackageUpdate, { body: { ...values, id: packageId } })
        : request(tenantPackageCreate, { body: values }),
  });

  const onOk = async () => {
    const values = await form.validateFields();
    await save.mutateAsync({ ...values, menuIds: values.menuIds ?? [] });
    void message.success(editing ? '修改成功' : '新增成功');
    onSaved();
  };

  return (
    <Modal
      title={editing ? '修改租户套餐' : '添加租户套餐'}
      open={open}
      width={DIALOG_WIDTH_MEDIUM}
      okText="确 定"
      cancelText="取 消"
      onCancel={onClose}
      onOk={() => void onOk().catch(() => {})}
      okButtonProps={{ loading: save.isPending, disabled: editing && current.isLoading }}
      destroyOnHidden
      forceRender
    >
      <Spin spinning={editing && current.isLoading}>
        <Form<FormValues> form={form} name="tenant-package-form" labelCol={{ flex: '90px' }} preserve={false}>
          <Form.Item
            label="套餐名"
            name="name"
            rules={[
              { required: true, whitespace: true, message: '套餐名不能为空' },
              { max: 30, message: '套餐名长度不能超过 30 个字符' },
            ]}
          >
            <Input placeholder="请输入套餐名" />
          </Form.Item>
          <Form.Item label="菜单权限" name="menuIds">
            <CheckTree label="菜单权限" nodes={nodes} loading={menus.isLoading} />
          </Form.Item>
          <Form.Item label="状态" name="status" rules={[{ required: true, message: '状态不能为空' }]}>
            <Radio.Group options={statusOptions} />
          </Form.Item>
          <Form.Item
            label="备注"
            name="remark"
            rules={[{ max: 256, message: '备注长度不能超过 256 个字符' }]}
          >
            <Input placeholder="请输入备注" />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  );
}
