import { SendOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Input } from 'antd';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import type { RowAction } from '../ui/row-actions';
import { DIALOG_WIDTH_MEDIUM } from '../ui/sizes';
import { SubmitDialog } from '../ui/submit-dialog';

/** A message template: its code and the parameter names its text uses. */
export interface SendableTemplate {
  code: string;
  params: readonly string[];
}

/** What a send takes: the recipient's fields, the template's code and one value per parameter. */
export type TemplateSend = Record<string, unknown> & {
  templateCode: string;
  templateParams: Record<string, string>;
};

export interface TemplateSendDialogProps<T extends SendableTemplate> {
  /** The template to send from; the dialog is open while set. */
  template: T | null;
  onClose: () => void;
  title: string;
  /** The form's name, which prefixes its fields' ids. */
  name: string;
  labelWidth?: number;
  /** The 模板内容 shown above the fields. */
  content: (template: T) => ReactNode;
  /** The recipient's form items (收件邮箱, 手机号, 接收人…). */
  recipient: ReactNode;
  /** Sends; answers the send log's id. */
  send: (values: TemplateSend) => Promise<unknown>;
  /** After sending (default: '提交发送成功！发送结果，见发送日志编号：<id>'). */
  onSent?: (logId: unknown) => unknown;
}

/**
 * The 测试 dialog of a mail, SMS or in-site message template: the template's text, a recipient and one
 * required input per template parameter; the form starts empty on every opening.
 */
export function TemplateSendDialog<T extends SendableTemplate>({
  template,
  onClose,
  title,
  name,
  labelWidth = 120,
  content,
  recipient,
  send,
  onSent,
}: TemplateSendDialogProps<T>) {
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const sending = useMutation({ mutationFn: send });
  // Every opening starts empty (the closing dialog may still hold the last values).
  useEffect(() => {
    if (template) form.resetFields();
  }, [template, form]);

  const onSubmit = async () => {
    if (!template) return;
    const { templateParams, ...values } = (await form.validateFields()) as Record<string, unknown>;
    const logId = await sending.mutateAsync({
      ...values,
      templateCode: template.code,
      templateParams: (templateParams ?? {}) as Record<string, string>,
    });
    onClose();
    if (onSent) await onSent(logId);
    else void message.success(`提交发送成功！发送结果，见发送日志编号：${String(logId)}`);
  };

  return (
    <SubmitDialog
      title={title}
      open={template !== null}
      width={DIALOG_WIDTH_MEDIUM}
      pending={sending.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
      destroyOnHidden
    >
      {template && (
        <Form name={name} form={form} labelCol={{ flex: `${labelWidth}px` }} preserve={false}>
          {content(template)}
          {recipient}
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
    </SubmitDialog>
  );
}

/** A template row's 测试 action, which opens its `TemplateSendDialog`. */
export const sendTestAction = (
  onClick: () => void,
  visible: boolean,
  icon: ReactNode = <SendOutlined />,
): RowAction => ({
  key: 'test',
  label: '测试',
  icon,
  onClick,
  visible,
});
