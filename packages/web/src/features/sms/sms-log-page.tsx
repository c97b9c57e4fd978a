import { DICT_TYPE, SMS_SEND_STATUS, smsLogExportExcel, smsLogPage } from '@app/contract';
import type { SmsLog } from '@app/contract';
import { InputNumber } from 'antd';
import type { TableColumnsType } from 'antd';
import {
  actionColumn,
  dateTimeColumn,
  detailAction,
  DetailDialog,
  dictColumn,
  ExportButton,
  ListPage,
  useDetailDialog,
  useListPage,
} from '../../shared/crud';
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
  const list = useListPage(smsLogPage, { search, refetchInterval: pendingRefresh });
  const detail = useDetailDialog<SmsLog>();

  const columns: TableColumnsType<SmsLog> = [
    { title: '编号', dataIndex: 'id', width: 80, align: 'center' },
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
    { title: '短信内容', dataIndex: 'templateContent', width: 280, align: 'center' },
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
    { title: '模板编号', dataIndex: 'templateId', width: 90, align: 'center' },
    dictColumn('短信类型', 'templateType', DICT_TYPE.SYSTEM_SMS_TEMPLATE_TYPE, { width: 100 }),
    ...actionColumn<SmsLog>((row) => [detailAction(() => detail.open(row))], { width: 90, fixed: 'right' }),
  ];

  return (
    <ListPage
      list={list}
      columns={columns}
      header={<DocAlert title="短信配置" url="https://doc.iocoder.cn/sms/" />}
      actions={
        <ExportButton
          endpoint={smsLogExportExcel}
          query={list.filter}
          entity="短信日志"
          fileName="短信日志.xlsx"
        />
      }
      emptyText="暂无短信日志"
      scrollX={1500}
    >
      <DetailDialog
        control={detail}
        title="短信日志详细"
        labelWidth={140}
        items={(row) => [
          { label: '日志主键', value: row.id },
          {
            label: '短信渠道',
            value: (
              <>
                {channels.signatureOf(row.channelId)}{' '}
                <DictTag type={DICT_TYPE.SYSTEM_SMS_CHANNEL_CODE} value={row.channelCode} />
              </>
            ),
          },
          {
            label: '短信模板',
            value: (
              <>
                {row.templateId} | {row.templateCode}{' '}
                <DictTag type={DICT_TYPE.SYSTEM_SMS_TEMPLATE_TYPE} value={row.templateType} />
              </>
            ),
          },
          { label: 'API 的模板编号', value: row.apiTemplateId },
          {
            label: '用户信息',
            value: (
              <>
                {row.mobile} {user(row)}
              </>
            ),
          },
          { label: '短信内容', value: row.templateContent },
          { label: '短信参数', value: JSON.stringify(row.templateParams) },
          { label: '创建时间', value: formatDateTime(row.createTime) },
          {
            label: '发送状态',
            value: <DictTag type={DICT_TYPE.SYSTEM_SMS_SEND_STATUS} value={row.sendStatus} />,
          },
          { label: '发送时间', value: formatDateTime(row.sendTime) },
          { label: '发送结果', value: row.sendCode === null ? '' : `${row.sendCode} | ${row.sendMsg ?? ''}` },
          { label: 'API 发送结果', value: [row.apiSendCode, row.apiSendMsg].filter(Boolean).join(' | ') },
          { label: 'API 请求编号', value: row.apiRequestId ?? '' },
          { label: 'API 序列号', value: row.apiSerialNo ?? '' },
          {
            label: '接收状态',
            value: <DictTag type={DICT_TYPE.SYSTEM_SMS_RECEIVE_STATUS} value={row.receiveStatus} />,
          },
          { label: '接收时间', value: formatDateTime(row.receiveTime) },
          {
            label: 'API 接收结果',
            value: [row.apiReceiveCode, row.apiReceiveMsg].filter(Boolean).join(' | '),
          },
        ]}
      />
    </ListPage>
  );
}
