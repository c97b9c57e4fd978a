import { DICT_TYPE, SMS_SEND_STATUS, smsLogExportExcel, smsLogPage } from '@app/contract';
import type { SmsLog } from '@app/contract';
import { InputNumber } from 'antd';
import type { TableColumnsType } from 'antd';
import { dateTimeColumn, dictColumn, idColumn, textColumn, useCrudPage } from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { formatDateTime } from '../../shared/date/format';
import { DictTag } from '../../shared/ui/dict-tag';
import { DocAlert } from '../../shared/ui/doc-alert';
import { CellLines, ChannelCell, Muted, useSmsChannelOptions } from './sms-channels';

/** While a shown message still waits for its send, the list refreshes this often. */
const PENDING_REFRESH_MS = 2_000;
const pendingRefresh = (rows: readonly SmsLog[]) =>
  rows.some((row) => row.sendStatus === SMS_SEND_STATUS.INIT) ? PENDING_REFRESH_MS : false;

const TEMPLATE_ID: SearchField = {
  kind: 'custom',
  name: 'templateId',
  label: '模板编号',
  render: () => <InputNumber min={1} precision={0} placeholder="请输入模板编号" style={{ width: 200 }} />,
  toQuery: (value) => (typeof value === 'number' ? String(value) : undefined),
  fromQuery: (value) => Number(value),
};

const statusCell = (type: string, status: number, time: number | null) => (
  <CellLines>
    <DictTag type={type} value={status} />
    {time ? <Muted>{formatDateTime(time)}</Muted> : null}
  </CellLines>
);

const user = (row: SmsLog) =>
  row.userType && row.userId ? (
    <span>
      <DictTag type={DICT_TYPE.USER_TYPE} value={row.userType} />({row.userId})
    </span>
  ) : null;

/** 短信日志 (menu component system/sms/log/index): every SMS sent, read-only. */
export function SmsLogPage() {
  const channels = useSmsChannelOptions();
  const search: SearchField[] = [
    { kind: 'text', name: 'mobile', label: '手机号' },
    { kind: 'select', name: 'channelId', label: '短信渠道', width: 200, options: channels.options },
    TEMPLATE_ID,
    { kind: 'dict', name: 'sendStatus', label: '发送状态', dictType: DICT_TYPE.SYSTEM_SMS_SEND_STATUS },
    { kind: 'dateRange', name: 'sendTime', label: '发送时间' },
    { kind: 'dict', name: 'receiveStatus', label: '接收状态', dictType: DICT_TYPE.SYSTEM_SMS_RECEIVE_STATUS },
    { kind: 'dateRange', name: 'receiveTime', label: '接收时间' },
  ];

  const columns: TableColumnsType<SmsLog> = [
    idColumn('编号', { width: 80 }),
    dateTimeColumn(),
    {
      title: '手机号',
      key: 'mobile',
      width: 140,
      align: 'center',
      render: (_: unknown, row: SmsLog) => (
        <CellLines>
          <span>{row.mobile}</span>
          {user(row)}
        </CellLines>
      ),
    },
    textColumn('短信内容', 'templateContent', { width: 280, ellipsis: false }),
    {
      title: '发送状态',
      key: 'sendStatus',
      width: 170,
      align: 'center',
      render: (_: unknown, row: SmsLog) =>
        statusCell(DICT_TYPE.SYSTEM_SMS_SEND_STATUS, row.sendStatus, row.sendTime),
    },
    {
      title: '接收状态',
      key: 'receiveStatus',
      width: 170,
      align: 'center',
      render: (_: unknown, row: SmsLog) =>
        statusCell(DICT_TYPE.SYSTEM_SMS_RECEIVE_STATUS, row.receiveStatus, row.receiveTime),
    },
    {
      title: '短信渠道',
      key: 'channel',
      width: 140,
      align: 'center',
      render: (_: unknown, row: SmsLog) => (
        <ChannelCell signature={channels.signatureOf(row.channelId)} code={row.channelCode} />
      ),
    },
    textColumn('模板编号', 'templateId', { width: 90, ellipsis: false }),
    dictColumn('短信类型', 'templateType', DICT_TYPE.SYSTEM_SMS_TEMPLATE_TYPE, { width: 100 }),
  ];

  return useCrudPage({
    endpoints: { page: smsLogPage, export: smsLogExportExcel },
    entity: '短信日志',
    search,
    listOptions: { refetchInterval: pendingRefresh },
    columns,
    header: <DocAlert title="短信配置" url="https://doc.iocoder.cn/sms/" />,
    exportAs: { fileName: '短信日志.xlsx' },
    emptyText: '暂无短信日志',
    scrollX: 1500,
    detail: {
      title: '短信日志详细',
      labelWidth: 140,
      items: (row) => [
        ['日志主键', row.id],
        [
          '短信渠道',
          <>
            {channels.signatureOf(row.channelId)}{' '}
            <DictTag type={DICT_TYPE.SYSTEM_SMS_CHANNEL_CODE} value={row.channelCode} />
          </>,
        ],
        [
          '短信模板',
          <>
            {row.templateId} | {row.templateCode}{' '}
            <DictTag type={DICT_TYPE.SYSTEM_SMS_TEMPLATE_TYPE} value={row.templateType} />
          </>,
        ],
        ['API 的模板编号', row.apiTemplateId],
        [
          '用户信息',
          <>
            {row.mobile} {user(row)}
          </>,
        ],
        ['短信内容', row.templateContent],
        ['短信参数', JSON.stringify(row.templateParams)],
        ['创建时间', formatDateTime(row.createTime)],
        ['发送状态', <DictTag type={DICT_TYPE.SYSTEM_SMS_SEND_STATUS} value={row.sendStatus} />],
        ['发送时间', formatDateTime(row.sendTime)],
        ['发送结果', row.sendCode === null ? '' : `${row.sendCode} | ${row.sendMsg ?? ''}`],
        ['API 发送结果', [row.apiSendCode, row.apiSendMsg].filter(Boolean).join(' | ')],
        ['API 请求编号', row.apiRequestId ?? ''],
        ['API 序列号', row.apiSerialNo ?? ''],
        ['接收状态', <DictTag type={DICT_TYPE.SYSTEM_SMS_RECEIVE_STATUS} value={row.receiveStatus} />],
        ['接收时间', formatDateTime(row.receiveTime)],
        ['API 接收结果', [row.apiReceiveCode, row.apiReceiveMsg].filter(Boolean).join(' | ')],
      ],
    },
  });
}
