import {
  DICT_TYPE,
  smsChannelCreate,
  smsChannelDelete,
  smsChannelGet,
  smsChannelPage,
  smsChannelUpdate,
} from '@app/contract';
import type { SmsChannel } from '@app/contract';
import type { TableColumnsType } from 'antd';
import {
  dateTimeColumn,
  dictColumn,
  dictField,
  idColumn,
  remarkField,
  statusField,
  textColumn,
  textField,
  useCrudPage,
} from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { DocAlert } from '../../shared/ui/doc-alert';

const ENDPOINTS = {
  page: smsChannelPage,
  get: smsChannelGet,
  create: smsChannelCreate,
  update: smsChannelUpdate,
  delete: smsChannelDelete,
};

const SEARCH: SearchField[] = [
  { kind: 'text', name: 'signature', label: '短信签名' },
  { kind: 'dict', name: 'status', label: '启用状态', dictType: DICT_TYPE.COMMON_STATUS },
  { kind: 'dateRange', name: 'createTime', label: '创建时间' },
];

const COLUMNS: TableColumnsType<SmsChannel> = [
  idColumn('编号', { width: 80 }),
  textColumn('短信签名', 'signature'),
  dictColumn('渠道编码', 'code', DICT_TYPE.SYSTEM_SMS_CHANNEL_CODE, { width: 120 }),
  dictColumn('启用状态', 'status', DICT_TYPE.COMMON_STATUS, { width: 100 }),
  textColumn('备注', 'remark'),
  textColumn('短信 API 的账号', 'apiKey'),
  textColumn('短信 API 的密钥', 'apiSecret'),
  textColumn('短信发送回调 URL', 'callbackUrl'),
  dateTimeColumn(),
];

const HTTP_URL = /^https?:\/\/[^\s/?#]+\S*$/i;
const urlRules = (label: string) => [
  {
    validator: (_: unknown, value: string | null | undefined) =>
      !value?.trim() || HTTP_URL.test(value.trim())
        ? Promise.resolve()
        : Promise.reject(new Error(`${label}格式不正确`)),
  },
];

/** 短信渠道 (menu component system/sms/channel/index). */
export function SmsChannelPage() {
  // Saving refreshes every read of the channels: the template and log pages list them too.
  return useCrudPage({
    endpoints: ENDPOINTS,
    entity: '短信渠道',
    search: SEARCH,
    columns: COLUMNS,
    header: <DocAlert title="短信配置" url="https://doc.iocoder.cn/sms/" />,
    emptyText: '暂无短信渠道',
    scrollX: 1300,
    form: { name: 'sms-channel-form', labelWidth: 140, initialValues: { status: 0 } },
    fields: (
      <>
        {textField('短信签名', 'signature', 64)}
        {dictField('渠道编码', 'code', DICT_TYPE.SYSTEM_SMS_CHANNEL_CODE, {
          placeholder: '请选择渠道编码',
          valueType: 'string',
        })}
        {statusField('启用状态')}
        {remarkField(255)}
        {textField('短信 API 的账号', 'apiKey', 128, {
          extra: '腾讯云填写 SecretId 与 SDK AppID，以空格分隔',
        })}
        {textField('短信 API 的密钥', 'apiSecret', 128, { optional: true })}
        {textField('短信发送回调 URL', 'callbackUrl', undefined, { rules: urlRules('回调 URL') })}
        {textField('短信 API 地址', 'apiUrl', undefined, {
          rules: urlRules('短信 API 地址'),
          placeholder: '留空使用渠道的官方地址',
        })}
      </>
    ),
  });
}
