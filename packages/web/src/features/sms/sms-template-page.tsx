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
  CreateButton,
  dateTimeColumn,
  dictColumn,
  DictRadio,
  DictSelect,
  ExportButton,
  FormDialog,
  invalidateEndpoints,
  ListPage,
  maxLength,
  required,
  requiredText,
  sendTestAction,
  TemplateSendDialog,
  useCan,
  useEditDeleteColumn,
  useFormDialog,
  useListPage,
} from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { request } from '../../shared/request';
import { DocAlert } from '../../shared/ui/doc-alert';
import { ChannelCell, useSmsChannelOptions } from './sms-channels';

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
  const list = useListPage(smsTemplatePage, { search });
  const dialog = useFormDialog();
  const [sending, setSending] = useState<SmsTemplate | null>(null);
  const canSend = useCan(smsTemplateSendSms);
  const actions = useEditDeleteColumn<SmsTemplate>({
    dialog,
    update: smsTemplateUpdate,
    remove: smsTemplateDelete,
    entity: '短信模板',
    first: (row) => [sendTestAction(() => setSending(row), canSend, <ShareAltOutlined />)],
    moreVisible: canSend,
    width: 210,
    fixed: 'right',
  });

  const columns: TableColumnsType<SmsTemplate> = [
    { title: '模板编码', dataIndex: 'code', width: 150, ellipsis: true, align: 'center' },
    { title: '模板名称', dataIndex: 'name', width: 150, ellipsis: true, align: 'center' },
    { title: '模板内容', dataIndex: 'content', width: 260, align: 'center' },
    dictColumn('短信类型', 'type', DICT_TYPE.SYSTEM_SMS_TEMPLATE_TYPE, { width: 100 }),
    dictColumn('开启状态', 'status', DICT_TYPE.COMMON_STATUS, { width: 100 }),
    { title: '备注', dataIndex: 'remark', width: 120, ellipsis: true, align: 'center' },
    { title: '短信 API 的模板编号', dataIndex: 'apiTemplateId', width: 170, ellipsis: true, align: 'center' },
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
    ...actions,
  ];

  return (
    <ListPage
      list={list}
      columns={columns}
      header={<DocAlert title="短信配置" url="https://doc.iocoder.cn/sms/" />}
      actions={
        <>
          <CreateButton endpoint={smsTemplateCreate} onClick={dialog.openCreate} />
          <ExportButton
            endpoint={smsTemplateExportExcel}
            query={list.filter}
            entity="短信模板"
            fileName="短信模板.xlsx"
          />
        </>
      }
      emptyText="暂无短信模板"
      scrollX={1600}
    >
      <FormDialog
        control={dialog}
        entity="短信模板"
        name="sms-template-form"
        get={smsTemplateGet}
        create={smsTemplateCreate}
        update={smsTemplateUpdate}
        labelWidth={140}
        initialValues={{ status: 0 }}
      >
        <Form.Item label="短信渠道编号" name="channelId" rules={required('短信渠道编号')}>
          <Select placeholder="请选择短信渠道编号" options={channels.options} />
        </Form.Item>
        <Form.Item label="短信类型" name="type" rules={required('短信类型')}>
          <DictSelect placeholder="请选择短信类型" dictType={DICT_TYPE.SYSTEM_SMS_TEMPLATE_TYPE} />
        </Form.Item>
        <Form.Item label="模板编码" name="code" rules={requiredText('模板编码', 63)}>
          <Input placeholder="请输入模板编码" />
        </Form.Item>
        <Form.Item label="模板名称" name="name" rules={requiredText('模板名称', 63)}>
          <Input placeholder="请输入模板名称" />
        </Form.Item>
        <Form.Item
          label="模板内容"
          name="content"
          extra="参数写作 {参数名}，例如：您的验证码是{code}"
          rules={requiredText('模板内容', 255)}
        >
          <Input.TextArea placeholder="请输入模板内容" rows={3} />
        </Form.Item>
        <Form.Item label="开启状态" name="status" rules={required('开启状态')}>
          <DictRadio dictType={DICT_TYPE.COMMON_STATUS} />
        </Form.Item>
        <Form.Item
          label="短信 API 模板编号"
          name="apiTemplateId"
          rules={requiredText('短信 API 的模板编号', 63)}
        >
          <Input placeholder="请输入短信 API 的模板编号" />
        </Form.Item>
        <Form.Item label="备注" name="remark" rules={maxLength('备注', 255)}>
          <Input placeholder="请输入备注" />
        </Form.Item>
      </FormDialog>

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
    </ListPage>
  );
}
