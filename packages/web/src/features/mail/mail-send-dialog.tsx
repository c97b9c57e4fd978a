import { mailTemplateSendMail } from '@app/contract';
import type { MailTemplate } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { request } from '../../shared/request';
import { DIALOG_WIDTH_MEDIUM } from '../../shared/ui/sizes';

interface SendValues {
  mail: string;
  templateParams: Record<string, string>;
}

/** The 测试 dialog of a mail template: a recipient and one input per template parameter. */
export function MailSendDialog({
  template,
  onClose,
}: {
  template: MailTemplate | null;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<SendValues>();
  const send = useMutation({
    mutationFn: (values: SendValues) =>
      request(mailTemplateSendMail, {
        body: {
          mail: values.mail,
          templateCode: template!.code,
          templateParams: values.templateParams ?? {},
        },
      }),
  });

  useEffect(() => {
    if (template) form.resetFields();
  }, [template, form]);

  const onSubmit = async () => {
    const values = await form.validateFields();
    const logId = await send.mutateAsync(values);
    void message.success(`提交发送成功！发送结果，见发送日志编号：${logId}`);
    onClose();
  };

  return (
    <Modal
      title="测试"
      open={template !== null}
      width={DIALOG_WIDTH_MEDIUM}
      okText="确 定"
      cancelText="取 消"
      confirmLoading={send.isPending}
      onOk={() => void onSubmit().catch(() => undefined)}
      onCancel={onClose}
      forceRender
    >
      <Form<SendValues> name="mail-send-form" form={form} labelCol={{ flex: '130px' }}>
        <Form.Item label="模板内容">
          {template && (
            <iframe className="mail-preview" title="模板内容预览" sandbox="" srcDoc={template.content} />
          )}
        </Form.Item>
        <Form.Item
          label="收件邮箱"
          name="mail"
          rules={[
            { required: true, whitespace: true, message: '收件邮箱不能为空' },
            { type: 'email', message: '请输入正确的邮箱地址' },
          ]}
        >
          <Input placeholder="请输入收件邮箱" />
        </Form.Item>
        {template?.params.map((param) => (
          <Form.Item
            key={param}
            label={`参数 {${param}}`}
            name={['templateParams', param]}
            rules={[{ required: true, message: `参数 ${param} 不能为空` }]}
          >
            <Input placeholder={`请输入 ${param} 参数`} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
