import {
  DICT_TYPE,
  MOBILE_PATTERN,
  tenantCreate,
  tenantGet,
  tenantPackageGetSimpleList,
  TENANT_DOMAIN_PATTERN,
  tenantUpdate,
  USERNAME_PATTERN,
} from '@app/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, DatePicker, Form, Input, InputNumber, Modal, Radio, Select, Spin } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { DATE_TIME_FORMAT } from '../../shared/date/format';
import { useDictOptions } from '../../shared/dict';
import { request } from '../../shared/request';
import { DIALOG_WIDTH_MEDIUM } from '../../shared/ui/sizes';

interface FormValues {
  name: string;
  packageId?: number;
  contactName: string;
  contactMobile?: string | null;
  username?: string;
  password?: string;
  accountCount?: number;
  expireTime?: Dayjs | null;
  domain?: string | null;
  status: 0 | 1;
}

export interface TenantFormDialogProps {
  open: boolean;
  /** The tenant to edit; null creates one together with its administrator. */
  tenantId: number | null;
  onClose: () => void;
  onSaved: () => void;
}

/** 添加租户 / 修改租户; on create also 用户名称 and 用户密码 of the tenant's administrator. */
export function TenantFormDialog({ open, tenantId, onClose, onSaved }: TenantFormDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const editing = tenantId !== null;
  const statusOptions = useDictOptions(DICT_TYPE.COMMON_STATUS).map((d) => ({
    label: d.label,
    value: Number(d.value),
  }));
  const current = useQuery({
    queryKey: ['tenant', 'get', tenantId],
    queryFn: () => request(tenantGet, { query: { id: tenantId! } }),
    enabled: open && editing,
    staleTime: 0,
  });
  const packages = useQuery({
    queryKey: ['tenant-package', 'simple-list'],
    queryFn: () => request(tenantPackageGetSimpleList),
    enabled: open,
    staleTime: 0,
  });

  useEffect(() => {
    if (!open) return;
    if (!editing) form.setFieldsValue({ status: 0 });
    else if (current.data)
      form.setFieldsValue({
        ...current.data,
        status: current.data.status === 1 ? 1 : 0,
        expireTime: dayjs(current.data.expireTime),
      });
  }, [open, editing, current.data, form]);

  const save = useMutation({
    mutationFn: (values: FormValues): Promise<unknown> => {
      const fields = {
        name: values.name,
        packageId: values.packageId!,
        contactName: values.contactName,
        contactMobile: values.contactMobile || null,
        accountCount: values.accountCount!,
        expireTime: values.expireTime!.valueOf(),
        domain: values.domain || null,
        status: values.status,
      };
      return editing
        ? request(tenantUpdate, { body: { ...fields, id: tenantId } })
        : request(tenantCreate, {
            body: { ...fields, username: values.username!, password: values.password! },
          });
    },
  });

  const onOk = async () => {
    const values = await form.validateFields();
    await save.mutateAsync(values);
    void message.success(editing ? '修改成功' : '新增成功');
    onSaved();
  };

  return (
    <Modal
      title={editing ? '修改租户' : '添加租户'}
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
        <Form<FormValues> form={form} name="tenant-form" labelCol={{ flex: '90px' }} preserve={false}>
          <Form.Item
            label="租户名"
            name="name"
            rules={[
              { required: true, whitespace: true, message: '租户名不能为空' },
              { max: 30, message: '租户名长度不能超过 30 个字符' },
            ]}
          >
            <Input placeholder="请输入租户名" />
          </Form.Item>
          <Form.Item
            label="租户套餐"
            name="packageId"
            rules={[{ required: true, message: '租户套餐不能为空' }]}
          >
            <Select
              placeholder="请选择租户套餐"
              loading={packages.isLoading}
              options={(packages.data ?? []).map((p) => ({ label: p.name, value: p.id }))}
              notFoundContent="暂无开启的租户套餐"
            />
          </Form.Item>
          <Form.Item
            label="联系人"
            name="contactName"
            rules={[
              { required: true, whitespace: true, message: '联系人不能为空' },
              { max: 30, message: '联系人长度不能超过 30 个字符' },
            ]}
          >
            <Input placeholder="请输入联系人" />
          </Form.Item>
          <Form.Item
            label="联系手机"
            name="contactMobile"
            rules={[{ pattern: MOBILE_PATTERN, message: '请输入正确的手机号码' }]}
          >
            <Input placeholder="请输入联系手机" maxLength={11} />
          </Form.Item>
          {!editing && (
            <>
              <Form.Item
                label="用户名称"
                name="username"
                rules={[
                  { required: true, whitespace: true, message: '用户名称不能为空' },
                  { pattern: USERNAME_PATTERN, message: '用户账号由 4-30 位数字、字母组成' },
                ]}
              >
                <Input placeholder="请输入用户名称" autoComplete="off" />
              </Form.Item>
              <Form.Item
                label="用户密码"
                name="password"
                rules={[
                  { required: true, message: '用户密码不能为空' },
                  { min: 4, max: 16, message: '用户密码长度必须介于 4 和 16 之间' },
                ]}
              >
                <Input.Password placeholder="请输入用户密码" autoComplete="new-password" />
              </Form.Item>
            </>
          )}
          <Form.Item
            label="账号额度"
            name="accountCount"
            rules={[{ required: true, message: '账号额度不能为空' }]}
          >
            <InputNumber min={0} precision={0} placeholder="请输入账号额度" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            label="过期时间"
            name="expireTime"
            rules={[{ required: true, message: '过期时间不能为空' }]}
          >
            <DatePicker
              showTime
              format={DATE_TIME_FORMAT}
              placeholder="请选择过期时间"
              style={{ width: '100%' }}
            />
          </Form.Item>
          <Form.Item
            label="绑定域名"
            name="domain"
            rules={[
              { pattern: TENANT_DOMAIN_PATTERN, message: '绑定域名的地址非 URL 格式' },
              { max: 256, message: '绑定域名长度不能超过 256 个字符' },
            ]}
          >
            <Input placeholder="请输入绑定域名" />
          </Form.Item>
          <Form.Item label="租户状态" name="status" rules={[{ required: true, message: '租户状态不能为空' }]}>
            <Radio.Group options={statusOptions} />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  );
}
