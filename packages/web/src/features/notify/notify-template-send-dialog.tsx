import { notifyMessagePage, notifyTemplateSendNotify, userSimpleList } from '@app/contract';
import type { NotifyTemplate } from '@app/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Select } from 'antd';
import { reloadUnreadCount } from '../../layout/notify-bell';
import { invalidateEndpoints, queryKey, required, TemplateSendDialog } from '../../shared/crud';
import { request } from '../../shared/request';

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
  const client = useQueryClient();
  const users = useQuery({
    queryKey: queryKey(userSimpleList),
    queryFn: () => request(userSimpleList),
    enabled: template !== null,
  });

  return (
    <TemplateSendDialog
      template={template}
      onClose={onClose}
      title="测试发送"
      name="notify-send-form"
      labelWidth={110}
      content={(t) => (
        <Form.Item label="模板内容" htmlFor="notify-send-content">
          <Input.TextArea
            id="notify-send-content"
            value={t.content}
            readOnly
            autoSize={{ minRows: 2, maxRows: 6 }}
          />
        </Form.Item>
      )}
      recipient={
        <Form.Item label="接收人" name="userId" rules={required('接收人')}>
          <Select
            showSearch
            optionFilterProp="label"
            placeholder="请选择接收人"
            loading={users.isFetching}
            options={(users.data ?? []).map((u) => ({ label: u.nickname, value: u.id }))}
            notFoundContent={users.isFetching ? '加载中…' : '暂无用户'}
          />
        </Form.Item>
      }
      send={({ userId, ...rest }) =>
        request(notifyTemplateSendNotify, { body: { ...rest, userId: Number(userId) } })
      }
      onSent={async (id) => {
        if (id === null) void message.warning('模板已关闭，未发送站内信');
        else void message.success(`提交发送成功！发送结果，见发送日志编号：${String(id)}`);
        // The receiver may be the sender: the bell and the message lists show the new message.
        await Promise.all([reloadUnreadCount(), invalidateEndpoints(client, notifyMessagePage)]);
      }}
    />
  );
}
