import { ShareAltOutlined } from '@ant-design/icons';
import {
  DICT_TYPE,
  smsLogPage,
  smsTemplateCreate,
  smsTemplateDelete,
  smsTemplateExportExcel,
  smsTemplateGet,
  smsTemplatePage,
  smsTemplateSendSms,
  smsTemplateUpdate,
} from '@app/contract';
import type { SmsTemplate } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Input, Select } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import {
  dateTimeColumn,
  dictColumn,
  dictField,
  formItem,
  invalidateEndpoints,
  remarkField,
  required,
  sendTestAction,
  statusField,
  TemplateSendDialog,
  textColumn,
  textField,
  useCan,
  useCrudPage,
} from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { request } from '../../shared/request';
import { DocAlert } from '../../shared/ui/doc-alert';
import { ChannelCell, useSmsChannelOptions } from './sms-channels';

const ENDPOINTS = {
  page: smsTemplatePage,
  get: smsTemplateGet,
  create: smsTemplateCreate,
  update: smsTemplateUpdate,
  delete: smsTemplateDelete,
  export: smsTemplateExportExcel,
};

/** 短信模板 (menu component system/sms/template/index), with a 测试 send per template. */
export function SmsTemplatePage() {
  const client = useQueryClient();
  const channels = useSmsChannelOptions();
  const search: SearchField[] = [
    { kind: 'dict', name: 'type', label: '短信类型', dictType: DICT_TYPE.SYSTEM_SMS_TEMPLATE_TYPE },
    { kind: 'dict', name: 'status', label: '开启状态', dictType: DICT_TYPE.COMMON_STATUS },
    { kind: 'text', name: 'code', label: '模板编码' },
    { kind: 'text', name: 'apiTemplateId', label: '短信 API 的模板编号' },
    { kind: 'select', name: 'channelId', label: '短信渠道', width: 200, options: channels.options },
    { kind: 'dateRange', name: 'createTime', label: '创建时间' },
  ];
  const [sending, setSending] = useState<SmsTemplate | null>(null);
  const canSend = useCan(smsTemplateSendSms);

  const columns: TableColumnsType<SmsTemplate> = [
    textColumn('模板编码', 'code', { width: 150 }),
    textColumn('模板名称', 'name', { width: 150 }),
    textColumn('模板内容', 'content', { width: 260, ellipsis: false }),
    dictColumn('短信类型', 'type', DICT_TYPE.SYSTEM_SMS_TEMPLATE_TYPE, { width: 100 }),
    dictColumn('开启状态', 'status', DICT_TYPE.COMMON_STATUS, { width: 100 }),
    textColumn('备注', 'remark', { width: 120 }),
    textColumn('短信 API 的模板编号', 'apiTemplateId', { width: 170 }),
    {
      title: '短信渠道',
      key: 'channel',
      width: 140,
      align: 'center',
      render: (_: unknown, row: SmsTemplate) => (
        <ChannelCell signature={channels.signatureOf(row.channelId)} code={row.channelCode} />
      ),
    },
    dateTimeColumn(),
  ];

  return useCrudPage({
    endpoints: ENDPOINTS,
    entity: '短信模板',
    search: search,
    columns: columns,
    rowActions: {
      first: (row) => [sendTestAction(() => setSending(row), canSend, <ShareAltOutlined />)],
      moreVisible: canSend,
      width: 210,
    },
    header: <DocAlert title="短信配置" url="https://doc.iocoder.cn/sms/" />,
    exportAs: { fileName: '短信模板.xlsx' },
    emptyText: '暂无短信模板',
    scrollX: 1600,
    form: { name: 'sms-template-form', labelWidth: 140, initialValues: { status: 0 } },
    fields: (
      <>
        {formItem(
          '短信渠道编号',
          'channelId',
          required('短信渠道编号'),
          <Select placeholder="请选择短信渠道编号" options={channels.options} />,
        )}
        {dictField('短信类型', 'type', DICT_TYPE.SYSTEM_SMS_TEMPLATE_TYPE, {
          placeholder: '请选择短信类型',
        })}
        {textField('模板编码', 'code', 63)}
        {textField('模板名称', 'name', 63)}
        {textField('模板内容', 'content', 255, {
          rows: 3,
          extra: '参数写作 {参数名}，例如：您的验证码是{code}',
        })}
        {statusField('开启状态')}
        {textField('短信 API 模板编号', 'apiTemplateId', 63, {
          ruleLabel: '短信 API 的模板编号',
          placeholder: '请输入短信 API 的模板编号',
        })}
        {remarkField(255)}
      </>
    ),
    dialogs: (
      <TemplateSendDialog
        template={sending}
        onClose={() => setSending(null)}
        title="测试发送短信"
        name="sms-send-form"
        content={(t) => (
          <Form.Item label="模板内容">
            <Input.TextArea value={t.content} readOnly rows={3} aria-label="模板内容" />
          </Form.Item>
        )}
        recipient={
          <Form.Item
            label="手机号"
            name="mobile"
            rules={[
              { required: true, whitespace: true, message: '手机号不能为空' },
              { pattern: /^\s*\+?\d{5,19}\s*$/, message: '手机号格式不正确' },
            ]}
          >
            <Input placeholder="请输入手机号" />
          </Form.Item>
        }
        send={async ({ mobile, ...rest }) => {
          const logId = await request(smsTemplateSendSms, { body: { ...rest, mobile: String(mobile) } });
          // The SMS is logged: the 短信日志 list shows it.
          void invalidateEndpoints(client, smsLogPage);
          return logId;
        }}
      />
    ),
  });
}
