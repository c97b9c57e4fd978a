import { DICT_TYPE, infraJobLogExportExcel, infraJobLogPage } from '@app/contract';
import type { InfraJobLog } from '@app/contract';
import { DatePicker } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useSearchParams } from 'react-router';
import { dictColumn, idColumn, textColumn, useCrudPage } from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { formatDateTime } from '../../shared/date/format';
import { DictTag } from '../../shared/ui/dict-tag';
import { DocAlert } from '../../shared/ui/doc-alert';

/** A day of the search, sent as its first or last second as the reference does. */
const dayField = (name: string, label: string, time: '00:00:00' | '23:59:59'): SearchField => ({
  kind: 'custom',
  name,
  label,
  render: () => <DatePicker placeholder={`选择${label}`} style={{ width: 180 }} />,
  toQuery: (value) => (dayjs.isDayjs(value) ? `${(value as Dayjs).format('YYYY-MM-DD')} ${time}` : undefined),
  fromQuery: (value) => dayjs(String(value).slice(0, 10), 'YYYY-MM-DD'),
});

const SEARCH: SearchField[] = [
  { kind: 'text', name: 'handlerName', label: '处理器的名字', width: 200 },
  dayField('beginTime', '开始执行时间', '00:00:00'),
  dayField('endTime', '结束执行时间', '23:59:59'),
  { kind: 'dict', name: 'status', label: '任务状态', dictType: DICT_TYPE.INFRA_JOB_LOG_STATUS },
];

const timeRange = (row: InfraJobLog) =>
  `${formatDateTime(row.beginTime)} ~ ${row.endTime === null ? '' : formatDateTime(row.endTime)}`;
/** The run's begin over its end, so that the column stays narrow. */
const timeCell = (row: InfraJobLog) => (
  <>
    {formatDateTime(row.beginTime)}
    <br />~ {row.endTime === null ? '' : formatDateTime(row.endTime)}
  </>
);
const duration = (row: InfraJobLog) => (row.duration === null ? '执行中' : `${row.duration} 毫秒`);

/** 调度日志 (/job/log, active menu 定时任务): the runs of every job, or of the job named by `?jobId=`. */
export default function JobLogPage() {
  const [params] = useSearchParams();
  const jobId = Number(params.get('jobId')) || undefined;

  const columns: TableColumnsType<InfraJobLog> = [
    idColumn('日志编号'),
    textColumn('任务编号', 'jobId', { width: 90 }),
    textColumn('处理器的名字', 'handlerName', { width: 170 }),
    textColumn('处理器的参数', 'handlerParam', { width: 130, render: (v: string | null) => v ?? '' }),
    textColumn('第几次执行', 'executeIndex', { width: 100 }),
    {
      title: '执行时间',
      key: 'time',
      width: 190,
      align: 'center',
      render: (_: unknown, row: InfraJobLog) => timeCell(row),
    },
    {
      title: '执行时长',
      key: 'duration',
      width: 110,
      align: 'center',
      render: (_: unknown, row: InfraJobLog) => duration(row),
    },
    dictColumn('任务状态', 'status', DICT_TYPE.INFRA_JOB_LOG_STATUS, { width: 100 }),
  ];

  return useCrudPage({
    endpoints: { page: infraJobLogPage, export: infraJobLogExportExcel },
    entity: '定时任务日志',
    search: SEARCH,
    listOptions: { ...(jobId ? { fixed: { jobId } } : {}), staleTime: 0 },
    columns,
    exportAs: { fileName: '定时任务日志.xlsx' },
    header: <DocAlert title="定时任务" url="https://doc.iocoder.cn/job/" />,
    emptyText: jobId ? `任务 ${jobId} 暂无调度日志` : '暂无调度日志',
    scrollX: 1150,
    detail: {
      title: '调度日志详细',
      width: 700,
      labelWidth: 130,
      items: (row) => [
        ['日志编号', row.id],
        ['任务编号', row.jobId],
        ['处理器的名字', row.handlerName],
        ['处理器的参数', row.handlerParam ?? ''],
        ['第几次执行', row.executeIndex],
        ['执行时间', timeRange(row)],
        ['执行时长', duration(row)],
        ['任务状态', <DictTag type={DICT_TYPE.INFRA_JOB_LOG_STATUS} value={row.status} />],
        ['执行结果', row.result ?? ''],
      ],
    },
  });
}
