import { mailLogPage, mailTemplateSendMail } from '@app/contract';
import type { MailTemplate } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Input } from 'antd';
import { invalidateEndpoints, TemplateSendDialog } from '../../shared/crud';
import { request } from '../../shared/request';
import { MailPreview } from './mail-common';

/** The 测试 dialog of a mail template: a recipient and one input per template parameter. */
export function MailSendDialog({
  template,
  onClose,
}: {
  template: MailTemplate | null;
  onClose: () => void;
}) {
  const client = useQueryClient();
  return (
    <TemplateSendDialog
      template={template}
      onClose={onClose}
      title="测试"
      name="mail-send-form"
      labelWidth={130}
      content={(t) => (
        <Form.Item label="模板内容">
          <MailPreview title="模板内容预览" html={t.content} />
        </Form.Item>
      )}
      recipient={
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
      }
      send={async ({ mail, ...rest }) => {
        const logId = await request(mailTemplateSendMail, { body: { ...rest, mail: String(mail) } });
        // The mail is logged: the 邮件记录 list shows it.
        void invalidateEndpoints(client, mailLogPage);
        return logId;
      }}
    />
  );
}
