import type { SmsTemplate } from '@app/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { COMMON_STATUS, dict } from '../../test/dicts';
import { ok } from '../../test/http-stub';
import { stubPageTest } from '../../test/page-test';
import { renderPage } from '../../test/render-page';
import SmsTemplatePage from './pages/system/sms/template';

const template: SmsTemplate = {
  id: 5,
  type: 2,
  status: 0,
  code: 'order_shipped',
  name: '发货通知',
  content: '您的订单{orderNo}已发货，预计{days}天送达',
  params: ['orderNo', 'days'],
  remark: null,
  apiTemplateId: 'SMS_2001',
  channelId: 3,
  channelCode: 'ALIYUN',
  createTime: new Date(2026, 10, 20, 8, 0, 0).getTime(),
};

const stub = stubPageTest(
  (call) => {
    if (call.path.endsWith('/system/sms-template/page')) return ok({ list: [template], total: 1 });
    if (call.path.endsWith('/system/sms-channel/list-all-simple'))
      return ok([{ id: 3, signature: '商城', code: 'ALIYUN' }]);
    if (call.path.endsWith('/system/sms-template/send-sms')) return ok(88);
    return ok(null);
  },
  {
    dicts: [
      dict('system_sms_template_type', '2', '通知'),
      dict('system_sms_channel_code', 'ALIYUN', '阿里云'),
      COMMON_STATUS[0]!,
    ],
  },
);

const setup = (permissions: string[]) =>
  renderPage(<SmsTemplatePage />, { permissions, path: '/system/sms/sms-template' }).user;

describe('SMS template page', { timeout: 30_000 }, () => {
  it('lists templates with their channel and offers only the permitted actions', async () => {
    setup(['system:sms-template:query']);
    const row = (await screen.findByText('order_shipped')).closest('tr')!;
    expect(within(row).getByText('通知')).toBeInTheDocument();
    expect(await within(row).findByText('商城')).toBeInTheDocument();
    expect(within(row).getByText('阿里云')).toBeInTheDocument();
    for (const name of ['测试', '修改', '删除', '新增', '导出'])
      expect(screen.queryByRole('button', { name: new RegExp(name) })).not.toBeInTheDocument();
  });

  it('sends a test SMS with one input per template parameter', async () => {
    const user = setup(['system:sms-template:query', 'system:sms-template:send-sms']);
    const row = (await screen.findByText('order_shipped')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /测试/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('测试发送短信')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: '模板内容' })).toHaveValue(template.content);

    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('手机号不能为空')).toBeInTheDocument();
    expect(within(dialog).getByText('参数 orderNo 不能为空')).toBeInTheDocument();
    expect(within(dialog).getByText('参数 days 不能为空')).toBeInTheDocument();
    expect(stub.calls.some((c) => c.path.endsWith('/send-sms'))).toBe(false);

    await user.type(within(dialog).getByLabelText('手机号'), '13800000000');
    await user.type(within(dialog).getByLabelText('参数 {orderNo}'), 'A100');
    await user.type(within(dialog).getByLabelText('参数 {days}'), '3');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('提交发送成功！发送结果，见发送日志编号：88')).toBeInTheDocument();
    const send = stub.calls.find((c) => c.path.endsWith('/system/sms-template/send-sms'))!;
    expect(send.body).toEqual({
      mobile: '13800000000',
      templateCode: 'order_shipped',
      templateParams: { orderNo: 'A100', days: '3' },
    });
  });
});
