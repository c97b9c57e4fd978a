import {
  DICT_TYPE,
  smsChannelCreate,
  smsChannelDelete,
  smsChannelGet,
  smsChannelPage,
  smsChannelUpdate,
} from '@app/contract';
import type { SmsChannel } from '@app/contract';
import { Form, Input } from 'antd';
import type { TableColumnsType } from 'antd';
import {
  CreateButton,
  dateTimeColumn,
  dictColumn,
  DictRadio,
  DictSelect,
  FormDialog,
  ListPage,
  maxLength,
  required,
  requiredText,
  useEditDeleteColumn,
  useFormDialog,
  useListPage,
} from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { DocAlert } from '../../shared/ui/doc-alert';

const SEARCH: SearchField[] = [
  { kind: 'text', name: 'signature', label: '短信签名' },
  { kind: 'dict', name: 'status', label: '启用状态', dictType: DICT_TYPE.COMMON_STATUS },
  { kind: 'dateRange', name: 'createTime', label: '创建时间' },
];

const HTTP_URL = /^https?:\/\/[^\s/?#]+\S*$/i;
const urlRule = (label: string) => ({
  validator: (_: unknown, value: string | null | undefined) =>
    !value?.trim() || HTTP_URL.test(value.trim())
      ? Promise.resolve()
      : Promise.reject(new Error(`${label}格式不正确`)),
});

/** 短信渠道 (menu component system/sms/channel/index). */
export function SmsChannelPage() {
  const list = useListPage(smsChannelPage, { search: SEARCH });
  const dialog = useFormDialog();
  const actions = useEditDeleteColumn<SmsChannel>({
    dialog,
    update: smsChannelUpdate,
    remove: smsChannelDelete,
    entity: '短信渠道',
    fixed: 'right',
  });

  const columns: TableColumnsType<SmsChannel> = [
    { title: '编号', dataIndex: 'id', width: 80, align: 'center' },
    { title: '短信签名', dataIndex: 'signature', ellipsis: true, align: 'center' },
    dictColumn('渠道编码', 'code', DICT_TYPE.SYSTEM_SMS_CHANNEL_CODE, { width: 120 }),
    dictColumn('启用状态', 'status', DICT_TYPE.COMMON_STATUS, { width: 100 }),
    { title: '备注', dataIndex: 'remark', ellipsis: true, align: 'center' },
    { title: '短信 API 的账号', dataIndex: 'apiKey', ellipsis: true, align: 'center' },
    { title: '短信 API 的密钥', dataIndex: 'apiSecret', ellipsis: true, align: 'center' },
    { title: '短信发送回调 URL', dataIndex: 'callbackUrl', ellipsis: true, align: 'center' },
    dateTimeColumn(),
    ...actions,
  ];

  return (
    <ListPage
      list={list}
      columns={columns}
      header={<DocAlert title="短信配置" url="https://doc.iocoder.cn/sms/" />}
      actions={<CreateButton endpoint={smsChannelCreate} onClick={dialog.openCreate} />}
      emptyText="暂无短信渠道"
      scrollX={1300}
    >
      {/* Saving refreshes every read of the channels: the template and log pages list them too. */}
      <FormDialog
        control={dialog}
        entity="短信渠道"
        name="sms-channel-form"
        get={smsChannelGet}
        create={smsChannelCreate}
        update={smsChannelUpdate}
        labelWidth={140}
        initialValues={{ status: 0 }}
      >
        <Form.Item label="短信签名" name="signature" rules={requiredText('短信签名', 64)}>
          <Input placeholder="请输入短信签名" />
        </Form.Item>
        <Form.Item label="渠道编码" name="code" rules={required('渠道编码')}>
          <DictSelect
            placeholder="请选择渠道编码"
            dictType={DICT_TYPE.SYSTEM_SMS_CHANNEL_CODE}
            valueType="string"
          />
        </Form.Item>
        <Form.Item label="启用状态" name="status" rules={required('启用状态')}>
          <DictRadio dictType={DICT_TYPE.COMMON_STATUS} />
        </Form.Item>
        <Form.Item label="备注" name="remark" rules={maxLength('备注', 255)}>
          <Input placeholder="请输入备注" />
        </Form.Item>
        <Form.Item
          label="短信 API 的账号"
          name="apiKey"
          extra="腾讯云填写 SecretId 与 SDK AppID，以空格分隔"
          rules={requiredText('短信 API 的账号', 128)}
        >
          <Input placeholder="请输入短信 API 的账号" />
        </Form.Item>
        <Form.Item label="短信 API 的密钥" name="apiSecret" rules={maxLength('短信 API 的密钥', 128)}>
          <Input placeholder="请输入短信 API 的密钥" />
        </Form.Item>
        <Form.Item label="短信发送回调 URL" name="callbackUrl" rules={[urlRule('回调 URL')]}>
          <Input placeholder="请输入短信发送回调 URL" />
        </Form.Item>
        <Form.Item label="短信 API 地址" name="apiUrl" rules={[urlRule('短信 API 地址')]}>
          <Input placeholder="留空使用渠道的官方地址" />
        </Form.Item>
      </FormDialog>
    </ListPage>
  );
}
