import { DICT_TYPE, operateLogExport, operateLogPage } from '@app/contract';
import type { OperateLog } from '@app/contract';
import { Space, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { dateTimeColumn, dictColumn, idColumn, textColumn, useCrudPage } from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { formatDateTime } from '../../shared/date/format';
import { DictTag } from '../../shared/ui/dict-tag';
import { DocAlert } from '../../shared/ui/doc-alert';
import { JsonText } from '../../shared/ui/json-text';
import { IpAddress } from '../../shared/ui/ip-address';

const SEARCH: SearchField[] = [
  { kind: 'text', name: 'module', label: '系统模块' },
  { kind: 'text', name: 'userNickname', label: '操作人员' },
  {
    kind: 'dict',
    name: 'type',
    label: '类型',
    dictType: DICT_TYPE.SYSTEM_OPERATE_TYPE,
    placeholder: '操作类型',
  },
  {
    kind: 'select',
    name: 'success',
    label: '状态',
    placeholder: '操作状态',
    options: [
      { label: '成功', value: 'true' },
      { label: '失败', value: 'false' },
    ],
  },
  { kind: 'dateRange', name: 'startTime', label: '操作时间' },
];

const JsonBlock = ({ text }: { text: string | null }) => <JsonText text={text} empty="无" />;

const ResultTag = ({ code }: { code: number }) =>
  code === 0 ? <Tag color="success">成功</Tag> : <Tag color="error">失败</Tag>;

/** 操作日志 (menu component system/operatelog/index): every write through the API, recorded by the server. */
export function OperateLogPage() {
  const columns: TableColumnsType<OperateLog> = [
    idColumn('日志编号'),
    textColumn('操作模块', 'module', { width: 120 }),
    textColumn('操作名', 'name'),
    dictColumn('操作类型', 'type', DICT_TYPE.SYSTEM_OPERATE_TYPE, { width: 100 }),
    {
      title: '操作人',
      dataIndex: 'userNickname',
      width: 120,
      ellipsis: true,
      align: 'center',
      render: (value: string | null) => value ?? '',
    },
    {
      title: '操作结果',
      dataIndex: 'resultCode',
      width: 100,
      align: 'center',
      render: (code: number) => <ResultTag code={code} />,
    },
    dateTimeColumn('操作日期', 'startTime'),
    {
      title: '执行时长',
      dataIndex: 'duration',
      width: 100,
      align: 'center',
      render: (value: number) => `${value} ms`,
    },
  ];

  return useCrudPage({
    endpoints: { page: operateLogPage, export: operateLogExport },
    entity: '操作日志',
    search: SEARCH,
    columns,
    header: <DocAlert title="系统日志" url="https://doc.iocoder.cn/system-log/" />,
    exportAs: { fileName: '操作日志.xlsx' },
    emptyText: '暂无操作日志',
    scrollX: 1100,
    detail: {
      title: '操作日志详细',
      labelWidth: 100,
      items: (row) => [
        ['日志编号', row.id],
        ['链路追踪', row.traceId],
        ['操作人', `${row.userNickname ?? '（用户已不存在）'}（编号 ${row.userId}）`],
        ['用户类型', <DictTag type={DICT_TYPE.USER_TYPE} value={row.userType} />],
        ['用户 IP', <IpAddress ip={row.userIp} />],
        ['浏览器', row.userAgent],
        ['操作模块', row.module],
        ['操作名', row.name],
        ['操作类型', <DictTag type={DICT_TYPE.SYSTEM_OPERATE_TYPE} value={row.type} />],
        ['操作明细', row.content || '无'],
        ['拓展字段', <JsonBlock text={row.exts ? JSON.stringify(row.exts) : null} />],
        ['请求信息', `${row.requestMethod} ${row.requestUrl}`],
        ['方法名', row.javaMethod],
        ['请求参数', <JsonBlock text={row.javaMethodArgs} />],
        ['操作时间', formatDateTime(row.startTime)],
        ['执行时长', `${row.duration} ms`],
        [
          '操作结果',
          <Space>
            <ResultTag code={row.resultCode} />
            <span>结果码 {row.resultCode}</span>
          </Space>,
        ],
        ['结果提示', row.resultMsg || '无'],
        ['结果数据', <JsonBlock text={row.resultData} />],
      ],
    },
  });
}
