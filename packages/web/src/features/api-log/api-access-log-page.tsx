import { apiAccessLogExportExcel, apiAccessLogPage, DICT_TYPE } from '@app/contract';
import type { ApiAccessLog } from '@app/contract';
import { Space, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { dateTimeColumn, dictColumn, idColumn, textColumn, useCrudPage } from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { formatDateTime } from '../../shared/date/format';
import { DictTag } from '../../shared/ui/dict-tag';
import { DocAlert } from '../../shared/ui/doc-alert';
import { REQUEST_SEARCH, requestItems, wholeNumberField } from './shared';

const SEARCH: SearchField[] = [
  ...REQUEST_SEARCH,
  { kind: 'dateRange', name: 'beginTime', label: '请求时间' },
  wholeNumberField('duration', '执行时长'),
  wholeNumberField('resultCode', '结果码'),
];

/** 成功, or 失败 with the envelope's message. */
const Result = ({ row }: { row: ApiAccessLog }) =>
  row.resultCode === 0 ? (
    <Tag color="success">成功</Tag>
  ) : (
    <Tag color="error">失败({row.resultMsg || row.resultCode})</Tag>
  );

/** 访问日志 (menu component infra/apiAccessLog/index): every /admin-api request, recorded by the server. */
export function ApiAccessLogPage() {
  const columns: TableColumnsType<ApiAccessLog> = [
    idColumn('日志编号'),
    textColumn('用户编号', 'userId', { width: 90 }),
    dictColumn('用户类型', 'userType', DICT_TYPE.USER_TYPE),
    textColumn('应用名', 'applicationName', { width: 160 }),
    textColumn('请求方法名', 'requestMethod', { width: 110 }),
    textColumn('请求地址', 'requestUrl', { width: 250 }),
    dateTimeColumn('请求时间', 'beginTime'),
    {
      title: '执行时长',
      dataIndex: 'duration',
      width: 100,
      align: 'center',
      render: (value: number) => `${value} ms`,
    },
    {
      title: '操作结果',
      dataIndex: 'resultCode',
      width: 160,
      align: 'center',
      ellipsis: true,
      render: (_: number, row: ApiAccessLog) => <Result row={row} />,
    },
    textColumn('操作模块', 'operateModule', { width: 120 }),
    textColumn('操作名', 'operateName', { width: 180 }),
    dictColumn('操作类型', 'operateType', DICT_TYPE.INFRA_OPERATE_TYPE),
  ];

  return useCrudPage({
    endpoints: { page: apiAccessLogPage, export: apiAccessLogExportExcel },
    entity: 'API 访问日志',
    search: SEARCH,
    columns,
    header: <DocAlert title="系统日志" url="https://doc.iocoder.cn/system-log/" />,
    exportAs: { fileName: 'API 访问日志.xlsx' },
    emptyText: '暂无访问日志',
    scrollX: 1700,
    detail: {
      title: '访问日志详细',
      labelWidth: 110,
      items: (row) => [
        ...requestItems(row),
        ['操作模块', row.operateModule || '无'],
        ['操作名', row.operateName || '无'],
        ['操作类型', <DictTag type={DICT_TYPE.INFRA_OPERATE_TYPE} value={row.operateType} />],
        [
          '请求时间',
          `${formatDateTime(row.beginTime)} ~ ${formatDateTime(row.endTime)}（${row.duration} ms）`,
        ],
        [
          '请求结果',
          <Space>
            <Result row={row} />
            <span>结果码 {row.resultCode}</span>
          </Space>,
        ],
        ['结果提示', row.resultMsg || '无'],
      ],
    },
  });
}
