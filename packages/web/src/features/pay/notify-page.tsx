import { DICT_TYPE, payNotifyGetDetail, payNotifyPage } from '@app/contract';
import type { PayNotifyLog, PayNotifyTask, PayNotifyTaskDetail } from '@app/contract';
import { Table } from 'antd';
import type { TableColumnsType } from 'antd';
import {
  actionColumn,
  dateTimeColumn,
  detailAction,
  DetailDialog,
  dictColumn,
  idColumn,
  ListPage,
  textColumn,
  useListPage,
} from '../../shared/crud';
import type { DetailItem, SearchField } from '../../shared/crud';
import { formatDateTime } from '../../shared/date/format';
import { DictTag } from '../../shared/ui/dict-tag';
import { DIGITS_ONLY, PAY_APP_FIELD, useLoadedDetail } from './pay-common';

const SEARCH: SearchField[] = [
  PAY_APP_FIELD,
  { kind: 'dict', name: 'type', label: '通知类型', dictType: DICT_TYPE.PAY_NOTIFY_TYPE },
  { kind: 'text', name: 'dataId', label: '关联编号', rules: DIGITS_ONLY },
  { kind: 'dict', name: 'status', label: '通知状态', dictType: DICT_TYPE.PAY_NOTIFY_STATUS },
  { kind: 'text', name: 'merchantOrderId', label: '商户订单编号' },
  { kind: 'dateRange', name: 'createTime', label: '创建时间' },
];

const times = (task: PayNotifyTask) => `${task.notifyTimes} / ${task.maxNotifyTimes}`;

const COLUMNS: TableColumnsType<PayNotifyTask> = [
  idColumn('任务编号'),
  textColumn('应用编号', 'appName', { width: 120 }),
  textColumn('商户订单编号', 'merchantOrderId', { width: 180 }),
  dictColumn('通知类型', 'type', DICT_TYPE.PAY_NOTIFY_TYPE),
  textColumn('关联编号', 'dataId', { width: 90 }),
  dictColumn('通知状态', 'status', DICT_TYPE.PAY_NOTIFY_STATUS, { width: 150 }),
  dateTimeColumn('最后通知时间', 'lastExecuteTime'),
  dateTimeColumn('下次通知时间', 'nextNotifyTime'),
  { title: '通知次数', key: 'notifyTimes', width: 100, align: 'center', render: (_, row) => times(row) },
];

const LOG_COLUMNS: TableColumnsType<PayNotifyLog> = [
  idColumn('日志编号', { width: 90 }),
  dictColumn('通知状态', 'status', DICT_TYPE.PAY_NOTIFY_STATUS, { width: 150 }),
  textColumn('通知次数', 'notifyTimes', { width: 90 }),
  dateTimeColumn('通知时间', 'createTime'),
  textColumn('响应结果', 'response', { ellipsis: false }),
];

const detailItems = (task: PayNotifyTaskDetail): DetailItem[] => [
  ['任务编号', task.id],
  ['应用编号', task.appId],
  ['应用名称', task.appName],
  ['商户订单编号', task.merchantOrderId],
  task.merchantRefundId !== null && ['商户退款编号', task.merchantRefundId],
  ['通知类型', <DictTag type={DICT_TYPE.PAY_NOTIFY_TYPE} value={task.type} />],
  ['关联编号', task.dataId],
  ['通知状态', <DictTag type={DICT_TYPE.PAY_NOTIFY_STATUS} value={task.status} />],
  ['通知次数', times(task)],
  ['最后通知时间', formatDateTime(task.lastExecuteTime)],
  ['下次通知时间', formatDateTime(task.nextNotifyTime)],
  ['通知地址', task.notifyUrl],
  ['创建时间', formatDateTime(task.createTime)],
  ['更新时间', formatDateTime(task.updateTime)],
  [
    '回调日志',
    <Table<PayNotifyLog>
      aria-label="回调日志"
      rowKey="id"
      size="small"
      columns={LOG_COLUMNS}
      dataSource={task.logs}
      pagination={false}
      locale={{ emptyText: '暂无回调日志' }}
    />,
  ],
];

/** 回调通知 (menu component pay/notify/index): the results posted to the merchants, each attempt logged. */
export function PayNotifyPage() {
  const list = useListPage(payNotifyPage, { search: SEARCH });
  const detail = useLoadedDetail(payNotifyGetDetail);
  const actions = actionColumn<PayNotifyTask>(
    (row) => [detailAction(() => detail.show(row.id), { label: '查看详情' })],
    { width: 110 },
  );
  return (
    <ListPage list={list} columns={[...COLUMNS, ...actions]} emptyText="暂无回调通知" scrollX={1500}>
      <DetailDialog
        control={detail.control}
        title="通知详情"
        width={1000}
        labelWidth={130}
        items={detailItems}
      />
    </ListPage>
  );
}
