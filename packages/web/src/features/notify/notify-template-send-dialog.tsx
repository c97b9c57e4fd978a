import { notifyTemplateSendNotify, userSimpleList } from '@app/contract';
import type { NotifyTemplate } from '@app/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { reloadUnreadCount } from '../../layout/notify-bell';
import { request } from '../../shared/request';
import { DIALOG_WIDTH_MEDIUM } from '../../shared/ui/sizes';

interface SendValues {
  userId: number;
  templateParams: Record<string, string>;
}

export interface NotifyTemplateSendDialogProps {
  /** The template to send from; the dialog is open while set. */
  template: NotifyTemplate | null;
  onClose: () => void;
}

/**
 * 测试发送: sends an in-site message from a template to a chosen user of the tenant, with one
 * input per parameter of the template.
 */
export function NotifyTemplateSendDialog({ template, onClose }: NotifyTemplateSendDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<SendValues>();
  const users = useQuery({
    queryKey: ['system-user', 'simple-list'],
    queryFn: () => request(userSimpleList),
    enabled: template !== null,
  });
  const send = useMutation({
    mutationFn: (values: SendValues) =>
      request(notifyTemplateSendNotify, {
        body: { userId: values.userId, templateCode: template!.code, templateParams: values.templateParams },
      }),
  });

  useEffect(() => {
    if (template) form.resetFields();
  }, [template, form]);

  const onSubmit = async () => {
    const values = await form.validateFields();
    const id = await send.mutateAsync({ ...values, templateParams: values.templateParams ?? {} });
    if (id === null) void message.warning('模板已关闭，未发送站内信');
    else void message.success(`提交发送成功！发送结果，见发送日志编号：${id}`);
    onClose();
    await reloadUnreadCount();
  };

  return (
    <Modal
      title="测试发送"
      open={template !== null}
      width={DIALOG_WIDTH_MEDIUM}
      okText="确 定"
      cancelText="取 消"
      confirmLoading={send.isPending}
      onOk={() => void onSubmit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      {template && (
        <Form<SendValues> form={form} name="notify-send-form" labelCol={{ flex: '110px' }}>
          <Form.Item label="模板内容" htmlFor="notify-send-content">
            <Input.TextArea
              id="notify-send-content"
              value={template.content}
              readOnly
              autoSize={{ minRows: 2, maxRows: 6 }}
            />
          </Form.Item>
          <Form.Item label="接收人" name="userId" rules={[{ required: true, message: '接收人不能为空' }]}>
            <Select
              showSearch
              optionFilterProp="label"
              placeholder="请选择接收人"
              loading={users.isFetching}
              options={(users.data ?? []).map((u) => ({ label: u.nickname, value: u.id }))}
              notFoundContent={users.isFetching ? '加载中…' : '暂无用户'}
            />
          </Form.Item>
          {template.params.map((param) => (
            <Form.Item
              key={param}
              label={`参数 {${param}}`}
              name={['templateParams', param]}
              rules={[{ required: true, whitespace: true, message: `参数 ${param} 不能为空` }]}
            >
              <Input placeholder={`请输入 ${param} 参数`} />
            </Form.Item>
          ))}
        </Form>
      )}
    </Modal>
  );
}
